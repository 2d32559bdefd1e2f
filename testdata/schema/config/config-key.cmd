#!/bin/sh
# "schema" in .dgslint.json, relative to it; --schema overrides it
"$DGSLINT" docs/users.json
"$DGSLINT" --schema ../fixtures/bad-header.csv docs/users.json
