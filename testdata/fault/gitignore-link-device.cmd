# Ignore files are read within a bound and never by waiting (issue 45):
# a .gitignore linking to /dev/zero grew the run to 4 GB, one to
# /dev/urandom never ended, a FIFO waited forever.  A .gitignore of the
# work tree that is a symbolic link is not followed, as git does not
# follow one (its patterns unused, said); core.excludesFile, the user's,
# may be a link.  timeout: a hang is the failure; ulimit -v: so is a
# run that grows without bound (not under AddressSanitizer, which
# reserves terabytes of address space at start).
. ./tmp.sh
r=$T/repo
mkdir -p "$r/conf" "$r/sub" "$T/home"
git init -q "$r" || exit 2
cp docs/warn.json "$r/conf/a.json"
cp docs/warn.json "$r/sub/b.json"
printf 'sub/\n' >"$T/patterns"
cd "$r" || exit 2
case $(ldd "$DGSLINT" 2>/dev/null) in
*libasan*) bound=: ;;
*) bound="ulimit -v 1000000" ;;
esac
run() {
	($bound; HOME=$T/home XDG_CONFIG_HOME= GIT_CONFIG_NOSYSTEM=1 \
	    timeout 20 "$DGSLINT" -q "$@"); echo "exit $?"
}
ln -s /dev/zero .gitignore
run .
rm .gitignore && ln -s /dev/urandom .gitignore
run .
rm .gitignore && mkfifo .gitignore
run .
rm .gitignore && ln -s ../patterns .gitignore
run .
git -c core.hooksPath=/dev/null status --porcelain --ignored | sort
rm .gitignore
awk 'BEGIN { for (i = 0; i < 300000; i++) printf "build-%060d/\n", i }' \
    >.gitignore
run .
rm .gitignore
git config core.excludesFile "$T/home/ignore"
ln -s ../patterns "$T/home/ignore"
run .
