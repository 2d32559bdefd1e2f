. ./escape.sh
escape -f json
