"$DGSLINT" - < /dev/null
