# File URIs decoded as RFC 3986 says; an invalid one is not linted.
sh ./replay uri.session
