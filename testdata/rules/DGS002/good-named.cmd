# A valid configuration raises nothing, named or found by a walk (where
# it was skipped as a hidden file before).
cd fixtures/good && "$DGSLINT" --color never .dgslint.json && "$DGSLINT" --color never .
