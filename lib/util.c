/*
 * util.c: growable buffers, hashing, string sets, edit distance.
 */
#define _DEFAULT_SOURCE		/* madvise(), getentropy() */
#include <sys/mman.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dgslint.h"
#include "dgs_util.h"

#define DROP_MIN	(1024 * 1024)

void
dgs_text_drop(const char *map, size_t *dropped, size_t to)
{
	/* A power of two; racing writers agree, atomically (the language
	 * server lints on two threads). */
	static atomic_size_t page_size;
	size_t end, pg;
	long n;

	if (map == NULL || to < *dropped + DROP_MIN)
		return;
	if ((pg = atomic_load_explicit(&page_size,
	    memory_order_relaxed)) == 0) {
		pg = (n = sysconf(_SC_PAGESIZE)) > 0 ? (size_t)n : 4096;
		atomic_store_explicit(&page_size, pg, memory_order_relaxed);
	}
	end = to & ~(pg - 1);
	/* A hint: when it fails, the pages stay. */
	(void)madvise((void *)(uintptr_t)(map + *dropped), end - *dropped,
	    MADV_DONTNEED);
	*dropped = end;
}

static int
buf_grow(struct dgs_buf *b, size_t need)
{
	size_t cap;
	char *s;

	if (b->oom)
		return -1;
	if (b->len + need + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < b->len + need + 1) {
		if (cap > (size_t)-1 / 2) {
			b->oom = 1;
			return -1;
		}
		cap *= 2;
	}
	if ((s = realloc(b->s, cap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void
dgs_buf_add(struct dgs_buf *b, const char *s, size_t n)
{
	/* Called for every step of every JSON Pointer walked: the test
	 * for room inline, the growing out of line. */
	if ((n >= b->cap - b->len || b->oom) && buf_grow(b, n) != 0)
		return;
	if (n > 0)
		memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

int
dgs_buf_reserve(struct dgs_buf *b, size_t n)
{
	return buf_grow(b, n);
}

void
dgs_buf_adds(struct dgs_buf *b, const char *s)
{
	dgs_buf_add(b, s, strlen(s));
}

void
dgs_buf_addc(struct dgs_buf *b, char c)
{
	dgs_buf_add(b, &c, 1);
}

void
dgs_buf_vaddf(struct dgs_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || buf_grow(b, (size_t)n) != 0)
		return;
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
dgs_buf_addf(struct dgs_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dgs_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void
dgs_buf_free(struct dgs_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

void
dgs_buf_add_ptr_token(struct dgs_buf *b, const char *s, size_t n)
{
	size_t i, start;

	dgs_buf_addc(b, '/');
	/* Most names need no escape: one append. */
	for (i = 0; i < n && s[i] != '~' && s[i] != '/'; i++)
		continue;
	if (i == n) {
		dgs_buf_add(b, s, n);
		return;
	}
	for (i = start = 0; i < n; i++) {
		if (s[i] != '~' && s[i] != '/')
			continue;
		dgs_buf_add(b, s + start, i - start);
		dgs_buf_add(b, s[i] == '~' ? "~0" : "~1", 2);
		start = i + 1;
	}
	dgs_buf_add(b, s + start, n - start);
}

/*
 * Hashing.  The names and values hashed come from the linted file, so
 * that a document could be made of names that all fall in one slot of a
 * table, and make its searches quadratic (hash flooding), if their
 * hashes could be worked out: they are keyed by 256 random bits taken
 * once per process, before main() where the compiler runs constructors
 * (GCC, Clang), else at the first hash.  The key enters every step as a
 * multiplier of a 64 by 64-bit product folded to 64 bits (its halves
 * xored, as wyhash does), so that how a change in the bytes spreads
 * depends on the key too: with the key only in the starting value, two
 * words that differ in their top bit would leave states that differ in
 * the same bits whatever the key (a product by an odd number keeps a
 * difference in the top bit there, and only there).  A process
 * forked after the key was taken has the parent's key, and its hashes
 * are the parent's; the hashes that do leave a process, the
 * document-set keys, are sent with dgs_hash_tag() and made again by a
 * process with another key (rules/docset.c).
 */
static uint64_t		 hash_key[4];
static atomic_int	 hash_keyed;
static pthread_once_t	 hash_once = PTHREAD_ONCE_INIT;

/* splitmix64's step: for a key made of the time and the process. */
static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
hash_key_init(void)
{
	struct timespec ts;
	uint64_t k[4], x;
	size_t i;

	/* The same key in every process, for the runs that train a build's
	 * profile (make's PGO), which must count the same branches each
	 * time so that a release is built to the same bytes. */
	if (getenv("DGSLINT_TEST_HASH_KEY") != NULL) {
		x = 0;
		for (i = 0; i < 4; i++)
			k[i] = splitmix(&x);
	} else if (getentropy(k, sizeof(k)) != 0) {
		/* No entropy to be had (an old kernel, a sandbox): the
		 * time, the process and where memory was put. */
		(void)clock_gettime(CLOCK_REALTIME, &ts);
		x = (uint64_t)ts.tv_sec * 1000000000ULL +
		    (uint64_t)ts.tv_nsec;
		x ^= (uint64_t)getpid() << 32;
		x ^= (uint64_t)(uintptr_t)&ts ^ (uint64_t)(uintptr_t)k;
		for (i = 0; i < 4; i++)
			k[i] = splitmix(&x);
	}
	/* The multipliers (1 and 3) odd, so never 0. */
	for (i = 0; i < 4; i++)
		hash_key[i] = k[i] | (i & 1);
	atomic_store_explicit(&hash_keyed, 1, memory_order_release);
}

#if defined(__GNUC__)
/* Before main(), and so before any thread or fork(2). */
__attribute__((__constructor__)) static void
hash_key_at_start(void)
{
	(void)pthread_once(&hash_once, hash_key_init);
}
#endif

/* Whether the key is taken: always once main() has begun, where
 * constructors run. */
static inline int
keyed(void)
{
	return atomic_load_explicit(&hash_keyed, memory_order_acquire);
}

#if defined(__GNUC__)
#define COLD	__attribute__((__noinline__, __cold__))
#else
#define COLD
#endif

/* The first hashes, before the key is taken: out of line, so that the
 * hashes after it need no stack frame (one cost 7 instructions more a
 * hash, 1% of a lint of the benchmark's 2,000 files). */
static COLD uint64_t
hash_first(const void *p, size_t n)
{
	(void)pthread_once(&hash_once, hash_key_init);
	return dgs_hash(p, n);
}

static COLD void
hash2_first(const void *p, size_t n, uint64_t *h1, uint64_t *h2)
{
	(void)pthread_once(&hash_once, hash_key_init);
	dgs_hash2(p, n, h1, h2);
}

/* The 128-bit product of a and b, its halves xored. */
static inline uint64_t
mum(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
	__extension__ typedef unsigned __int128 u128;
	u128 r = (u128)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
#else
	uint64_t ha = a >> 32, la = (uint32_t)a, hb = b >> 32,
	    lb = (uint32_t)b, hl = ha * lb, lh = la * hb, ll = la * lb, mid;

	mid = (ll >> 32) + (uint32_t)hl + (uint32_t)lh;
	return ((mid << 32) | (uint32_t)ll) ^
	    (ha * hb + (hl >> 32) + (lh >> 32) + (mid >> 32));
#endif
}

/* Eight bytes a step (a byte at a time is bound by the multiplier's
 * latency), each word mixed in with one keyed product. */
uint64_t
dgs_hash(const void *p, size_t n)
{
	const uint64_t *k = hash_key;
	const unsigned char *s = p, *end = s + n;
	uint64_t h, w;
	uint32_t a, b;

	if (!keyed())
		return hash_first(p, n);
	h = k[0] ^ n;

	/* Whole words, then the last eight bytes (overlapping the words
	 * before) or two overlapping halves: no loop or switch over the
	 * last bytes, whose length varies from one name to the next and
	 * cost a mispredicted jump. */
	if (n >= 8) {
		for (; end - s > 8; s += 8) {
			memcpy(&w, s, 8);
			h = mum(h ^ w, k[1]);
		}
		memcpy(&w, end - 8, 8);
	} else if (n >= 4) {
		memcpy(&a, s, 4);
		memcpy(&b, end - 4, 4);
		w = (uint64_t)a << 32 | b;
	} else if (n > 0)
		w = (uint64_t)s[0] << 16 | (uint64_t)s[n >> 1] << 8 | end[-1];
	else
		w = 0;
	h = mum(h ^ w, k[1]);
	return mum(h ^ k[2], k[3]);
}

/* Two hashes of 64 bits from two lanes with keys of their own, for keys
 * that are compared by their hashes alone (rules/docset.c). */
void
dgs_hash2(const void *p, size_t n, uint64_t *h1, uint64_t *h2)
{
	const uint64_t *k = hash_key;
	const unsigned char *s = p, *end = s + n;
	uint64_t a, b, w = 0;

	if (!keyed()) {
		hash2_first(p, n, h1, h2);
		return;
	}
	a = k[0] ^ n;
	b = k[2] + n;

	/* Whole words, then the last eight bytes, overlapping the words
	 * before (the length is hashed in), as dgs_hash(). */
	if (n >= 8) {
		for (; end - s > 8; s += 8) {
			memcpy(&w, s, 8);
			a = mum(a ^ w, k[1]);
			b = mum(b ^ w, k[3]);
		}
		memcpy(&w, end - 8, 8);
	} else
		for (; s < end; s++)
			w = w << 8 | *s;
	a = mum(a ^ w, k[1]);
	b = mum(b ^ w, k[3]);
	*h1 = mum(a ^ k[2], k[3]);
	*h2 = mum(b ^ k[0], k[1]);
}

uint64_t
dgs_hash_tag(void)
{
	const uint64_t *k = hash_key;

	if (!keyed())
		(void)pthread_once(&hash_once, hash_key_init);

	return mum(k[0] ^ k[3], k[1]) ^ mum(k[2], k[3]);
}

char *
dgs_strndup(const char *s, size_t n)
{
	char *p;

	if ((p = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
dgs_strdup(const char *s)
{
	return dgs_strndup(s, strlen(s));
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int
dgs_strcasecmp(const char *a, const char *b)
{
	while (*a != '\0' && lower((unsigned char)*a) ==
	    lower((unsigned char)*b)) {
		a++;
		b++;
	}
	return lower((unsigned char)*a) - lower((unsigned char)*b);
}

/*
 * The optimal string alignment distance (insertions, deletions,
 * substitutions, and transpositions of two adjacent bytes, no byte edited
 * twice), a bit a byte of a (at most 64): the column of the dynamic
 * programme is held as its differences from one row to the next, in bit
 * vectors, and moves on by a byte of b in a dozen word operations, not
 * la cells (H. Hyyrö, "A bit-vector algorithm for computing Levenshtein
 * and Damerau edit distances", Nordic Journal of Computing 10, 2003,
 * after G. Myers, JACM 46(3), 1999).  The cells took 2% of the
 * benchmark's instructions, in the suggestions of unknown names.
 */
size_t
dgs_edit_distance(const char *a, const char *b, size_t max)
{
	uint64_t peq[256], vp, vn, d0, hp, hn, x, pm, pm_prev, tr, top;
	const unsigned char *ua = (const unsigned char *)a;
	const unsigned char *ub = (const unsigned char *)b;
	size_t la = strlen(a), lb = strlen(b), i, d;

	if ((la > lb ? la - lb : lb - la) > max)
		return max + 1;
	if (la > 64 || lb > 64)
		return strcmp(a, b) == 0 ? 0 : max + 1;
	if (la == 0)
		return lb;
	for (i = 0; i < la; i++)
		peq[ua[i]] = 0;
	for (i = 0; i < lb; i++)
		peq[ub[i]] = 0;
	for (i = 0; i < la; i++)
		peq[ua[i]] |= (uint64_t)1 << i;
	top = (uint64_t)1 << (la - 1);
	vp = ~(uint64_t)0;
	vn = d0 = pm_prev = 0;
	d = la;
	for (i = 0; i < lb; i++) {
		pm = peq[ub[i]];
		tr = ((~d0 & pm) << 1) & pm_prev;
		d0 = (((pm & vp) + vp) ^ vp) | pm | vn | tr;
		hp = vn | ~(d0 | vp);
		hn = d0 & vp;
		if (hp & top)
			d++;
		else if (hn & top)
			d--;
		/* What is left of b can take off one edit a byte at most. */
		if (d > max + (lb - i - 1))
			return max + 1;
		x = (hp << 1) | 1;
		vn = x & d0;
		vp = (hn << 1) | ~(x | d0);
		pm_prev = pm;
	}
	return d > max ? max + 1 : d;
}

const char *
dgs_closest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t i, d, bestd, max, len, wlen;
	char lw[65], lc[65];

	wlen = strlen(word);
	if (wlen == 0 || wlen > 64)
		return NULL;
	for (i = 0; i <= wlen; i++)
		lw[i] = (char)lower((unsigned char)word[i]);
	max = wlen < 4 ? 1 : wlen < 9 ? 2 : 3;
	bestd = max + 1;
	for (i = 0; i < n; i++) {
		/* Only a candidate nearer than the best so far can take
		 * its place: its length within bestd - 1 of the word's,
		 * and the distance cut off there. */
		if (cands[i] == NULL || bestd == 0 ||
		    (len = strlen(cands[i])) > 64 ||
		    (len > wlen ? len - wlen : wlen - len) >= bestd)
			continue;
		for (len = 0; cands[i][len] != '\0'; len++)
			lc[len] = (char)lower((unsigned char)cands[i][len]);
		lc[len] = '\0';
		d = dgs_edit_distance(lw, lc, bestd - 1);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return best;
}

const char *
dgs_suggest(const char *word, const char *const *cands, size_t n)
{
	if (word == NULL || cands == NULL)
		return NULL;
	return dgs_closest(word, cands, n);
}

/*
 * String sets: open addressing, linear probing, load at most one half.
 */
static int
strset_grow(struct dgs_strset *set)
{
	const char **keys, **old = set->keys;
	size_t cap = set->cap ? set->cap * 2 : 16, i, j, oldcap = set->cap;

	if ((keys = calloc(cap, sizeof(*keys))) == NULL)
		return -1;
	for (i = 0; i < oldcap; i++) {
		if (old[i] == NULL)
			continue;
		j = dgs_hash(old[i], strlen(old[i])) & (cap - 1);
		while (keys[j] != NULL)
			j = (j + 1) & (cap - 1);
		keys[j] = old[i];
	}
	free(old);
	set->keys = keys;
	set->cap = cap;
	return 0;
}

int
dgs_strset_add(struct dgs_strset *set, const char *key)
{
	size_t j;

	if ((set->n + 1) * 2 > set->cap && strset_grow(set) != 0)
		return -1;
	j = dgs_hash(key, strlen(key)) & (set->cap - 1);
	while (set->keys[j] != NULL) {
		if (strcmp(set->keys[j], key) == 0)
			return 0;
		j = (j + 1) & (set->cap - 1);
	}
	set->keys[j] = key;
	set->n++;
	return 1;
}

int
dgs_strset_has(const struct dgs_strset *set, const char *key)
{
	size_t j;

	if (set->cap == 0)
		return 0;
	j = dgs_hash(key, strlen(key)) & (set->cap - 1);
	while (set->keys[j] != NULL) {
		if (strcmp(set->keys[j], key) == 0)
			return 1;
		j = (j + 1) & (set->cap - 1);
	}
	return 0;
}

void
dgs_strset_free(struct dgs_strset *set)
{
	free(set->keys);
	set->keys = NULL;
	set->cap = set->n = 0;
}

/*
 * Hash indexes: open addressing, linear probing, load at most one half.
 * The 32 bits kept of a hash both place the slot and tell most other
 * keys apart without looking at their entries.
 */
static uint32_t
index_h32(uint64_t h)
{
	return (uint32_t)(h ^ (h >> 32));
}

static int
index_grow(struct dgs_index *ix)
{
	uint64_t *slots, *old = ix->slots;
	size_t cap = ix->cap ? ix->cap * 2 : 64, i, j;

	if (cap > SIZE_MAX / sizeof(*slots) ||
	    (slots = calloc(cap, sizeof(*slots))) == NULL)
		return -1;
	for (i = 0; i < ix->cap; i++) {
		if (old[i] == 0)
			continue;
		for (j = (old[i] >> 32) & (cap - 1); slots[j] != 0;
		    j = (j + 1) & (cap - 1))
			continue;
		slots[j] = old[i];
	}
	free(old);
	ix->slots = slots;
	ix->cap = cap;
	return 0;
}

void
dgs_index_each(const struct dgs_index *ix, uint64_t h,
    int (*fn)(void *, size_t), void *arg)
{
	uint32_t h32 = index_h32(h);
	uint64_t v;
	size_t j;

	if (ix->cap == 0)
		return;
	for (j = h32 & (ix->cap - 1); (v = ix->slots[j]) != 0;
	    j = (j + 1) & (ix->cap - 1))
		if ((uint32_t)(v >> 32) == h32 &&
		    fn(arg, (size_t)(v & 0xffffffffu) - 1))
			return;
}

struct index_find {
	int	(*eq)(void *, size_t);
	void	*arg;
	size_t	 pos;
};

static int
index_found(void *arg, size_t pos)
{
	struct index_find *f = arg;

	if (!f->eq(f->arg, pos))
		return 0;
	f->pos = pos;
	return 1;
}

size_t
dgs_index_find(const struct dgs_index *ix, uint64_t h,
    int (*eq)(void *, size_t), void *arg)
{
	struct index_find f;

	f.eq = eq;
	f.arg = arg;
	f.pos = DGS_INDEX_NONE;
	dgs_index_each(ix, h, index_found, &f);
	return f.pos;
}

int
dgs_index_add(struct dgs_index *ix, uint64_t h, size_t pos)
{
	uint32_t h32 = index_h32(h);
	size_t j;

	if (pos >= 0xffffffffu ||
	    ((ix->n + 1) * 2 > ix->cap && index_grow(ix) != 0))
		return -1;
	for (j = h32 & (ix->cap - 1); ix->slots[j] != 0;
	    j = (j + 1) & (ix->cap - 1))
		continue;
	ix->slots[j] = (uint64_t)h32 << 32 | (uint64_t)(pos + 1);
	ix->n++;
	return 0;
}

int
dgs_index_reserve(struct dgs_index *ix, size_t n)
{
	size_t cap = 64;

	if (ix->n > 0)
		return 0;
	while (cap / 2 < n && cap <= SIZE_MAX / sizeof(*ix->slots) / 2)
		cap *= 2;
	if (cap <= ix->cap)
		return 0;
	free(ix->slots);
	ix->cap = 0;
	if ((ix->slots = calloc(cap, sizeof(*ix->slots))) == NULL)
		return -1;
	ix->cap = cap;
	return 0;
}

void
dgs_index_free(struct dgs_index *ix)
{
	free(ix->slots);
	ix->slots = NULL;
	ix->cap = ix->n = 0;
}

int
dgs_edit_cmp(const void *a, const void *b)
{
	const struct dgs_edit *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}
