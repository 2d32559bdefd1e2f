#!/bin/sh
"$DGSLINT" --schema fixtures/bad-duplicate.csv fixtures/users.json
