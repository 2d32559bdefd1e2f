"$DGSLINT" -f checkstyle docs/users.json docs/clean.json docs/syntax.json
