# Its syntax is checked by the JSON rules, as a configuration's.
cd fixtures/syntax && "$DGSLINT" --color never .dgslint.json
