/*
 * readfile.c: reading a file whole, within a bound: read_document() for
 * what dgslint is given (documents, configurations, catalogues, the CA
 * read from a pipe), read_found() for what it finds for itself (ignore
 * files, the list of trusted services), never by waiting on a FIFO or a
 * device.  mapfile.c's mapping of large documents falls back on read_fd().
 * Apart from input.c's walk, so that the service's code (and its fuzzing
 * harness) reads its files without the walk's ignore files and settings.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

int stdin_closed;

/* Keeps the reason a document cannot be read. */
void
unreadable(char *why, size_t whysize, const char *reason)
{
	if (why != NULL && whysize > 0)
		snprintf(why, whysize, "%s", reason);
}

static void
too_large(char *why, size_t whysize, size_t max)
{
	if (why != NULL && whysize > 0)
		snprintf(why, whysize, "larger than %zu %s, more than dgslint "
		    "reads of such a file", max >= 1024 * 1024 ?
		    max / (1024 * 1024) : max / 1024, max >= 1024 * 1024 ?
		    "MiB" : "KiB");
}

/* Reads fd, whose fstat(2) is st, into *bufp, at most max bytes (at
 * most MAX_DOCUMENT); closes it when own. */
int
read_fd(int fd, int own, const struct stat *stp, size_t max, char **bufp,
    size_t *lenp, char *why, size_t whysize)
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
	if (max > MAX_DOCUMENT)
		max = MAX_DOCUMENT;
	cap = S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < max ? (size_t)st.st_size + 2 : 65536;
	if (cap > max + 1)
		cap = max + 1;
	if ((buf = malloc(cap)) == NULL)
		goto nomem;
	for (;;) {
		if (len + 1 >= cap) {
			if (cap > max) {
				if (max == MAX_DOCUMENT)
					unreadable(why, whysize, "larger than "
					    "2 GiB, more than dgslint reads; "
					    "split the document");
				else
					too_large(why, whysize, max);
				goto fail;
			}
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
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
	int fd, own = 0, fifo = 0;

	*bufp = NULL;
	*lenp = 0;
	/* When standard input is closed, open() may return descriptor 0:
	 * what to close is what was opened here, not what is not 0. */
	if (strcmp(path, "-") == 0 && stdin_closed) {
		unreadable(why, whysize, "is closed");
		return -1;
	} else if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else {
		/* Opened without blocking, so that a device is refused
		 * (read_fd()) without waiting in open(2); but a FIFO named
		 * is a document to wait for (<(...), a writer still
		 * starting), and a read before any writer would end at
		 * once: stat(2) tells it first. */
		fifo = stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
		if ((fd = open(path, O_RDONLY | O_NOCTTY |
		    (fifo ? 0 : O_NONBLOCK))) == -1) {
			unreadable(why, whysize, strerror(errno));
			return -1;
		}
		own = 1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(msg, sizeof(msg), "cannot read: %s", strerror(errno));
		unreadable(why, whysize, msg);
		if (own)
			close(fd);
		return -1;
	}
	if (own && !fifo)
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return read_fd(fd, own, &st, MAX_DOCUMENT, bufp, lenp, why, whysize);
}

int
read_found(const char *path, int no_link, size_t max, char **bufp,
    size_t *lenp, char *why, size_t whysize)
{
	struct stat st;
	int fd;

	*bufp = NULL;
	*lenp = 0;
	/* O_NONBLOCK: a FIFO or a device is never waited for in open(2). */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    (no_link ? O_NOFOLLOW : 0))) == -1) {
		/* Refused here: a link.  A file the system will not open
		 * (missing, not readable by this user) is none. */
		if (!no_link || errno != ELOOP)
			return 1;
		unreadable(why, whysize, "a symbolic link, not followed");
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		unreadable(why, whysize, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		unreadable(why, whysize, S_ISDIR(st.st_mode) ?
		    "is a directory" : "not a regular file (a FIFO, a "
		    "device, a socket)");
		close(fd);
		return -1;
	}
	if ((uintmax_t)st.st_size > max) {
		too_large(why, whysize, max);
		close(fd);
		return -1;
	}
	return read_fd(fd, 1, &st, max, bufp, lenp, why, whysize);
}

