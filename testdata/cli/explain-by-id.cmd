"$DGSLINT" --explain dgs204 | head -1
