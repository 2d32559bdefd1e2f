"$DGSLINT" -f text docs/clean.json /dev/null docs/syntax.json
