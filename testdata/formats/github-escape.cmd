. ./escape.sh
escape -f github
