cd fixtures/bad && "$DGSLINT" --config bad-override.json ../repo/job.json
