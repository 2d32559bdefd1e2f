# Misspelt values in a configuration: the closest rule, level, licence or
# kind, as the command line names them; a rule list's empty word; each
# at its place.
cd fixtures/lists && "$DGSLINT" --config suggest.json job.json
