#!/bin/sh
# A document database: new collections and path types, missing path
# types; lint the list clean.
"$DGSLINT" --schema fixtures/mongo-now.csv --schema-before fixtures/mongo-before.csv \
    --print-schema-diff fixtures/users.json > diff.$$
cat diff.$$
"$DGSLINT" --schema fixtures/mongo-now.csv --kind schema-changes --stdin-filename schemadiff.json - < diff.$$
echo "lint: exit $?"
rm -f diff.$$
