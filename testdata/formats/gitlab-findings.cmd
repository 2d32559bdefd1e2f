"$DGSLINT" -f gitlab docs/users.json docs/clean.json docs/syntax.json
