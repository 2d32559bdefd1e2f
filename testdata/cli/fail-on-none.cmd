"$DGSLINT" --fail-on none bad.json
