# "notSensitive" and "sensitive" are arrays of glob patterns on
# schema.table.column, checked as other globs are, each fault at its place;
# a misspelt key is told the closest.
cd fixtures/bad && "$DGSLINT" --config marks.json ../repo/job.json
