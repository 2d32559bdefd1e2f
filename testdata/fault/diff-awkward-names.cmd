# --diff names a file whose name holds a space, a tab, a newline, a
# quote or a backslash in double quotes with C's escapes (as git does),
# so that patch -p0 and git apply change that file and no other.
. ./tmp.sh
mkdir "$T/a" "$T/b"
for n in 'sp ace' "$(printf 'ta\tb')" "$(printf 'new\nline')" 'quo"te' 'back\slash'; do
	cp docs/fixable.json "$T/a/$n.json"
done
cd "$T/a" || exit 2
"$DGSLINT" -q --diff . >../d.patch 2>/dev/null; echo "exit $?"
grep '^+++' ../d.patch
cp -R "$T/a/." "$T/b"
cd "$T/b" && patch -s -p0 <../d.patch && echo "patch -p0: applied"
for f in *.json; do grep -q isConsistent "$f" || echo "not patched: $f"; done
rm -rf "$T/b" && mkdir "$T/b" && cp -R "$T/a/." "$T/b"
cd "$T/b" && git apply -p0 ../d.patch && echo "git apply -p0: applied"
for f in *.json; do grep -q isConsistent "$f" || echo "not patched: $f"; done
ls "$T/b" | wc -l
