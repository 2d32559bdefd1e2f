# A .dgslint.json found by discovery that cannot be read is an error that
# stops the run (exit 2), never passed over for the configuration above
# it: a link to nothing, a FIFO (never opened: it would hold the run), a
# directory.  timeout: a hang is the failure.
. ./tmp.sh
mkdir -p "$T/sub"
cp docs/warn.json "$T/sub/a.json"
echo '{"failOn": "none"}' >"$T/.dgslint.json"
cd "$T" || exit 2
ln -s nothing sub/.dgslint.json
timeout 20 "$DGSLINT" sub/a.json; echo "exit $?"
rm sub/.dgslint.json && mkfifo sub/.dgslint.json
timeout 20 "$DGSLINT" sub/a.json; echo "exit $?"
rm sub/.dgslint.json && mkdir sub/.dgslint.json
timeout 20 "$DGSLINT" sub/a.json; echo "exit $?"
rmdir sub/.dgslint.json
timeout 20 "$DGSLINT" sub/a.json; echo "exit $?"
