"$DGSLINT" -f gitlab docs/clean.json
