#!/bin/sh
# --sample: a number from 1 to 10000, with --privacy-report and
# --snapshot only (--schema has no values to read).
"$DGSLINT" --sample 5 ../privacy/fixtures/pagila-customer.json
echo "status $?"
"$DGSLINT" --privacy-report --sample 5 --schema ../privacy/fixtures/pagila.csv \
    ../privacy/fixtures/pagila-customer.json
echo "status $?"
"$DGSLINT" --privacy-report --sample 0 --snapshot postgresql:///nothing
echo "status $?"
"$DGSLINT" --privacy-report --sample 10001 --snapshot postgresql:///nothing
echo "status $?"
"$DGSLINT" --privacy-report --sample 5x --snapshot postgresql:///nothing
