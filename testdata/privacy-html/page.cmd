#!/bin/sh
# The page of pagila's customer table partly protected: the tables with
# columns at risk first, the most first, then the list of them.
"$DGSLINT" --no-config --privacy-report -f html \
    --schema ../privacy/fixtures/pagila.csv ../privacy/fixtures/pagila-customer.json
