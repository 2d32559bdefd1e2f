"$DGSLINT" -f json docs/users.json docs/clean.json docs/syntax.json
