#!/bin/sh
# customer.first_name and email protected, last_name Passthrough (at
# risk), the rest unconfigured; JSON, one object.
"$DGSLINT" --privacy-report -f json --schema fixtures/pagila.csv \
    fixtures/pagila-customer.json
