# A .dgslint.json of 4,000 overrides of ten pointers each (as generated
# suppressions of a large repository) loads in time linear in its size:
# each place in it was located by a pass over the whole text, and this
# one took a minute.  The error at its end is located all the same.
. ./tmp.sh
n=4000; [ -n "${DGS_MEMCHECK:-}" ] && n=400
awk -v n=$n 'BEGIN {
	printf "{\"overrides\": ["
	for (i = 0; i < n; i++) {
		printf "%s\n{\"files\": [\"w%d.json\"], \"pointers\": [", i ? "," : "", i
		for (k = 0; k < 10; k++)
			printf "%s\"/%d/links/%d/metadata\"", k ? ", " : "", i, k
		printf "], \"rules\": {\"unknown-member\": \"off\"}}"
	}
	print ",\n{\"files\": [\"x.json\"], \"pointers\": [\"/0\", 5], \"rules\": {}}]}"
}' >"$T/.dgslint.json"
echo '[]' >"$T/doc.json"
cd "$T" || exit 2
timeout 30 "$DGSLINT" doc.json >out 2>&1
rc=$?
sed "s/:$((n + 2)):/:LAST:/" out
echo "dgslint: exit $rc (124: timed out)"
