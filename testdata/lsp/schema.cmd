# --schema applies to the server's documents (DGS8xx) as on the command line
sh ./replay schema.session --schema ../schema/fixtures/shop.csv
