"$DGSLINT" -f rdjson docs/users.json docs/clean.json docs/syntax.json
