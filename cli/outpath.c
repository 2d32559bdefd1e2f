/*
 * outpath.c: the files a run writes (--output, --write-baseline), checked
 * before anything is opened for writing: no two of them the same file,
 * and none of them a file the run reads (a document, a configuration, a
 * catalogue, a snapshot, the --baseline), found by device and inode, so
 * that no name, link or walk can hide it.  One exception: a report or
 * baseline of dgslint's own found by a directory's walk, such as the
 * report of an earlier run in the tree being linted, is replaced (the
 * walk skips it, see own_output()).  --write-baseline may name the
 * --baseline it shrinks: that is read whole before anything is written.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"

/* A file by device and inode when it exists, else by its absolute path
 * with the links of its directory resolved. */
struct fileid {
	int	 exists;
	dev_t	 dev;
	ino_t	 ino;
	char	*abs;
};

static void
fileid_get(const char *path, struct fileid *id)
{
	struct stat st;

	memset(id, 0, sizeof(*id));
	if (stat(path, &st) == 0) {
		id->exists = 1;
		id->dev = st.st_dev;
		id->ino = st.st_ino;
	} else
		id->abs = path_absolute_file(path, 1);
}

static int
fileid_same(const struct fileid *a, const struct fileid *b)
{
	if (a->exists != b->exists)
		return 0;
	if (a->exists)
		return a->dev == b->dev && a->ino == b->ino;
	return strcmp(a->abs, b->abs) == 0;
}

/* Whether the file at path begins as a report or baseline of dgslint. */
static int
is_own_output(const char *path)
{
	char buf[512];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) == -1)
		return 0;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n > 0 && own_output(buf, (size_t)n) != NULL;
}

int
outpaths_check(const struct outpath *out, size_t nout,
    const struct inputs *in, const struct outpath *files, size_t nfiles)
{
	struct fileid *id, fid;
	struct stat st;
	size_t i, k;
	int rc = -1, any = 0, same;

	id = xcalloc(nout ? nout : 1, sizeof(*id));
	for (i = 0; i < nout; i++) {
		fileid_get(out[i].path, &id[i]);
		any |= id[i].exists;
		for (k = 0; k < i; k++)
			if (fileid_same(&id[i], &id[k])) {
				fprintf(stderr, "dgslint: %s %s and %s %s name "
				    "the same file: give each output a file of "
				    "its own\n", out[k].what, out[k].path,
				    out[i].what, out[i].path);
				goto done;
			}
	}
	/* A file that does not exist is read by nobody. */
	for (i = 0; any && i < nout; i++) {
		if (!id[i].exists)
			continue;
		for (k = 0; k < nfiles; k++) {
			if (files[k].path == NULL ||
			    (out[i].same_ok != NULL &&
			    strcmp(files[k].what, out[i].same_ok) == 0))
				continue;
			fileid_get(files[k].path, &fid);
			same = fileid_same(&id[i], &fid);
			free(fid.abs);
			if (!same)
				continue;
			fprintf(stderr, "dgslint: %s %s is the file of %s %s, "
			    "which this run reads: writing it would replace "
			    "it; name another file\n", out[i].what,
			    out[i].path, files[k].what, files[k].path);
			goto done;
		}
		for (k = 0; k < in->n; k++) {
			if (strcmp(in->v[k].path, "-") == 0 ||
			    in->v[k].error != NULL || in->v[k].skip != NULL ||
			    stat(in->v[k].path, &st) != 0 ||
			    st.st_dev != id[i].dev || st.st_ino != id[i].ino)
				continue;
			if (!in->v[k].explicit && is_own_output(in->v[k].path))
				continue;	/* skipped when read */
			fprintf(stderr, "dgslint: %s %s is the document %s, "
			    "which this run lints: writing it would replace "
			    "the document; name another file\n", out[i].what,
			    out[i].path, in->v[k].name);
			goto done;
		}
	}
	rc = 0;
done:
	for (i = 0; i < nout; i++)
		free(id[i].abs);
	free(id);
	return rc;
}
