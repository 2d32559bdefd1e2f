# --context inside a git work tree reads what is committed: the files git
# tracks, their text as the index has it (pre-commit stashes what is not
# staged); an untracked scratch file that conflicts refuses no commit, a
# staged one does, and a change not staged is not read.
. ../formats/tmp.sh
d=../rules/DGS881/fixtures
cd "$T" || exit 2
git init -q . && git config user.email t@example.com && git config user.name t
cp "$OLDPWD/$d/users-email.json" users-email.json
git add users-email.json && git commit -q -m users
echo "== an untracked copy (scratch): no conflict"
cp users-email.json scratch.json
"$DGSLINT" users-email.json --context .; echo "exit $?"
echo "== in a subdirectory too, and under -j 2"
mkdir sub && cp users-email.json sub/scratch.json
"$DGSLINT" -j 2 users-email.json --context .; echo "exit $?"
echo "== staged: the conflict is found"
git add scratch.json
"$DGSLINT" users-email.json --context .; echo "exit $?"
echo "== staged as [], changed in the work tree: the index is read"
echo '[]' >scratch.json && git add scratch.json
cp users-email.json scratch.json
"$DGSLINT" users-email.json --context .; echo "exit $?"
echo "== outside git, the directory as today"
rm -rf .git
"$DGSLINT" users-email.json --context .; echo "exit $?"
