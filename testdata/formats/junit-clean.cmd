"$DGSLINT" -f junit docs/clean.json
