sh ./fix.sh DGS510-where-keyword --unsafe-fixes
