# --fix writes a new file and renames it over the old one: the new file
# keeps the old one's mode, owner, group and extended attributes (as
# root, a file of another user stays that user's).
. ./tmp.sh
cp docs/fixable.json "$T/doc.json"
cd "$T" || exit 2
chmod 640 doc.json
if [ "$(id -u)" = 0 ]; then
	chown 65534:65534 doc.json
fi
python3 -c 'import os; os.setxattr("doc.json", "user.dgslint-test", b"kept")'
before=$(stat -c '%a %u %g' doc.json)
"$DGSLINT" -q --fix doc.json; echo "exit $?"
grep -c isConsistent doc.json
after=$(stat -c '%a %u %g' doc.json)
[ "$before" = "$after" ] && echo "mode, owner and group kept"
python3 -c 'import os; print(os.getxattr("doc.json", "user.dgslint-test").decode())'
