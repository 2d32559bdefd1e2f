"$DGSLINT" warn.json >&-
