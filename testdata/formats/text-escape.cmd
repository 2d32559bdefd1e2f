. ./escape.sh
escape -f text
