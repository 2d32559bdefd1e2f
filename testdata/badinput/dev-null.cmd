"$DGSLINT" /dev/null
