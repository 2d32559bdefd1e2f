# A catalogue whose generatorId holds an escape sequence and a byte that is
# not UTF-8: the message names it without sending either to the terminal.
"$DGSLINT" --color never --generators load-generators-escapes.json.in \
    message-invalid-utf8-member.json
