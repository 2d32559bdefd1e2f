"$DGSLINT" --explain json-duplicate-key
