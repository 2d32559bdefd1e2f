# The list of trusted services is the user's only: a relative HOME (the
# working directory's, any repository's), a HOME or XDG_CONFIG_HOME
# inside the checkout being linted (a CI job's HOME=$CI_PROJECT_DIR), and
# a list that is no regular file (a FIFO blocked the run forever) are
# not read, and the message says why.  Every case finds the
# repository's own .config/dgslint/trusted-services naming its service.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
d=$svc_tmp/proj
mkdir -p "$d/.git" "$d/.config/dgslint" "$d/home/.config/dgslint"
cp docs/job-all.json "$d/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
echo "$URL" >"$d/.config/dgslint/trusted-services"
echo "$URL" >"$d/home/.config/dgslint/trusted-services"
cd "$d" || exit 2
unset XDG_CONFIG_HOME
step() { echo "== $1"; lint -q job-all.json | sed "s|$svc_tmp|\$T|g"; \
    echo "requests: $(wc -l <"$LOG")"; : >"$LOG"; }
HOME=. step "HOME=."
HOME=$d step "HOME, the checkout"
HOME=$d/home step "HOME, below the checkout"
HOME=$svc_tmp XDG_CONFIG_HOME=$d/.config step "XDG_CONFIG_HOME, in the checkout"
# The user's own list, outside the checkout, is read.
mkdir -p "$svc_tmp/user/.config/dgslint"
echo "$URL" >"$svc_tmp/user/.config/dgslint/trusted-services"
HOME=$svc_tmp/user step "the user's HOME"
# A FIFO with no writer: said, not waited on.
rm "$svc_tmp/user/.config/dgslint/trusted-services"
mkfifo "$svc_tmp/user/.config/dgslint/trusted-services"
echo "== a FIFO"
HOME=$svc_tmp/user timeout 10 "$DGSLINT" -q job-all.json >"$svc_tmp/o" 2>&1
echo "exit $?"
sed -e "s|$svc_tmp|\$T|g" -e "s|$URL|\$URL|g" "$svc_tmp/o"
echo "requests: $(wc -l <"$LOG")"
