# -q shows only findings at or above --fail-on, in SARIF too.
. ./sarif.sh
"$DGSLINT" -q --fail-on error -f sarif docs/users.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
