. ./escape.sh
escape -f rdjson
