sh ./fix.sh DGS204-unknown-member --unsafe-fixes
