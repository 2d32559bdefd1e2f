# What is plainly not a service document, told by its whole shape, is
# left alone: a team's own JSON Schema whose properties are schema, table
# and column, dgslint --print-schema's output (which the README suggests
# committing for editors) and --print-config -f json's; named (as the
# pre-commit hook names them) or met in a walk, no warning, and -v names
# them.  A replacement beside them is still linted.
. ../formats/tmp.sh
cp fixtures/tooling/column.schema.json "$T/"
cp fixtures/web/config/dgs/replacements.json "$T/"
cd "$T" || exit 2
"$DGSLINT" --print-schema replacements >replacements.schema.json
"$DGSLINT" --print-config replacements.json -f json >config.json
echo "== named"
"$DGSLINT" --color never column.schema.json replacements.schema.json \
    config.json replacements.json; echo "exit $?"
echo "== named, -v"
"$DGSLINT" --color never -v column.schema.json replacements.schema.json \
    config.json; echo "exit $?"
echo "== a walk, -v"
"$DGSLINT" --color never -v .; echo "exit $?"
