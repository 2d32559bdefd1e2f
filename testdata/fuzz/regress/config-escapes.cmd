# Configuration keys and rule names holding terminal sequences (ESC,
# BEL, the C1 CSI): the errors name them without sending them.
"$DGSLINT" --color never --config config-escapes.json.in \
    message-invalid-utf8-member.json
