"$DGSLINT" --color never fixtures/changes.json fixtures/resolve-wrong-code.json
