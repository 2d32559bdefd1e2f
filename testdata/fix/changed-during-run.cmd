# A file that changed on disk since it was read is not written.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
cp DGS205-member-case.json "$t/c.json"
cd "$t" || exit 2
DGSLINT_TEST_CHANGE_BEFORE_WRITE=1 "$DGSLINT" --color never --fix c.json
echo "exit $?"
cat c.json
ls -A
