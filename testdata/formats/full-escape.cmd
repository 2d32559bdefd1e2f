. ./escape.sh
escape -f full
