cd fixtures/bad && "$DGSLINT" --config bad-glob.json ../repo/job.json
