#!/bin/sh
"$DGSLINT" --schema fixtures/bad-utf8.csv fixtures/users.json
# A NUL, and a byte that is not UTF-8, past the first 32 bytes of ASCII
# (read 32 at a time) and inside the next 32.
doc=$(pwd)/fixtures/users.json
d=$(mktemp -d) || exit 2
cd "$d" || exit 2
printf 'table_schema,table_name,column_name,data_type\npublic,users,id,int\000eger\npublic,users,name,character varying\n' > nul.csv
"$DGSLINT" --schema nul.csv "$doc"
printf 'table_schema,table_name,column_name,data_type\npublic,users,id,int\377eger\npublic,users,name,character varying\n' > ff.csv
"$DGSLINT" --schema ff.csv "$doc"
cd / && rm -rf "$d"
