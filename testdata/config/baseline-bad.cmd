printf "{\"findings\": 3}\n" > bl.tmp; "$DGSLINT" --baseline bl.tmp fixtures/repo/job.json; rc=$?; rm -f bl.tmp; "$DGSLINT" --baseline no-such-baseline.json fixtures/repo/job.json; exit $rc
