# tmp.sh: sourced by cases that need scratch files: $T is a directory of
# their own (cases of several runners may run at once), removed at exit.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
