# -f json: an array; fixable counts the unsafe fixes with --unsafe-fixes;
# [] for none.
"$DGSLINT" --statistics -f json docs/users.json docs/many.json docs/syntax.json
"$DGSLINT" --statistics -f json --unsafe-fixes docs/users.json docs/many.json docs/syntax.json 2>/dev/null
"$DGSLINT" --statistics -f json docs/clean.json
