cd fixtures/repo && mkdir -p .git && "$DGSLINT" job.json sub/job.json; rc=$?; rmdir .git; exit $rc
