cd fixtures/bad && "$DGSLINT" --config catalogue.json ../repo/job.json
