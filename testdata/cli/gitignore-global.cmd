# git's own ignore files in full, as git reads them: core.excludesFile
# (by default $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore) and
# the repository's info/exclude, in a worktree too (whose .git is a
# file, and of a repository elsewhere, named by a relative path);
# core.excludesFile where dgslint's guess of it cannot see it (an
# [include]: the walk is made again once git says), and where it can
# (no walk again: the files git reads, a worktree's repository's config);
# each time, git ls-files (--others --exclude-standard, and what it
# tracks) agrees.
. ../formats/tmp.sh
w=$(pwd)/warn.json
HOME=$T/home; export HOME
unset XDG_CONFIG_HOME
GIT_CONFIG_NOSYSTEM=1; export GIT_CONFIG_NOSYSTEM
r=$T/repo
mkdir -p "$HOME/.config/git" "$T/xdg/git" "$r"
git init -q "$r" || exit 2
for f in a.json home.json xdg.json custom.json excluded.json; do
	cp warn.json "$r/$f"
done
printf 'home.json\n' >"$HOME/.config/git/ignore"
printf 'xdg.json\n' >"$T/xdg/git/ignore"
printf 'custom.json\n' >"$T/custom-ignore"
printf 'excluded.json\n' >"$r/.git/info/exclude"
cd "$r" || exit 2
agree() {
	DGSLINT_TEST_WALKS=1 "$DGSLINT" -q --fail-on info . >"$T/out" 2>&1
	grep -v '^dgslint: test:' "$T/out" | cut -d: -f1 | sort >"$T/mine"
	{ git ls-files --others --exclude-standard -- '*.json'
	  git ls-files -- '*.json'; } | sort -u >"$T/git"
	cat "$T/mine"
	grep '^dgslint: test:' "$T/out"
	cmp -s "$T/mine" "$T/git" && echo "(git agrees)"
}
echo "== ~/.config/git/ignore"
agree
echo "== \$XDG_CONFIG_HOME/git/ignore"
XDG_CONFIG_HOME=$T/xdg; export XDG_CONFIG_HOME
agree
echo "== core.excludesFile, which replaces the default"
git config core.excludesFile "$T/custom-ignore"
agree
echo "== core.excludesFile from a file the configuration includes"
git config --unset core.excludesFile
printf '[core]\n\texcludesFile = %s\n' "$T/custom-ignore" >"$T/included"
printf '[include]\n\tpath = %s\n' "$T/included" >"$HOME/.gitconfig"
agree
echo "== and in ~/.gitconfig itself, quoted, with a comment"
printf '[user]\n\tname = t\n[Core]\n  ExcludesFile = "%s" ; ours\n' \
    "$T/custom-ignore" >"$HOME/.gitconfig"
agree
rm "$HOME/.gitconfig"
git config core.excludesFile "$T/custom-ignore"
echo "== a worktree: the repository's info/exclude"
git add a.json && git -c user.name=t -c user.email=t@example.com \
    commit -q -m a && git worktree add -q "$T/wt" 2>/dev/null
cp "$w" "$T/wt/excluded.json"
cp "$w" "$T/wt/b.json"
cd "$T/wt" || exit 2
agree
echo "== a .git file naming a repository elsewhere, by a relative path"
git init -q --separate-git-dir "$T/sep" "$T/sub"
printf 'gitdir: ../sep\n' >"$T/sub/.git"
for f in a.json excluded.json custom.json; do
	cp "$w" "$T/sub/$f"
done
printf 'excluded.json\n' >"$T/sep/info/exclude"
git -C "$T/sub" config core.excludesFile "$T/custom-ignore"
cd "$T/sub" || exit 2
agree
