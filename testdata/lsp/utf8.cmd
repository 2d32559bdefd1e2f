# UTF-8 positions when the client offers them: columns in bytes, and an
sh ./replay utf8.session
