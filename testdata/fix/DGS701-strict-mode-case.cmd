sh ./fix.sh DGS701-strict-mode-case --unsafe-fixes
