cd fixtures/bad && "$DGSLINT" --config catalogue-content.json ../repo/job.json
