# --lsp and --print-schema take no paths; a baseline or a configuration
# that cannot be used stops the server before it starts, as it stops a
# run; an empty input ends the server (exit 1: no shutdown).
"$DGSLINT" --lsp doc.json; echo "status $?"
"$DGSLINT" --print-schema job-start doc.json; echo "status $?"
"$DGSLINT" --lsp --baseline fixtures/missing.json </dev/null; echo "status $?"
"$DGSLINT" --lsp --config fixtures/missing.json </dev/null; echo "status $?"
"$DGSLINT" --lsp </dev/null; echo "status $?"
