cd fixtures/repo && mkdir -p .git && "$DGSLINT" --severity unknown-member=warning --disable DGS702 --fail-on error job.json; rc=$?; rmdir .git; exit $rc
