# A document of one replacement (an object): no room for another, no fix.
sh ./fix.sh DGS821-privacy-at-risk-single --unsafe-fixes --schema "$(pwd)/DGS821-privacy-at-risk.csv" |
    sed "s|$(pwd)/||"
