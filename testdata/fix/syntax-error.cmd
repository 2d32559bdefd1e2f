# Nothing is fixed in a document with a syntax error.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
printf '{"Schema": "public", "table": "t", "Percent": }\n' >"$t/s.json"
cd "$t" || exit 2
"$DGSLINT" --color never --fix s.json
echo "exit $?"
cat s.json
"$DGSLINT" --color never --diff s.json
