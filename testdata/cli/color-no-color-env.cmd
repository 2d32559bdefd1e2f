NO_COLOR=1 "$DGSLINT" warn.json
