# "rules" takes what --select takes: the beginning of ids ("DGS7": every
# DGS7xx rule) and several rules separated by commas, in one name.
cd fixtures/lists && "$DGSLINT" --config prefix.json job.json users.json
