#!/bin/sh
# "schema" and "schemaBefore" in .dgslint.json, relative to it; --schema
# overrides both.
"$DGSLINT" docs/users.json
"$DGSLINT" --print-config docs/users.json | sed -n '/^schema/p'
"$DGSLINT" --schema ../fixtures/shop.csv --print-config docs/users.json | sed -n '/^schema/p'
"$DGSLINT" --schema ../fixtures/bad-header.csv docs/users.json
