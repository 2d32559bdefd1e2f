cd fixtures/repo && mkdir -p .git && "$DGSLINT" --license basic --print-config put/orders.json | sed -n "1,9p"; rc=$?; rmdir .git; exit $rc
