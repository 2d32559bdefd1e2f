"$DGSLINT" -f json docs/clean.json
