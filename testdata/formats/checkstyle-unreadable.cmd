"$DGSLINT" -f checkstyle docs/clean.json /dev/null docs/syntax.json
