# reviewdog counts columns in bytes of UTF-8, dgslint in characters: x€𐐀
# (1 + 3 + 4 bytes) puts the second finding's column 81 at byte 86, and
# its suggestion there too.
"$DGSLINT" docs/wide.json
"$DGSLINT" -f rdjson docs/wide.json 2>/dev/null
