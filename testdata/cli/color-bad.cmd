"$DGSLINT" --color sometimes warn.json
