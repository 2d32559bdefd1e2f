rm -rf b && mkdir -p b/.git && cp fixtures/repo/job.json b/job.json && cp fixtures/repo/legacy/users.json b/users.json && cd b &&
echo "== write"; "$DGSLINT" --write-baseline base.json job.json users.json; echo "status $?"; cat base.json;
echo "== same findings: nothing shown"; "$DGSLINT" --baseline base.json job.json users.json; echo "status $?";
echo "== lines added above: still nothing"; { printf "\n\n\n"; cat job.json; } > j2 && mv j2 job.json; "$DGSLINT" --baseline base.json job.json users.json; echo "status $?";
echo "== one new finding, one fixed"; sed "s/\"strictMode\": \"NotStrict\"/\"strictMode\": \"notstrict\"/; s/diagnosticLoging/diagnosticLogging/" job.json > j2 && mv j2 job.json; "$DGSLINT" --baseline base.json job.json users.json; echo "status $?";
echo "== from another directory"; cd .. && "$DGSLINT" --baseline b/base.json b/users.json; echo "status $?";
rm -rf b; true
