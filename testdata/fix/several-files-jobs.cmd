# Several files with -j 3: fixed in the worker processes, reported in
# input order; a read-only one among them is left alone (exit 2).
t=$(mktemp -d) || exit 2
trap 'chmod -R u+w "$t"; rm -rf "$t"' EXIT
for f in DGS205-member-case DGS304-fallback-links-spelling DGS510-where-keyword DGS701-strict-mode; do
	cp "$f.json" "$t/$f.json"
done
chmod 444 "$t/DGS510-where-keyword.json"
cd "$t" || exit 2
"$DGSLINT" --color never -j 3 --fix --fail-on error .
echo "exit $?"
"$DGSLINT" --color never -j 3 --fix --fail-on error . 2>&1 | tail -1
