# --list-generators -f json: an array, one object a line, each as
# --explain GENERATOR -f json writes it.
"$DGSLINT" --list-generators -f json
