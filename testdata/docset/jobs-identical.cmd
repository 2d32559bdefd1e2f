# The findings across documents are the same, byte for byte, whatever
# -j is, in every format, also when a worker dies (its documents are
# then linted by the program); -j 1 is shown.
TMPDIR_WS=$(mktemp -d) || exit 2
trap 'rm -rf "$TMPDIR_WS"' EXIT
cd fixtures/repo || exit 2
# Every format of the table (--list-values).
for f in $("$DGSLINT" --list-values format | cut -f1); do
	"$DGSLINT" --no-config -j 1 -f "$f" . >"$TMPDIR_WS/j1.$f" 2>&1
	for j in 2 4; do
		"$DGSLINT" --no-config -j "$j" -f "$f" . >"$TMPDIR_WS/j.$f" 2>&1
		cmp -s "$TMPDIR_WS/j1.$f" "$TMPDIR_WS/j.$f" ||
		    echo "-j $j differs from -j 1 in $f"
	done
done
DGSLINT_TEST_WORKER_EXIT=1 "$DGSLINT" --no-config -j 4 . >"$TMPDIR_WS/j.text" 2>&1
cmp -s "$TMPDIR_WS/j1.text" "$TMPDIR_WS/j.text" ||
    echo "a worker's exit changes the output"
"$DGSLINT" --no-config -j 1 .
