"$DGSLINT" good.json
