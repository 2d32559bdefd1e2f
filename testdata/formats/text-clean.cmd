"$DGSLINT" -f text docs/clean.json
