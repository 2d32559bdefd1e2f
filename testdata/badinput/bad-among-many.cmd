"$DGSLINT" --quiet ok.json nul-in-string.json missing.json ok.json utf16le-bom.json
