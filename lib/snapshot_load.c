/*
 * snapshot_load.c: loading a schema snapshot (dgs_snapshot_load(), or on
 * a thread of its own with dgs_snapshot_load_start()): the text checked,
 * then read by its reader (snapshot_csv.c, snapshot_json.c), which hands
 * each row to snap_add_row() here; the tables and columns built.
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
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pthread.h>

#include "dgs_lex.h"
#include "snapshot_int.h"

/* The serial number of the last snapshot loaded (dgs_snapshot.h). */
static _Atomic uint64_t serials;

const char *const snap_role_names[R_MAX] = {
	"table_schema", "table_name", "column_name", "data_type",
	"is_nullable", "is_foreign_key", "foreign_table_schema",
	"foreign_table_name", "foreign_column_name", "collection", "path"
};

static unsigned long element_line(struct loader *, size_t);

/*
 * Problems, and where they are.
 */
void
snap_fail(struct loader *ld, unsigned long line, const char *fmt, ...)
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

unsigned long
snap_line_at(const char *buf, size_t off)
{
	unsigned long line = 1;
	size_t i;

	for (i = 0; i < off; i++)
		if (buf[i] == '\n')
			line++;
	return line;
}

/* The line of element i of a JSON snapshot's array. */
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

int
snap_grow(struct loader *ld, void **v, size_t *cap, size_t n, size_t size)
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
	if (s->refs != NULL) {
		if ((p = realloc(s->refs, c * sizeof(*s->refs))) == NULL) {
			ld->oom = 1;
			return -1;
		}
		s->refs = p;
	}
	s->ccap = c;
	return 0;
}

/* Column s->ncols's reference ref, into refs[], made at the first. */
static int
set_ref(struct loader *ld, uint32_t ref)
{
	struct dgs_snapshot *s = ld->s;

	if (s->refs == NULL) {
		if (ref == DGS_SNAPSHOT_NONE)
			return 0;
		if ((s->refs = malloc(s->ccap * sizeof(*s->refs))) == NULL) {
			ld->oom = 1;
			return -1;
		}
		/* NONE is every byte 0xff. */
		memset(s->refs, 0xff, s->ncols * sizeof(*s->refs));
	}
	s->refs[s->ncols] = ref;
	return 0;
}

/* Moves table ti's columns, so far scanned, into the index. */
static int
index_table(struct loader *ld, size_t ti)
{
	struct dgs_snapshot *s = ld->s;
	struct dgs_snapshot_table *t = &s->tables[ti];
	uint32_t i;

	for (i = t->first; i != DGS_SNAPSHOT_NONE; i = s->cols[i].next)
		if (dgs_index_add(&s->cix, snap_col_key(ti, s->chash[i]),
		    i) != 0) {
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
	switch (snap_low((unsigned char)*v)) {	/* one comparison a row */
	case 'y':
		if (snap_caseeq(v, "yes"))
			return DGS_TRI_YES;
		break;
	case 't':
		if (snap_caseeq(v, "true"))
			return DGS_TRI_YES;
		break;
	case 'n':
		if (snap_caseeq(v, "no"))
			return DGS_TRI_NO;
		break;
	case 'f':
		if (snap_caseeq(v, "false"))
			return DGS_TRI_NO;
		break;
	case '1':
	case '0':
		if (v[1] == '\0')
			return *v == '1' ? DGS_TRI_YES : DGS_TRI_NO;
		break;
	}
	snap_fail(ld, line, "%s is \"%s\": write YES or NO (or true or false)",
	    what, v);
	return DGS_TRI_UNKNOWN;
}

/* The column a foreign key references, when the row names it: its
 * schema (else the row's), table and column, interned one after the
 * other (struct dgs_snapshot_col's ref); else NONE. */
static uint32_t
intern_ref(struct loader *ld, const char *const *v)
{
	const char *schema = v[R_FK_SCHEMA] != NULL && *v[R_FK_SCHEMA] !=
	    '\0' ? v[R_FK_SCHEMA] : v[R_SCHEMA] != NULL ? v[R_SCHEMA] : "";
	char buf[768];
	size_t a, b, c;

	if (v[R_FK_TABLE] == NULL || *v[R_FK_TABLE] == '\0' ||
	    v[R_FK_COLUMN] == NULL || *v[R_FK_COLUMN] == '\0')
		return DGS_SNAPSHOT_NONE;
	a = strlen(schema);
	b = strlen(v[R_FK_TABLE]);
	c = strlen(v[R_FK_COLUMN]);
	if (a + b + c + 3 > sizeof(buf))
		return DGS_SNAPSHOT_NONE;
	memcpy(buf, schema, a + 1);
	memcpy(buf + a + 1, v[R_FK_TABLE], b + 1);
	memcpy(buf + a + b + 2, v[R_FK_COLUMN], c + 1);
	return intern(ld, buf, a + b + c + 2);
}

/* A row of the snapshot: its column's names and type, whether it is
 * nullable and a foreign key (DGS_TRI_*). */
struct row {
	const char	*schema, *table, *col, *type;
	int		 nullable, fk;
};

/* Row v (at line) into r; -1 after saying what is wrong. */
static int
row_read(struct loader *ld, const char *const *v, unsigned long line,
    struct row *r)
{
	int document = ld->s->document;

	r->schema = document ? "" : v[R_SCHEMA] ? v[R_SCHEMA] : "";
	r->table = document ? v[R_COLLECTION] : v[R_TABLE];
	r->col = document ? v[R_PATH] : v[R_COLUMN];
	r->type = v[R_TYPE] ? v[R_TYPE] : "";
	if (r->table == NULL || *r->table == '\0') {
		snap_fail(ld, line, "%s is empty", document ? "collection" :
		    "table_name");
		return -1;
	}
	if (r->col == NULL || *r->col == '\0') {
		snap_fail(ld, line, "%s is empty", document ? "path" :
		    "column_name");
		return -1;
	}
	if (*r->type == '\0') {
		snap_fail(ld, line, "data_type is empty");
		return -1;
	}
	r->nullable = tri(ld, v[R_NULLABLE], "is_nullable", line);
	r->fk = tri(ld, v[R_FK], "is_foreign_key", line);
	if (r->fk == DGS_TRI_UNKNOWN && ((v[R_FK_TABLE] && *v[R_FK_TABLE]) ||
	    (v[R_FK_COLUMN] && *v[R_FK_COLUMN])))
		r->fk = DGS_TRI_YES;
	else if (r->fk == DGS_TRI_UNKNOWN && (ld->field[R_FK_TABLE] >= 0 ||
	    ld->field[R_FK_COLUMN] >= 0 || v[R_FK_TABLE] != NULL))
		r->fk = DGS_TRI_NO;
	return snap_stopped(ld) ? -1 : 0;
}

/* The index of r's table, exactly as spelt (most often the last row's),
 * added when it is new (first met at line); -1 when out of memory. */
static int
row_table(struct loader *ld, const struct row *r, unsigned long line,
    size_t *tip)
{
	struct dgs_snapshot *s = ld->s;
	struct dgs_snapshot_table *t;
	struct tfind tf;
	size_t ti = ld->last_table;

	if (ti < s->ntables && strcmp(dgs_snapshot_str(s, s->tables[ti].name),
	    r->table) == 0 && (s->document || strcmp(dgs_snapshot_str(s,
	    s->tables[ti].schema), r->schema) == 0)) {
		*tip = ti;
		return 0;
	}
	tf.s = s;
	tf.schema = r->schema;
	tf.table = r->table;
	tf.exact = tf.caseless = DGS_INDEX_NONE;
	dgs_index_each(&s->tix, snap_table_hash(s, r->schema, r->table),
	    snap_table_eq, &tf);
	if ((*tip = tf.exact) != DGS_INDEX_NONE)
		return 0;
	if (snap_grow(ld, (void **)&s->tables, &s->tcap, s->ntables,
	    sizeof(*s->tables)) != 0)
		return -1;
	ti = s->ntables;
	t = &s->tables[ti];
	t->schema = intern(ld, r->schema, strlen(r->schema));
	t->name = intern(ld, r->table, strlen(r->table));
	t->first = t->last = DGS_SNAPSHOT_NONE;
	t->ncols = 0;
	t->indexed = 0;
	t->line = (uint32_t)line;
	if (ld->oom || dgs_index_add(&s->tix, snap_table_hash(s, r->schema,
	    r->table), ti) != 0) {
		ld->oom = 1;
		return -1;
	}
	s->ntables++;
	*tip = ti;
	return 0;
}

/* Whether r's column, met before in its table from cf->exact, is not to
 * be added: the same row again is harmless; another type is a
 * contradiction (said), except that a document database's path has a
 * row per path type. */
static int
row_again(struct loader *ld, const struct row *r, const struct cfind *cf,
    unsigned long line)
{
	struct dgs_snapshot *s = ld->s;
	const struct dgs_snapshot_col *c;
	uint32_t ci;

	for (ci = (uint32_t)cf->exact; ci != DGS_SNAPSHOT_NONE;
	    ci = s->cols[ci].next) {
		c = &s->cols[ci];
		if (strcmp(dgs_snapshot_str(s, c->name), r->col) != 0)
			continue;
		if (snap_caseeq(dgs_snapshot_str(s, c->type), r->type))
			return 1;
		if (!s->document) {
			snap_fail(ld, line, "%s.%s.%s is listed again with "
			    "another data_type: \"%s\" here, \"%s\" at line "
			    "%lu", r->schema, r->table, r->col, r->type,
			    dgs_snapshot_str(s, c->type), ld->json ?
			    element_line(ld, c->line) : (unsigned long)c->line);
			return 1;
		}
	}
	return 0;
}

void
snap_add_row(struct loader *ld, const char *const *v, unsigned long line,
    const uint32_t *hash)
{
	struct dgs_snapshot *s = ld->s;
	struct dgs_snapshot_table *t;
	struct dgs_snapshot_col *c;
	struct cfind cf;
	struct row r;
	size_t ti;
	uint32_t nh;

	if (row_read(ld, v, line, &r) != 0 || row_table(ld, &r, line,
	    &ti) != 0)
		return;
	ld->last_table = ti;
	t = &s->tables[ti];
	cf.s = s;
	cf.table = (uint32_t)ti;
	cf.col = r.col;
	/* For the index too; the thread of a large snapshot hashed it. */
	nh = hash != NULL ? *hash : snap_name_hash(r.col);
	snap_col_lookup(&cf, nh);
	if ((cf.exact != DGS_INDEX_NONE && row_again(ld, &r, &cf, line)) ||
	    grow_cols(ld) != 0)
		return;
	/* Its table leaves the scans for the index when this column is
	 * not next to its others, or one too many. */
	if (!t->indexed && t->ncols > 0 && (t->last + 1 != s->ncols ||
	    t->ncols >= SCAN_MAX) && index_table(ld, ti) != 0)
		return;
	s->chash[s->ncols] = nh;
	c = &s->cols[s->ncols];
	c->name = cf.exact != DGS_INDEX_NONE ? s->cols[cf.exact].name :
	    intern(ld, r.col, strlen(r.col));
	c->type = intern_type(ld, r.type);
	c->table = (uint32_t)ti;
	c->next = DGS_SNAPSHOT_NONE;
	c->line = (uint32_t)line;
	c->nullable = (unsigned char)r.nullable;
	c->fk = (unsigned char)r.fk;
	if (set_ref(ld, r.fk == DGS_TRI_YES ? intern_ref(ld, v) :
	    DGS_SNAPSHOT_NONE) != 0 || ld->oom || (t->indexed &&
	    dgs_index_add(&s->cix, snap_col_key(ti, nh), s->ncols) != 0)) {
		ld->oom = 1;
		return;
	}
	if (t->last == DGS_SNAPSHOT_NONE)
		t->first = (uint32_t)s->ncols;
	else
		s->cols[t->last].next = (uint32_t)s->ncols;
	t->last = (uint32_t)s->ncols;
	t->ncols++;
	s->ncols++;
}

void
snap_map_header(struct loader *ld, const char *const *names, size_t n,
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
			if (ld->field[r] < 0 && snap_caseeq(names[i],
			    snap_role_names[r]))
				ld->field[r] = (int)i;
	ld->s->document = ld->field[R_COLLECTION] >= 0 ||
	    (ld->field[R_PATH] >= 0 && ld->field[R_TABLE] < 0);
	req = ld->s->document ? doc : rel;
	nreq = ld->s->document ? 3 : 4;
	for (i = 0; i < nreq; i++)
		if (ld->field[req[i]] < 0) {
			snap_fail(ld, line, "the %s has no column \"%s\"; a "
			    "snapshot needs %s", what, snap_role_names[req[i]],
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
				snap_fail(ld, snap_line_at(ld->buf, (size_t)(p -
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
			snap_fail(ld, snap_line_at(ld->buf, (size_t)(p -
			    (const unsigned char *)ld->buf)), "the byte 0x%02X "
			    "is not UTF-8: save the snapshot as UTF-8", *p);
			return -1;
		}
		p += n;
	}
	return 0;
}

/*
 * The public interface.
 */
/*
 * A load on a thread of its own (dgs_snapshot_load_start()).
 */
struct snapshot_pending {
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
	struct snapshot_pending *p = s->pending;
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
	s->refs = t->refs;
	s->tix = t->tix;
	s->cix = t->cix;
	s->document = t->document;
	s->json_rows = t->json_rows;
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
	struct snapshot_pending *p;

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
	struct snapshot_pending *p;

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
	free(s->refs);
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
			snap_load_json(&ld);
		else if (i == len)
			snap_fail(&ld, 1, "the snapshot is empty");
		else
			snap_load_csv(&ld);
	}
	dgs_buf_free(&ld.rec);
	free(ld.want);
	free(ld.off);
	dgs_index_free(&ld.types);
	if (!snap_stopped(&ld) && ld.s->ncols == 0)
		snap_fail(&ld, 1, "the snapshot lists no columns");
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
