/*
 * outpath.c: the files a run writes (--output, --write-baseline), checked
 * before anything is opened for writing: no two of them the same file,
 * and none of them a file the run reads (a document, a configuration, a
 * catalogue, a snapshot, the --baseline), found by device and inode, so
 * that no name, link or walk can hide it; standard input given a name
 * by --stdin-filename is that file.  One exception: a file the run
 * writes that a directory's walk found, such as the report of an
 * earlier run in the tree being linted, is no document: it is skipped
 * (said, and counted) and replaced.  --write-baseline may name the
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
#include "settings/config.h"

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

/* What the file at path is, when dgslint wrote it (own_output(), by its
 * whole shape; or empty, or an empty list, as --statistics writes when
 * there is nothing to count), else NULL. */
static const char *
written_before(const char *path)
{
	const char *own = NULL;
	char *buf, why[256];
	size_t len, i = 0;

	if (read_document(path, &buf, &len, why, sizeof(why)) != 0)
		return NULL;
	while (i < len && strchr(" \t\r\n", buf[i]) != NULL)
		i++;
	if (i + 2 <= len && memcmp(buf + i, "[]", 2) == 0)
		for (i += 2; i < len && strchr(" \t\r\n", buf[i]) != NULL; i++)
			continue;
	if (i == len)
		own = "empty";
	else
		own = own_output(buf, len);
	free(buf);
	return own;
}

int
outpaths_check(const struct outpath *out, size_t nout,
    struct inputs *in, const struct outpath *files, size_t nfiles)
{
	struct fileid *id, fid;
	struct stat st;
	const char *own;
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
			/* Standard input named by --stdin-filename stands
			 * for that file (an editor's buffer of it). */
			if (strcmp(in->v[k].path, "-") == 0) {
				if (in->v[k].stdin_named &&
				    stat(in->v[k].name, &st) == 0 &&
				    st.st_dev == id[i].dev &&
				    st.st_ino == id[i].ino) {
					fprintf(stderr, "dgslint: %s %s is "
					    "the file %s that standard input "
					    "stands for (--stdin-filename): "
					    "writing it would replace it; "
					    "name another file\n",
					    out[i].what, out[i].path,
					    in->v[k].name);
					goto done;
				}
				continue;
			}
			if (in->v[k].error != NULL || in->v[k].skip != NULL ||
			    stat(in->v[k].path, &st) != 0 ||
			    st.st_dev != id[i].dev || st.st_ino != id[i].ino)
				continue;
			/* A file this run writes, met in a walk (the report
			 * of an earlier run in the tree it lints), is no
			 * document: skipped, and replaced. */
			if (!in->v[k].explicit && (own =
			    written_before(in->v[k].path)) != NULL) {
				size_t m = strlen(out[i].what) + strlen(own) +
				    64;

				in->v[k].skip = xmalloc(m);
				snprintf(in->v[k].skip, m, "the file this run "
				    "writes (%s), %s", out[i].what, own);
				continue;
			}
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
