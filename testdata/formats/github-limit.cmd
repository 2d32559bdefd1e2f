# More than 10 errors and 10 warnings: a last notice says GitHub may not
# show them all.
"$DGSLINT" -f github docs/many.json
