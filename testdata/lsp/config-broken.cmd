# A configuration that cannot be used is shown to the user, not only
# logged.
sh ./replay config-broken.session
