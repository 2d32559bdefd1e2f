# testdata/conflict-check finds the conflicts git leaves (two sides, or
# three with the base), and not the lines that only look like a part of
# one.  The files are made here: a conflict in a tracked file would fail
# the check of the tree itself.
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT
printf 'a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> topic\nb\n' >"$d/two"
printf '<<<<<<< HEAD\nours\n||||||| base\nold\n=======\ntheirs\n>>>>>>> topic\n' >"$d/three"
printf 'Title\n=======\n\ntext\n' >"$d/heading"
printf '<<<<<<< only the first\n=======\ntext\n' >"$d/half"
printf '>>>>>>> x\n=======\n<<<<<<< y\n' >"$d/reversed"
printf '<<<<<<<< eight\n=======\n>>>>>>>> eight\n' >"$d/eight"
printf '<<<<<<< HEAD\n\0\n=======\n>>>>>>> x\n' >"$d/binary"
(cd "$d" && sh "$OLDPWD/../conflict-check" two three heading half reversed \
    eight binary)
echo "status $?"
(cd "$d" && sh "$OLDPWD/../conflict-check" heading half reversed eight binary)
