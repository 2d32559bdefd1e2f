# a 200 MB schema-change list, made at test time (20 MB under valgrind)
n=2500000; [ -n "${DGS_MEMCHECK:-}" ] && n=250000
awk -v n=$n "BEGIN { printf \"[\"; for (i = 0; i < n; i++) printf \"%s{\\\"schemaName\\\": \\\"public\\\", \\\"tableName\\\": \\\"table_%07d\\\", \\\"issueCode\\\": \\\"new_table\\\"}\\n\", i ? \",\" : \"\", i; print \"]\" }" > big.tmp
ls -l big.tmp | awk "{ print (\$5 > 190000000 || n == 250000) ? \"size ok\" : \"size \" \$5 }" n=$n
"$DGSLINT" big.tmp ok.json; rc=$?; rm -f big.tmp; exit $rc
