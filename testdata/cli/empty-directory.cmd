mkdir -p empty.d && "$DGSLINT" empty.d; rc=$?; rmdir empty.d; exit $rc
