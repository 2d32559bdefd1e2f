# -j: documents that cannot be read, among many, whichever process reads
# them: the output is that of -j 1 (as root, drop to nobody)
rm -rf many.tmp && mkdir many.tmp && for i in 0 1 2 3 4 5 6 7 8 9; do cp ok.json many.tmp/a$i.json; cp nul-in-string.json many.tmp/b$i.json; done && chmod 000 many.tmp/a3.json many.tmp/b7.json
run() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$DGSLINT" "$@"
	else
		"$DGSLINT" "$@"
	fi
}
for j in 1 4; do
	run -j $j many.tmp > out-$j.txt 2> err-$j.txt; echo "exit $?" >> out-$j.txt
	run -j $j -f json many.tmp > out-$j.json 2>> err-$j.txt
done
cmp out-1.txt out-4.txt && cmp err-1.txt err-4.txt && cmp out-1.json out-4.json && echo "-j 4: same as -j 1"
cat out-1.txt err-1.txt; grep -o "\"unreadable\":[0-9]*" out-1.json
rm -rf many.tmp out-*.txt err-*.txt out-*.json
