cd fixtures/repo && mkdir -p .git && "$DGSLINT" .; rc=$?; rmdir .git; exit $rc
