"$DGSLINT" -f checkstyle docs/clean.json
