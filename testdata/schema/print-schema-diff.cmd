#!/bin/sh
# The predicted GET /api/SchemaDiff list, and dgslint lints it clean
# against the new snapshot.
"$DGSLINT" --schema fixtures/shop.csv --schema-before fixtures/shop-before.csv \
    --print-schema-diff fixtures/workspace > /tmp/dgslint-diff.$$
echo "print: exit $?"
cat /tmp/dgslint-diff.$$
"$DGSLINT" --schema fixtures/shop.csv --kind schema-changes --stdin-filename schemadiff.json - < /tmp/dgslint-diff.$$
echo "lint: exit $?"
rm -f /tmp/dgslint-diff.$$
"$DGSLINT" --schema fixtures/shop.csv --print-schema-diff fixtures/workspace
