. ./escape.sh
escape -f checkstyle
