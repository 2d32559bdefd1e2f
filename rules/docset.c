/*
 * docset.c: the document set, the documents of one run checked against
 * one another (DGS88x).
 *
 * The walkers take compact keys while they lint a document (dgs_ds_key():
 * a column configured, a subsetting table, a listed or resolved change),
 * located as findings are and kept in the result.  dgs_docset_add()
 * then checks the keys of one document against those of the documents
 * added before it, appends its findings to that document's result, and
 * keeps the keys.  A finding is always on the later document, so a
 * program that adds and prints documents in one order prints the same,
 * whatever order they were linted in.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "dgs_snapshot.h"

/* An entry: a key kept, found by its hash in open-addressing slots.  A key
 * is known by its two hashes of 64 bits (dgs_hash2()), not its bytes: the
 * table holds no text, and a document linted in another process sends
 * its keys with their hashes, so that the calling process, through which
 * every document passes in order, does one probe a key.  An entry keeps
 * 87 bits of them: h1 mixed with the key's group (the rule, DGS884
 * counted as DGS883, whose keys it shares), and the top 23 bits of h2 in
 * w, beside the resolution (the side for DGS883: a listed change or a
 * resolution item), the code (an index in codes) and the line.  Two
 * different keys of a run have the same 87 bits with a chance of about
 * n^2 / 2^88, 10^-16 for the 167,000 keys of the benchmark's 2,000 files.
 *
 * Sixteen bytes an entry, in blocks that never move: entries are memory
 * touched for the first time, which costs a page fault a page (1.7
 * microseconds here), and a block is not copied as an array that doubles
 * is.  The document that holds an entry is found from each document's
 * first entry (first[]), in the rare search that needs it. */
struct ds_entry {
	uint64_t	 hg;		/* hg_of(): h1 and the group */
	uint64_t	 w;		/* h2 >> 41 << 41 | resolution << 40
					 * | code << 32 | line */
};

#define BLOCK_SHIFT	13		/* 8,192 entries, 128 KB a block */
#define BLOCK_SIZE	((size_t)1 << BLOCK_SHIFT)
#define NONE		SIZE_MAX		/* no entry */
#define W_CHECK		(~(uint64_t)0 << 41)	/* w's bits of h2 */

struct dgs_docset {
	char		**files;
	uint32_t	 *first;	/* each file's first entry */
	size_t		  nfiles, fcap;
	struct ds_entry	**block;	/* the entries, in order kept */
	size_t		  n, nblocks;
	uint64_t	 *slot;		/* 0 empty, or tag_of() | index */
	size_t		  cap;		/* slots: a power of two, or 0 */
	unsigned	  shift;	/* 64 - log2(cap): a tag's home */
	char		**codes;	/* the codes seen: a handful */
	size_t		  ncodes;
	long		  first_list;	/* file of the first change list */
	int		  new_tables;	/* DGS813 reported */
};

struct dgs_docset *
dgs_docset_new(void)
{
	struct dgs_docset *ds;

	if ((ds = calloc(1, sizeof(*ds))) == NULL)
		return NULL;
	ds->first_list = -1;
	return ds;
}

void
dgs_docset_free(struct dgs_docset *ds)
{
	size_t i;

	if (ds == NULL)
		return;
	for (i = 0; i < ds->nfiles; i++)
		free(ds->files[i]);
	for (i = 0; i < ds->ncodes; i++)
		free(ds->codes[i]);
	for (i = 0; i < ds->nblocks; i++)
		free(ds->block[i]);
	free(ds->files);
	free(ds->first);
	free(ds->codes);
	free(ds->block);
	free(ds->slot);
	free(ds);
}

/* A key's bytes: KEY and CODE (see struct dgs_dskey). */
struct parsed {
	const char	*key, *code;
	size_t		 klen, clen;
};

static void
parse_key(const struct dgs_result *res, const struct dgs_dskey *k,
    struct parsed *p)
{
	p->key = res->dstext.s + k->text;
	p->klen = k->klen;
	p->code = p->key + k->klen;
	p->clen = k->clen;
}

/* A field of a key (dgs_ds_key()) at *s, into *f; 0 when there is none. */
static int
next_field(const char **s, const char *end, struct dgs_dsfield *f)
{
	const char *q = *s;
	uint32_t len;

	if (q < end && *q == 'n') {
		f->s = NULL;
		f->len = 0;
		*s = q + 1;
		return 1;
	}
	if (end - q < 5 || *q != 's')
		return 0;
	memcpy(&len, q + 1, sizeof(len));
	if (len > (size_t)(end - q - 5))
		return 0;
	f->s = q + 5;
	f->len = len;
	*s = q + 5 + len;
	return 1;
}

static int
field_empty(const struct dgs_dsfield *f)
{
	return f->s == NULL || f->len == 0;
}

/* A field as a JSON literal: a quoted string, or null. */
static void
add_field(struct dgs_buf *m, const struct dgs_dsfield *f)
{
	if (f->s == NULL)
		dgs_buf_adds(m, "null");
	else
		dgs_buf_add_json_str(m, f->s, f->len);
}

/* The words that name a key's thing in messages, into m. */
static void
describe(struct dgs_buf *m, int group, const struct parsed *p)
{
	const char *s = p->key, *end = p->key + p->klen;
	struct dgs_dsfield l[5];
	size_t i, n = group == DGS_R_DOCSET_DUPLICATE_COLUMN ? 5 :
	    group == DGS_R_DOCSET_DUPLICATE_SUBSET ? 2 : 4;
	int fb = 0;

	if (group == DGS_R_DOCSET_DUPLICATE_COLUMN && s < end) {
		fb = *s == 'F';
		s++;
	}
	for (i = 0; i < n; i++)
		if (!next_field(&s, end, &l[i]))
			return;
	switch (group) {
	case DGS_R_DOCSET_DUPLICATE_COLUMN:
		if (fb)
			dgs_buf_adds(m, "the fallback generator of ");
		dgs_buf_adds(m, "column ");
		if (!field_empty(&l[0])) {
			add_field(m, &l[0]);
			dgs_buf_addc(m, '.');
		}
		add_field(m, &l[1]);
		dgs_buf_addc(m, '.');
		add_field(m, &l[2]);
		if (!field_empty(&l[3])) {
			dgs_buf_adds(m, " at path ");
			add_field(m, &l[3]);
		}
		if (!field_empty(&l[4])) {
			dgs_buf_adds(m, " of data type ");
			add_field(m, &l[4]);
		}
		return;
	case DGS_R_DOCSET_DUPLICATE_SUBSET:
		add_field(m, &l[0]);
		dgs_buf_addc(m, '.');
		add_field(m, &l[1]);
		return;
	default:
		break;
	}
	if (l[2].s != NULL)
		dgs_buf_adds(m, "the column ");
	else if (p->clen > 11 && memcmp(p->code + p->clen - 11, "_collection",
	    11) == 0)
		dgs_buf_adds(m, "the collection ");
	else
		dgs_buf_adds(m, "the table ");
	add_field(m, &l[0]);
	dgs_buf_addc(m, '.');
	add_field(m, &l[1]);
	if (l[2].s != NULL) {
		dgs_buf_addc(m, '.');
		add_field(m, &l[2]);
	}
	if (l[3].s != NULL) {
		dgs_buf_adds(m, " at path ");
		add_field(m, &l[3]);
	}
}

/* A key's pointer: its element, or the root. */
static char *
key_pointer(const struct dgs_dskey *k)
{
	struct dgs_buf b = { 0 };

	dgs_buf_add(&b, "", 0);
	if (k->elem >= 0)
		dgs_buf_addf(&b, "/%ld", k->elem);
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}

static int
group_of(int rule)
{
	return rule == DGS_R_DOCSET_RESOLUTION_UNLISTED ?
	    DGS_R_DOCSET_RESOLUTION_MISMATCH : rule;
}

/* The search of the entries with a key's hashes, in one pass of its
 * probe sequence: the earliest entry of its group and key with the same
 * code (same) and with another code (other), for DGS883 on the other side
 * only and never of the same file; whether an entry with that group, side,
 * key and code is kept already (dup: the keys of one document are
 * compared once); and the empty slot where the key goes (slot). */
struct look {
	int			 group;
	unsigned		 code, resolution;
	uint64_t		 hg;		/* hg_of() */
	const struct parsed	*p;
	const char		*file;
	size_t			 same, other;	/* entries, or NONE */
	size_t			 slot;
	int			 dup;
};

/* A key's hash and group, as an entry keeps them. */
static uint64_t
hg_of(const struct dgs_dskey *k, int group)
{
	return k->h1 ^ (uint64_t)group * 0x9e3779b97f4a7c15ULL;
}

/* A key's tag: 32 bits of hg_of(), never 0, in the high half of a slot
 * beside its entry's index: 2 MB of slots for the 167,000 keys of the
 * benchmark's 2,000 files.  A search reads an entry only when its tag is
 * the key's (seldom otherwise), and a new key, the usual one, is
 * appended: each key costs one slot read and written at random, one
 * cache line, not a read and a write in a table of megabytes.  (Tags of
 * 16 bits and indexes in arrays apart, 6 bytes a slot, took two lines a
 * key, and a tenth more time in dgs_docset_add().)
 *
 * The tag's top bits are the key's home slot, so a key's place in a table
 * that doubles is its home's twice, or that and one, past any collisions:
 * the old slots are read in order, the new ones written nearly in order,
 * and the entries, which are apart, are not read. */
static uint64_t
tag_of(uint64_t hg)
{
	return (hg >> 32 | 1) << 32;
}

static struct ds_entry *
entry(const struct dgs_docset *ds, size_t i)
{
	return &ds->block[i >> BLOCK_SHIFT][i & (BLOCK_SIZE - 1)];
}

/* The file (an index in files) of entry i: the last whose first entry
 * is at or before it. */
static size_t
file_of(const struct dgs_docset *ds, size_t i)
{
	size_t lo = 0, hi = ds->nfiles, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (ds->first[mid] <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void
look(const struct dgs_docset *ds, const struct dgs_dskey *k,
    struct look *l)
{
	const struct ds_entry *e;
	size_t i, j, mask = ds->cap - 1;
	uint64_t f, tag = tag_of(l->hg);
	unsigned code, resolution;

	for (j = tag >> ds->shift; (f = ds->slot[j]) != 0;
	    j = (j + 1) & mask) {
		if ((f & ~(uint64_t)UINT32_MAX) != tag)
			continue;
		e = entry(ds, i = (uint32_t)f);
		if (e->hg != l->hg || (e->w & W_CHECK) != (k->h2 & W_CHECK))
			continue;
		code = (unsigned)(e->w >> 32) & 0xff;
		resolution = (unsigned)(e->w >> 40) & 1;
		if (code == l->code && resolution == l->resolution)
			l->dup = 1;
		if (l->group == DGS_R_DOCSET_RESOLUTION_MISMATCH &&
		    resolution == l->resolution)
			continue;
		/* The same file given twice is one document. */
		if (strcmp(ds->files[file_of(ds, i)], l->file) == 0)
			continue;
		/* The earliest: the least index. */
		if (code == l->code) {
			if (i < l->same)
				l->same = i;
		} else if (i < l->other)
			l->other = i;
	}
	l->slot = j;
}

/* The index of a code in ds->codes, added when new; -1 when out of
 * memory or past 255 codes (a run has a handful: issue codes). */
static int
code_index(struct dgs_docset *ds, const char *code, size_t len)
{
	char **v;
	size_t i;

	for (i = 0; i < ds->ncodes; i++)
		if (ds->codes[i][0] == (len > 0 ? code[0] : '\0') &&
		    (len == 0 || (strlen(ds->codes[i]) == len &&
		    memcmp(ds->codes[i], code, len) == 0)))
			return (int)i;
	if (ds->ncodes > UINT8_MAX ||
	    (v = realloc(ds->codes, (ds->ncodes + 1) * sizeof(*v))) == NULL)
		return -1;
	ds->codes = v;
	if ((v[ds->ncodes] = dgs_strndup(code, len)) == NULL)
		return -1;
	return (int)ds->ncodes++;
}

/* Makes room for more entries: in e, and in the slots, at most three
 * quarters full. */
static int
table_room(struct dgs_docset *ds, size_t more)
{
	struct ds_entry **v;
	uint64_t *slot, t;
	size_t cap, i, j, from;
	unsigned shift;

	if (more > UINT32_MAX - ds->n)
		return -1;
	while (ds->n + more > ds->nblocks << BLOCK_SHIFT) {
		if ((v = realloc(ds->block, (ds->nblocks + 1) *
		    sizeof(*v))) == NULL)
			return -1;
		ds->block = v;
		if ((v[ds->nblocks] = malloc(BLOCK_SIZE * sizeof(**v))) ==
		    NULL)
			return -1;
		ds->nblocks++;
	}
	if ((ds->n + more) * 4 <= ds->cap * 3)
		return 0;
	for (cap = ds->cap ? ds->cap * 2 : 1024,
	    shift = ds->cap ? ds->shift - 1 : 54;
	    (ds->n + more) * 4 > cap * 3; cap *= 2, shift--)
		if (shift == 33)	/* past 2^31 slots */
			return -1;
	if ((slot = calloc(cap, sizeof(*slot))) == NULL)
		return -1;
	if (ds->cap > 0) {
		/* From after an empty slot, so that a run of collisions
		 * that wraps past the end of the table is read whole. */
		for (from = 0; ds->slot[from] != 0; from++)
			continue;
		for (i = 0; i < ds->cap; i++) {
			t = ds->slot[(from + i) & (ds->cap - 1)];
			if (t == 0)
				continue;
			for (j = t >> shift; slot[j] != 0;
			    j = (j + 1) & (cap - 1))
				continue;
			slot[j] = t;
		}
	}
	free(ds->slot);
	ds->slot = slot;
	ds->cap = cap;
	ds->shift = shift;
	return 0;
}

/* Appends a finding of rule at key k of res, with severity from opts. */
static int
add_finding(struct dgs_result *res, const struct dgs_options *opts,
    int rule, const struct dgs_dskey *k, struct dgs_buf *msg)
{
	struct dgs_item *it;
	struct dgs_finding *f;
	enum dgs_severity sev;
	struct dgs_buf clean = { 0 };
	char *ptr;
	size_t cap, i = 0, n;
	long scope;

	/* Messages are UTF-8: the names quoted may not be (report.c). */
	while (!msg->oom && msg->s[i] != '\0' &&
	    (n = dgs_utf8_decode(msg->s + i, 4, NULL)) > 0)
		i += n;
	if (!msg->oom && msg->s[i] != '\0') {
		dgs_buf_add_clean(&clean, msg->s, 0);
		dgs_buf_free(msg);
		*msg = clean;
	}
	if (msg->oom || (ptr = key_pointer(k)) == NULL) {
		dgs_buf_free(msg);
		return DGS_ENOMEM;
	}
	if (!dgs_options_enabled(opts, rule)) {
		free(ptr);
		dgs_buf_free(msg);
		return 0;
	}
	sev = dgs_options_severity_at(opts, rule, ptr, &scope);
	if (dgs_result_scope_used(res, opts, scope) != 0) {
		free(ptr);
		dgs_buf_free(msg);
		return DGS_ENOMEM;
	}
	if (sev == DGS_SEV_OFF) {
		free(ptr);
		dgs_buf_free(msg);
		return 0;
	}
	if (res->nitems == res->cap) {
		cap = res->cap ? res->cap * 2 : 16;
		if ((it = realloc(res->items, cap * sizeof(*it))) == NULL)
			goto oom;
		res->items = it;
		res->cap = cap;
	}
	if ((f = realloc(res->findings, (res->nfindings + 1) *
	    sizeof(*f))) == NULL)
		goto oom;
	res->findings = f;
	it = &res->items[res->nitems++];
	memset(it, 0, sizeof(*it));
	it->str_index = -1;
	it->pointer = ptr;
	it->message = msg->s;
	it->rule = rule;
	it->severity = sev;
	f = &res->findings[res->nfindings++];
	memset(f, 0, sizeof(*f));
	f->file = res->file;
	f->line = k->line;
	f->column = k->column;
	f->end_line = k->end_line;
	f->end_column = k->end_column;
	f->pointer = ptr;
	f->rule = &dgs_rules[rule];
	f->severity = sev;
	f->message = msg->s;
	return 0;
oom:
	free(ptr);
	dgs_buf_free(msg);
	return DGS_ENOMEM;
}

/* Whether key i of res has the bytes of an earlier key of res: a key
 * the document holds twice is checked once, at the first (the rules of
 * one document report the second).  The index is made on the first
 * call, so documents without findings across documents pay nothing. */
struct seen {
	struct dgs_index	 ix;
	size_t			 upto;
};

struct seen_eq {
	const struct dgs_result	*res;
	size_t			 i;
};

static uint64_t
text_hash(const struct dgs_result *res, size_t i)
{
	const struct dgs_dskey *k = &res->dskeys[i];

	return dgs_hash(res->dstext.s + k->text, (size_t)k->klen + k->clen);
}

static int
seen_one(void *arg, size_t pos)
{
	const struct seen_eq *q = arg;
	const struct dgs_dskey *a = &q->res->dskeys[pos],
	    *b = &q->res->dskeys[q->i];

	return a->klen + a->clen == b->klen + b->clen &&
	    memcmp(q->res->dstext.s + a->text, q->res->dstext.s + b->text,
	    (size_t)a->klen + a->clen) == 0;
}

static int
seen_before(struct seen *d, const struct dgs_result *res, size_t i)
{
	struct seen_eq q;

	q.res = res;
	for (; d->upto < i; d->upto++)
		if (dgs_index_add(&d->ix, text_hash(res, d->upto),
		    d->upto) != 0)
			return -1;
	q.i = i;
	return dgs_index_find(&d->ix, text_hash(res, i), seen_one, &q) !=
	    DGS_INDEX_NONE;
}

static int
check_key(struct dgs_docset *ds, const struct dgs_options *opts,
    struct dgs_result *res, size_t i, const struct look *l, struct seen *d)
{
	const struct dgs_dskey *k = &res->dskeys[i];
	const struct parsed *p = l->p;
	struct dgs_buf m = { 0 }, w = { 0 };
	const struct ds_entry *e;
	const char *file = NULL, *code = NULL;
	unsigned long line = 0;
	size_t at = NONE;
	int group = l->group, resolution = l->resolution, rule = group, rc;

	if (group != DGS_R_DOCSET_RESOLUTION_MISMATCH) {
		if ((at = l->same) == NONE)
			return 0;
	} else if (l->same != NONE)
		return 0;
	else if ((at = l->other) != NONE)
		;
	else if (!resolution || ds->first_list < 0)
		return 0;
	else
		rule = DGS_R_DOCSET_RESOLUTION_UNLISTED;
	/* A finding to make: it needs the key's text and place. */
	if (res->dshashes)
		return DGS_EAGAIN;
	if ((rc = seen_before(d, res, i)) != 0)
		return rc < 0 ? DGS_ENOMEM : 0;
	if (at != NONE) {
		e = entry(ds, at);
		file = ds->files[file_of(ds, at)];
		line = (unsigned long)(uint32_t)e->w;
		code = ds->codes[(e->w >> 32) & 0xff];
	}
	describe(&w, group, p);
	if (w.oom) {
		dgs_buf_free(&w);
		return DGS_ENOMEM;
	}
	if (group == DGS_R_DOCSET_DUPLICATE_COLUMN)
		dgs_buf_addf(&m, "%s is also configured in %s:%lu; the service "
		    "keeps one configuration per column, so one of them is "
		    "lost: configure it in one file", w.s, file, line);
	else if (group == DGS_R_DOCSET_DUPLICATE_SUBSET)
		dgs_buf_addf(&m, "the table %s is also configured in %s:%lu; a "
		    "table has one subsetting configuration: merge the two",
		    w.s, file, line);
	else if (at != NONE && resolution)
		dgs_buf_addf(&m, "this item resolves %s as \"%.*s\", but the "
		    "schema-change list in %s:%lu lists it as \"%s\"; resolve "
		    "the change as listed", w.s, (int)p->clen, p->code,
		    file, line, code);
	else if (at != NONE)
		dgs_buf_addf(&m, "%s is listed as \"%.*s\", but the resolution "
		    "item in %s:%lu resolves it as \"%s\"; resolve the change "
		    "as listed", w.s, (int)p->clen, p->code, file, line, code);
	else
		dgs_buf_addf(&m, "this item resolves %s (\"%.*s\"), which the "
		    "schema-change list in %s does not hold; remove the item, "
		    "or list the changes again", w.s, (int)p->clen, p->code,
		    ds->files[ds->first_list]);
	dgs_buf_free(&w);
	return add_finding(res, opts, rule, k, &m);
}

/* Keeps key k, at the slot the search l found for it. */
static void
keep_key(struct dgs_docset *ds, const struct dgs_dskey *k,
    const struct look *l)
{
	struct ds_entry *e = entry(ds, ds->n);

	ds->slot[l->slot] = tag_of(l->hg) | ds->n++;
	e->hg = l->hg;
	e->w = (k->h2 & W_CHECK) | (uint64_t)l->resolution << 40 |
	    (uint64_t)l->code << 32 |
	    (k->line > UINT32_MAX ? UINT32_MAX : (uint32_t)k->line);
}

/* Whether new_tables() has yet to run. */
static int
new_tables_due(const struct dgs_docset *ds, const struct dgs_options *opts)
{
	return !ds->new_tables && opts->snapshot != NULL &&
	    opts->snapshot_before != NULL;
}

/* Takes back the entries kept from entry from on, the last first: each
 * was put in the first empty slot of its probe sequence, and every slot
 * filled after it is empty again when it goes, so the slots are as they
 * were. */
static void
unkeep(struct dgs_docset *ds, size_t from)
{
	size_t j, mask = ds->cap - 1;
	uint64_t tag;

	while (ds->n > from) {
		tag = tag_of(entry(ds, --ds->n)->hg);
		for (j = tag >> ds->shift; ds->slot[j] != (tag | ds->n);
		    j = (j + 1) & mask)
			continue;
		ds->slot[j] = 0;
	}
}

/* DGS813: the tables of --schema that --schema-before lacks, once a
 * run, at key k (the start) of the first replacements document.  The
 * service lists each as new_table, configured or not. */
static int
new_tables(struct dgs_docset *ds, const struct dgs_options *opts,
    struct dgs_result *res, const struct dgs_dskey *k)
{
	const struct dgs_snapshot *s = opts->snapshot, *old = opts->snapshot_before;
	const struct dgs_snapshot_table *t;
	struct dgs_buf msg;
	size_t i;
	int exact;

	if (!new_tables_due(ds, opts))
		return 0;
	ds->new_tables = 1;
	for (i = 0; i < s->ntables; i++) {
		t = &s->tables[i];
		if (dgs_snapshot_find_table(old, dgs_snapshot_str(s, t->schema),
		    dgs_snapshot_str(s, t->name), &exact) != NULL && exact)
			continue;
		memset(&msg, 0, sizeof(msg));
		dgs_buf_adds(&msg, s->document ? "collection " : "table ");
		if (!s->document) {
			dgs_buf_add_json_str(&msg, dgs_snapshot_str(s,
			    t->schema), strlen(dgs_snapshot_str(s, t->schema)));
			dgs_buf_addc(&msg, '.');
		}
		dgs_buf_add_json_str(&msg, dgs_snapshot_str(s, t->name),
		    strlen(dgs_snapshot_str(s, t->name)));
		dgs_buf_addf(&msg, " (%lu column%s) is not in the "
		    "--schema-before snapshot: the service lists it as "
		    "new_table, and its columns are Passthrough, copying the "
		    "real data into the output, until generators are "
		    "assigned; strict mode (RejectOnAllSchemaItems) rejects "
		    "the job until the change is resolved",
		    (unsigned long)t->ncols, t->ncols == 1 ? "" : "s");
		if (add_finding(res, opts, DGS_R_DB_NEW_TABLE, k, &msg) != 0)
			return DGS_ENOMEM;
	}
	return 0;
}

#define AHEAD	16	/* keys whose slots are asked for ahead */

/* The home slot of key k.  (A function that only prefetches is pure to
 * the compiler, and its calls are dropped: the prefetches are where the
 * slots are asked for.) */
static const uint64_t *
home_of(const struct dgs_docset *ds, const struct dgs_dskey *k)
{
	return &ds->slot[tag_of(hg_of(k, group_of(k->rule))) >> ds->shift];
}

#ifdef __GNUC__
#define PREFETCH(p)	__builtin_prefetch((p), 1)
#else
#define PREFETCH(p)	(void)(p)
#endif

int
dgs_docset_add(struct dgs_docset *ds, const struct dgs_options *opts,
    struct dgs_result *res)
{
	struct seen seen;
	struct parsed p;
	struct look l;
	const struct dgs_dskey *k;
	char **files;
	uint32_t *first;
	size_t i, had, kept, cap;
	int rc = 0, code;

	if (ds == NULL || opts == NULL || res == NULL)
		return DGS_EINVAL;
	if (res->dshashes > 1)	/* hashes not of this process's key */
		return DGS_EAGAIN;
	if (ds->nfiles == ds->fcap) {
		cap = ds->fcap ? ds->fcap * 2 : 16;
		if ((files = realloc(ds->files, cap * sizeof(*files))) == NULL)
			return DGS_ENOMEM;
		ds->files = files;
		if ((first = realloc(ds->first, cap * sizeof(*first))) == NULL)
			return DGS_ENOMEM;
		ds->first = first;
		ds->fcap = cap;
	}
	if ((ds->files[ds->nfiles] = dgs_strdup(res->file ? res->file :
	    "-")) == NULL)
		return DGS_ENOMEM;
	ds->first[ds->nfiles++] = (uint32_t)ds->n;
	had = res->nfindings;
	kept = ds->n;
	memset(&seen, 0, sizeof(seen));
	if (table_room(ds, res->ndskeys) != 0)
		return DGS_ENOMEM;
	/* Each key's slot is asked for AHEAD keys before its search, to
	 * read and (mostly) to write, so that the misses overlap.  (All of
	 * a document's keys asked for at once, 84 on average, took 40% more
	 * time in dgs_docset_add() on the 2,000 files: a processor holds
	 * about twenty misses in flight.) */
	for (i = 0; i < res->ndskeys && i < AHEAD; i++)
		PREFETCH(home_of(ds, &res->dskeys[i]));
	/* Each key is kept as soon as it is checked: the keys of this
	 * document are not compared with one another (look()). */
	for (i = 0; i < res->ndskeys && rc == 0; i++) {
		k = &res->dskeys[i];
		if (i + AHEAD < res->ndskeys)
			PREFETCH(home_of(ds, &res->dskeys[i + AHEAD]));
		if (k->rule == DGS_R_DB_NEW_TABLE) {
			if (res->kind != DGS_KIND_REPLACEMENTS)
				continue;
			/* Its findings need its place. */
			if (res->dshashes && new_tables_due(ds, opts))
				rc = DGS_EAGAIN;
			else
				rc = new_tables(ds, opts, res, k);
			continue;
		}
		parse_key(res, k, &p);
		memset(&l, 0, sizeof(l));
		l.group = group_of(k->rule);
		l.resolution = res->kind == DGS_KIND_RESOLUTION;
		l.hg = hg_of(k, l.group);
		l.p = &p;
		l.file = ds->files[ds->nfiles - 1];
		l.same = l.other = NONE;
		if ((code = code_index(ds, p.code, p.clen)) < 0 ||
		    ds->n >= UINT32_MAX) {
			rc = DGS_ENOMEM;
			break;
		}
		l.code = (unsigned)code;
		look(ds, k, &l);
		if ((rc = check_key(ds, opts, res, i, &l, &seen)) == 0 &&
		    !l.dup)
			keep_key(ds, k, &l);
	}
	dgs_index_free(&seen.ix);
	if (rc == DGS_EAGAIN) {
		/* Nothing added: no finding was made (check_key()). */
		unkeep(ds, kept);
		free(ds->files[--ds->nfiles]);
		return DGS_EAGAIN;
	}
	if (rc != 0)
		return DGS_ENOMEM;
	if (res->kind == DGS_KIND_SCHEMA_CHANGES && ds->first_list < 0 &&
	    opts->docset && (dgs_options_enabled(opts,
	    DGS_R_DOCSET_RESOLUTION_MISMATCH) || dgs_options_enabled(opts,
	    DGS_R_DOCSET_RESOLUTION_UNLISTED)))
		ds->first_list = (long)(ds->nfiles - 1);
	if (res->nfindings > had)
		qsort(res->findings, res->nfindings, sizeof(*res->findings),
		    dgs_finding_cmp);
	return 0;
}

/*
 * Keys as bytes, for a program that lints in one process and adds in
 * another: a header (with dgs_hash_tag(), which tells whether the
 * hashes are of the loading process's key, and the flags), then per key
 * either (whole) its hashes, rule and lengths, its place when it is not
 * the place of the key before (the keys of an element share it), and its
 * bytes; or (DGS_KEYS_HASHES) its hashes, rule, line and code.  A process
 * forked from the one that loads (dgslint -j) has its key, and its hashes
 * are taken as they come; another process's are made again from the
 * bytes, or, without them, not compared (dgs_docset_add(): DGS_EAGAIN).
 *
 * Without the texts, a key is 32 bytes and its code (none for a column),
 * against about 120: on the benchmark's 2,000 files, the workers of -j 2
 * sent 10.4 MB, each byte copied five times (saved, encoded, written,
 * read, loaded), for the calling process to find that no key meets
 * another; and a finding, which needs the text and the place, is rare.
 */
static const char magic[8] = "DGSWSK6";

struct rec {
	uint64_t	 h1, h2;
	uint32_t	 rule, klen, clen, placed;	/* placed: a loc follows */
};

struct loc {
	uint64_t	 line, column, end_line, end_column;
	int64_t		 elem;
};

/* A key without its text (DGS_KEYS_HASHES): its code follows. */
struct hrec {
	uint64_t	 h1, h2;
	uint32_t	 rule, line, clen, zero;
};

static int
same_place(const struct dgs_dskey *a, const struct dgs_dskey *b)
{
	return a->elem == b->elem && a->line == b->line &&
	    a->column == b->column && a->end_line == b->end_line &&
	    a->end_column == b->end_column;
}

/* The bytes of key i of res at o (NULL: none written); returns their
 * length. */
static size_t
save_key(const struct dgs_result *res, size_t i, int hashes, char *o)
{
	const struct dgs_dskey *k = &res->dskeys[i];
	struct hrec h;
	struct rec r;
	struct loc l;
	size_t n;

	if (hashes) {
		if (o != NULL) {
			memset(&h, 0, sizeof(h));
			h.h1 = k->h1;
			h.h2 = k->h2;
			h.rule = (uint32_t)k->rule;
			h.line = k->line > UINT32_MAX ? UINT32_MAX :
			    (uint32_t)k->line;
			h.clen = k->clen;
			memcpy(o, &h, sizeof(h));
			memcpy(o + sizeof(h), res->dstext.s + k->text + k->klen,
			    k->clen);
		}
		return sizeof(h) + k->clen;
	}
	r.placed = i == 0 || !same_place(k, k - 1);
	n = sizeof(r) + (r.placed ? sizeof(l) : 0);
	if (o == NULL)
		return n + k->klen + k->clen;
	r.h1 = k->h1;
	r.h2 = k->h2;
	r.rule = (uint32_t)k->rule;
	r.klen = k->klen;
	r.clen = k->clen;
	memcpy(o, &r, sizeof(r));
	if (r.placed) {
		l.line = k->line;
		l.column = k->column;
		l.end_line = k->end_line;
		l.end_column = k->end_column;
		l.elem = (int64_t)k->elem;
		memcpy(o + sizeof(r), &l, sizeof(l));
	}
	memcpy(o + n, res->dstext.s + k->text, (size_t)k->klen + k->clen);
	return n + k->klen + k->clen;
}

int
dgs_result_keys_save(const struct dgs_result *res, int flags, char **out,
    size_t *len)
{
	uint32_t head[3];
	uint64_t tag = dgs_hash_tag();
	size_t i, n = sizeof(magic) + sizeof(head) + sizeof(tag);
	int hashes = (flags & DGS_KEYS_HASHES) != 0;
	char *b, *o;

	*out = NULL;
	*len = 0;
	for (i = 0; i < res->ndskeys; i++)
		n += save_key(res, i, hashes, NULL);
	if ((o = b = malloc(n)) == NULL)
		return DGS_ENOMEM;
	memcpy(o, magic, sizeof(magic));
	o += sizeof(magic);
	head[0] = (uint32_t)res->kind;
	head[1] = (uint32_t)res->ndskeys;
	head[2] = (uint32_t)hashes;
	memcpy(o, head, sizeof(head));
	o += sizeof(head);
	memcpy(o, &tag, sizeof(tag));
	o += sizeof(tag);
	for (i = 0; i < res->ndskeys; i++)
		o += save_key(res, i, hashes, o);
	*out = b;
	*len = n;
	return 0;
}

/* Key k of a result from bytes at *pos of buf[0..len), without its text
 * (struct hrec); -1 when they are not such a key. */
static int
load_hashes(struct dgs_result *res, struct dgs_dskey *k, const char *buf,
    size_t len, size_t *pos)
{
	struct hrec h;

	if (len - *pos < sizeof(h))
		return -1;
	memcpy(&h, buf + *pos, sizeof(h));
	*pos += sizeof(h);
	if (h.rule >= DGS_R_MAX || h.clen > len - *pos || h.zero != 0)
		return -1;
	memset(k, 0, sizeof(*k));
	k->rule = (int)h.rule;
	k->h1 = h.h1;
	k->h2 = h.h2;
	k->line = k->end_line = h.line;
	k->elem = -1;
	k->text = res->dstext.len;
	k->clen = h.clen;
	if (h.clen > 0) {
		memcpy(res->dstext.s + res->dstext.len, buf + *pos, h.clen);
		res->dstext.len += h.clen;
		*pos += h.clen;
	}
	return 0;
}

int
dgs_result_keys_load(const char *file, const char *buf, size_t len,
    struct dgs_result **out)
{
	struct dgs_result *res;
	struct dgs_dskey *k;
	struct rec r;
	struct loc l;
	uint32_t head[3];
	uint64_t tag;
	size_t pos, i, n, tlen;
	int rehash;

	*out = NULL;
	if (len < sizeof(magic) + sizeof(head) + sizeof(tag) ||
	    memcmp(buf, magic, sizeof(magic)) != 0)
		return DGS_EINVAL;
	memcpy(head, buf + sizeof(magic), sizeof(head));
	memcpy(&tag, buf + sizeof(magic) + sizeof(head), sizeof(tag));
	rehash = tag != dgs_hash_tag();
	pos = sizeof(magic) + sizeof(head) + sizeof(tag);
	n = head[1];
	if (head[0] >= DGS_KIND_MAX || head[2] > 1 ||
	    n > (len - pos) / (head[2] ? sizeof(struct hrec) : sizeof(r)))
		return DGS_EINVAL;
	if ((res = calloc(1, sizeof(*res))) == NULL)
		return DGS_ENOMEM;
	res->kind = (enum dgs_kind)head[0];
	/* Hashes alone, of another process's key: kept, not compared. */
	res->dshashes = head[2] ? 1 + rehash : 0;
	/* The texts, at most what is left of buf, in one block. */
	if ((res->file = dgs_strdup(file ? file : "-")) == NULL ||
	    (n > 0 && (res->dskeys = malloc(n * sizeof(*k))) == NULL) ||
	    dgs_buf_reserve(&res->dstext, len - pos) != 0)
		goto oom;
	res->dscap = n;
	memset(&l, 0, sizeof(l));
	for (i = 0; i < n; i++) {
		if (res->dshashes) {
			if (load_hashes(res, &res->dskeys[res->ndskeys++], buf,
			    len, &pos) != 0)
				goto bad;
			continue;
		}
		if (len - pos < sizeof(r))
			goto bad;
		memcpy(&r, buf + pos, sizeof(r));
		pos += sizeof(r);
		if (r.placed > 1 || (r.placed == 0 && i == 0) ||
		    (r.placed && len - pos < sizeof(l)))
			goto bad;
		if (r.placed) {
			memcpy(&l, buf + pos, sizeof(l));
			pos += sizeof(l);
		}
		tlen = (size_t)r.klen + r.clen;
		if (r.rule >= DGS_R_MAX || r.klen > len - pos ||
		    r.clen > len - pos - r.klen || l.elem < -1 ||
		    l.elem > INT32_MAX)
			goto bad;
		k = &res->dskeys[res->ndskeys++];
		k->text = res->dstext.len;
		k->klen = r.klen;
		k->clen = r.clen;
		k->h1 = r.h1;
		k->h2 = r.h2;
		if (rehash)	/* hashes of another process's key */
			dgs_hash2(buf + pos, r.klen, &k->h1, &k->h2);
		memcpy(res->dstext.s + res->dstext.len, buf + pos, tlen);
		res->dstext.len += tlen;
		pos += tlen;
		k->rule = (int)r.rule;
		k->elem = (long)l.elem;
		k->line = (unsigned long)l.line;
		k->column = (unsigned long)l.column;
		k->end_line = (unsigned long)l.end_line;
		k->end_column = (unsigned long)l.end_column;
	}
	if (pos != len)
		goto bad;
	if (res->dstext.s != NULL)
		res->dstext.s[res->dstext.len] = '\0';
	*out = res;
	return 0;
bad:
	dgs_result_free(res);
	return DGS_EINVAL;
oom:
	dgs_result_free(res);
	return DGS_ENOMEM;
}

void
dgs_options_set_docset(struct dgs_options *o, int on)
{
	o->docset = on != 0;
}
