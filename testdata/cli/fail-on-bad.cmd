"$DGSLINT" --fail-on fatal good.json
