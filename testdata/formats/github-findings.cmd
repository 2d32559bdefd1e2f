"$DGSLINT" -f github docs/users.json docs/clean.json docs/syntax.json
