sh ./fix.sh DGS701-strict-mode --unsafe-fixes
