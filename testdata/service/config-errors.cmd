# The service keys of a configuration, checked when it is read: a URL
# without a workspace, plain http to another machine, a name and an id, a
# workspace without a service, a timeout of 0, a parameter that is not a
# name.  Nothing is contacted.
for f in no-workspace http both alone timeout param; do
	"$DGSLINT" --color never --config fixtures/conf/$f.json docs/job-all.json
	echo "exit $?"
done
