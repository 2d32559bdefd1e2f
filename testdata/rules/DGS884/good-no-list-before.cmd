"$DGSLINT" --color never fixtures/resolve-other-column.json fixtures/changes.json
