#!/bin/sh
"$DGSLINT" --schema fixtures/bad-field-count.csv fixtures/users.json
