#!/bin/sh
"$DGSLINT" --schema fixtures/bad-nullable.csv fixtures/users.json
