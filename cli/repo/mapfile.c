/*
 * mapfile.c: a large document read by mmap(2) (map_document()), guarded
 * against its file being cut short while it is read.
 */
#define _DEFAULT_SOURCE		/* st_mtim, MAP_ANONYMOUS, truncate */
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

/*
 * A mapped file that another program cuts short while it is read (an
 * editor or "git checkout" rewriting it during a hook) would kill the
 * process with SIGBUS at the first page past its new end, and every other
 * file's findings with it.  The mappings are listed here; SIGBUS at an
 * address in one of them maps zeroed pages over the rest of it (the
 * reader goes on, over zeros) and marks it changed; map_changed() then
 * tells the caller, which reports the document as changed while it was
 * read and drops its findings.  A SIGBUS anywhere else is what it was: the
 * handler gives the signal back to the system, which ends the process.
 * mmap(2) is not on POSIX's list of async-signal-safe calls, but it is a
 * system call and nothing more in the C libraries this runs on.
 */
#define MAP_SLOTS	16

static struct map_slot {
	char *volatile		 start;		/* NULL: free */
	volatile size_t		 len;
	volatile sig_atomic_t	 changed;
	/* The file as it was mapped, compared when it is done with. */
	dev_t			 dev;
	ino_t			 ino;
	off_t			 size;
	struct timespec		 mtime;
	char			*path;
} maps[MAP_SLOTS];

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	struct sigaction dfl;
	char *a = si->si_addr, *page, *end;
	long ps = sysconf(_SC_PAGESIZE);
	size_t i;

	(void)ctx;
	for (i = 0; i < MAP_SLOTS; i++) {
		if (maps[i].start == NULL || a < maps[i].start ||
		    a >= maps[i].start + maps[i].len)
			continue;
		page = maps[i].start + (size_t)(a - maps[i].start) /
		    (size_t)ps * (size_t)ps;
		end = maps[i].start + maps[i].len;
		if (mmap(page, (size_t)(end - page), PROT_READ, MAP_PRIVATE |
		    MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
			break;
		maps[i].changed = 1;
		return;
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	(void)sigaction(sig, &dfl, NULL);
}

/* The list is changed and looked up under maps_mu (the language
 * server reads snapshots on two threads); the handler reads it as it
 * is. */
static pthread_mutex_t maps_mu = PTHREAD_MUTEX_INITIALIZER;
static int installed;		/* under maps_mu */

/* Lists a new mapping; -1 when it cannot be guarded (map none then). */
static int
map_guard(char *p, size_t len, const char *path, const struct stat *st)
{
	struct sigaction sa;
	size_t i;

	pthread_mutex_lock(&maps_mu);
	if (!installed) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGBUS, &sa, NULL) != 0) {
			pthread_mutex_unlock(&maps_mu);
			return -1;
		}
		installed = 1;
	}
	for (i = 0; i < MAP_SLOTS; i++)
		if (maps[i].start == NULL)
			break;
	if (i == MAP_SLOTS) {
		pthread_mutex_unlock(&maps_mu);
		return -1;
	}
	maps[i].len = len;
	maps[i].changed = 0;
	maps[i].dev = st->st_dev;
	maps[i].ino = st->st_ino;
	maps[i].size = st->st_size;
	maps[i].mtime = st->st_mtim;
	maps[i].path = xstrdup(path);
	maps[i].start = p;	/* last: the handler reads it first */
	pthread_mutex_unlock(&maps_mu);
	return 0;
}

static struct map_slot *
map_slot(const char *p)
{
	size_t i;

	for (i = 0; i < MAP_SLOTS; i++)
		if (maps[i].start == p)
			return &maps[i];
	return NULL;
}

int
map_changed(const char *buf, int mapped)
{
	struct map_slot *m;
	struct stat st;
	int changed;

	if (!mapped)
		return 0;
	pthread_mutex_lock(&maps_mu);
	/* Cut short and written again, or rewritten in place, since: what
	 * was read may be half of each. */
	changed = (m = map_slot(buf)) != NULL && (m->changed ||
	    stat(m->path, &st) != 0 || st.st_dev != m->dev ||
	    st.st_ino != m->ino || st.st_size != m->size ||
	    st.st_mtim.tv_sec != m->mtime.tv_sec ||
	    st.st_mtim.tv_nsec != m->mtime.tv_nsec);
	pthread_mutex_unlock(&maps_mu);
	return changed;
}

int
map_document(const char *path, int regular, char **bufp, size_t *lenp,
    int *mapped, struct stat *stp, char *why, size_t whysize)
{
	struct stat st;
	void *p;
	int fd;

	if (stp != NULL)
		stp->st_mode = 0;
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
	if (stp != NULL)
		*stp = st;
	if (st.st_size >= MAP_MIN && (uintmax_t)st.st_size <= MAX_DOCUMENT &&
	    (p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
	    0)) != MAP_FAILED) {
		if (map_guard(p, (size_t)st.st_size, path, &st) != 0) {
			(void)munmap(p, (size_t)st.st_size);
			return read_fd(fd, 1, &st, MAX_DOCUMENT, bufp, lenp,
			    why, whysize);
		}
		close(fd);
		*bufp = p;
		*lenp = (size_t)st.st_size;
		*mapped = 1;
		/* For the tests: the file cut short once it is mapped. */
		if (getenv("DGSLINT_TEST_TRUNCATE_MAPPED") != NULL)
			(void)truncate(path, 0);
		return 0;
	}
	/* O_NONBLOCK changes nothing of a regular file's reads. */
	return read_fd(fd, 1, &st, MAX_DOCUMENT, bufp, lenp, why,
		    whysize);
}

void
unmap_document(char *buf, size_t len, int mapped)
{
	struct map_slot *m;

	if (!mapped) {
		free(buf);
		return;
	}
	pthread_mutex_lock(&maps_mu);
	if ((m = map_slot(buf)) != NULL) {
		m->start = NULL;	/* first: the handler reads it */
		free(m->path);
		m->path = NULL;
	}
	pthread_mutex_unlock(&maps_mu);
	(void)munmap(buf, len);
}
