sh ./fix.sh DGS612-resolution-option
