# A configuration that cannot be used is shown to the user once, on
# itself, not on each document.
sh ./replay config-broken.session
