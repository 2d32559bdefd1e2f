#!/bin/sh
"$DGSLINT" --schema fixtures/bad-json-row.json fixtures/users.json
