"$DGSLINT" -Z good.json
