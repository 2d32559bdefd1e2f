# A file given twice, by two paths, is one document of the set;
# standard input is one more.
cd fixtures/repo || exit 2
"$DGSLINT" --no-config replacements/a-email.json "$(pwd)/replacements/a-email.json" \
    ./replacements/./a-email.json - <replacements/a-email.json
