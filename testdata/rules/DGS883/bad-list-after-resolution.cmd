"$DGSLINT" --color never fixtures/resolve-wrong-code.json fixtures/changes.json
