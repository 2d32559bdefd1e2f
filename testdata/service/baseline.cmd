# A check that could not be made is never baselined: a baseline written
# while the service failed records no DGS909, and a baseline that holds
# one (an older dgslint's) still reports it.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/subset-404.json
d=$svc_tmp/proj
mkdir -p "$d"
cp docs/post-new.json "$d/"
cd "$d" || exit 2
lint --service "$URL" --workspace shop --write-baseline baseline.json \
    post-new.json
echo "exit $?"
echo "DGS909 recorded: $(grep -c DGS909 baseline.json)"
# What an older dgslint recorded.
cp "$OLDPWD/fixtures/old-baseline.json" .
lint --service "$URL" --workspace shop --baseline old-baseline.json \
    post-new.json
echo "exit $?"
