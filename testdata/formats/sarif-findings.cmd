. ./sarif.sh
"$DGSLINT" -f sarif docs/users.json docs/clean.json docs/syntax.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
