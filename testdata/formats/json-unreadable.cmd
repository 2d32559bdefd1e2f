"$DGSLINT" -f json docs/clean.json /dev/null docs/syntax.json
