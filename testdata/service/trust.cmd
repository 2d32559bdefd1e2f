# A hostile repository: its .dgslint.json names a service (the stand-in
# here) that the user never allowed.  The key goes only where the user
# says: no request is made, and each check is a DGS909 that says why and
# how to allow it; DGSLINT_TRUSTED_SERVICES or the user's file
# ~/.config/dgslint/trusted-services ($XDG_CONFIG_HOME) allows it.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
d=$svc_tmp/proj
mkdir -p "$d"
cp docs/job-all.json "$d/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
cd "$d" || exit 2
step() { echo "== $1"; lint -q job-all.json; echo "exit $?"; \
    echo "requests: $(wc -l <"$LOG")"; : >"$LOG"; }
step "not allowed"
DGSLINT_TRUSTED_SERVICES="https://structural.example.com $URL/"
export DGSLINT_TRUSTED_SERVICES
step "allowed by DGSLINT_TRUSTED_SERVICES"
unset DGSLINT_TRUSTED_SERVICES
mkdir -p "$XDG_CONFIG_HOME/dgslint"
printf '# services I allow\nhttps://structural.example.com\n%s\n' "$URL" \
    >"$XDG_CONFIG_HOME/dgslint/trusted-services"
step "allowed by the user's file"
echo "$URL/other" >"$XDG_CONFIG_HOME/dgslint/trusted-services"
step "another path is another service"
echo '*' >"$XDG_CONFIG_HOME/dgslint/trusted-services"
step "* allows any"
rm "$XDG_CONFIG_HOME/dgslint/trusted-services"
# A relative XDG_CONFIG_HOME (which the XDG specification says to ignore)
# would read the list of the repository at hand.
mkdir -p .config/dgslint
echo "$URL" >.config/dgslint/trusted-services
HOME=$svc_tmp XDG_CONFIG_HOME=.config step "a relative XDG_CONFIG_HOME is ignored"
