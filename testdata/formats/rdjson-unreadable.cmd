"$DGSLINT" -f rdjson docs/clean.json /dev/null docs/syntax.json
