sh ./fix.sh DGS101-json-syntax-trailing-comma
