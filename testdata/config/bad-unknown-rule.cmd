cd fixtures/bad && "$DGSLINT" --config unknown-rule.json ../repo/job.json
