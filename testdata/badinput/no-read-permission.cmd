# as root, drop to nobody to test a file we may not read
cp ok.json secret.tmp && chmod 000 secret.tmp
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || { echo "setpriv: not installed"; rm -f secret.tmp; exit 2; }
	setpriv --reuid=65534 --regid=65534 --clear-groups "$DGSLINT" secret.tmp ok.json
else
	"$DGSLINT" secret.tmp ok.json
fi; rc=$?; rm -f secret.tmp; exit $rc
