"$DGSLINT" --format json warn.json bad.json good.json
