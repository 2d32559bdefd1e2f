# A baseline records the unused suppressions as any finding, and says of
# the configuration's entries, too, which no longer occur.
rm -rf b && cp -r fixtures/stale b && mkdir b/.git && cd b &&
"$DGSLINT" --write-baseline base.json . 2>&1 >/dev/null; echo "exit $?";
"$DGSLINT" --baseline base.json .; echo "exit $?";
sed 's|"/diagnosticLoging", "/priorty"|"/diagnosticLoging"|' .dgslint.json > c && mv c .dgslint.json;
"$DGSLINT" --baseline base.json .; echo "exit $?";
cd .. && rm -rf b; true
