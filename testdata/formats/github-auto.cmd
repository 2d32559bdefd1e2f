# GITHUB_ACTIONS=true and no --format: github; a --format wins; another
# value of GITHUB_ACTIONS: text.
GITHUB_ACTIONS=true "$DGSLINT" docs/users.json; echo "exit $?"
GITHUB_ACTIONS=true "$DGSLINT" -f text docs/users.json; echo "exit $?"
GITHUB_ACTIONS=1 "$DGSLINT" docs/users.json
