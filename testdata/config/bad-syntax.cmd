cd fixtures/bad && "$DGSLINT" --config syntax.json ../repo/job.json
