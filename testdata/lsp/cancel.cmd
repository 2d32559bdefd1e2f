# Cancellation and superseded changes: a request with a $/cancelRequest
sh ./replay cancel.session
