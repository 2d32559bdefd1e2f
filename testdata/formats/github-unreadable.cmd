"$DGSLINT" -f github docs/clean.json /dev/null docs/syntax.json
