# A configuration's JSON-layer finding (a duplicate key) quoting a
# terminal title sequence.
"$DGSLINT" --color never --config config-duplicate-escapes.json.in \
    message-invalid-utf8-member.json
