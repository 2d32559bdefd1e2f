sh ./fix.sh DGS511-where-semicolon
