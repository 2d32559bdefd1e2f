# A configuration broken after it was good: shown once, on itself; the
# documents keep its last good version (include, rules); cleared when fixed
# or deleted.
sh ./replay config-last-good.session
