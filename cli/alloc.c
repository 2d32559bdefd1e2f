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
 *
 * The lists are kept as glibc keeps its thread cache's (2.36), so that the
 * cache takes none of its checks away.  A link is stored mangled
 * ("safe-linking": the address it is stored at, shifted right 12 bits,
 * and a secret of the process drawn by getrandom(2), XORed in), and a
 * link that does not unmangle to a 16-byte boundary stops the program: a
 * write into a freed block does not hand out an address of its choosing.
 * A cached block's second word holds a key (random too) that no live
 * block holds, as glibc's tcache_key: a block freed again while cached,
 * by any thread, stops the program with "double free detected" rather
 * than being handed out twice.  This costs 0.8% more instructions on the
 * 2,000 files (callgrind: 2.818 to 2.841 G; 3.211 G without the cache).
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

#include <sys/random.h>

#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void	*__libc_malloc(size_t);
void	*__libc_calloc(size_t, size_t);
void	*__libc_realloc(void *, size_t);
void	 __libc_free(void *);
size_t	 malloc_usable_size(void *);

#define CLASSES		64		/* blocks of 32 to 1,040 bytes */
#define CHUNK_MAX	(32 + 16 * (CLASSES - 1))
#define CLASS_BYTES	(32 * 1024)	/* cached blocks of a size, a thread */

/* The first two words of a cached block. */
struct block {
	uintptr_t	 next;	/* the next block of the list, mangled */
	uintptr_t	 key;	/* free_key */
};

struct cache {
	struct block	*head[CLASSES];	/* a list a size */
	size_t		 bytes[CLASSES];
	int		 state;	/* 0 new, 1 caching, 2 not (off, or ended) */
};

static _Thread_local struct cache cache;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static int off;			/* set once, by make_key() */
static uintptr_t link_secret;	/* set once, by make_key() */
static uintptr_t free_key;

/* A link as stored at pos, and the block a stored link names. */
#define PROTECT(pos, p)	(((uintptr_t)(pos) >> 12) ^ (uintptr_t)(p) ^ \
			    link_secret)
#define REVEAL(pos, v)	((struct block *)(((uintptr_t)(pos) >> 12) ^ (v) ^ \
			    link_secret))
#define ALIGNED(b)	(((uintptr_t)(b) & 15) == 0)

/* Stops the program as glibc does on a corrupted heap: a message (no
 * stdio, which allocates) and abort(3). */
static void corrupted(const char *) __attribute__((__noreturn__));

static void
corrupted(const char *what)
{
	static const char pre[] = "dgslint: ";
	ssize_t r;

	r = write(2, pre, sizeof(pre) - 1);
	r = write(2, what, strlen(what));
	r = write(2, "\n", 1);
	(void)r;
	abort();
}

/* The block after b in its list. */
static struct block *
next_of(struct block *b)
{
	struct block *n = REVEAL(&b->next, b->next);

	if (!ALIGNED(n))
		corrupted("malloc(): unaligned block in the allocator cache "
		    "(a freed block was written to)");
	return n;
}

/* Gives a thread's blocks back when it ends. */
static void
thread_end(void *arg)
{
	struct cache *c = arg;
	struct block *b;
	int i;

	c->state = 2;
	for (i = 0; i < CLASSES; i++)
		while ((b = c->head[i]) != NULL) {
			c->head[i] = next_of(b);
			b->key = 0;	/* glibc may hand it out as it is */
			__libc_free(b);
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

/* The secrets of the lists, from getrandom(2), else /dev/urandom, else
 * (neither there) what varies from run to run. */
static void
make_secrets(void)
{
	uintptr_t v[2] = { 0, 0 };
	struct timespec ts;
	int fd, ok;

	ok = getrandom(v, sizeof(v), GRND_NONBLOCK) == (ssize_t)sizeof(v);
	if (!ok && (fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0) {
		ok = read(fd, v, sizeof(v)) == (ssize_t)sizeof(v);
		close(fd);
	}
	if (!ok) {
		clock_gettime(CLOCK_REALTIME, &ts);
		v[0] = ((uintptr_t)&ts ^ (uintptr_t)ts.tv_nsec) *
		    (uintptr_t)0x9e3779b97f4a7c15u;
		v[1] = ((uintptr_t)&cache ^ (uintptr_t)ts.tv_sec ^
		    (uintptr_t)getpid()) * (uintptr_t)0xbf58476d1ce4e5b9u;
	}
	link_secret = v[0];
	free_key = v[1] != 0 ? v[1] : 1;
}

static void
make_key(void)
{
	const char *n = getenv("DGSLINT_NO_ALLOC_CACHE");

	off = under_valgrind() ||
	    (n != NULL && *n != '\0' && strcmp(n, "0") != 0) ||
	    pthread_key_create(&key, thread_end) != 0;
	if (!off)
		make_secrets();
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
	struct block *b;
	size_t chunk, i;

	if (n > CHUNK_MAX - 8)
		return NULL;
	chunk = n < 24 ? 32 : (n + 8 + 15) & ~(size_t)15;
	i = (chunk - 32) >> 4;
	if ((b = c->head[i]) != NULL) {
		c->head[i] = next_of(b);
		c->bytes[i] -= chunk;
		b->key = 0;
	}
	return b;
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
	struct block *b = p;
	size_t chunk, i;

	if (p == NULL)
		return;
	if (c->state != 1 && !caching(c)) {
		__libc_free(p);
		return;
	}
	/* Only a cached block holds the key: its list's thread, or
	 * another, has it. */
	if (b->key == free_key)
		corrupted("free(): double free detected in the allocator "
		    "cache");
	/* A block's size and header; not a multiple of 16 when the block
	 * is a memory map of its own (its header is 16 bytes). */
	chunk = malloc_usable_size(p) + 8;
	i = (chunk - 32) >> 4;
	if (chunk <= CHUNK_MAX && chunk % 16 == 0 &&
	    c->bytes[i] + chunk <= CLASS_BYTES) {
		b->next = PROTECT(&b->next, c->head[i]);
		b->key = free_key;
		c->head[i] = b;
		c->bytes[i] += chunk;
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
