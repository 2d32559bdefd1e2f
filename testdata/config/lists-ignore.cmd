# "ignore", as --ignore: its rules are off, whatever "rules" says; the
# command line's levels (--enable, --severity) override it, as they
# override every configuration.
cd fixtures/lists && "$DGSLINT" --config ignore.json job.json users.json
echo "exit $?"
"$DGSLINT" --config ignore.json --enable DGS204 job.json
