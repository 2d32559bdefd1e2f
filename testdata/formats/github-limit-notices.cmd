# More than 10 notices and 10 errors: the last line is a warning, which
# GitHub still shows, and counts the levels past the limit.
. ./tmp.sh
"$DGSLINT" -f github --severity unknown-member=info docs/many.json \
    >"$T/out" 2>/dev/null; rc=$?
tail -n 2 "$T/out"; exit $rc
