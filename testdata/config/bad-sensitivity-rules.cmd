# "sensitivityRules", each fault at its place: a columnName PCRE2 does not
# compile (its message and offset), an unknown member and an unknown
# generator (the closest named), a rule without its columnName, dataTypes
# not an array, a rule that is no object.
cd fixtures/bad && "$DGSLINT" --config sensitivity-rules.json ../repo/job.json
