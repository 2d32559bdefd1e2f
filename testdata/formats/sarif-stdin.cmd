# --stdin-filename names the document as given (as a relative URI).
. ./sarif.sh
"$DGSLINT" -f sarif --stdin-filename 'configs/my users.json' - \
    <docs/users.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
