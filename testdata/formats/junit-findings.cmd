"$DGSLINT" -f junit docs/users.json docs/clean.json docs/syntax.json
