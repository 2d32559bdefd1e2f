cd fixtures/repo && mkdir -p .git && "$DGSLINT" vendor/third-party.json; rc=$?; rmdir .git; exit $rc
