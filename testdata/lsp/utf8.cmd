# UTF-8 positions when the client offers them (among values that are not
sh ./replay utf8.session
