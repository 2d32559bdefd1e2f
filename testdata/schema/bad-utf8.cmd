#!/bin/sh
"$DGSLINT" --schema fixtures/bad-utf8.csv fixtures/users.json
