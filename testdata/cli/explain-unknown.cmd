"$DGSLINT" --explain DGS999
