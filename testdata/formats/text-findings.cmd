"$DGSLINT" -f text docs/users.json docs/clean.json docs/syntax.json
