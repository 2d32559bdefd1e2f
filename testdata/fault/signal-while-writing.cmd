# SIGINT, SIGTERM or SIGHUP while a temporary file exists (sent by the
# test hook once it is written, before it is renamed): dgslint ends as
# the signal ends it, the old file is whole, and no temporary file is
# left, for a report, a baseline and a fixed document.
. ./tmp.sh
cp docs/fixable.json "$T/doc.json"
cp docs/fixable.json "$T/orig.json"
cd "$T" || exit 2
echo old >report.json
echo old >bl.json
# The signals at their default disposition, whatever the shell inherited
# (a background job ignores SIGINT).
dfl() {
	python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}
for sig in INT TERM HUP; do
	export DGSLINT_TEST_SIGNAL_BEFORE_RENAME=$sig
	dfl "$DGSLINT" -q -f json -o report.json doc.json 2>/dev/null
	echo "$sig, --output: exit $?"
	dfl "$DGSLINT" -q --write-baseline bl.json doc.json >/dev/null 2>&1
	echo "$sig, --write-baseline: exit $?"
	dfl "$DGSLINT" -q --fix doc.json >/dev/null 2>&1
	echo "$sig, --fix: exit $?"
	dfl "$DGSLINT" -q -j 2 --fix doc.json doc.json >/dev/null 2>&1
	echo "$sig, --fix in a child of -j: exit $?"
done
unset DGSLINT_TEST_SIGNAL_BEFORE_RENAME
cat report.json bl.json
cmp doc.json orig.json && echo "doc.json is whole"
ls -A | grep dgslint- || echo "no temporary file left"
