# --explain and --list-rules say which rules fix, and how safely.
"$DGSLINT" --explain member-case | sed -n 1,3p
"$DGSLINT" --explain unknown-member | sed -n 3p
"$DGSLINT" --list-rules | grep "(fix: "
