"$DGSLINT" --kind subsetting good.json
