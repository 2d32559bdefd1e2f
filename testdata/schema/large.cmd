#!/bin/sh
# A snapshot over 1 MB is read in two halves at once: the same findings,
# duplicates across the halves and the line of a problem in the second
# half as one reader finds them.  Every row's comment is quoted and has a
# line break and a doubled quote, so the halves must meet outside quotes.
d=$(mktemp -d) || exit 2
cd "$d" || exit 2
t=large
gen() {	# rows, then extra lines
	awk -v n="$1" 'BEGIN {
		print "table_schema,table_name,column_name,data_type,comment"
		for (i = 0; i < n; i++)
			printf "public,t%d,c%d,integer,\"a \"\"x\"\",\nb\"\n", i % 500, i
	}'
}
doc='[{"schema": "public", "table": "t499", "links": [{"schema": "public", "table": "t499", "column": "c29999", "metadata": {"generatorId": "RandomIntegerGenerator", "min": 0, "max": 9}}]}]'
gen 30000 > "$t.csv"
wc -l < "$t.csv"
echo "$doc" | "$DGSLINT" --schema "$t.csv" -
echo "$doc" | sed 's/c29999/c2999x/' | "$DGSLINT" --schema "$t.csv" --stdin-filename typo.json -
{ gen 30000; echo "public,t7,c7,text,x"; } > "$t.csv"
echo "$doc" | "$DGSLINT" --schema "$t.csv" -
{ gen 30000; echo 'public,t7,c"7,text,x'; } > "$t.csv"
echo "$doc" | "$DGSLINT" --schema "$t.csv" -
cd / && rm -rf "$d"
