# A --presets file that is not a list.
"$DGSLINT" --color never --presets broken-presets.json.in good-catalogue.json
