#!/bin/sh
"$DGSLINT" --schema-before fixtures/shop.csv fixtures/users.json
"$DGSLINT" --schema fixtures/nonexistent.csv fixtures/users.json
