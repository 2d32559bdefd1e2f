/*
 * check_alloc.c: tests of the program's cache of freed small blocks
 * (alloc.c).  Every block is filled and checked before it is freed, so a
 * block handed out twice, or smaller than asked for, fails; glibc's own
 * checks stop the program on a block that is not its own.  Run as is and
 * with DGSLINT_NO_ALLOC_CACHE=1 (then nothing may be cached).
 */
#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
