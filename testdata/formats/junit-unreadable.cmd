"$DGSLINT" -f junit docs/clean.json /dev/null docs/syntax.json
