# --snapshot with a server that is not there: a message (libpq's words
# follow it, and vary between its versions), nothing on stdout, exit 2.
# Without libpq, the option is not built in: exit 2 too.
"$DGSLINT" --snapshot "host=/nonexistent-dgslint-dir dbname=x connect_timeout=2" >out.tmp 2>err.tmp
rc=$?
test -s out.tmp && echo "stdout is not empty"
sed -n '1s/^\(dgslint: --snapshot: \(cannot connect\|is not built in\)\).*/\1/p' err.tmp
rm -f out.tmp err.tmp
exit $rc
