"$DGSLINT" -f rdjson docs/clean.json
