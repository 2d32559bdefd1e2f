# One line a rule instead of the findings: count (most frequent first,
# then by id), id, [*] when --fix would fix one, name.
"$DGSLINT" --statistics docs/users.json docs/many.json docs/syntax.json docs/twins.json docs/clean.json
