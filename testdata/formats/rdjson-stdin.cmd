# Standard input cannot be read again to count its bytes: lines only
# (whole lines for reviewdog), no suggestions; never a column that may be
# wrong.  Likewise a --stdin-filename whose file holds another text.
"$DGSLINT" -f rdjson - <docs/wide.json 2>/dev/null
"$DGSLINT" -f rdjson --stdin-filename docs/users.json - <docs/wide.json 2>/dev/null
