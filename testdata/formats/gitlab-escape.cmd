. ./escape.sh
escape -f gitlab
