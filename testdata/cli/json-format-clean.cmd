"$DGSLINT" -f json good.json
