sh ./fix.sh DGS101-json-syntax-missing-comma
