. ./escape.sh
escape -f junit
