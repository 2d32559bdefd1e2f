cd fixtures/repo && mkdir -p .git && "$DGSLINT" --force-exclude vendor/third-party.json job.json; rc=$?; rmdir .git; exit $rc
