/*
 * wfile.c: every file dgslint writes (the reports of --output, the
 * baseline of --write-baseline, the documents --fix rewrites) is written
 * here, one way.
 *
 * A regular file is never written in place: the text goes to a temporary
 * file beside it (".dgslint-XXXXXX", hidden from directory walks), which
 * is flushed to disk and renamed over the target, so a reader sees the
 * old text or the new, never part of one, and a failure at any step (a
 * full disk, a file-size limit, a signal) leaves the old file whole and
 * no temporary file behind.  The new file keeps the old one's mode,
 * owner, group and extended attributes (ACLs among them); where one of
 * them cannot be kept the file is not written, and the caller says why.
 * A file with several hard links is not written either: the new file
 * would take the place of one name only, the others keeping the old text.
 * A symbolic link is written through: the file it names is replaced and
 * the link kept, unless a link met on the way, file or directory, lies
 * inside the directory the run was started in and leads outside it: a
 * repository's committed gl-code-quality-report.json ->
 * ~/.ssh/authorized_keys would have any file the user can write
 * replaced by a report.  Links outside that directory (/dev/stdout, a
 * /tmp that is a link) are the system's or the user's, and followed.
 * Anything else that is not a directory (a device such as /dev/null, a
 * pipe, a FIFO that has a reader) is written directly.
 *
 * SIGINT, SIGTERM, SIGHUP, SIGPIPE and SIGXFSZ (those not ignored when
 * the program started) remove the temporary files of the process they
 * reach, then end it as they would have.
 */
#define _GNU_SOURCE		/* O_NOFOLLOW and the xattr calls */
#include <sys/stat.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

/*
 * The temporary files that exist, for the signal handler: a slot is
 * taken and given back with the signals blocked, so the handler never
 * sees one half made.  A slot names its process: a child of -j inherits
 * the table and must not remove its parent's files.
 */
#define WFILE_MAX	32

static struct {
	char *volatile	path;
	volatile pid_t	pid;
} pending[WFILE_MAX];

static const int cleanup_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ
};
#define NSIGNALS	(sizeof(cleanup_signals) / sizeof(cleanup_signals[0]))

static mode_t new_mode = 0644;	/* 0666 less the umask */

static void
remove_pending(void)
{
	pid_t me = getpid();
	size_t i;

	for (i = 0; i < WFILE_MAX; i++)
		if (pending[i].path != NULL && pending[i].pid == me)
			(void)unlink(pending[i].path);
}

/* Installed with SA_RESETHAND and SA_NODEFER: the signal raised again
 * ends the process as it would have without the handler. */
static void
on_signal(int sig)
{
	int e = errno;

	remove_pending();
	(void)raise(sig);
	errno = e;
}

static void
on_exit_remove(void)
{
	remove_pending();
}

void
wfile_init(void)
{
	struct sigaction sa, old;
	mode_t m;
	size_t i;

	m = umask(0);
	(void)umask(m);
	new_mode = 0666 & ~m;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NSIGNALS; i++) {
		/* A signal ignored by whoever started dgslint (nohup, a
		 * shell's trap '' XFSZ) stays ignored. */
		if (sigaction(cleanup_signals[i], NULL, &old) != 0 ||
		    old.sa_handler == SIG_IGN)
			continue;
		(void)sigaction(cleanup_signals[i], &sa, NULL);
	}
	(void)atexit(on_exit_remove);
}

static void
block(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NSIGNALS; i++)
		sigaddset(&set, cleanup_signals[i]);
	(void)sigprocmask(SIG_BLOCK, &set, old);
}

/* Takes a slot for path, or -1 when none is free. */
static int
slot_take(char *path)
{
	sigset_t old;
	int i;

	block(&old);
	for (i = 0; i < WFILE_MAX; i++)
		if (pending[i].path == NULL)
			break;
	if (i < WFILE_MAX) {
		pending[i].pid = getpid();
		pending[i].path = path;
	} else
		i = -1;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	return i;
}

static void
slot_give(int i)
{
	sigset_t old;

	if (i < 0)
		return;
	block(&old);
	pending[i].path = NULL;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
}

static int fail(char *, size_t, const char *, ...)
    __attribute__((__format__(__printf__, 3, 4)));

static int
fail(char *why, size_t whysize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whysize, fmt, ap);
	va_end(ap);
	return -1;
}

/* The temporary file's name: ".dgslint-XXXXXX" in target's directory. */
static char *
tmp_name(const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t n = slash != NULL ? (size_t)(slash - target) + 1 : 0;
	char *t = xmalloc(n + sizeof(".dgslint-XXXXXX"));

	memcpy(t, target, n);
	memcpy(t + n, ".dgslint-XXXXXX", sizeof(".dgslint-XXXXXX"));
	return t;
}

#ifdef __linux__
/* Copies the extended attributes of the file at src to fd; 0, or -1
 * with the reason.  An attribute the new file already has as it is
 * (one the system sets, such as an SELinux label) needs no copy. */
static int
copy_xattrs(const char *src, int fd, char *why, size_t whysize)
{
	char *names = NULL, *name, *val = NULL, *have = NULL;
	ssize_t n, vn, hn;
	int sfd, rc = -1, e;

	if ((sfd = open(src, O_RDONLY | O_NONBLOCK | O_NOCTTY)) == -1)
		return fail(why, whysize, "cannot read its attributes: %s",
		    strerror(errno));
	if ((n = flistxattr(sfd, NULL, 0)) <= 0) {
		close(sfd);
		/* None, or a file system without them. */
		return n == 0 || errno == ENOTSUP ? 0 : fail(why, whysize,
		    "cannot read its extended attributes: %s",
		    strerror(errno));
	}
	names = xmalloc((size_t)n + 1);
	if ((n = flistxattr(sfd, names, (size_t)n)) < 0) {
		fail(why, whysize, "cannot read its extended attributes: %s",
		    strerror(errno));
		goto out;
	}
	for (name = names; name < names + n; name += strlen(name) + 1) {
		if ((vn = fgetxattr(sfd, name, NULL, 0)) < 0)
			goto bad_get;
		val = xrealloc(val, (size_t)vn + 1);
		if ((vn = fgetxattr(sfd, name, val, (size_t)vn)) < 0)
			goto bad_get;
		if (fsetxattr(fd, name, val, (size_t)vn, 0) == 0)
			continue;
		e = errno;
		have = xrealloc(have, (size_t)vn + 1);
		hn = fgetxattr(fd, name, have, (size_t)vn + 1);
		if (hn == vn && memcmp(have, val, (size_t)vn) == 0)
			continue;
		snprintf(why, whysize, "cannot keep its extended attribute "
		    "%s: %s", name, strerror(e));
		goto out;
	}
	rc = 0;
	goto out;
bad_get:
	snprintf(why, whysize, "cannot read its extended attribute %s: %s",
	    name, strerror(errno));
out:
	free(names);
	free(val);
	free(have);
	close(sfd);
	return rc;
}
#endif

/* Gives the temporary file fd the owner, group, attributes and mode of
 * the file st describes (at target), or a new file's mode. */
static int
keep_metadata(const char *target, const struct stat *st, int fd,
    char *why, size_t whysize)
{
	if (st == NULL)
		return fchmod(fd, new_mode) == 0 ? 0 : fail(why, whysize,
		    "%s", strerror(errno));
	/* The owner before the mode: a change of owner clears the
	 * set-user-ID and set-group-ID bits. */
	if ((st->st_uid != geteuid() || st->st_gid != getegid()) &&
	    fchown(fd, st->st_uid, st->st_gid) != 0) {
		if (st->st_uid != geteuid())
			return fail(why, whysize, "it belongs to another user, "
			    "and a new file would belong to this one (%s)",
			    strerror(errno));
		return fail(why, whysize, "a new file could not keep its "
		    "group (%s)", strerror(errno));
	}
#ifdef __linux__
	if (copy_xattrs(target, fd, why, whysize) != 0)
		return -1;
#else
	(void)target;
#endif
	if (fchmod(fd, st->st_mode & 07777) != 0)
		return fail(why, whysize, "%s", strerror(errno));
	return 0;
}

/* The first symbolic link on the way to path that lies inside the
 * working directory (where the run started: dgslint never changes it)
 * and leads outside it, or NULL; malloc'd.  The path is followed one
 * component at a time, each link resolved where it is met; the walk
 * stops at the first component that does not exist (a new file). */
static char *
link_leaving(const char *path)
{
	char top[PATH_MAX], *cur, *next, *real, *rest, *c, *end;
	struct stat st;
	size_t n;

	if (getcwd(top, sizeof(top)) == NULL)
		return NULL;
	n = strlen(top) + strlen(path) + 2;
	rest = xmalloc(n);
	if (path[0] == '/')
		snprintf(rest, n, "%s", path);
	else
		snprintf(rest, n, "%s/%s", top, path);
	cur = xstrdup("");
	for (c = rest; c != NULL; c = end) {
		while (*c == '/')
			c++;
		if ((end = strchr(c, '/')) != NULL)
			*end++ = '\0';
		if (*c == '\0' || strcmp(c, ".") == 0)
			continue;
		if (strcmp(c, "..") == 0) {
			/* cur has its links resolved: ".." is lexical. */
			if ((next = strrchr(cur, '/')) != NULL)
				*next = '\0';
			continue;
		}
		n = strlen(cur) + strlen(c) + 2;
		next = xmalloc(n);
		snprintf(next, n, "%s/%s", cur, c);
		free(cur);
		cur = next;
		if (lstat(cur, &st) != 0)
			break;
		if (!S_ISLNK(st.st_mode))
			continue;
		/* A link to nothing is said by the caller, or fails. */
		if ((real = realpath(cur, NULL)) == NULL)
			break;
		if (path_below(cur, top) && !path_below(real, top)) {
			free(real);
			free(rest);
			return cur;
		}
		free(cur);
		cur = real;
	}
	free(cur);
	free(rest);
	return NULL;
}

/* Opens something that is not a regular file for writing in place. */
static int
open_direct(struct wfile *w, const char *path, char *why, size_t whysize)
{
	int fd, fl;

	/* A FIFO nobody reads would wait forever: ENXIO at once. */
	if ((fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)) == -1)
		return fail(why, whysize, "%s", errno == ENXIO ?
		    "a FIFO that nothing reads" : strerror(errno));
	if ((fl = fcntl(fd, F_GETFL)) != -1)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	if ((w->fp = fdopen(fd, "w")) == NULL) {
		close(fd);
		return fail(why, whysize, "%s", strerror(errno));
	}
	return 0;
}

int
wfile_open(struct wfile *w, const char *path, char *why, size_t whysize)
{
	struct stat st, lst;
	char *leaving, *shown;
	int fd, exists;

	memset(w, 0, sizeof(*w));
	w->slot = -1;
	if (whysize > 0)
		why[0] = '\0';
	if ((leaving = link_leaving(path)) != NULL) {
		shown = path_display(leaving);
		fail(why, whysize, "the symbolic link %s leads outside the "
		    "directory dgslint was started in: not written through "
		    "it; name the file itself", shown);
		free(shown);
		free(leaving);
		return -1;
	}
	if (lstat(path, &lst) != 0) {
		if (errno != ENOENT)
			return fail(why, whysize, "%s", strerror(errno));
		exists = 0;
	} else if (stat(path, &st) != 0) {
		return fail(why, whysize, "%s", errno == ENOENT ?
		    "a symbolic link to a file that does not exist" :
		    strerror(errno));
	} else
		exists = 1;
	if (exists && S_ISDIR(st.st_mode))
		return fail(why, whysize, "%s", strerror(EISDIR));
	if (exists && !S_ISREG(st.st_mode))
		return open_direct(w, path, why, whysize);
	if (exists && st.st_nlink > 1) {
		snprintf(why, whysize, "it has %ju hard links, and a new file "
		    "would replace one name only (the others would keep the "
		    "old text)", (uintmax_t)st.st_nlink);
		return -1;
	}
	if (exists && (!(st.st_mode & S_IWUSR) || access(path, W_OK) != 0))
		return fail(why, whysize, "%s", "the file is read-only");
	if (exists && S_ISLNK(lst.st_mode)) {
		if ((w->target = realpath(path, NULL)) == NULL)
			return fail(why, whysize, "%s", strerror(errno));
	} else
		w->target = xstrdup(path);
	w->tmp = tmp_name(w->target);
	if ((fd = mkstemp(w->tmp)) == -1) {
		/* A directory that does not exist says so plainly. */
		if (errno == ENOENT)
			fail(why, whysize, "%s", strerror(errno));
		else
			fail(why, whysize, "cannot make a temporary file "
			    "beside it: %s", strerror(errno));
		free(w->tmp);
		free(w->target);
		w->tmp = w->target = NULL;
		return -1;
	}
	if ((w->slot = slot_take(w->tmp)) == -1 ||
	    keep_metadata(w->target, exists ? &st : NULL, fd, why,
	    whysize) != 0 || (w->fp = fdopen(fd, "w")) == NULL) {
		if (w->slot == -1)
			fail(why, whysize, "%s", "too many files at once");
		else if (w->fp == NULL && why[0] == '\0')
			fail(why, whysize, "%s", strerror(errno));
		close(fd);
		wfile_abort(w);
		return -1;
	}
	return 0;
}

/* For the tests: DGSLINT_TEST_SIGNAL_BEFORE_RENAME=INT, TERM or HUP
 * sends that signal to the process once the temporary file is written
 * and before it is renamed. */
static void
test_signal(void)
{
	const char *s = getenv("DGSLINT_TEST_SIGNAL_BEFORE_RENAME");

	if (s == NULL)
		return;
	if (strcmp(s, "INT") == 0)
		(void)raise(SIGINT);
	else if (strcmp(s, "TERM") == 0)
		(void)raise(SIGTERM);
	else if (strcmp(s, "HUP") == 0)
		(void)raise(SIGHUP);
}

/* Flushes the directory's entry of path to disk, where it can be. */
static void
sync_dir(const char *path)
{
	char *dir = path_dir(path);
	int fd;

	if (strchr(path, '/') == NULL) {
		free(dir);
		dir = xstrdup(".");
	}
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) != -1) {
		(void)fsync(fd);
		close(fd);
	}
	free(dir);
}

int
wfile_commit(struct wfile *w, char *why, size_t whysize)
{
	FILE *fp = w->fp;
	int e;

	w->fp = NULL;
	errno = 0;
	if (fflush(fp) != 0 || ferror(fp)) {
		e = errno != 0 ? errno : EIO;
		(void)fclose(fp);
		wfile_abort(w);
		return fail(why, whysize, "%s", strerror(e));
	}
	if (w->tmp == NULL) {	/* written in place */
		if (fclose(fp) != 0)
			return fail(why, whysize, "%s", strerror(errno));
		return 0;
	}
	if (fsync(fileno(fp)) != 0 && errno != EINVAL) {
		e = errno;
		(void)fclose(fp);
		wfile_abort(w);
		return fail(why, whysize, "%s", strerror(e));
	}
	if (fclose(fp) != 0) {
		e = errno;
		wfile_abort(w);
		return fail(why, whysize, "%s", strerror(e));
	}
	test_signal();
	if (rename(w->tmp, w->target) != 0) {
		e = errno;
		wfile_abort(w);
		return fail(why, whysize, "%s", strerror(e));
	}
	slot_give(w->slot);
	w->slot = -1;
	sync_dir(w->target);
	free(w->tmp);
	free(w->target);
	w->tmp = w->target = NULL;
	return 0;
}

void
wfile_abort(struct wfile *w)
{
	if (w->fp != NULL) {
		(void)fclose(w->fp);
		w->fp = NULL;
	}
	if (w->tmp != NULL)
		(void)unlink(w->tmp);
	slot_give(w->slot);
	w->slot = -1;
	free(w->tmp);
	free(w->target);
	w->tmp = w->target = NULL;
}
