"$DGSLINT" --fail-on error warn.json
