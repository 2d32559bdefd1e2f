/*
 * input.c: from command-line paths to documents.  Directories are
 * searched for *.json in sorted order (hidden entries skipped), symbolic
 * links are followed but a link back to a directory being searched is
 * not, and anything that cannot be read is reported on stderr without
 * stopping the others.
 */
#define _DEFAULT_SOURCE		/* struct dirent's d_type */
#include <sys/mman.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* json-c takes an int length: the largest document dgslint reads. */
#define MAX_DOCUMENT	((size_t)INT32_MAX - 1)

static void
push(struct inputs *in, const char *path, const char *name, int explicit,
    int plain)
{
	if (in->n == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 16;
		in->v = xrealloc(in->v, in->cap * sizeof(*in->v));
	}
	in->v[in->n].path = xstrdup(path);
	in->v[in->n].name = xstrdup(name);
	in->v[in->n].explicit = explicit;
	in->v[in->n].plain = plain;
	in->n++;
}

struct dirid {
	dev_t	dev;
	ino_t	ino;
};

/* For walk_dir()'s names, which have their type first. */
static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static int
is_json_name(const char *s)
{
	size_t n = strlen(s);

	return n > 5 && strcmp(s + n - 5, ".json") == 0;
}

static void
walk_dir(struct inputs *in, const char *dir, struct dirid *anc,
    size_t nanc)
{
	DIR *d;
	struct dirent *de;
	struct stat st;
	char **names = NULL, *path, *name;
	size_t n = 0, cap = 0, i, len;
	struct dirid *next;
	unsigned type;

	if ((d = opendir(dir)) == NULL) {
		fprintf(stderr, "dgslint: %s: %s\n", dir, strerror(errno));
		in->failed = 1;
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;	/* ., .., and hidden entries */
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = xrealloc(names, cap * sizeof(*names));
		}
		/* The entry's type (DT_UNKNOWN when the file system does
		 * not say) before its name, so that a regular file needs no
		 * stat(2). */
		len = strlen(de->d_name);
		names[n] = xmalloc(len + 2);
		names[n][0] = (char)de->d_type;
		memcpy(names[n++] + 1, de->d_name, len + 1);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), name_cmp);
	next = xmalloc((nanc + 1) * sizeof(*next));
	if (nanc > 0)
		memcpy(next, anc, nanc * sizeof(*next));
	for (i = 0; i < n; i++) {
		type = (unsigned char)names[i][0];
		name = names[i] + 1;
		if (type == DT_REG && !is_json_name(name)) {
			free(names[i]);
			continue;
		}
		len = strlen(dir) + strlen(name) + 2;
		path = xmalloc(len);
		if (strcmp(dir, ".") == 0)	/* "x.json", not "./x.json" */
			snprintf(path, len, "%s", name);
		else
			snprintf(path, len, "%s%s%s", dir,
			    dir[strlen(dir) - 1] == '/' ? "" : "/", name);
		if (type == DT_REG)	/* not a link: nothing to follow */
			push(in, path, path, 0, 1);
		else if (stat(path, &st) != 0) {
			if (is_json_name(name)) {
				fprintf(stderr, "dgslint: %s: %s\n", path,
				    strerror(errno));
				in->failed = 1;
			}
		} else if (S_ISDIR(st.st_mode)) {
			size_t k;
			int loop = 0;

			for (k = 0; k < nanc; k++)
				if (anc[k].dev == st.st_dev &&
				    anc[k].ino == st.st_ino)
					loop = 1;
			if (loop)
				fprintf(stderr, "dgslint: %s: skipped: it "
				    "links back to a directory being searched\n",
				    path);
			else {
				next[nanc].dev = st.st_dev;
				next[nanc].ino = st.st_ino;
				walk_dir(in, path, next, nanc + 1);
			}
		} else if (S_ISREG(st.st_mode) && is_json_name(name))
			push(in, path, path, 0, 0);
		free(path);
		free(names[i]);
	}
	free(next);
	free(names);
}

void
inputs_add(struct inputs *in, const char *path, const char *stdin_name)
{
	struct stat st;
	struct dirid self;
	size_t before;

	if (strcmp(path, "-") == 0) {
		push(in, "-", stdin_name ? stdin_name : "<stdin>", 1, 0);
		return;
	}
	if (stat(path, &st) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, strerror(errno));
		in->failed = 1;
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		before = in->n;
		self.dev = st.st_dev;
		self.ino = st.st_ino;
		walk_dir(in, path, &self, 1);
		if (in->n == before)
			fprintf(stderr, "dgslint: %s: no *.json files found\n",
			    path);
		return;
	}
	push(in, path, path, 1, 0);
}

void
inputs_free(struct inputs *in)
{
	size_t i;

	for (i = 0; i < in->n; i++) {
		free(in->v[i].path);
		free(in->v[i].name);
	}
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}

int stdin_closed;

/* Keeps the reason a document cannot be read. */
static void
unreadable(char *why, size_t whysize, const char *reason)
{
	if (why != NULL && whysize > 0)
		snprintf(why, whysize, "%s", reason);
}

/* Reads fd, whose fstat(2) is st, into *bufp; closes it when own. */
static int
read_fd(int fd, int own, const struct stat *stp, char **bufp, size_t *lenp,
    char *why, size_t whysize)
{
	struct stat st = *stp;
	char *buf = NULL, *nb;
	size_t len = 0, cap, want;
	ssize_t r;

	if (S_ISDIR(st.st_mode)) {
		unreadable(why, whysize, "is a directory");
		goto fail;
	}
	if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ||
	    S_ISSOCK(st.st_mode)) {
		unreadable(why, whysize, !own && isatty(fd) ? "is a terminal; "
		    "pipe a document into it" : "is a device, not a file; not "
		    "read");
		goto fail;
	}
	/* For a regular file, room for its size, one byte more to see that
	 * it ends there, and the NUL. */
	cap = S_ISREG(st.st_mode) && st.st_size > 0 ?
	    (size_t)st.st_size + 2 : 65536;
	if (cap > MAX_DOCUMENT + 1)
		cap = MAX_DOCUMENT + 1;
	if ((buf = malloc(cap)) == NULL)
		goto nomem;
	for (;;) {
		if (len + 1 >= cap) {
			if (cap > MAX_DOCUMENT) {
				unreadable(why, whysize, "larger than 2 GiB, "
				    "more than dgslint reads; split the "
				    "document");
				goto fail;
			}
			cap = cap * 2 > MAX_DOCUMENT + 1 ? MAX_DOCUMENT + 1 :
			    cap * 2;
			if ((nb = realloc(buf, cap)) == NULL)
				goto nomem;
			buf = nb;
		}
		want = cap - len - 1;
		r = read(fd, buf + len, want);
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			unreadable(why, whysize, strerror(errno));
			goto fail;
		}
		len += (size_t)r;
		/* A regular file read short at its size is at its end: no
		 * read(2) more to be told so. */
		if (S_ISREG(st.st_mode) && (size_t)r < want &&
		    len == (size_t)st.st_size)
			break;
	}
	buf[len] = '\0';
	if (own)
		close(fd);
	*bufp = buf;
	*lenp = len;
	return 0;
nomem:
	unreadable(why, whysize, "out of memory");
fail:
	free(buf);
	if (own)
		close(fd);
	return -1;
}

int
read_document(const char *path, char **bufp, size_t *lenp, char *why,
    size_t whysize)
{
	struct stat st;
	char msg[256];
	int fd, own = 0;

	*bufp = NULL;
	*lenp = 0;
	/* When standard input is closed, open() may return descriptor 0:
	 * what to close is what was opened here, not what is not 0. */
	if (strcmp(path, "-") == 0 && stdin_closed) {
		unreadable(why, whysize, "is closed");
		return -1;
	} else if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) != -1)
		own = 1;
	else {
		unreadable(why, whysize, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(msg, sizeof(msg), "cannot read: %s", strerror(errno));
		unreadable(why, whysize, msg);
		if (own)
			close(fd);
		return -1;
	}
	return read_fd(fd, own, &st, bufp, lenp, why, whysize);
}

int
map_document(const char *path, int regular, char **bufp, size_t *lenp,
    int *mapped, char *why, size_t whysize)
{
	struct stat st;
	void *p;
	int fd;

	*mapped = 0;
	*bufp = NULL;
	*lenp = 0;
	/* Anything else, and any failure here, is read as before, which
	 * says what is wrong.  stat() first, unless the directory's walk
	 * said the file is regular: opening a FIFO would wait for its
	 * writer.  (One system call a file fewer: the 2,000 small files of
	 * the benchmark are found by the walk.) */
	if (strcmp(path, "-") == 0 || (!regular && (stat(path, &st) != 0 ||
	    !S_ISREG(st.st_mode) || st.st_size < MAP_MIN)) ||
	    (fd = open(path, O_RDONLY | O_NONBLOCK)) == -1)
		return read_document(path, bufp, lenp, why, whysize);
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);	/* no longer regular: as any other */
		return read_document(path, bufp, lenp, why, whysize);
	}
	if (st.st_size >= MAP_MIN && (uintmax_t)st.st_size <= MAX_DOCUMENT &&
	    (p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
	    0)) != MAP_FAILED) {
		close(fd);
		*bufp = p;
		*lenp = (size_t)st.st_size;
		*mapped = 1;
		return 0;
	}
	/* O_NONBLOCK changes nothing of a regular file's reads. */
	return read_fd(fd, 1, &st, bufp, lenp, why, whysize);
}

void
unmap_document(char *buf, size_t len, int mapped)
{
	if (mapped)
		(void)munmap(buf, len);
	else
		free(buf);
}
