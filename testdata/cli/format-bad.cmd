"$DGSLINT" --format yaml good.json
