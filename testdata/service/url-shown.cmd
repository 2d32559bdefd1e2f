# A URL refused for holding a credential is shown without its user,
# password and query: the key put there by mistake is not printed.
SERVE_SH=./serve.sh; . ./serve.sh
l() { lint "$@" --workspace shop docs/job-all.json; echo "exit $?"; }
l --service "https://user:$KEY@structural.example.com/base"
l --service "https://$KEY@structural.example.com"
l --service "https://structural.example.com/?apikey=$KEY"
l --service "https://structural.example.com/#$KEY"
l --service "http://user:$KEY@example.com/?apikey=$KEY"
