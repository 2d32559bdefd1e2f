cd fixtures/repo && mkdir -p .git && "$DGSLINT" -v vendor/third-party.json; rc=$?; rmdir .git; exit $rc
