# --explain of an id neither a rule nor a generator has: said on
# standard error, exit 2, with a suggestion only when a known id is near
# (a misspelt generator id, as for a misspelt rule).
"$DGSLINT" --explain EmailGenerater; echo "exit $?"
"$DGSLINT" --explain FrobnicatorGenerator -f json; echo "exit $?"
"$DGSLINT" --explain phonenumbergenerator; echo "exit $?"
