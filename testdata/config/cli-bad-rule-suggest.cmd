# A misspelt rule of --enable, --disable or --severity names the closest
# id or name.
"$DGSLINT" --disable unknown-membr x.json
"$DGSLINT" --enable DGS2045 x.json
"$DGSLINT" --severity legacy-link-shap=off x.json
