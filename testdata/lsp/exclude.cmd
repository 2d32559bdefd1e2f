# --force-exclude: a document the configuration excludes has no
sh ./replay exclude.session --force-exclude
