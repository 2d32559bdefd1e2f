# Files named one by one (a pre-commit hook), or a directory below the
# configuration's: the documents not named may be the ones a suppression
# is for, so none is said to be unused.  Turned off in the configuration
# or on the command line, it is not said either.
"$DGSLINT" --color never fixtures/stale/job.json fixtures/stale/other.json; echo "exit $?"
mkdir -p fixtures/stale/empty
"$DGSLINT" --color never fixtures/stale/empty; echo "exit $?"
rmdir fixtures/stale/empty
"$DGSLINT" --color never --disable unused-suppression fixtures/stale; echo "exit $?"
"$DGSLINT" --color never --ignore DGS0 fixtures/stale; echo "exit $?"
