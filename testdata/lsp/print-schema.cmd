# --print-schema: a kind's JSON Schema from the shape tables (the
# enumerations of strictMode included), and an unknown kind.
"$DGSLINT" --print-schema job-start; echo "status $?"
"$DGSLINT" --print-schema resolution | grep -A 6 '"resolutionOption"'
"$DGSLINT" --print-schema nothing
