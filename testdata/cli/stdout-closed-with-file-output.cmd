rm -f out.json; "$DGSLINT" -f text -f json -o out.json warn.json >&-; rc=$?; head -c 40 out.json; echo; rm -f out.json; exit $rc
