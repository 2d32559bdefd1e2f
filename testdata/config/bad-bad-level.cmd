cd fixtures/bad && "$DGSLINT" --config bad-level.json ../repo/job.json
