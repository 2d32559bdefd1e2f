#!/bin/sh
"$DGSLINT" --schema fixtures/bad-unclosed.csv fixtures/users.json
