#!/bin/sh
# -o FILE: the report written whole through the one write path; the
# status is the report's.
d=$(mktemp -d) || exit 2
"$DGSLINT" --privacy-report -f json -o "$d/privacy.json" \
    --schema fixtures/chinook.csv fixtures/chinook-all.json
echo "status $?"
head -c 60 "$d/privacy.json"; echo
rm -rf "$d"
