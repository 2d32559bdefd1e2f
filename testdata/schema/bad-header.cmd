#!/bin/sh
"$DGSLINT" --schema fixtures/bad-header.csv fixtures/users.json
