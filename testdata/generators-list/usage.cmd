# --list-generators and --explain take no paths.
"$DGSLINT" --list-generators some.json; echo "exit $?"
"$DGSLINT" --explain NameGenerator some.json; echo "exit $?"
