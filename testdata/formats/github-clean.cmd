"$DGSLINT" -f github docs/clean.json
