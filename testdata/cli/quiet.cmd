"$DGSLINT" --quiet --fail-on error warn.json bad.json
