# A pattern of more than 256 stars is refused, located (each star is a
# level of recursion in the matcher: a bound on its stack).
. ../formats/tmp.sh
awk 'BEGIN { printf "{\"exclude\": [\""; for (i = 0; i < 300; i++) printf "*a"; print "\"]}" }' >"$T/.dgslint.json"
cp fixtures/repo/job.json "$T/job.json"
"$DGSLINT" "$T/job.json" >"$T/out" 2>&1
rc=$?
sed "s|$T/||" "$T/out"
exit $rc
