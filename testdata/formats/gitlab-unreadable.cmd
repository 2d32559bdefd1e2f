"$DGSLINT" -f gitlab docs/clean.json /dev/null docs/syntax.json
