sh ./fix.sh DGS401-generator-unknown-safe-only
