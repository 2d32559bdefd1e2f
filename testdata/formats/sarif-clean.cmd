. ./sarif.sh
"$DGSLINT" -f sarif docs/clean.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
