/*
 * alloc.c: a cache of freed small blocks in front of the C library's
 * allocator, for the program only (the library allocates with malloc(3)
 * and leaves the allocator to the program that links it).
 *
 * A document becomes a json-c tree of many small blocks (an object is
 * three: its struct, its table's struct and a table of 16 entries, 640
 * bytes, from calloc()), and the tree is freed an element or a document
 * later, for the next one to be built of the same sizes.  glibc keeps 7
 * freed blocks of a size in its thread cache, and its calloc() does not
 * take from that cache (2.36), so most of a tree's blocks went through its
 * bins, were merged with their freed neighbours and split again:
 * malloc(), calloc() and free() were a fifth of the instructions on the
 * benchmark's 2,000 files.  Here a thread keeps up to CLASS_BYTES of freed
 * blocks of each size up to 1,040 bytes (2 MB at most), in a list a size,
 * and hands them out again; the rest goes to the C library as before.
 * The 2,000 files take 12% fewer instructions and about 7% less time, a
 * streamed 16 MB document 3.5% fewer instructions (callgrind).  Caps of 48
 * KB a size and more took 1.5% fewer instructions again on the 2,000 files
 * but 6 MB more memory on the 64 MB document with one thread (90 MB, 1.47
 * times its size against issue 18's 1.5); 32 KB, none.
 *
 * The blocks are the C library's: a freed one is filed by its
 * malloc_usable_size(), malloc() takes the one of its own size for n
 * bytes, and what is not cached is asked of __libc_malloc() and the
 * others, so realloc(), memalign() and glibc's own calls see nothing but
 * its blocks.  Built on glibc only (the Makefile checks that
 * __libc_malloc() links: DGS_ALLOC_CACHE); off under AddressSanitizer and
 * under the valgrind tools that replace malloc() (seen once, in the
 * LD_PRELOAD valgrind sets), which must see every free to find a use
 * after it; DGSLINT_NO_ALLOC_CACHE=1 turns it off.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
#define NO_CACHE
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NO_CACHE
#endif

#include <stddef.h>
#include <stdlib.h>

#include "cli.h"

#if defined(DGS_ALLOC_CACHE) && defined(__GLIBC__) && !defined(NO_CACHE)

#include <pthread.h>
#include <string.h>

void	*__libc_malloc(size_t);
void	*__libc_calloc(size_t, size_t);
void	*__libc_realloc(void *, size_t);
void	 __libc_free(void *);
size_t	 malloc_usable_size(void *);

#define CLASSES		64		/* blocks of 32 to 1,040 bytes */
#define CHUNK_MAX	(32 + 16 * (CLASSES - 1))
#define CLASS_BYTES	(32 * 1024)	/* cached blocks of a size, a thread */

struct cache {
	void	*head[CLASSES];	/* a list a size, linked through the blocks */
	size_t	 bytes[CLASSES];
	int	 state;		/* 0 new, 1 caching, 2 not (off, or ended) */
};

static _Thread_local struct cache cache;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static int off;			/* set once, by make_key() */

/* Gives a thread's blocks back when it ends. */
static void
thread_end(void *arg)
{
	struct cache *c = arg;
	void *p;
	int i;

	c->state = 2;
	for (i = 0; i < CLASSES; i++)
		while ((p = c->head[i]) != NULL) {
			c->head[i] = *(void **)p;
			__libc_free(p);
		}
	memset(c->bytes, 0, sizeof(c->bytes));
}

/* Whether a valgrind tool that replaces malloc() runs the program
 * (memcheck, massif, dhat, drd, helgrind preload a library of their own
 * beside the core's; callgrind and cachegrind do not). */
static int
under_valgrind(void)
{
	const char *v = getenv("LD_PRELOAD");

	while (v != NULL && (v = strstr(v, "vgpreload_")) != NULL) {
		v += sizeof("vgpreload_") - 1;
		if (strncmp(v, "core", 4) != 0)
			return 1;
	}
	return 0;
}

static void
make_key(void)
{
	const char *n = getenv("DGSLINT_NO_ALLOC_CACHE");

	off = under_valgrind() ||
	    (n != NULL && *n != '\0' && strcmp(n, "0") != 0) ||
	    pthread_key_create(&key, thread_end) != 0;
}

/* Whether this thread caches: known at its first free, when its blocks
 * are set to be given back as it ends. */
static int
caching(struct cache *c)
{
	if (c->state == 0) {
		c->state = 2;	/* while the key is made: it may allocate */
		pthread_once(&once, make_key);
		if (!off && pthread_setspecific(key, c) == 0)
			c->state = 1;
	}
	return c->state == 1;
}

/* A cached block for a request of n bytes, or NULL.  glibc's size for
 * n: n and its header, to 16 bytes, at least 32. */
static void *
take(size_t n)
{
	struct cache *c = &cache;
	size_t chunk;
	void *p;

	if (n > CHUNK_MAX - 8)
		return NULL;
	chunk = n < 24 ? 32 : (n + 8 + 15) & ~(size_t)15;
	if ((p = c->head[(chunk - 32) >> 4]) != NULL) {
		c->head[(chunk - 32) >> 4] = *(void **)p;
		c->bytes[(chunk - 32) >> 4] -= chunk;
	}
	return p;
}

void *
malloc(size_t n)
{
	void *p;

	return (p = take(n)) != NULL ? p : __libc_malloc(n);
}

/* (Not malloc() and memset(), which the compiler makes a call of
 * calloc(): this one.) */
void *
calloc(size_t n, size_t size)
{
	void *p;

	if (size != 0 && n > CHUNK_MAX / size)
		return __libc_calloc(n, size);
	if ((p = take(n * size)) == NULL)
		return __libc_calloc(n, size);
	return memset(p, 0, n * size);
}

void *
realloc(void *p, size_t n)
{
	return __libc_realloc(p, n);
}

void
free(void *p)
{
	struct cache *c = &cache;
	size_t chunk;

	if (p == NULL)
		return;
	if (c->state != 1 && !caching(c)) {
		__libc_free(p);
		return;
	}
	/* A block's size and header; not a multiple of 16 when the block
	 * is a memory map of its own (its header is 16 bytes). */
	chunk = malloc_usable_size(p) + 8;
	if (chunk <= CHUNK_MAX && chunk % 16 == 0 &&
	    c->bytes[(chunk - 32) >> 4] + chunk <= CLASS_BYTES) {
		*(void **)p = c->head[(chunk - 32) >> 4];
		c->head[(chunk - 32) >> 4] = p;
		c->bytes[(chunk - 32) >> 4] += chunk;
		return;
	}
	__libc_free(p);
}

size_t
alloc_cached(void)
{
	size_t i, n = 0;

	for (i = 0; i < CLASSES; i++)
		n += cache.bytes[i];
	return n;
}

#else

size_t
alloc_cached(void)
{
	return (size_t)-1;
}

#endif
