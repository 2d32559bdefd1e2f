"$DGSLINT" bad.json
