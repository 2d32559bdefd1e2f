# A document of 1 MB or more is memory-mapped; cut short while it is read
# (the test hook truncates it once mapped; an editor or git checkout does
# it for real), it is reported as changed while it was read, exit 2, and
# the other documents are linted and reported as usual, at any -j.
. ./tmp.sh
awk 'BEGIN {
	printf "[{\"schema\": \"public\", \"table\": \"users\", \"links\": ["
	for (i = 0; i < 12000; i++)
		printf "%s\n{\"schema\": \"public\", \"table\": \"users\", \"column\": \"c%d\", \"metadata\": {\"generatorId\": \"NullGenerator\"}}", i ? "," : "", i
	print "]}]"
}' >"$T/big.orig"
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
for j in 1 2; do
	cp big.orig big.json
	DGSLINT_TEST_TRUNCATE_MAPPED=1 "$DGSLINT" -j $j -f json big.json \
	    warn.json
	echo "-j $j: exit $?"
done
