# The full format: each finding's text line, its line with the span
# marked, its pointer, fix and rule page; a clean document shows nothing.
"$DGSLINT" -f full --rule-url https://rules.example/dgslint docs/users.json docs/clean.json docs/syntax.json
