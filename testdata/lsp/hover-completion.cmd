# Hover on a member name (the shape tables), a generatorId and a built-in\npreset's id (the catalogue); completion of a metadata's members with its\ngenerator's settings, of generator ids, of a replacement's members, and of\nstrictMode's values in a job-start document not yet JSON (its kind from\nits last lint).
sh ./replay hover-completion.session
