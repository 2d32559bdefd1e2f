# A .dgslint.json named on the command line (as pre-commit names it) is
# checked as a configuration: its faults are findings at their places.
cd fixtures/bad && "$DGSLINT" --color never .dgslint.json
