/*
 * path.c: paths of documents and configurations: absolute and clean (with
 * the real path of the last directory kept), as messages show them, and
 * the directory of a path.
 */
#define _XOPEN_SOURCE 700	/* realpath */

#include <sys/stat.h>

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

/* realpath(path), with the real path of path's directory kept from the
 * last call: realpath() asks the kernel about every component of a path
 * (getcwd, then a readlink each), and thousands of files in a few
 * directories share their directories.  The file itself is asked about
 * once (lstat), unless not_link says it is no symbolic link; a symbolic
 * link, or a name such as "..", takes realpath() whole.  NULL when
 * realpath() would fail.  The language server calls it on its three
 * threads (a document opened, a configuration read, a configuration's
 * problem located): the kept directory is theirs in turn, under
 * last_mu, uncontended on the command line. */
static pthread_mutex_t last_mu = PTHREAD_MUTEX_INITIALIZER;
static char *last_dir, *last_real;

static char *
real_path(const char *path, int not_link)
{
	const char *slash = strrchr(path, '/'), *base;
	struct stat st;
	char *dir, *out;
	size_t n;

	base = slash != NULL ? slash + 1 : path;
	if (base[0] == '\0' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0 || (!not_link && (lstat(path, &st) != 0 ||
	    S_ISLNK(st.st_mode))))
		return realpath(path, NULL);
	if (slash == NULL)
		dir = xstrdup(".");
	else if (slash == path)
		dir = xstrdup("/");
	else {
		dir = xcalloc(1, (size_t)(slash - path) + 1);
		memcpy(dir, path, (size_t)(slash - path));
	}
	pthread_mutex_lock(&last_mu);
	if (last_dir == NULL || strcmp(dir, last_dir) != 0) {
		free(last_dir);
		free(last_real);
		last_dir = dir;
		last_real = realpath(dir, NULL);
	} else
		free(dir);
	if (last_real == NULL) {	/* the working directory is gone... */
		pthread_mutex_unlock(&last_mu);
		return realpath(path, NULL);
	}
	n = strlen(last_real) + strlen(base) + 2;
	out = xcalloc(1, n);
	snprintf(out, n, "%s%s%s", last_real,
	    strcmp(last_real, "/") == 0 ? "" : "/", base);
	pthread_mutex_unlock(&last_mu);
	return out;
}

char *
path_absolute(const char *path)
{
	return path_absolute_file(path, 0);
}

char *
path_absolute_file(const char *path, int not_link)
{
	char cwd[PATH_MAX], *r, *p, *q, *out;
	size_t n;

	if ((r = real_path(path, not_link)) != NULL)
		return r;
	/* Not on disk (a --stdin-filename): join and clean lexically. */
	if (path[0] == '/')
		n = strlen(path) + 2, out = xcalloc(1, n), strcpy(out, path);
	else {
		if (getcwd(cwd, sizeof(cwd)) == NULL)
			strcpy(cwd, "/");
		n = strlen(cwd) + strlen(path) + 2;
		out = xcalloc(1, n);
		snprintf(out, n, "%s/%s", cwd, path);
	}
	/* Remove "." and ".." components and doubled slashes. */
	for (p = q = out; *p != '\0';) {
		if (p[0] == '/' && (p[1] == '/' || p[1] == '\0')) {
			p++;
			continue;
		}
		if (p[0] == '/' && p[1] == '.' && (p[2] == '/' || p[2] == '\0')) {
			p += 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '.' && p[2] == '.' &&
		    (p[3] == '/' || p[3] == '\0')) {
			while (q > out && *--q != '/')
				;
			p += 3;
			continue;
		}
		*q++ = *p++;
		while (*p != '\0' && *p != '/')
			*q++ = *p++;
	}
	if (q == out)
		*q++ = '/';
	*q = '\0';
	return out;
}

/* The working directory, asked once (dgslint never changes it), on
 * whichever thread shows a path first. */
static pthread_once_t cwd_once = PTHREAD_ONCE_INIT;
static char start_cwd[PATH_MAX];
static int have_cwd;		/* 1, or -1: getcwd() failed */

static void
ask_cwd(void)
{
	have_cwd = getcwd(start_cwd, sizeof(start_cwd)) != NULL ? 1 : -1;
}

/* How a path is shown: relative to the working directory when it lies
 * below it, so that messages do not depend on where a checkout is. */
char *
path_display(const char *abs)
{
	size_t n;

	pthread_once(&cwd_once, ask_cwd);
	if (have_cwd == 1 && (n = strlen(start_cwd)) > 1 &&
	    strncmp(abs, start_cwd, n) == 0 && abs[n] == '/')
		return xstrdup(abs + n + 1);
	return xstrdup(abs);
}

char *
path_dir(const char *abs)
{
	char *dir = xstrdup(abs), *slash;

	if ((slash = strrchr(dir, '/')) != NULL)
		slash == dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
	return dir;
}

int
path_below(const char *abs, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return 1;
	return strncmp(abs, dir, n) == 0 && (abs[n] == '\0' || abs[n] == '/');
}

int
path_within(const char *path, const char *dir)
{
	char *rp = realpath(path, NULL), *rd = realpath(dir, NULL);
	int in = rp != NULL && rd != NULL && path_below(rp, rd);

	free(rp);
	free(rd);
	return in;
}

char *
path_work_tree(const char *dir)
{
	char *root = xstrdup(dir), *probe, *slash;
	size_t n;
	int found;

	for (;;) {
		n = strlen(root) + sizeof("/.git");
		probe = xmalloc(n);
		snprintf(probe, n, "%s%s.git", root,
		    strcmp(root, "/") == 0 ? "" : "/");
		found = access(probe, F_OK) == 0;
		free(probe);
		if (found)
			return root;
		if (strcmp(root, "/") == 0 ||
		    (slash = strrchr(root, '/')) == NULL) {
			free(root);
			return NULL;
		}
		slash == root ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
	}
}

/*
 * libcurl opens the CA file at every request, with no timeout of its
 * own: a FIFO blocked past --service-timeout, and <(cat ca.pem), read
 * whole at the first request, was empty at the second.  A CA file is a
 * regular file, which libcurl reads, or a pipe or FIFO, which dgslint
 * reads once, within --service-timeout (http_ca_read()); anything else is
 * refused when it is named.
 */
const char *
path_not_ca_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0 || S_ISREG(st.st_mode) ||
	    S_ISFIFO(st.st_mode))
		return NULL;	/* missing: said at the first request */
	if (S_ISDIR(st.st_mode))
		return "a directory, not a regular file: name the CA file "
		    "itself";
	return "not a regular file, a pipe or a FIFO: name the CA file "
	    "itself";
}

int
config_named(const char *path)
{
	const char *base = strrchr(path, '/');

	return strcmp(base != NULL ? base + 1 : path, CONFIG_NAME) == 0;
}
