sh ./fix.sh DGS430-generator-deprecated
