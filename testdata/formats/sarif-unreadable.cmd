. ./sarif.sh
"$DGSLINT" -f sarif docs/clean.json /dev/null docs/syntax.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
