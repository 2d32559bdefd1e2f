# An absolute path below the working directory and ./ segments give the
# same relative URI, and so the same fingerprints, as the plain path.
. ./sarif.sh
"$DGSLINT" -f sarif docs/users.json "$(pwd)/docs/users.json" \
    ./docs/./users.json >"$T/out.sarif"; rc=$?
sarif "$T/out.sarif"; exit $rc
