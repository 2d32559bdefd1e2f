"$DGSLINT" --config a.json --no-config x.json
