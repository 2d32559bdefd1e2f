# --select on the command line takes the place of the configuration's
# "select".
cd fixtures/lists && "$DGSLINT" --config select.json --select DGS702,DGS307 job.json users.json
