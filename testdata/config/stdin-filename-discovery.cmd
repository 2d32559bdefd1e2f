cd fixtures/repo && mkdir -p .git && "$DGSLINT" --stdin-filename sub/job.json - < job.json; echo "status $?"; "$DGSLINT" --stdin-filename job.json - < job.json; rc=$?; rmdir .git; exit $rc
