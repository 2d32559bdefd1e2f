#!/bin/sh
# Usage errors: no database, html without the report, both databases.
"$DGSLINT" --privacy-report fixtures/chinook-all.json
echo "status $?"
"$DGSLINT" -f html fixtures/chinook-all.json
echo "status $?"
"$DGSLINT" --privacy-report --schema fixtures/chinook.csv \
    --snapshot postgresql:///nothing
echo "status $?"
"$DGSLINT" --privacy-report --fix --schema fixtures/chinook.csv
