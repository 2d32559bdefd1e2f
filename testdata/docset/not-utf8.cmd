# A name that is not UTF-8, in two files: the message across documents
# quotes it with U+FFFD, as every message does.
cd fixtures/utf8 || exit 2
"$DGSLINT" --no-config -f json a.json b.json
