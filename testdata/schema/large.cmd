#!/bin/sh
# A snapshot over 1 MB is read in two parts at once: the same findings,
# duplicates across the parts and the line of a problem in the second
# part as one reader finds them.  Every row's comment is quoted and has a
# line break and a doubled quote, so the parts must meet outside quotes.
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
# A problem in the first part ends the load while the thread reads
# the rest: the first part's problem, as one reader finds it.
gen 30000 | sed '100s/.*/public,t1,c"1,text,x/' > "$t.csv"
echo "$doc" | "$DGSLINT" --schema "$t.csv" -
# Rows grouped by table, as the documented queries give them: the same
# findings.
awk 'BEGIN {
	print "table_schema,table_name,column_name,data_type"
	for (i = 0; i < 60000; i++)
		printf "public,t%d,c%d,integer\n", int(i / 30), i
}' > "$t.csv"
echo "$doc" | sed 's/t499/t1999/g; s/c29999/c59998/' | "$DGSLINT" --schema "$t.csv" -
echo "$doc" | sed 's/t499/t1999/g; s/c29999/C59998/' | "$DGSLINT" --schema "$t.csv" -
echo "$doc" | sed 's/t499/t1999/g; s/c29999/c5999/' | "$DGSLINT" --schema "$t.csv" -
# A document database's snapshot over 1 MB: paths by collection, the
# last collection's paths in the thread's part.
awk 'BEGIN {
	print "collection,path,data_type"
	for (i = 0; i < 60000; i++)
		printf "c%d,f%d.sub,String\n", int(i / 30), i
}' > "$t.csv"
mdoc='[{"schema": "", "table": "c1999", "links": [{"schema": "", "table": "c1999", "column": "f59990.sub", "dataType": "String", "metadata": {"generatorId": "AddressGenerator"}}]}]'
echo "$mdoc" | "$DGSLINT" --schema "$t.csv" -
echo "$mdoc" | sed 's/f59990/F59990/' | "$DGSLINT" --schema "$t.csv" -
echo "$mdoc" | sed 's/String"/Int32"/' | "$DGSLINT" --schema "$t.csv" -
echo "$mdoc" | sed 's/f59990/f5999/' | "$DGSLINT" --schema "$t.csv" -
cd / && rm -rf "$d"
