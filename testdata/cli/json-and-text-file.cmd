rm -f out.json && "$DGSLINT" -f text -f json -o out.json warn.json; rc=$?; cat out.json; rm -f out.json; exit $rc
