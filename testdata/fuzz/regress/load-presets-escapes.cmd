# A preset list whose id holds a terminal title sequence.
"$DGSLINT" --color never --presets load-presets-escapes.json.in \
    message-invalid-utf8-member.json
