# The schema snapshot by its absolute path (fix.sh runs in a copy),
# shown relative.  On one line, the new replacements follow ", ".
sh ./fix.sh DGS821-privacy-at-risk-one-line --unsafe-fixes --schema "$(pwd)/DGS821-privacy-at-risk.csv" |
    sed "s|$(pwd)/||"
