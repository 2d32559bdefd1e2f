# A misspelt value of --format, --kind, --license, --fail-on, --color and
# a --severity level names the closest value; one close to none does not.
"$DGSLINT" -f jsn good.json
"$DGSLINT" --kind replacement good.json
"$DGSLINT" --license enterprice good.json
"$DGSLINT" --fail-on eror good.json
"$DGSLINT" --color allways good.json
"$DGSLINT" --severity DGS204=warnig good.json
"$DGSLINT" --kind yaml good.json
"$DGSLINT" --severity DGS204=loud good.json
