# Other JSON (package.json, tsconfig.json with comments) has no
# diagnostics; a damaged service document has kind-unknown; under
# "include", a file outside it is not linted and one inside is a service
# document, whatever its members.
sh ./replay other-json.session
