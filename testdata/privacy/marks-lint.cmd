#!/bin/sh
# The privacy rules honour the configuration's marks: no DGS822 for
# customer.last_name's Passthrough ("notSensitive"), and DGS821 names
# customer_list.notes ("sensitive"); with --no-config, DGS822 is back and
# notes is not named.
"$DGSLINT" --schema fixtures/pagila.csv --severity DGS821=warning \
    --severity DGS822=warning fixtures/marks/customer.json
echo "status $?"
"$DGSLINT" --no-config --schema fixtures/pagila.csv \
    --select DGS821,DGS822 --severity DGS821=warning \
    --severity DGS822=warning fixtures/marks/customer.json
echo "status $?"
