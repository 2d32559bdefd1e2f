sh ./fix.sh DGS301-link-table-mismatch --unsafe-fixes
