"$DGSLINT" --stdin-filename configs/job.json - < bad.json
