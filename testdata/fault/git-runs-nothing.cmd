# A repository's .git/config names programs git would run: --context
# (git ls-files, git cat-file) and the walk's ignore files (git config,
# git rev-parse) run git with each such setting off, so that a checkout
# that is not the user's runs nothing of its own: core.fsmonitor (run by
# ls-files as it reads the index), a lazy fetch of a partial clone
# through any protocol (core.sshCommand, remote helpers), the pager.
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
git init -q . && git config user.email t@example.com && git config user.name t
git add warn.json && git commit -q -m warn
git config core.fsmonitor "touch $T/PWNED-fsmonitor; false"
git config core.pager "touch $T/PWNED-pager; cat"
git config core.sshCommand "touch $T/PWNED-ssh; false"
"$DGSLINT" -q warn.json --context .; echo "exit $?"
"$DGSLINT" -q .; echo "exit $?"
ls PWNED-* 2>/dev/null || echo "nothing ran"
