# Files named one by one (a pre-commit hook), or a directory below the
# configuration's: the files not met may be the ones an override's
# "files" are for, so no override is said to match nothing; nor with
# unused-suppression off.
"$DGSLINT" --color never fixtures/nomatch/job.json; echo "exit $?"
"$DGSLINT" --color never fixtures/nomatch/sub; echo "exit $?"
"$DGSLINT" --color never --ignore unused-suppression fixtures/nomatch; echo "exit $?"
