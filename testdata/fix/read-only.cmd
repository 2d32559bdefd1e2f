# A read-only file is not written: exit 2, the file as it was.
t=$(mktemp -d) || exit 2
trap 'chmod -R u+w "$t"; rm -rf "$t"' EXIT
cp DGS205-member-case.json "$t/ro.json"
chmod 444 "$t/ro.json"
cd "$t" || exit 2
ls -l ro.json | cut -c1-10
"$DGSLINT" --color never --fix ro.json
echo "exit $?"
cmp -s ro.json "$OLDPWD/DGS205-member-case.json" && echo "unchanged"
ls -l ro.json | cut -c1-10
