/*
 * snapshot_int.h: inside lib/, what the files of a schema snapshot
 * share.  snapshot.c looks tables and columns up (dgs_snapshot.h), also
 * for the loader as it adds rows; snapshot_load.c is the loader: it
 * checks the text, picks the reader by its first character, adds the
 * rows a reader hands it (snap_add_row()) and keeps the first problem
 * (snap_fail()), and loads on a thread of its own
 * (dgs_snapshot_load_start()); snapshot_csv.c reads CSV (libcsv, a large
 * snapshot in two parts at once), snapshot_json.c JSON (json-c, a row at
 * a time).  The lookups call nothing of the loader; the readers call the
 * loader, which calls them only to start.
 */
#ifndef DGS_SNAPSHOT_INT_H
#define DGS_SNAPSHOT_INT_H

#include "dgs_snapshot.h"

/*
 * Hashing and comparing names without regard to ASCII letter case.
 */
static inline unsigned char
snap_low(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static inline uint64_t
snap_lhash(uint64_t h, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++)
		h = (h ^ snap_low(*p)) * 0x100000001b3ULL;
	return h;
}

static inline uint64_t
snap_table_hash(const struct dgs_snapshot *s, const char *schema,
    const char *table)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	if (!s->document)
		h = snap_lhash(h, schema);
	h = (h ^ 0xffu) * 0x100000001b3ULL;
	return snap_lhash(h, table);
}

/*
 * Columns are found by a 32-bit hash of their lower-cased name, kept per
 * column in chash[].  A table whose columns are contiguous in cols[] (as
 * when the rows come grouped by table, which the documented queries'
 * ORDER BY gives) and at most SCAN_MAX is looked up by a scan of its
 * stretch of chash[]: a cache line or two, sequential.  Any other table
 * has its columns in the global index cix, keyed by the name's hash and
 * the table: a table moves there, all its columns at once, when a column
 * of it comes after another table's or when it grows past SCAN_MAX.
 */
#define SCAN_MAX	64

static inline uint32_t
snap_name_hash(const char *col)
{
	uint64_t h = snap_lhash(0xcbf29ce484222325ULL, col);

	return (uint32_t)(h ^ (h >> 32));
}

static inline uint64_t
snap_col_key(size_t table, uint32_t nh)
{
	return nh ^ ((uint32_t)table + 1) * 0x9e3779b9u;
}

static inline int
snap_caseeq(const char *a, const char *b)
{
	for (; *a != '\0' && snap_low((unsigned char)*a) ==
	    snap_low((unsigned char)*b); a++, b++)
		continue;
	return *a == '\0' && *b == '\0';
}

/*
 * snapshot.c: the lookups the loader makes too.
 */
/* A table looked up: the one spelt so (exact) and the earliest that
 * differs in letter case only (caseless), or DGS_INDEX_NONE. */
struct tfind {
	const struct dgs_snapshot	*s;
	const char		*schema, *table;
	size_t			 exact, caseless;
};
/* dgs_index_each()'s function for the table index tix. */
int	snap_table_eq(void *arg, size_t pos);

struct cfind {
	const struct dgs_snapshot	*s;
	uint32_t		 table;
	const char		*col;
	size_t			 exact, caseless;
};
/* The earliest column of table f->table spelt f->col (f->exact) and the
 * earliest spelt otherwise in letter case (f->caseless); nh is
 * snap_name_hash(f->col). */
void	snap_col_lookup(struct cfind *f, uint32_t nh);

/*
 * snapshot_load.c: the loader, which the readers feed.
 */
/* The columns a row is read from. */
enum role {
	R_SCHEMA, R_TABLE, R_COLUMN, R_TYPE, R_NULLABLE, R_FK,
	R_FK_SCHEMA, R_FK_TABLE, R_FK_COLUMN, R_COLLECTION, R_PATH, R_MAX
};

/* Their names, as a header or a row names them. */
extern const char *const snap_role_names[R_MAX];

struct part;

#define TYPE_CACHE	64

struct loader {
	struct dgs_snapshot	*s;
	const char		*buf;
	size_t			 len;
	char			*why;	/* the first problem, or NULL */
	int			 oom;
	/* CSV: the header's field per role (-1: absent), and the record
	 * being read. */
	int			 field[R_MAX];
	size_t			 nheader;
	unsigned char		*want;	/* per header field: has a role */
	int			 roles[R_MAX];	/* the roles present */
	int			 nroles;
	int			 header_done;
	struct dgs_buf		 rec;	/* the fields, NUL after each */
	size_t			*off;	/* offset of each field in rec */
	size_t			 nfields, offcap;
	unsigned long		 line;	/* of the text being fed */
	unsigned long		 rec_line;	/* where the record began */
	int			 in_rec;
	int			 json;	/* rows located by element index */
	size_t			 last_table;	/* of the last row */
	/* The second part of a large CSV snapshot, parsed on a thread:
	 * its rows are kept here (the line, the hash of the name, then
	 * each field a role reads, with its NUL) and added as they come
	 * (snapshot_csv.c, struct part). */
	struct dgs_buf		*collect;
	size_t			 kept;	/* its whole rows' length */
	struct part		*part;
	int			 name_field;	/* the column's, or path's */
	size_t			 name_off;	/* where it is in collect */
	struct dgs_index	 types;	/* data types by arena offset */
	uint32_t		 type_cache[TYPE_CACHE];	/* offset + 1 */
};

/* Keeps the first problem, "NAME:LINE: " and the message (line is an
 * element's index while ld->json is set). */
void	snap_fail(struct loader *, unsigned long line, const char *fmt, ...)
	    DGS_PRINTF(3, 4);

static inline int
snap_stopped(const struct loader *ld)
{
	return ld->why != NULL || ld->oom;
}

/* Makes *v (*cap elements of size bytes) room for element n, doubling;
 * 0, or -1 when out of memory (ld->oom set). */
int	snap_grow(struct loader *, void **v, size_t *cap, size_t n,
	    size_t size);
/* One row, its values by role (NULL when absent), listed at line (an
 * element's index in JSON); hash is snap_name_hash() of its column or
 * path, or NULL. */
void	snap_add_row(struct loader *, const char *const *v,
	    unsigned long line, const uint32_t *hash);
/* The roles a header names; fails for one that lacks a required one.
 * names[i] is the i-th column's name; what says what names them. */
void	snap_map_header(struct loader *, const char *const *names, size_t n,
	    unsigned long line, const char *what);
/* The line of byte off of buf. */
unsigned long snap_line_at(const char *buf, size_t off);

/*
 * The readers: each reads the whole of ld->buf, row by row, until the
 * first problem.
 */
void	snap_load_csv(struct loader *);		/* snapshot_csv.c */
void	snap_load_json(struct loader *);	/* snapshot_json.c */

#endif /* DGS_SNAPSHOT_INT_H */
