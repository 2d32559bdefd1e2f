"$DGSLINT" - - < good.json
