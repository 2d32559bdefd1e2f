#!/bin/sh
# No document: every sensitive column of pagila is at risk; the expected
# output is the status of each column (film.title, payment.amount,
# category.name, city.city, address_id and the record timestamps are
# not sensitive).
"$DGSLINT" --privacy-report --schema fixtures/pagila.csv
