/*
 * dgs_util.h: the library's utilities (util.c): a growable byte buffer,
 * hashing, copies and comparisons of strings, the edit distance, a set
 * of strings, an index by hash, and the pages of a mapped text given
 * back.  Not installed; includes no header of the library's.
 */
#ifndef DGS_UTIL_H
#define DGS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define DGS_PRINTF(a, b)	__attribute__((__format__(__printf__, a, b)))
#else
#define DGS_PRINTF(a, b)
#endif
/* A function whose branches follow addresses or a file's inode number,
 * which differ from one build's training to the next: not counted by a
 * build for profile-guided optimisation (the Makefile's PGO), whose
 * counts must be the same each time for a release to be the same bytes. */
#if defined(__has_attribute)
#if __has_attribute(__no_profile_instrument_function__)
#define DGS_UNPROFILED	__attribute__((__no_profile_instrument_function__))
#endif
#endif
#ifndef DGS_UNPROFILED
#define DGS_UNPROFILED
#endif

struct dgs_buf {
	char	*s;	/* NUL-terminated when len > 0 or after _cstr */
	size_t	 len;
	size_t	 cap;
	int	 oom;	/* an append failed; contents are truncated */
};

void	 dgs_buf_add(struct dgs_buf *, const char *, size_t);
/* Room for n more bytes (and a NUL) at b->s + b->len: 0, or -1 when out
 * of memory. */
int	 dgs_buf_reserve(struct dgs_buf *, size_t n);
void	 dgs_buf_adds(struct dgs_buf *, const char *);
void	 dgs_buf_addc(struct dgs_buf *, char);
void	 dgs_buf_addf(struct dgs_buf *, const char *, ...) DGS_PRINTF(2, 3);
void	 dgs_buf_vaddf(struct dgs_buf *, const char *, va_list)
	    DGS_PRINTF(2, 0);
void	 dgs_buf_free(struct dgs_buf *);
/* Appends key escaped as one RFC 6901 reference token ("~0", "~1"). */
void	 dgs_buf_add_ptr_token(struct dgs_buf *, const char *, size_t);

/* A 64-bit hash of the bytes, eight at a time with the tail in
 * overlapping loads: a byte loop costs 3.4% more instructions on the
 * benchmark's 2,000 files (callgrind).  Keyed by random bits taken once
 * per process (util.c says why), so that a hash never leaves the process
 * and its forked children, nor is written anywhere, and no output
 * depends on one: nothing is listed in the order of a hash table. */
uint64_t dgs_hash(const void *, size_t);
void	 dgs_hash2(const void *, size_t, uint64_t *, uint64_t *);
/* A value that is the same in two processes exactly when their hashes
 * are (the same key): sent with hashes that leave a process. */
uint64_t dgs_hash_tag(void);
char	*dgs_strdup(const char *);
char	*dgs_strndup(const char *, size_t);
/* Optimal string alignment distance, capped: returns max + 1 when the
 * distance is larger than max. */
size_t	 dgs_edit_distance(const char *, const char *, size_t max);
int	 dgs_strcasecmp(const char *, const char *);
/* Returns the candidate closest to word (edit distance at most about a
 * third of its length, case ignored), or NULL. */
const char *dgs_closest(const char *word, const char *const *cands,
    size_t n);

/* Simple open-addressing set of strings; keys are borrowed. */
struct dgs_strset {
	const char	**keys;
	size_t		  cap;
	size_t		  n;
};
int	 dgs_strset_add(struct dgs_strset *, const char *);	/* 1 new, 0 seen, <0 oom */
int	 dgs_strset_has(const struct dgs_strset *, const char *);
void	 dgs_strset_free(struct dgs_strset *);

/*
 * An index by hash for per-document sets and maps that may grow to
 * hundreds of thousands of entries: the caller keeps its entries in an
 * array of its own, in the order they came, and the index maps a hash to
 * their positions.  A slot is 8 bytes (32 bits of the hash and the
 * position), the table at most half full, so a lookup touches one or two
 * cache lines of a compact table and an entry only when the hash
 * matches.
 */
struct dgs_index {
	uint64_t	*slots;	/* hash32 << 32 | (position + 1); 0 empty */
	size_t		 cap, n;
};
#define DGS_INDEX_NONE	((size_t)-1)
/* The position of the first entry with hash h for which eq(arg, pos)
 * returns 1, or DGS_INDEX_NONE. */
size_t	 dgs_index_find(const struct dgs_index *, uint64_t h,
	    int (*eq)(void *arg, size_t pos), void *arg);
/* Calls fn(arg, pos) on every entry with hash h, until it returns 1. */
void	 dgs_index_each(const struct dgs_index *, uint64_t h,
	    int (*fn)(void *arg, size_t pos), void *arg);
/* Indexes position pos under hash h.  Returns 0, or -1 when out of
 * memory (or past 2^32 - 2 positions). */
int	 dgs_index_add(struct dgs_index *, uint64_t h, size_t pos);
/* Makes an empty index room for n entries at once: no growing, whose
 * old and new tables would both be held meanwhile.  -1 when out of
 * memory. */
int	 dgs_index_reserve(struct dgs_index *, size_t n);
void	 dgs_index_free(struct dgs_index *);

/* Gives back the pages of map (NULL: nothing to do) from *dropped to
 * to, when that is at least a megabyte, and moves *dropped on: for text
 * that has been read and may not be for a while.  Reading it again
 * reads it from the file. */
void	dgs_text_drop(const char *map, size_t *dropped, size_t to);
/* The order of a fix's edits (struct dgs_edit, dgslint.h), for qsort(3):
 * by offset, then end. */
int	dgs_edit_cmp(const void *, const void *);

#endif /* DGS_UTIL_H */
