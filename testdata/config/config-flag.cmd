cd fixtures/repo && mkdir -p .git && "$DGSLINT" --config sub/.dgslint.json job.json legacy/users.json; rc=$?; rmdir .git; exit $rc
