# One file named twice (by two names, or a link) with --fix is fixed once,
# the other names skipped: the same output and exit status at any -j (two
# processes once raced for it, and one reported it changed).
. ./tmp.sh
cd "$T" || exit 2
for j in 1 2 3; do
	cp "$OLDPWD/docs/fixable.json" doc.json
	ln -sf doc.json link.json
	"$DGSLINT" -j $j --fix doc.json ./doc.json link.json >out-$j 2>&1
	echo "exit $?" >>out-$j
done
cmp out-1 out-2 && cmp out-1 out-3 && echo "-j 2, -j 3: as -j 1"
cat out-1
grep -c isConsistent doc.json
