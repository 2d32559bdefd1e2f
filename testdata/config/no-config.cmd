cd fixtures/repo && mkdir -p .git && "$DGSLINT" --no-config job.json put/orders.json; rc=$?; rmdir .git; exit $rc
