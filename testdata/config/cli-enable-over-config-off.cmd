cd fixtures/repo && mkdir -p .git && "$DGSLINT" --enable DGS204 sub/job.json; rc=$?; rmdir .git; exit $rc
