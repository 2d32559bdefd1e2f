"$DGSLINT" warn.json
