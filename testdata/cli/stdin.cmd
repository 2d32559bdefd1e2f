"$DGSLINT" - < warn.json
