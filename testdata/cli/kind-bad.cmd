"$DGSLINT" --kind workspace good.json
