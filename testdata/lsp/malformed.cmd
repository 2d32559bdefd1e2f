# Malformed input is answered or logged, and the server goes on: a request
sh ./replay malformed.session
