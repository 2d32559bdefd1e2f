sh ./fix.sh DGS401-generator-unknown --unsafe-fixes
