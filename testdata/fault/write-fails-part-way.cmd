# A write that fails part-way (here a file-size limit: ulimit -f, with
# SIGXFSZ ignored, as a full disk fails) leaves the old file whole and no
# temporary file beside it, for a report, a baseline and a fixed document,
# and says so: exit 2.  Without SIGXFSZ ignored, the signal ends dgslint
# as it would have, and the temporary file is removed all the same.
. ./tmp.sh
# A document of some 40 KB with a fix, and findings enough for reports
# of that size.
awk 'BEGIN {
	printf "[{\"schema\": \"public\", \"table\": \"users\", \"links\": ["
	for (i = 0; i < 300; i++)
		printf "%s\n{\"schema\": \"public\", \"table\": \"users\", \"column\": \"c%d\", \"bogus\": 1, \"metadata\": {\"generatorId\": \"NullGenerator\", \"isConsistant\": true}}", i ? "," : "", i
	print "]}]"
}' >"$T/big.json"
cp "$T/big.json" "$T/orig.json"
echo old >"$T/report.json"
echo old >"$T/bl.json"
cd "$T" || exit 2
limited() {
	(trap '' XFSZ; ulimit -f 8; exec "$DGSLINT" "$@" >/dev/null)
	echo "exit $?"
}
limited -q -f json -o report.json big.json
limited -q --write-baseline bl.json big.json
limited -q --fix big.json
cat report.json bl.json
cmp big.json orig.json && echo "big.json is whole"
# (The shell that saw it killed would say so: its words go to /dev/null.)
sh -c 'ulimit -f 8; "$0" -q -f json -o report.json big.json; exit $?' \
    "$DGSLINT" 2>/dev/null
echo "exit $? (SIGXFSZ)"
cat report.json
ls -A | grep dgslint- || echo "no temporary file left"
