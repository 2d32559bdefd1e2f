sh ./fix.sh DGS205-member-case --unsafe-fixes
