"$DGSLINT" --color never fixtures/changes.json fixtures/resolve-other-column.json
