# Documents that begin as dgslint's reports do (the gitlab report's first
# bytes, the json report's) are documents: recognised by their whole
# shape, a report is skipped in a walk, and a document is linted, in a
# walk and named, also under -q (issue 38: they were "skipped: a report
# of dgslint", exit 0).
. ./tmp.sh
mkdir "$T/d"
printf '[\n{"description": "the users'"'"' e-mail", "name": "email", "schema": "public", "table": "users", "links": [{"schema": "public", "table": "users", "column": "email", "metadata": {"generatorId": "NoSuchGenerator"}}]}]\n' >"$T/d/repl.json"
printf '{"tool":{"name":"dgslint","version":"0.1.0"},"workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c", "strictMode": "RejectOnAllSchemaItems"}\n' >"$T/d/start.json"
cd "$T" || exit 2
echo "== walked"
"$DGSLINT" -q d; echo "exit $?"
echo "== named"
"$DGSLINT" -q d/repl.json d/start.json; echo "exit $?"
echo "== a real report beside them: skipped, said under -q"
"$DGSLINT" -q -f json -o d/report.json d >/dev/null; echo "exit $?"
"$DGSLINT" -q d; echo "exit $?"
