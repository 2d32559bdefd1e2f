"$DGSLINT" --color never fixtures/changes.json fixtures/resolve-right.json
