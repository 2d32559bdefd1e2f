. ./sarif.sh
. ./escape.sh
escape -f sarif >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
