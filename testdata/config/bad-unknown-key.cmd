cd fixtures/bad && "$DGSLINT" --config unknown-key.json ../repo/job.json
