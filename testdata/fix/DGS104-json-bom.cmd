sh ./fix.sh DGS104-json-bom
