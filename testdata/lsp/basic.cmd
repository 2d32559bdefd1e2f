# A session: diagnostics (UTF-16 columns after non-ASCII text, related
sh ./replay basic.session
