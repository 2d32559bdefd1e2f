"$DGSLINT" good.json --kind
