/*
 * check_alloc.c: tests of the program's cache of freed small blocks
 * (alloc.c).  Every block is filled and checked before it is freed, so a
 * block handed out twice, or smaller than asked for, fails; glibc's own
 * checks stop the program on a block that is not its own.  A block freed
 * twice, or a freed block written to, must stop the program (in a child
 * process here), as glibc's thread cache does.  Run as is and with
 * DGSLINT_NO_ALLOC_CACHE=1 (then nothing may be cached).
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

size_t	malloc_usable_size(void *);

static int off;		/* DGSLINT_NO_ALLOC_CACHE is set */
static int built;	/* the cache is built in */

static void
fill(unsigned char *p, size_t n, unsigned char v)
{
	memset(p, v, n);
}

static int
filled(const unsigned char *p, size_t n, unsigned char v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

#define NSIZES	1200

/* Every size to past the largest cached one, freed and asked for again
 * in other orders: each block at least its size, none shared. */
START_TEST(test_sizes)
{
	static unsigned char *v[NSIZES];
	size_t n, round, k;

	for (round = 0; round < 3; round++) {
		for (n = 0; n < NSIZES; n++) {
			k = round == 1 ? NSIZES - 1 - n : n;
			if (v[k] != NULL)
				continue;
			v[k] = malloc(k);
			ck_assert_ptr_nonnull(v[k]);
			ck_assert_uint_ge(malloc_usable_size(v[k]), k);
			fill(v[k], k, (unsigned char)k);
		}
		for (n = 0; n < NSIZES; n++) {
			ck_assert(filled(v[n], n, (unsigned char)n));
			if ((n + round) % 2 == 0 || round == 2) {
				free(v[n]);
				v[n] = NULL;
			}
		}
	}
}
END_TEST

/* A freed block is the next one of its size (its class: 97 to 104 bytes
 * are one size to glibc), and not of another size. */
START_TEST(test_reuse)
{
	unsigned char *p, *q, *r;
	volatile uintptr_t was;
	size_t before;

	if (!built)
		return;
	p = malloc(100);
	ck_assert_ptr_nonnull(p);
	before = alloc_cached();
	was = (uintptr_t)p;	/* compared as a number once freed */
	free(p);
	if (off) {
		ck_assert_uint_eq(alloc_cached(), 0);
		return;
	}
	ck_assert_uint_eq(alloc_cached(), before + 112);
	q = malloc(104);
	ck_assert_uint_eq((uintptr_t)q, was);
	ck_assert_uint_eq(alloc_cached(), before);
	free(q);
	r = malloc(105);
	ck_assert_uint_ne((uintptr_t)r, was);
	ck_assert_uint_ge(malloc_usable_size(r), 105);
	q = malloc(97);
	ck_assert_uint_eq((uintptr_t)q, was);
	free(q);
	free(r);
}
END_TEST

/* calloc() zeroes a cached block, and fails on a size that overflows. */
START_TEST(test_calloc)
{
	volatile size_t huge = SIZE_MAX / 2;
	unsigned char *p, *q;
	volatile uintptr_t was;

	p = malloc(500);
	ck_assert_ptr_nonnull(p);
	fill(p, 500, 0xaa);
	was = (uintptr_t)p;
	free(p);
	q = calloc(50, 10);
	ck_assert_ptr_nonnull(q);
	if (built && !off)
		ck_assert_uint_eq((uintptr_t)q, was);
	ck_assert(filled(q, 500, 0));
	free(q);
	q = calloc(0, 16);
	free(q);
	if (!built)
		return;	/* AddressSanitizer stops the program on it */
	errno = 0;
	ck_assert_ptr_null(calloc(huge, 4));
	ck_assert_int_eq(errno, ENOMEM);
}
END_TEST

/* realloc() keeps the bytes, to a larger block and a smaller. */
START_TEST(test_realloc)
{
	unsigned char *p;

	p = malloc(10);
	ck_assert_ptr_nonnull(p);
	fill(p, 10, 7);
	p = realloc(p, 5000);
	ck_assert_ptr_nonnull(p);
	ck_assert(filled(p, 10, 7));
	fill(p, 5000, 9);
	p = realloc(p, 20);
	ck_assert_ptr_nonnull(p);
	ck_assert(filled(p, 20, 9));
	free(p);
	p = realloc(NULL, 40);
	ck_assert_ptr_nonnull(p);
	free(p);
}
END_TEST

/* A size holds 32 KB at most: the rest goes back to the C library. */
START_TEST(test_bound)
{
	enum { N = 4000 };
	static void *v[N];
	size_t before = alloc_cached(), i;

	for (i = 0; i < N; i++) {
		v[i] = malloc(200);
		ck_assert_ptr_nonnull(v[i]);
	}
	for (i = 0; i < N; i++)
		free(v[i]);
	if (!built)
		return;
	if (off)
		ck_assert_uint_eq(alloc_cached(), 0);
	else {
		ck_assert_uint_gt(alloc_cached(), before);
		ck_assert_uint_le(alloc_cached() - before, 32 * 1024);
	}
}
END_TEST

/*
 * Four threads: two churn blocks of their own; one allocates blocks the
 * other frees (a block cached by a thread other than its own).
 */
#define HANDED	2048

struct hand {
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
	unsigned char	*v[HANDED];
	size_t		 n[HANDED];
	size_t		 put, got;
};

static uint32_t
next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void *
churn(void *arg)
{
	enum { LIVE = 256 };
	unsigned char *v[LIVE] = { 0 };
	size_t n[LIVE] = { 0 };
	uint32_t s = (uint32_t)(uintptr_t)arg;
	size_t i, k;
	long bad = 0;

	for (i = 0; i < 200000; i++) {
		k = next(&s) % LIVE;
		if (v[k] != NULL) {
			if (!filled(v[k], n[k], (unsigned char)k))
				bad++;
			free(v[k]);
		}
		n[k] = next(&s) % 1100;
		if ((v[k] = next(&s) % 4 ? malloc(n[k]) :
		    calloc(1, n[k])) == NULL)
			return (void *)-1;
		fill(v[k], n[k], (unsigned char)k);
	}
	for (k = 0; k < LIVE; k++) {
		if (v[k] != NULL && !filled(v[k], n[k], (unsigned char)k))
			bad++;
		free(v[k]);
	}
	return (void *)bad;
}

static void *
give(void *arg)
{
	struct hand *h = arg;
	uint32_t s = 7;
	size_t i, n;

	for (i = 0; i < HANDED; i++) {
		n = next(&s) % 1100;
		pthread_mutex_lock(&h->mu);
		if ((h->v[i] = malloc(n)) != NULL)
			fill(h->v[i], n, (unsigned char)i);
		h->n[i] = n;
		h->put = i + 1;
		pthread_cond_signal(&h->cv);
		pthread_mutex_unlock(&h->mu);
	}
	return NULL;
}

static void *
take(void *arg)
{
	struct hand *h = arg;
	long bad = 0;
	size_t i;

	for (i = 0; i < HANDED; i++) {
		pthread_mutex_lock(&h->mu);
		while (h->put <= i)
			pthread_cond_wait(&h->cv, &h->mu);
		pthread_mutex_unlock(&h->mu);
		if (h->v[i] == NULL || !filled(h->v[i], h->n[i],
		    (unsigned char)i))
			bad++;
		free(h->v[i]);
	}
	return (void *)bad;
}

START_TEST(test_threads)
{
	static struct hand h;
	pthread_t th[4];
	void *rv;
	int i;

	pthread_mutex_init(&h.mu, NULL);
	pthread_cond_init(&h.cv, NULL);
	ck_assert_int_eq(pthread_create(&th[0], NULL, churn, (void *)1), 0);
	ck_assert_int_eq(pthread_create(&th[1], NULL, churn, (void *)2), 0);
	ck_assert_int_eq(pthread_create(&th[2], NULL, give, &h), 0);
	ck_assert_int_eq(pthread_create(&th[3], NULL, take, &h), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(th[i], &rv), 0);
		ck_assert_ptr_null(rv);
	}
	pthread_mutex_destroy(&h.mu);
	pthread_cond_destroy(&h.cv);
}
END_TEST

/*
 * Misuse: in a child process, which must die of SIGABRT (or at least not
 * get what it aimed at).  The pointers go through volatiles, so that the
 * compiler sees no double free or use after free, and keeps each call
 * (a block that does not escape may not be allocated at all).
 */
static void *volatile hidden, *volatile hidden2;

/* Runs f in a child process (no core file); its wait status, and the
 * start of its standard error in err. */
static int
in_child(void (*f)(void), char *err, size_t size)
{
	struct rlimit no_core = { 0, 0 };
	char skip[256];
	size_t n = 0;
	ssize_t r;
	pid_t pid;
	int fd[2], status;

	ck_assert_int_eq(pipe(fd), 0);
	if ((pid = fork()) == 0) {
		setrlimit(RLIMIT_CORE, &no_core);
		dup2(fd[1], 2);
		close(fd[0]);
		close(fd[1]);
		f();
		_exit(0);
	}
	ck_assert_int_gt(pid, 0);
	close(fd[1]);
	while ((r = read(fd[0], n + 1 < size ? err + n : skip,
	    n + 1 < size ? size - 1 - n : sizeof(skip))) > 0)
		if (n + 1 < size)
			n += (size_t)r;
	err[n] = '\0';
	close(fd[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return status;
}

#define ck_assert_aborted(st, err) \
	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, \
	    "wait status %d, standard error: %s", st, err)

static void
double_free(void)
{
	hidden = malloc(100);
	free(hidden);
	free(hidden);
}

/* Freed again after blocks of its size and another came and went. */
static void
double_free_later(void)
{
	hidden = malloc(100);
	free(hidden);
	hidden2 = malloc(300);
	free(hidden2);
	hidden2 = malloc(100);
	free(hidden2);
	free(hidden);
}

static void *
free_it(void *p)
{
	free(p);
	return NULL;
}

/* Freed again by another thread than the one that cached it. */
static void
double_free_thread(void)
{
	pthread_t th;

	hidden = malloc(100);
	free(hidden);
	if (pthread_create(&th, NULL, free_it, hidden) == 0)
		pthread_join(th, NULL);
}

/* A block freed twice stops the program, whichever thread frees it, and
 * is not handed out twice.  glibc's own cache stops the first two with
 * the cache off; under a sanitizer the sanitizer reports them. */
START_TEST(test_double_free)
{
	char err[512];
	int st;

	if (!built)
		return;
	st = in_child(double_free, err, sizeof(err));
	ck_assert_aborted(st, err);
	ck_assert_ptr_nonnull(strstr(err, "double free detected"));
	st = in_child(double_free_later, err, sizeof(err));
	ck_assert_aborted(st, err);
	ck_assert_ptr_nonnull(strstr(err, "double free detected"));
	if (off)
		return;
	st = in_child(double_free_thread, err, sizeof(err));
	ck_assert_aborted(st, err);
	ck_assert_str_eq(err, "dgslint: free(): double free detected in the "
	    "allocator cache\n");
}
END_TEST

/* A freed block's link (its first word) changed by a bit, as a write
 * after free may change it: the cache (or glibc's) stops the program
 * rather than hand out a block at that address. */
static void
flipped_link(void)
{
	hidden = malloc(100);
	hidden2 = malloc(100);
	free(hidden2);
	free(hidden);
	*(volatile uintptr_t *)hidden ^= 1;
	hidden = malloc(100);
	hidden = malloc(100);
}

/* A freed block's link overwritten with an address (aligned, as an
 * attack would write it): the next blocks are not that address. */
static unsigned char target[256] __attribute__((__aligned__(64)));

static void
forged_link(void)
{
	hidden = malloc(100);
	hidden2 = malloc(100);
	free(hidden2);
	free(hidden);
	*(volatile uintptr_t *)hidden = (uintptr_t)(target + 64);
	hidden = malloc(100);
	hidden = malloc(100);
	_exit(hidden == target + 64 ? 3 : 0);
}

START_TEST(test_corrupted_link)
{
	char err[512];
	int st;

	if (!built)
		return;
	st = in_child(flipped_link, err, sizeof(err));
	ck_assert_aborted(st, err);
	ck_assert_ptr_nonnull(strstr(err, "unaligned"));
	st = in_child(forged_link, err, sizeof(err));
	ck_assert_msg(!WIFEXITED(st) || WEXITSTATUS(st) != 3,
	    "malloc() handed out the address written into a freed block");
}
END_TEST

int
main(void)
{
	const char *e = getenv("DGSLINT_NO_ALLOC_CACHE");
	Suite *s = suite_create("alloc");
	TCase *tc = tcase_create("alloc");
	SRunner *sr;
	int failed;

	off = e != NULL && *e != '\0' && strcmp(e, "0") != 0;
	built = alloc_cached() != (size_t)-1;
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sizes);
	tcase_add_test(tc, test_reuse);
	tcase_add_test(tc, test_calloc);
	tcase_add_test(tc, test_realloc);
	tcase_add_test(tc, test_bound);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_double_free);
	tcase_add_test(tc, test_corrupted_link);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
