# a 10 MB string value, made at test time
{ printf "[{\"schemaName\": \"public\", \"tableName\": \""; head -c 10000000 /dev/zero | tr "\\0" x; printf "\", \"issueCode\": \"new_tabel\"}]\n"; } > big-string.tmp
"$DGSLINT" big-string.tmp; rc=$?; rm -f big-string.tmp; exit $rc
