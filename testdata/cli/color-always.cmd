"$DGSLINT" --color always warn.json
