sh ./fix.sh several --unsafe-fixes
