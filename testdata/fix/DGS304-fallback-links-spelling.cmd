sh ./fix.sh DGS304-fallback-links-spelling --unsafe-fixes
