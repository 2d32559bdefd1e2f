cd fixtures/bad && "$DGSLINT" --config bad-values.json ../repo/job.json
