cd fixtures/bad && "$DGSLINT" --config duplicate-key.json ../repo/job.json
