# --explain of a misspelt rule id or name names the closest rule.
"$DGSLINT" --explain DGS2O4
"$DGSLINT" --explain link-table-mismatc
