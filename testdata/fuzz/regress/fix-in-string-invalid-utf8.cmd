# A fix inside a string that is not valid UTF-8 (the fuzzer's input): the
# rule counts the characters of the decoded string, the locator those of
# the text, and the decoded string need not keep such bytes, so the `;`
# fix is not made (--fix once cut " < 100" off, a character a round).
# The rename is made, and a second --fix changes nothing.
t=$(mktemp -d) || exit 2
cp fix-in-string-invalid-utf8.json "$t/doc.json"
"$DGSLINT" --color never --fix --unsafe-fixes "$t/doc.json" 2>&1 |
    sed "s|$t/||"
od -An -c "$t/doc.json" | sed -n 4,5p
cp "$t/doc.json" "$t/once.json"
"$DGSLINT" --fix --unsafe-fixes "$t/doc.json" >/dev/null 2>&1
cmp -s "$t/doc.json" "$t/once.json" && echo "a second --fix changes nothing"
rm -rf "$t"
