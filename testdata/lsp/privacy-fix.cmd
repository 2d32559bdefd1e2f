# A privacy-at-risk finding (DGS821) with a recommended generator has its
# quick fix in the editor.
sh ./replay privacy-fix.session --schema ../schema/fixtures/shop.csv
