"$DGSLINT" --color never fixtures/sales-5.json fixtures/states.json fixtures/sales-other-case.json
