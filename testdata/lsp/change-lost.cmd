# A change that cannot be applied leaves the text out of step with the
# editor's: nothing more is published for it, or answered from it, until
# the whole text comes again.
sh ./replay change-lost.session
