#!/bin/sh
"$DGSLINT" --schema fixtures/bad-quoting.csv fixtures/users.json
