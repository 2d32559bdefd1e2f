sh ./fix.sh DGS504-lookup-percent
