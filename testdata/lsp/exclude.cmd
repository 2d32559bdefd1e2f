# A document the configuration excludes has no diagnostics and no fixes,
# without --force-exclude (which no editor setup passes); another is linted.
sh ./replay exclude.session
