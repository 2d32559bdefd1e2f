/*
 * snapshot.c: loading a schema snapshot (dgs_snapshot_load()) and looking
 * tables and columns up in it (dgs_snapshot.h).
 *
 * A snapshot is CSV with a header line (RFC 4180, read with libcsv in
 * strict mode) or JSON, an array of row objects (json-c), told apart by
 * the first character that is not white space.  Both hold the columns of
 * information_schema.columns: table_schema, table_name, column_name,
 * data_type, and optionally is_nullable, is_foreign_key and the
 * foreign_table_* columns; or, for a document database, collection,
 * path and data_type.  Names are matched without regard to letter case
 * and other columns are ignored.  The first problem ends the load: the
 * rules never see half a snapshot.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>
#include <pthread.h>

#include "dgs_snapshot.h"

/* The serial number of the last snapshot loaded (dgs_snapshot.h). */
static _Atomic uint64_t serials;

/* The columns a row is read from. */
enum role {
	R_SCHEMA, R_TABLE, R_COLUMN, R_TYPE, R_NULLABLE, R_FK,
	R_FK_SCHEMA, R_FK_TABLE, R_FK_COLUMN, R_COLLECTION, R_PATH, R_MAX
};

static const char *const role_names[R_MAX] = {
	"table_schema", "table_name", "column_name", "data_type",
	"is_nullable", "is_foreign_key", "foreign_table_schema",
	"foreign_table_name", "foreign_column_name", "collection", "path"
};

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
	 * (struct part). */
	struct dgs_buf		*collect;
	size_t			 kept;	/* its whole rows' length */
	struct part		*part;
	int			 name_field;	/* the column's, or path's */
	size_t			 name_off;	/* where it is in collect */
	struct dgs_index	 types;	/* data types by arena offset */
	uint32_t		 type_cache[TYPE_CACHE];	/* offset + 1 */
};

static unsigned long element_line(struct loader *, size_t);
static unsigned long line_at(const char *, size_t);

static void fail(struct loader *, unsigned long line, const char *fmt, ...)
    DGS_PRINTF(3, 4);

static void
fail(struct loader *ld, unsigned long line, const char *fmt, ...)
{
	struct dgs_buf b = { 0 };
	va_list ap;

	if (ld->why != NULL || ld->oom)
		return;
	if (ld->json)
		line = element_line(ld, line);
	dgs_buf_addf(&b, "%s:%lu: ", ld->s->name, line);
	va_start(ap, fmt);
	dgs_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (b.oom) {
		dgs_buf_free(&b);
		ld->oom = 1;
		return;
	}
	ld->why = b.s;
}

static int
stopped(const struct loader *ld)
{
	return ld->why != NULL || ld->oom;
}

/*
 * Hashing and comparing names without regard to ASCII letter case.
 */
static inline unsigned char
low(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static uint64_t
lhash(uint64_t h, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++)
		h = (h ^ low(*p)) * 0x100000001b3ULL;
	return h;
}

static uint64_t
table_hash(const struct dgs_snapshot *s, const char *schema, const char *table)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	if (!s->document)
		h = lhash(h, schema);
	h = (h ^ 0xffu) * 0x100000001b3ULL;
	return lhash(h, table);
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

static uint32_t
name_hash(const char *col)
{
	uint64_t h = lhash(0xcbf29ce484222325ULL, col);

	return (uint32_t)(h ^ (h >> 32));
}

static uint64_t
col_key(size_t table, uint32_t nh)
{
	return nh ^ ((uint32_t)table + 1) * 0x9e3779b9u;
}

static int
caseeq(const char *a, const char *b)
{
	for (; *a != '\0' && low((unsigned char)*a) == low((unsigned char)*b);
	    a++, b++)
		continue;
	return *a == '\0' && *b == '\0';
}

/*
 * Lookups.
 */
struct tfind {
	const struct dgs_snapshot	*s;
	const char		*schema, *table;
	size_t			 exact, caseless;
};

static int
table_eq(void *arg, size_t pos)
{
	struct tfind *f = arg;
	const struct dgs_snapshot_table *t = &f->s->tables[pos];
	const char *sn = dgs_snapshot_str(f->s, t->schema),
	    *tn = dgs_snapshot_str(f->s, t->name);

	if (!caseeq(tn, f->table) || (!f->s->document &&
	    !caseeq(sn, f->schema)))
		return 0;
	if (strcmp(tn, f->table) == 0 && (f->s->document ||
	    strcmp(sn, f->schema) == 0)) {
		f->exact = pos;
		return 1;
	}
	/* The earliest, as col_eq() keeps: not the first met, in an order
	 * of hashes, which differ from one process to the next. */
	if (f->caseless == DGS_INDEX_NONE || pos < f->caseless)
		f->caseless = pos;
	return 0;
}

/* The table a thread found last, by snapshot: the replacements of a
 * document come grouped by table, and its links name it again. */
static _Thread_local struct {
	uint64_t	serial;	/* 0: none */
	size_t		pos;
} last_found;

const struct dgs_snapshot_table *
dgs_snapshot_find_table(const struct dgs_snapshot *s, const char *schema,
    const char *table, int *exact)
{
	struct tfind f = { s, schema ? schema : "", table, DGS_INDEX_NONE,
	    DGS_INDEX_NONE };
	const struct dgs_snapshot_table *t;

	if (last_found.serial == s->serial && last_found.pos < s->ntables) {
		t = &s->tables[last_found.pos];
		if (strcmp(dgs_snapshot_str(s, t->name), table) == 0 &&
		    (s->document || strcmp(dgs_snapshot_str(s, t->schema),
		    f.schema) == 0)) {
			*exact = 1;
			return t;
		}
	}
	dgs_index_each(&s->tix, table_hash(s, f.schema, table), table_eq, &f);
	*exact = f.exact != DGS_INDEX_NONE;
	if (f.exact != DGS_INDEX_NONE) {
		last_found.serial = s->serial;
		last_found.pos = f.exact;
		return &s->tables[f.exact];
	}
	if (f.caseless != DGS_INDEX_NONE)
		return &s->tables[f.caseless];
	return NULL;
}

struct cfind {
	const struct dgs_snapshot	*s;
	uint32_t		 table;
	const char		*col;
	size_t			 exact, caseless;
};

/* Columns of a table are indexed in snapshot order, and each visit
 * keeps the earliest of its kind. */
static int
col_eq(void *arg, size_t pos)
{
	struct cfind *f = arg;
	const struct dgs_snapshot_col *c = &f->s->cols[pos];
	const char *n = dgs_snapshot_str(f->s, c->name);

	if (c->table != f->table || !caseeq(n, f->col))
		return 0;
	if (strcmp(n, f->col) == 0) {
		if (f->exact == DGS_INDEX_NONE || pos < f->exact)
			f->exact = pos;
	} else if (f->caseless == DGS_INDEX_NONE || pos < f->caseless)
		f->caseless = pos;
	return 0;
}

/* The earliest column of table ti spelt col (f->exact) and the earliest
 * spelt otherwise in letter case (f->caseless); nh is name_hash(col). */
static void
col_lookup(struct cfind *f, uint32_t nh)
{
	const struct dgs_snapshot *s = f->s;
	const struct dgs_snapshot_table *t = &s->tables[f->table];
	const char *n;
	uint32_t i, end;

	f->exact = f->caseless = DGS_INDEX_NONE;
	if (t->indexed) {
		dgs_index_each(&s->cix, col_key(f->table, nh), col_eq, f);
		return;
	}
	for (i = t->first, end = t->first + t->ncols; i < end; i++) {
		if (s->chash[i] != nh)
			continue;
		n = dgs_snapshot_str(s, s->cols[i].name);
		if (strcmp(n, f->col) == 0) {
			f->exact = i;
			return;
		}
		if (f->caseless == DGS_INDEX_NONE && caseeq(n, f->col))
			f->caseless = i;
	}
}

const struct dgs_snapshot_col *
dgs_snapshot_find_col(const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t, const char *col, int *exact)
{
	struct cfind f;

	f.s = s;
	f.table = (uint32_t)(t - s->tables);
	f.col = col;
	col_lookup(&f, name_hash(col));
	*exact = f.exact != DGS_INDEX_NONE;
	if (f.exact != DGS_INDEX_NONE)
		return &s->cols[f.exact];
	if (f.caseless != DGS_INDEX_NONE)
		return &s->cols[f.caseless];
	return NULL;
}

/* The edit distance allowed for a name of len bytes, as dgs_closest(). */
static size_t
max_distance(size_t len)
{
	return len < 4 ? 1 : len < 9 ? 2 : 3;
}

static void
lower_copy(char *dst, const char *src)
{
	while ((*dst++ = (char)low((unsigned char)*src++)) != '\0')
		continue;
}

const struct dgs_snapshot_table *
dgs_snapshot_closest_table(const struct dgs_snapshot *s, const char *name)
{
	const struct dgs_snapshot_table *best = NULL;
	char lw[65], lc[65];
	const char *n;
	size_t i, d, bestd, len = strlen(name);

	if (len == 0 || len > 64)
		return NULL;
	lower_copy(lw, name);
	bestd = max_distance(len) + 1;
	for (i = 0; i < s->ntables; i++) {
		n = dgs_snapshot_str(s, s->tables[i].name);
		if (strlen(n) > 64 || strlen(n) + bestd <= len ||
		    len + bestd <= strlen(n))
			continue;
		lower_copy(lc, n);
		if ((d = dgs_edit_distance(lw, lc, bestd - 1)) < bestd) {
			bestd = d;
			best = &s->tables[i];
		}
	}
	return best;
}

const struct dgs_snapshot_col *
dgs_snapshot_closest_col(const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t, const char *name)
{
	const struct dgs_snapshot_col *best = NULL, *c;
	char lw[65], lc[65];
	const char *n;
	size_t d, bestd, len = strlen(name);
	uint32_t i;

	if (len == 0 || len > 64)
		return NULL;
	lower_copy(lw, name);
	bestd = max_distance(len) + 1;
	for (i = t->first; i != DGS_SCHEMA_NONE; i = c->next) {
		c = &s->cols[i];
		n = dgs_snapshot_str(s, c->name);
		if (strlen(n) > 64)
			continue;
		lower_copy(lc, n);
		if ((d = dgs_edit_distance(lw, lc, bestd - 1)) < bestd) {
			bestd = d;
			best = c;
		}
	}
	return best;
}

/*
 * Building.
 */
static uint32_t
intern(struct loader *ld, const char *str, size_t n)
{
	struct dgs_snapshot *s = ld->s;
	size_t cap;
	char *a;
	uint32_t off;

	if (s->alen + n + 1 > s->acap) {
		cap = s->acap ? s->acap : 4096;
		while (cap < s->alen + n + 1)
			cap *= 2;
		if (cap > UINT32_MAX || (a = realloc(s->arena, cap)) == NULL) {
			ld->oom = 1;
			return 0;
		}
		s->arena = a;
		s->acap = cap;
	}
	off = (uint32_t)s->alen;
	memcpy(s->arena + off, str, n);
	s->arena[off + n] = '\0';
	s->alen += n + 1;
	return off;
}

/* Data types repeat: each is kept once. */
struct type_find {
	const struct dgs_snapshot	*s;
	const char		*type;
};

static int
type_eq(void *arg, size_t pos)
{
	const struct type_find *f = arg;

	return strcmp(f->s->arena + pos, f->type) == 0;
}

static uint32_t
intern_type(struct loader *ld, const char *type)
{
	struct type_find f = { ld->s, type };
	size_t len = strlen(type), pos, slot;
	uint64_t h;
	uint32_t off;

	/* A snapshot has few types: most are found by their length and
	 * two bytes in a small cache before any hashing. */
	slot = (len * 31 + (unsigned char)type[0] +
	    (unsigned char)type[len - 1] * 7) % TYPE_CACHE;
	if (ld->type_cache[slot] != 0 && strcmp(ld->s->arena +
	    ld->type_cache[slot] - 1, type) == 0)
		return ld->type_cache[slot] - 1;
	h = dgs_hash(type, len);
	if ((pos = dgs_index_find(&ld->types, h, type_eq, &f)) !=
	    DGS_INDEX_NONE)
		off = (uint32_t)pos;
	else {
		off = intern(ld, type, len);
		if (!ld->oom && dgs_index_add(&ld->types, h, off) != 0)
			ld->oom = 1;
	}
	if (!ld->oom && off < UINT32_MAX)
		ld->type_cache[slot] = off + 1;
	return off;
}

static int
grow(struct loader *ld, void **v, size_t *cap, size_t n, size_t size)
{
	size_t c;
	void *p;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 64;
	if ((p = realloc(*v, c * size)) == NULL) {
		ld->oom = 1;
		return -1;
	}
	*v = p;
	*cap = c;
	return 0;
}

/* Room for one more column, in cols[] and chash[]. */
static int
grow_cols(struct loader *ld)
{
	struct dgs_snapshot *s = ld->s;
	size_t c;
	void *p;

	if (s->ncols < s->ccap)
		return 0;
	c = s->ccap ? s->ccap * 2 : 64;
	if (c > UINT32_MAX || (p = realloc(s->chash, c *
	    sizeof(*s->chash))) == NULL) {
		ld->oom = 1;
		return -1;
	}
	s->chash = p;
	if ((p = realloc(s->cols, c * sizeof(*s->cols))) == NULL) {
		ld->oom = 1;
		return -1;
	}
	s->cols = p;
	s->ccap = c;
	return 0;
}

/* Moves table ti's columns, so far scanned, into the index. */
static int
index_table(struct loader *ld, size_t ti)
{
	struct dgs_snapshot *s = ld->s;
	struct dgs_snapshot_table *t = &s->tables[ti];
	uint32_t i;

	for (i = t->first; i != DGS_SCHEMA_NONE; i = s->cols[i].next)
		if (dgs_index_add(&s->cix, col_key(ti, s->chash[i]), i) != 0) {
			ld->oom = 1;
			return -1;
		}
	t->indexed = 1;
	return 0;
}

/* YES/NO, true/false (any case), or "" for unknown. */
static int
tri(struct loader *ld, const char *v, const char *what, unsigned long line)
{
	if (v == NULL || *v == '\0')
		return DGS_TRI_UNKNOWN;
	/* As information_schema writes them, without folding. */
	if (v[0] == 'Y' && v[1] == 'E' && v[2] == 'S' && v[3] == '\0')
		return DGS_TRI_YES;
	if (v[0] == 'N' && v[1] == 'O' && v[2] == '\0')
		return DGS_TRI_NO;
	switch (low((unsigned char)*v)) {	/* one comparison a row */
	case 'y':
		if (caseeq(v, "yes"))
			return DGS_TRI_YES;
		break;
	case 't':
		if (caseeq(v, "true"))
			return DGS_TRI_YES;
		break;
	case 'n':
		if (caseeq(v, "no"))
			return DGS_TRI_NO;
		break;
	case 'f':
		if (caseeq(v, "false"))
			return DGS_TRI_NO;
		break;
	case '1':
	case '0':
		if (v[1] == '\0')
			return *v == '1' ? DGS_TRI_YES : DGS_TRI_NO;
		break;
	}
	fail(ld, line, "%s is \"%s\": write YES or NO (or true or false)",
	    what, v);
	return DGS_TRI_UNKNOWN;
}

/* One row, its values by role (NULL when absent). */
static void
add_row(struct loader *ld, const char *const *v, unsigned long line,
    const uint32_t *hash)
{
	struct dgs_snapshot *s = ld->s;
	struct dgs_snapshot_table *t;
	struct dgs_snapshot_col *c;
	struct tfind tf;
	struct cfind cf;
	const char *schema, *table, *col, *type;
	int nullable, fk;
	size_t ti;
	uint32_t ci, nh;

	if (s->document) {
		schema = "";
		table = v[R_COLLECTION];
		col = v[R_PATH];
	} else {
		schema = v[R_SCHEMA] ? v[R_SCHEMA] : "";
		table = v[R_TABLE];
		col = v[R_COLUMN];
	}
	type = v[R_TYPE] ? v[R_TYPE] : "";
	if (table == NULL || *table == '\0') {
		fail(ld, line, "%s is empty", s->document ? "collection" :
		    "table_name");
		return;
	}
	if (col == NULL || *col == '\0') {
		fail(ld, line, "%s is empty", s->document ? "path" :
		    "column_name");
		return;
	}
	if (*type == '\0') {
		fail(ld, line, "data_type is empty");
		return;
	}
	nullable = tri(ld, v[R_NULLABLE], "is_nullable", line);
	fk = tri(ld, v[R_FK], "is_foreign_key", line);
	if (fk == DGS_TRI_UNKNOWN && ((v[R_FK_TABLE] && *v[R_FK_TABLE]) ||
	    (v[R_FK_COLUMN] && *v[R_FK_COLUMN])))
		fk = DGS_TRI_YES;
	else if (fk == DGS_TRI_UNKNOWN && (ld->field[R_FK_TABLE] >= 0 ||
	    ld->field[R_FK_COLUMN] >= 0 || v[R_FK_TABLE] != NULL))
		fk = DGS_TRI_NO;
	if (stopped(ld))
		return;

	/* The table, exactly as spelt: most often the last row's. */
	if (ld->last_table < s->ntables && strcmp(dgs_snapshot_str(s,
	    s->tables[ld->last_table].name), table) == 0 && (s->document ||
	    strcmp(dgs_snapshot_str(s, s->tables[ld->last_table].schema),
	    schema) == 0)) {
		ti = ld->last_table;
		goto found;
	}
	tf.s = s;
	tf.schema = schema;
	tf.table = table;
	tf.exact = tf.caseless = DGS_INDEX_NONE;
	dgs_index_each(&s->tix, table_hash(s, schema, table), table_eq, &tf);
	if ((ti = tf.exact) == DGS_INDEX_NONE) {
		if (grow(ld, (void **)&s->tables, &s->tcap, s->ntables,
		    sizeof(*s->tables)) != 0)
			return;
		ti = s->ntables;
		t = &s->tables[ti];
		t->schema = intern(ld, schema, strlen(schema));
		t->name = intern(ld, table, strlen(table));
		t->first = t->last = DGS_SCHEMA_NONE;
		t->ncols = 0;
		t->indexed = 0;
		t->line = (uint32_t)line;
		if (ld->oom || dgs_index_add(&s->tix, table_hash(s, schema,
		    table), ti) != 0) {
			ld->oom = 1;
			return;
		}
		s->ntables++;
	}
found:
	ld->last_table = ti;
	t = &s->tables[ti];

	/* The same column twice: the same row again is harmless; another
	 * type is a contradiction, except that a document database's path
	 * has a row per path type. */
	cf.s = s;
	cf.table = (uint32_t)ti;
	cf.col = col;
	/* For the index too; the thread of a large snapshot hashed it. */
	nh = hash != NULL ? *hash : name_hash(col);
	col_lookup(&cf, nh);
	if (cf.exact != DGS_INDEX_NONE) {
		for (ci = (uint32_t)cf.exact; ci != DGS_SCHEMA_NONE;
		    ci = s->cols[ci].next) {
			c = &s->cols[ci];
			if (strcmp(dgs_snapshot_str(s, c->name), col) != 0)
				continue;
			if (caseeq(dgs_snapshot_str(s, c->type), type))
				return;
			if (!s->document) {
				fail(ld, line, "%s.%s.%s is listed again with "
				    "another data_type: \"%s\" here, \"%s\" at "
				    "line %lu", schema, table, col, type,
				    dgs_snapshot_str(s, c->type), ld->json ?
				    element_line(ld, c->line) :
				    (unsigned long)c->line);
				return;
			}
		}
	}
	if (grow_cols(ld) != 0)
		return;
	/* Its table leaves the scans for the index when this column is
	 * not next to its others, or one too many. */
	if (!t->indexed && t->ncols > 0 && (t->last + 1 != s->ncols ||
	    t->ncols >= SCAN_MAX) && index_table(ld, ti) != 0)
		return;
	s->chash[s->ncols] = nh;
	c = &s->cols[s->ncols];
	c->name = cf.exact != DGS_INDEX_NONE ? s->cols[cf.exact].name :
	    intern(ld, col, strlen(col));
	c->type = intern_type(ld, type);
	c->table = (uint32_t)ti;
	c->next = DGS_SCHEMA_NONE;
	c->line = (uint32_t)line;
	c->nullable = (unsigned char)nullable;
	c->fk = (unsigned char)fk;
	if (ld->oom || (t->indexed && dgs_index_add(&s->cix,
	    col_key(ti, nh), s->ncols) != 0)) {
		ld->oom = 1;
		return;
	}
	if (t->last == DGS_SCHEMA_NONE)
		t->first = (uint32_t)s->ncols;
	else
		s->cols[t->last].next = (uint32_t)s->ncols;
	t->last = (uint32_t)s->ncols;
	t->ncols++;
	s->ncols++;
}

/* The roles a header names; fails for one that lacks a required one.
 * names[i] is the i-th column's name. */
static void
map_header(struct loader *ld, const char *const *names, size_t n,
    unsigned long line, const char *what)
{
	static const int rel[] = { R_SCHEMA, R_TABLE, R_COLUMN, R_TYPE };
	static const int doc[] = { R_COLLECTION, R_PATH, R_TYPE };
	const int *req;
	size_t i, nreq;
	int r;

	for (r = 0; r < R_MAX; r++)
		ld->field[r] = -1;
	for (i = 0; i < n; i++)
		for (r = 0; r < R_MAX; r++)
			if (ld->field[r] < 0 && caseeq(names[i],
			    role_names[r]))
				ld->field[r] = (int)i;
	ld->s->document = ld->field[R_COLLECTION] >= 0 ||
	    (ld->field[R_PATH] >= 0 && ld->field[R_TABLE] < 0);
	req = ld->s->document ? doc : rel;
	nreq = ld->s->document ? 3 : 4;
	for (i = 0; i < nreq; i++)
		if (ld->field[req[i]] < 0) {
			fail(ld, line, "the %s has no column \"%s\"; a "
			    "snapshot needs %s", what, role_names[req[i]],
			    ld->s->document ? "collection, path and "
			    "data_type" : "table_schema, table_name, "
			    "column_name and data_type");
			return;
		}
}

/*
 * UTF-8: the whole text, before anything else.
 */
static int
check_utf8(struct loader *ld)
{
	const unsigned char *p = (const unsigned char *)ld->buf,
	    *end = p + ld->len;
	uint64_t w;
	size_t n;
	char tmp[5];

	while (p < end) {
		/* Thirty-two bytes of ASCII without NUL at a time, then
		 * eight. */
		if (end - p >= 32) {
			uint64_t x[4], hi, nul;

			memcpy(x, p, 32);
			hi = x[0] | x[1] | x[2] | x[3];
			nul = ((x[0] - 0x0101010101010101ULL) & ~x[0]) |
			    ((x[1] - 0x0101010101010101ULL) & ~x[1]) |
			    ((x[2] - 0x0101010101010101ULL) & ~x[2]) |
			    ((x[3] - 0x0101010101010101ULL) & ~x[3]);
			if (((hi | nul) & 0x8080808080808080ULL) == 0) {
				p += 32;
				continue;
			}
		}
		if (end - p >= 8) {
			memcpy(&w, p, 8);
			if ((w & 0x8080808080808080ULL) == 0 &&
			    ((w - 0x0101010101010101ULL) & ~w &
			    0x8080808080808080ULL) == 0) {
				p += 8;
				continue;
			}
		}
		if (*p < 0x80) {
			if (*p == '\0') {
				fail(ld, line_at(ld->buf, (size_t)(p -
				    (const unsigned char *)ld->buf)), "a NUL "
				    "byte: a snapshot is UTF-8 text");
				return -1;
			}
			p++;
			continue;
		}
		memset(tmp, 0, sizeof(tmp));
		memcpy(tmp, p, (size_t)(end - p) < 4 ? (size_t)(end - p) : 4);
		if ((n = dgs_utf8_decode(tmp, 4, NULL)) == 0) {
			fail(ld, line_at(ld->buf, (size_t)(p -
			    (const unsigned char *)ld->buf)), "the byte 0x%02X "
			    "is not UTF-8: save the snapshot as UTF-8", *p);
			return -1;
		}
		p += n;
	}
	return 0;
}

/*
 * A large snapshot is read in two parts at once: libcsv reads a byte at
 * a time, and is most of the time of a load.  The parts meet at a line
 * break after an even number of quotes (RFC 4180 doubles a quote inside
 * a quoted field, so the parity says whether a position is inside one).
 * A thread parses the second part and keeps its rows; the first part's
 * rows are added as they are parsed, then the second's as the thread
 * publishes them, in order, so that duplicates and the first problem
 * are found as one reader would.  The first part is the smaller
 * (SPLIT_PART), because this thread also adds every row: parsing a row
 * (libcsv, and its fields copied) takes about four times the
 * instructions of adding it, so with a third here the two threads end
 * together.  (An eighth here left this thread waiting for the other
 * for a fifth of the load: 0.151 s against 0.121 s for the benchmark's
 * 34.8 MB snapshot, medians of 15 runs.)
 */
#define SPLIT_MIN	((size_t)1 << 20)
#define SPLIT_PART	3	/* the first part: 1/SPLIT_PART of the text */
#define PUBLISH_STEP	((size_t)1 << 16)	/* bytes of rows */

struct part {
	struct loader		 ld;
	struct dgs_buf		 rows;	/* room for all: never moved */
	const char		*s, *end;
	_Atomic size_t		 published;	/* whole rows' length */
	size_t			 signaled;
	atomic_int		 cancel;	/* the reader stopped */
	int			 done;	/* under mu */
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
};

/* Rows up to kept are whole; done: no more. */
static void
publish(struct part *pt, size_t kept, int done)
{
	atomic_store_explicit(&pt->published, kept, memory_order_release);
	if (!done && kept - pt->signaled < PUBLISH_STEP)
		return;
	pthread_mutex_lock(&pt->mu);
	pt->done = done;
	pthread_cond_signal(&pt->cv);
	pthread_mutex_unlock(&pt->mu);
	pt->signaled = kept;
}

/*
 * CSV, with libcsv.  The text is fed a line at a time so that the line
 * of each record is known.
 */
static void
csv_field(void *data, size_t n, void *arg)
{
	struct loader *ld = arg;
	size_t i;

	if (stopped(ld))
		return;
	if (!ld->in_rec) {
		ld->in_rec = 1;
		ld->rec_line = ld->line;
		ld->rec.len = 0;
		ld->nfields = 0;
	}
	/* Only the fields a role reads are kept (all of the header). */
	i = ld->nfields++;
	if (ld->header_done && (i >= ld->nheader || !ld->want[i]))
		return;
	if (ld->collect != NULL && ld->header_done) {
		/* The second part: the record's line, room for its name's
		 * hash (csv_record()), then its fields, each with its NUL,
		 * straight into the rows kept. */
		struct dgs_buf *b = ld->collect;
		size_t head = b->len == ld->kept ? 2 * sizeof(uint32_t) : 0;
		uint32_t line = (uint32_t)ld->rec_line;

		/* Never more than the text and 9 bytes a line: the
		 * room taken at once (load_csv()), which the other
		 * thread reads meanwhile. */
		if (b->len + head + n + 1 > b->cap) {
			ld->oom = 1;
			return;
		}
		if (head > 0)	/* the record's first field */
			memcpy(b->s + b->len, &line, sizeof(line));
		if ((int)i == ld->name_field)
			ld->name_off = b->len + head;
		if (n > 0)
			memcpy(b->s + b->len + head, data, n);
		b->s[b->len + head + n] = '\0';
		b->len += head + n + 1;
		return;
	}
	if (i >= ld->offcap && grow(ld, (void **)&ld->off, &ld->offcap, i,
	    sizeof(*ld->off)) != 0)
		return;
	ld->off[i] = ld->rec.len;
	/* With CSV_APPEND_NULL the field ends with a NUL: copy it too. */
	if (ld->rec.len + n + 1 > ld->rec.cap) {
		size_t cap = ld->rec.cap ? ld->rec.cap : 256;
		char *p;

		while (cap < ld->rec.len + n + 1)
			cap *= 2;
		if ((p = realloc(ld->rec.s, cap)) == NULL) {
			ld->oom = 1;
			return;
		}
		ld->rec.s = p;
		ld->rec.cap = cap;
	}
	if (n > 0)
		memcpy(ld->rec.s + ld->rec.len, data, n);
	ld->rec.s[ld->rec.len + n] = '\0';
	ld->rec.len += n + 1;
}

static void
csv_record(int c, void *arg)
{
	struct loader *ld = arg;
	const char *v[R_MAX], **names;
	size_t i;
	int r;

	(void)c;
	if (stopped(ld) || !ld->in_rec)
		return;
	ld->in_rec = 0;
	if (!ld->header_done) {
		if ((names = calloc(ld->nfields, sizeof(*names))) == NULL) {
			ld->oom = 1;
			return;
		}
		for (i = 0; i < ld->nfields; i++)
			names[i] = ld->rec.s + ld->off[i];
		map_header(ld, names, ld->nfields, ld->rec_line,
		    "header line");
		free(names);
		ld->nheader = ld->nfields;
		ld->header_done = 1;
		if (stopped(ld))
			return;
		if ((ld->want = calloc(ld->nheader + 1, 1)) == NULL) {
			ld->oom = 1;
			return;
		}
		for (r = 0; r < R_MAX; r++)
			if (ld->field[r] >= 0) {
				ld->want[ld->field[r]] = 1;
				ld->roles[ld->nroles++] = r;
			}
		return;
	}
	if (ld->nfields != ld->nheader) {
		fail(ld, ld->rec_line, "%zu field%s where the header has %zu",
		    ld->nfields, ld->nfields == 1 ? "" : "s", ld->nheader);
		return;
	}
	if (ld->collect != NULL) {
		/* The name's hash, after the line: one less for the
		 * main thread to do. */
		uint32_t nh = name_hash(ld->collect->s + ld->name_off);

		memcpy(ld->collect->s + ld->kept + sizeof(uint32_t), &nh,
		    sizeof(nh));
		ld->kept = ld->collect->len;	/* a whole row more */
		publish(ld->part, ld->kept, 0);
		return;
	}
	for (r = 0; r < R_MAX; r++)
		v[r] = ld->field[r] < 0 ? NULL :
		    ld->rec.s + ld->off[ld->field[r]];
	add_row(ld, v, ld->rec_line, NULL);
}

static int
is_blank(unsigned char c)
{
	return c == ' ';
}

/* A parser for the snapshot: CSV, or tab-separated, as mysql --batch
 * writes it (a header line with a tab and no comma; fields not
 * quoted). */
static int
csv_open(struct loader *ld, struct csv_parser *p, int *tsv)
{
	const char *nl = memchr(ld->buf, '\n', ld->len);
	size_t n = nl != NULL ? (size_t)(nl - ld->buf) : ld->len;

	if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		ld->oom = 1;
		return -1;
	}
	*tsv = memchr(ld->buf, '\t', n) != NULL &&
	    memchr(ld->buf, ',', n) == NULL;
	if (*tsv) {
		csv_set_delim(p, CSV_TAB);
		csv_set_quote(p, '\0');
		csv_set_space_func(p, is_blank);
	}
	return 0;
}

/* Feeds s[0..end) a line at a time, until the header is read when
 * header is not 0; returns where it stopped.  ld->line is the line of
 * s. */
static const char *
csv_feed(struct loader *ld, struct csv_parser *p, const char *s,
    const char *end, int header)
{
	const char *nl;
	size_t n;

	while (s < end && !stopped(ld) && !(header && ld->header_done) &&
	    (ld->part == NULL || !atomic_load_explicit(&ld->part->cancel,
	    memory_order_relaxed))) {
		nl = memchr(s, '\n', (size_t)(end - s));
		n = nl != NULL ? (size_t)(nl - s) + 1 : (size_t)(end - s);
		if (csv_parse(p, s, n, csv_field, csv_record, ld) != n) {
			if (csv_error(p) == CSV_EPARSE)
				fail(ld, ld->line, "bad quoting: a quote in "
				    "an unquoted field, or text after a "
				    "closing quote (RFC 4180 doubles a quote "
				    "inside a quoted field)");
			else
				ld->oom = 1;
		}
		s += n;
		if (nl != NULL)
			ld->line++;
	}
	return s;
}

static void
csv_finish(struct loader *ld, struct csv_parser *p)
{
	if (!stopped(ld) && csv_fini(p, csv_field, csv_record, ld) != 0)
		fail(ld, ld->in_rec ? ld->rec_line : ld->line, "a quoted "
		    "field is not closed");
	csv_free(p);
}

static void *
part_run(void *arg)
{
	struct part *pt = arg;
	struct csv_parser p;
	int tsv;

	if (csv_open(&pt->ld, &p, &tsv) == 0) {
		(void)csv_feed(&pt->ld, &p, pt->s, pt->end, 0);
		csv_finish(&pt->ld, &p);
	}
	publish(pt, pt->ld.kept, 1);
	return NULL;
}

/* Where the second part starts, or NULL. */
static const char *
split_point(const char *s, const char *end, int tsv, unsigned long *line)
{
	const char *mid = s + (end - s) / SPLIT_PART, *q, *nl;
	unsigned long quotes = 0, lines = 0;

	for (q = s; !tsv && (q = memchr(q, '"', (size_t)(mid - q))) != NULL;
	    q++)
		quotes++;
	for (q = s; (q = memchr(q, '\n', (size_t)(mid - q))) != NULL; q++)
		lines++;
	for (q = mid; q < end; q = nl + 1) {
		if ((nl = memchr(q, '\n', (size_t)(end - q))) == NULL)
			return NULL;
		for (; !tsv && q < nl; q++)
			quotes += *q == '"';
		lines++;
		if (quotes % 2 == 0 && nl + 1 < end) {
			*line += lines;
			return nl + 1;
		}
	}
	return NULL;
}

/* Adds the rows of the second part, kept by the thread, as it
 * publishes them. */
static void
replay(struct loader *ld, struct part *pt)
{
	const char *p = pt->rows.s, *end = p, *v[R_MAX];
	const char **f;
	uint32_t line, nh;
	size_t i;
	int r, done = 0;

	if ((f = calloc(ld->nheader + 1, sizeof(*f))) == NULL) {
		ld->oom = 1;
		return;
	}
	for (r = 0; r < R_MAX; r++)
		v[r] = NULL;
	while (!stopped(ld)) {
		if (p == end) {
			if (done)
				break;
			pthread_mutex_lock(&pt->mu);
			while (!pt->done && pt->rows.s + atomic_load_explicit(
			    &pt->published, memory_order_acquire) == end)
				pthread_cond_wait(&pt->cv, &pt->mu);
			done = pt->done;
			pthread_mutex_unlock(&pt->mu);
			end = pt->rows.s + atomic_load_explicit(&pt->published,
			    memory_order_acquire);
			continue;
		}
		memcpy(&line, p, sizeof(line));
		memcpy(&nh, p + sizeof(line), sizeof(nh));
		p += sizeof(line) + sizeof(nh);
		for (i = 0; i < ld->nheader; i++)
			if (ld->want[i]) {
				f[i] = p;
				p += strlen(p) + 1;
			}
		for (r = 0; r < ld->nroles; r++)
			v[ld->roles[r]] = f[ld->field[ld->roles[r]]];
		add_row(ld, v, line, &nh);
	}
	free(f);
}

/* Room for a snapshot of len bytes and about rows rows, taken at once:
 * no copy as the arrays grow.  The arena's pages that are never written
 * are never resident.  The column index is not reserved: only the
 * tables that cannot be scanned go there (col_lookup()). */
static void
reserve(struct loader *ld, size_t rows)
{
	struct dgs_snapshot *s = ld->s;

	if (ld->len + 1 <= UINT32_MAX &&
	    (s->arena = malloc(ld->len + 1)) != NULL)
		s->acap = ld->len + 1;
	if (rows > 0 && rows <= UINT32_MAX &&
	    (s->cols = malloc(rows * sizeof(*s->cols))) != NULL &&
	    (s->chash = malloc(rows * sizeof(*s->chash))) != NULL)
		s->ccap = rows;
}

static void
load_csv(struct loader *ld)
{
	struct csv_parser p;
	struct part *pt = NULL;
	pthread_t th;
	const char *s, *end = ld->buf + ld->len, *split = NULL;
	unsigned long line, lines;
	size_t room;
	int tsv, started = 0;

	if (csv_open(ld, &p, &tsv) != 0)
		return;
	for (s = ld->buf, lines = 0; (s = memchr(s, '\n', (size_t)(end - s))) !=
	    NULL; s++)
		lines++;
	reserve(ld, lines + 1);
	ld->line = 1;
	s = csv_feed(ld, &p, ld->buf, end, 1);
	line = ld->line;
	if (!stopped(ld) && ld->header_done && !ld->in_rec &&
	    (size_t)(end - s) >= SPLIT_MIN &&
	    (split = split_point(s, end, tsv, &line)) != NULL &&
	    (pt = calloc(1, sizeof(*pt))) != NULL) {
		/* A row kept takes at most its text, its line and hash
		 * (8 bytes) and a NUL more than its delimiters
		 * (csv_field()). */
		room = (size_t)(end - split) + 9 * (lines + 2);
		pt->ld.s = ld->s;	/* for the name in messages */
		pt->ld.buf = ld->buf;
		pt->ld.len = ld->len;
		memcpy(pt->ld.field, ld->field, sizeof(ld->field));
		pt->ld.nheader = ld->nheader;
		pt->ld.want = ld->want;	/* read only, the caller's */
		memcpy(pt->ld.roles, ld->roles, sizeof(ld->roles));
		pt->ld.nroles = ld->nroles;
		pt->ld.header_done = 1;
		pt->ld.line = line;
		pt->ld.collect = &pt->rows;
		pt->ld.name_field = ld->field[ld->s->document ? R_PATH :
		    R_COLUMN];
		pt->ld.part = pt;
		pt->s = split;
		pt->end = end;
		atomic_init(&pt->published, 0);
		atomic_init(&pt->cancel, 0);
		if ((pt->rows.s = malloc(room)) != NULL &&
		    pthread_mutex_init(&pt->mu, NULL) == 0) {
			if (pthread_cond_init(&pt->cv, NULL) == 0) {
				pt->rows.cap = room;
				started = pthread_create(&th, NULL, part_run,
				    pt) == 0;
				if (!started)
					pthread_cond_destroy(&pt->cv);
			}
			if (!started)
				pthread_mutex_destroy(&pt->mu);
		}
	}
	(void)csv_feed(ld, &p, s, started ? split : end, 0);
	csv_finish(ld, &p);
	if (started) {
		if (!stopped(ld))
			replay(ld, pt);
		atomic_store_explicit(&pt->cancel, 1, memory_order_relaxed);
		pthread_join(th, NULL);
		if (!stopped(ld) && pt->ld.oom)
			ld->oom = 1;
		else if (!stopped(ld) && pt->ld.why != NULL) {
			ld->why = pt->ld.why;
			pt->ld.why = NULL;
		}
		pthread_cond_destroy(&pt->cv);
		pthread_mutex_destroy(&pt->mu);
	}
	if (pt != NULL) {
		free(pt->ld.why);
		free(pt->ld.off);
		dgs_buf_free(&pt->ld.rec);
		dgs_buf_free(&pt->rows);
	}
	free(pt);
	if (!stopped(ld) && !ld->header_done)
		fail(ld, 1, "no header line: the first line names the "
		    "columns, such as table_schema,table_name,column_name,"
		    "data_type,is_nullable");
}

/*
 * JSON, with json-c.
 */
static unsigned long
line_at(const char *buf, size_t off)
{
	unsigned long line = 1;
	size_t i;

	for (i = 0; i < off; i++)
		if (buf[i] == '\n')
			line++;
	return line;
}

static unsigned long
element_line(struct loader *ld, size_t i)
{
	unsigned long line = 1, col = 1;
	char ptr[32];

	snprintf(ptr, sizeof(ptr), "/%zu", i);
	if (dgs_json_position(ld->buf, ld->len, ptr, 0, &line, &col) != 0)
		ld->oom = 1;
	(void)col;
	return line;
}

/* A member's value as a string: strings as they are, booleans as
 * true/false, null as absent; anything else is a problem. */
static const char *
json_value(struct loader *ld, struct json_object *v, const char *key,
    size_t i)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return NULL;
	case json_type_string:
		return json_object_get_string(v);
	case json_type_boolean:
		return json_object_get_boolean(v) ? "true" : "false";
	default:
		fail(ld, i, "\"%s\" is %s; write a string",
		    key, json_type_to_name(json_object_get_type(v)));
		return NULL;
	}
}

/* One row of a JSON snapshot, element i. */
static void
json_row(struct loader *ld, struct json_object *row, size_t i)
{
	struct lh_entry *e;
	const char *v[R_MAX], *names[R_MAX], *key;
	size_t k;
	int r, seen[R_MAX];

	if (!json_object_is_type(row, json_type_object)) {
		fail(ld, i, "a row is an object");
		return;
	}
	if (i == 0) {
		/* The first row's names stand for the header. */
		k = 0;
		for (e = json_object_get_object(row)->head;
		    e != NULL && k < R_MAX; e = e->next) {
			key = (const char *)lh_entry_k(e);
			for (r = 0; r < R_MAX; r++)
				if (caseeq(key, role_names[r]))
					names[k++] = key;
		}
		map_header(ld, names, k, 0, "first row");
		if (stopped(ld))
			return;
	}
	for (r = 0; r < R_MAX; r++) {
		v[r] = NULL;
		seen[r] = 0;
	}
	for (e = json_object_get_object(row)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		for (r = 0; r < R_MAX; r++)
			if (!seen[r] && caseeq(key, role_names[r])) {
				seen[r] = 1;
				v[r] = json_value(ld, (struct json_object *)
				    lh_entry_v(e), key, i);
			}
	}
	if (stopped(ld))
		return;
	for (r = 0; r < R_MAX; r++) {
		if (ld->field[r] < 0 || seen[r] || r >= R_NULLABLE)
			continue;
		fail(ld, i, "the row has no \"%s\"", role_names[r]);
		return;
	}
	add_row(ld, v, i, NULL);
}

/* The end of the JSON value at p: past its closing bracket, or at the
 * first comma or closing bracket outside it.  Strings are skipped with
 * their escapes; json-c parses what is between. */
static const char *
value_end(const char *p, const char *end)
{
	int depth = 0;

	for (; p < end; p++) {
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++)
				if (*p == '\\')
					p++;
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ']') {
			if (depth == 0)
				return p;	/* the array's own */
			if (--depth == 0)
				return p + 1;
		} else if (*p == ',' && depth == 0)
			return p;
	}
	return end;
}

static const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && dgs_lex_is_ws((unsigned char)*p))
		p++;
	return p;
}

/*
 * A JSON snapshot is read a row at a time: each element of the array is
 * given to json-c on its own, so that a large snapshot never becomes one
 * tree (json-c's tree takes about ten times the text).
 */
static void
load_json(struct loader *ld)
{
	struct json_tokener *tok;
	struct json_object *row;
	const char *p, *q, *end = ld->buf + ld->len;
	size_t i = 0;

	if ((tok = json_tokener_new_ex(DGS_MAX_DEPTH)) == NULL) {
		ld->oom = 1;
		return;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	p = skip_ws(ld->buf, end) + 1;	/* the '[' */
	p = skip_ws(p, end);
	if (p < end && *p == ']')
		p++;
	else
		for (;;) {
			if (p < end && *p != '{' && *p != ',' && *p != ']') {
				/* Not a row: json-c would wait for more of a
				 * number at the end of the slice. */
				ld->json = 1;
				fail(ld, i, "a row is an object");
				ld->json = 0;
				break;
			}
			q = value_end(p, end);
			json_tokener_reset(tok);
			row = q > p && q - p <= INT32_MAX ?
			    json_tokener_parse_ex(tok, p, (int)(q - p)) : NULL;
			if (row == NULL || json_tokener_get_error(tok) !=
			    json_tokener_success || tok->char_offset < q - p) {
				fail(ld, line_at(ld->buf, (size_t)(p - ld->buf) +
				    (q > p ? (size_t)tok->char_offset : 0)),
				    "not JSON: %s", q == p ? "a value is "
				    "missing" : json_tokener_get_error(tok) ==
				    json_tokener_success ? "unexpected "
				    "character" : json_tokener_get_error(tok) ==
				    json_tokener_continue ? "the text ends inside "
				    "a row" : json_tokener_error_desc(
				    json_tokener_get_error(tok)));
				json_object_put(row);
				break;
			}
			ld->json = 1;
			json_row(ld, row, i++);
			ld->json = 0;
			json_object_put(row);
			if (stopped(ld))
				break;
			p = skip_ws(q, end);
			if (p < end && *p == ',') {
				p = skip_ws(p + 1, end);
				continue;
			}
			if (p < end && *p == ']') {
				p++;
				break;
			}
			fail(ld, line_at(ld->buf, (size_t)(p - ld->buf)),
			    "not JSON: %s", p < end ? "expected , or ] after "
			    "a row" : "the array is not closed");
			break;
		}
	json_tokener_free(tok);
	if (!stopped(ld) && (p = skip_ws(p, end)) < end)
		fail(ld, line_at(ld->buf, (size_t)(p - ld->buf)), "text after "
		    "the snapshot's array");
}

/*
 * The public interface.
 */
/*
 * A load on a thread of its own (dgs_snapshot_load_start()).
 */
struct schema_pending {
	pthread_t	 th;
	pthread_mutex_t	 lock;
	int		 joined;	/* under lock */
	const char	*buf;
	size_t		 len;
	char		*name;
	int		 rc;		/* dgs_snapshot_load()'s, once joined */
	char		*why;
};

static void *
pending_run(void *arg)
{
	struct dgs_snapshot *s = arg;
	struct schema_pending *p = s->pending;
	struct dgs_snapshot *t;

	if ((p->rc = dgs_snapshot_load(p->buf, p->len, p->name, &t,
	    &p->why)) != 0)
		return NULL;
	/* Into the snapshot handed out, but its pending member, which the
	 * caller may read meanwhile. */
	s->arena = t->arena;
	s->alen = t->alen;
	s->acap = t->acap;
	s->tables = t->tables;
	s->ntables = t->ntables;
	s->tcap = t->tcap;
	s->cols = t->cols;
	s->ncols = t->ncols;
	s->ccap = t->ccap;
	s->chash = t->chash;
	s->tix = t->tix;
	s->cix = t->cix;
	s->document = t->document;
	s->name = t->name;
	s->serial = t->serial;
	free(t);
	return NULL;
}

int
dgs_snapshot_load_start(const char *buf, size_t len, const char *name,
    struct dgs_snapshot **out)
{
	struct dgs_snapshot *s;
	struct schema_pending *p;

	*out = NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (p = calloc(1, sizeof(*p))) == NULL) {
		free(s);
		return DGS_ENOMEM;
	}
	p->buf = buf;
	p->len = len;
	if ((p->name = dgs_strdup(name ? name : "<schema>")) == NULL ||
	    pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p->name);
		free(p);
		free(s);
		return DGS_ENOMEM;
	}
	s->pending = p;
	if (pthread_create(&p->th, NULL, pending_run, s) != 0) {
		pthread_mutex_destroy(&p->lock);
		free(p->name);
		free(p);
		free(s);
		return DGS_ENOMEM;
	}
	*out = s;
	return 0;
}

int
dgs_snapshot_wait(struct dgs_snapshot *s, char **why)
{
	struct schema_pending *p;

	if (why != NULL)
		*why = NULL;
	if (s == NULL || (p = s->pending) == NULL)
		return 0;
	pthread_mutex_lock(&p->lock);
	if (!p->joined) {
		pthread_join(p->th, NULL);
		p->joined = 1;
	}
	pthread_mutex_unlock(&p->lock);
	if (p->rc != 0 && why != NULL && p->why != NULL &&
	    (*why = dgs_strdup(p->why)) == NULL)
		return DGS_ENOMEM;
	return p->rc;
}

void
dgs_snapshot_free(struct dgs_snapshot *s)
{
	if (s == NULL)
		return;
	if (s->pending != NULL) {
		(void)dgs_snapshot_wait(s, NULL);
		pthread_mutex_destroy(&s->pending->lock);
		free(s->pending->name);
		free(s->pending->why);
		free(s->pending);
	}
	free(s->arena);
	free(s->tables);
	free(s->cols);
	free(s->chash);
	dgs_index_free(&s->tix);
	dgs_index_free(&s->cix);
	free(s->name);
	free(s);
}

int
dgs_snapshot_load(const char *buf, size_t len, const char *name,
    struct dgs_snapshot **out, char **why)
{
	struct loader ld;
	size_t i;

	*out = NULL;
	if (why != NULL)
		*why = NULL;
	memset(&ld, 0, sizeof(ld));
	ld.last_table = (size_t)-1;
	if ((ld.s = calloc(1, sizeof(*ld.s))) == NULL ||
	    (ld.s->name = dgs_strdup(name ? name : "<schema>")) == NULL) {
		free(ld.s);
		return DGS_ENOMEM;
	}
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	ld.buf = buf;
	ld.len = len;
	if (check_utf8(&ld) == 0) {
		for (i = 0; i < len && dgs_lex_is_ws((unsigned char)buf[i]);
		    i++)
			continue;
		if (i < len && buf[i] == '[')
			load_json(&ld);
		else if (i == len)
			fail(&ld, 1, "the snapshot is empty");
		else
			load_csv(&ld);
	}
	dgs_buf_free(&ld.rec);
	free(ld.want);
	free(ld.off);
	dgs_index_free(&ld.types);
	if (!stopped(&ld) && ld.s->ncols == 0)
		fail(&ld, 1, "the snapshot lists no columns");
	if (ld.oom || ld.why != NULL) {
		dgs_snapshot_free(ld.s);
		if (why != NULL)
			*why = ld.why;
		else
			free(ld.why);
		return ld.oom ? DGS_ENOMEM : DGS_ECONFIG;
	}
	ld.s->serial = atomic_fetch_add(&serials, 1) + 1;
	*out = ld.s;
	return 0;
}

size_t
dgs_snapshot_count(const struct dgs_snapshot *s, size_t *ntables)
{
	(void)dgs_snapshot_ready(s);	/* one that failed is empty */
	if (ntables != NULL)
		*ntables = s->ntables;
	return s->ncols;
}

void
dgs_options_set_snapshots(struct dgs_options *o, const struct dgs_snapshot *now,
    const struct dgs_snapshot *before)
{
	o->snapshot = now;
	o->snapshot_before = now != NULL ? before : NULL;
}
