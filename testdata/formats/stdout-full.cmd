# A write error on standard output (here a full device) is never silent:
# exit 2 and a message, for a small output and for one far larger than any
# buffer.
. ./tmp.sh
awk 'BEGIN {
	printf "[{\"schema\": \"public\", \"table\": \"users\", \"links\": ["
	for (i = 0; i < 3000; i++)
		printf "%s{\"schema\": \"public\", \"table\": \"users\", \"column\": \"c%d\", \"bogus\": 1, \"metadata\": {\"generatorId\": \"NullGenerator\"}}", i ? ", " : "", i
	print "]}]"
}' >"$T/big.json"
# Every format of the table (--list-values).
for f in $("$DGSLINT" --list-values format | cut -f1); do
	"$DGSLINT" -q -f $f docs/users.json >/dev/full; echo "$f small: exit $?"
	"$DGSLINT" -q -f $f "$T/big.json" >/dev/full; echo "$f large: exit $?"
done
"$DGSLINT" -q -f text -f sarif -o /dev/full docs/users.json; rc=$?
exit $rc
