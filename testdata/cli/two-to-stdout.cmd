"$DGSLINT" -f text -f json good.json
