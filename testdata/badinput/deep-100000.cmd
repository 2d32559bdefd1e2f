# nesting 100,000 deep, made at test time
awk "BEGIN { for (i = 0; i < 100000; i++) printf \"[\"; for (i = 0; i < 100000; i++) printf \"]\"; print \"\" }" > deep.tmp
"$DGSLINT" deep.tmp ok.json; rc=$?; rm -f deep.tmp; exit $rc
