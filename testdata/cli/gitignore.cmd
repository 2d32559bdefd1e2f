# A directory's walk passes over what git ignores (.gitignore files from
# the work tree's root down, .git/info/exclude; negation, directory-only
# and anchored patterns), as "dgslint ." should not lint node_modules/;
# a directory named is linted even if git ignores it; --no-gitignore
# lints everything; outside a work tree nothing is ignored.
. ../formats/tmp.sh
r=$T/repo
mkdir -p "$r/node_modules/pkg" "$r/conf/sub" "$r/build" "$r/conf/build" \
    "$r/docs"
git init -q "$r" || exit 2
for f in node_modules/pkg/package.json conf/a.json conf/b.tmp.json \
    conf/keep.tmp.json conf/sub/c.json conf/sub/local.json build/out.json \
    conf/build/x.json docs/top.json excluded.json; do
	cp warn.json "$r/$f"
done
printf 'node_modules/\n*.tmp.json\n!keep.tmp.json\n/build/\n# a comment\n\n' \
    >"$r/.gitignore"
printf 'local.json\n' >"$r/conf/sub/.gitignore"
printf 'excluded.json\n' >"$r/.git/info/exclude"
cd "$r" || exit 2
echo "== ."
"$DGSLINT" -q --fail-on info . 2>&1 | cut -d: -f1
echo "== git ls-files --others --exclude-standard agrees"
"$DGSLINT" -q --fail-on info . 2>&1 | cut -d: -f1 | sort >mine
git ls-files --others --exclude-standard -- '*.json' | sort >git
cmp mine git && echo yes
rm mine git
echo "== build, named"
"$DGSLINT" -q --fail-on info build 2>&1 | cut -d: -f1
echo "== --no-gitignore"
"$DGSLINT" -q --fail-on info --no-gitignore . 2>&1 | cut -d: -f1
echo "== outside a work tree"
rm -rf .git
"$DGSLINT" -q --fail-on info . 2>&1 | cut -d: -f1
