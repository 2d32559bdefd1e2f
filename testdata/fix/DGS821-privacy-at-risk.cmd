# The schema snapshot by its absolute path (fix.sh runs in a copy),
# shown relative.  Two fixes of one table in one round: each adds its
# replacement at the end of the array.
sh ./fix.sh DGS821-privacy-at-risk --unsafe-fixes --schema "$(pwd)/DGS821-privacy-at-risk.csv" |
    sed "s|$(pwd)/||"
