#!/bin/sh
# fixtures/marks/.dgslint.json marks columns by hand, as Tonic's Privacy
# Hub does: "notSensitive" silences customer.last_name (Passthrough, at
# risk without it) and address.phone (Phone Number by its name);
# "sensitive" makes customer_list.notes, which no built-in type names,
# "Marked sensitive" and at risk.  The report's entries of those columns,
# and its summary.
"$DGSLINT" --privacy-report -f json --schema fixtures/pagila.csv \
    fixtures/marks/customer.json > report.json
echo "status $?"
awk '/^    \{/ { b = ""; t = ""; keep = 0 }
    { b = b $0 "\n" }
    /"table": "(customer|address|customer_list)",/ { t = $0 }
    /"column": "(last_name|phone|notes)",/ && t != "" { keep = 1 }
    /^    \}/ && keep { printf "%s", b; keep = 0 }' report.json
grep -A5 '"summary"' report.json
rm -f report.json
