"$DGSLINT" --color never fixtures/sales-5.json fixtures/sales-10.json
