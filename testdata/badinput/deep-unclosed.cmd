# 100,000 open brackets and nothing else
awk "BEGIN { for (i = 0; i < 100000; i++) printf \"{\\\"a\\\":\"; print \"\" }" > deep.tmp
"$DGSLINT" deep.tmp; rc=$?; rm -f deep.tmp; exit $rc
