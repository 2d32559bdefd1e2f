/*
 * snapshot.c: looking tables and columns up in a loaded schema snapshot
 * (dgs_snapshot.h): tables by a hash of their lower-cased schema and
 * name in the index tix, columns by a hash of their lower-cased name in
 * a scan of their table's or in the index cix (snapshot_int.h says
 * which), and the closest names for "did you mean".  The loader
 * (snapshot_load.c) looks up with these as it adds rows.
 */
#include <stdlib.h>
#include <string.h>

#include "snapshot_int.h"

int
snap_table_eq(void *arg, size_t pos)
{
	struct tfind *f = arg;
	const struct dgs_snapshot_table *t = &f->s->tables[pos];
	const char *sn = dgs_snapshot_str(f->s, t->schema),
	    *tn = dgs_snapshot_str(f->s, t->name);

	if (!snap_caseeq(tn, f->table) || (!f->s->document &&
	    !snap_caseeq(sn, f->schema)))
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
	dgs_index_each(&s->tix, snap_table_hash(s, f.schema, table),
	    snap_table_eq, &f);
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

/* Columns of a table are indexed in snapshot order, and each visit
 * keeps the earliest of its kind. */
static int
col_eq(void *arg, size_t pos)
{
	struct cfind *f = arg;
	const struct dgs_snapshot_col *c = &f->s->cols[pos];
	const char *n = dgs_snapshot_str(f->s, c->name);

	if (c->table != f->table || !snap_caseeq(n, f->col))
		return 0;
	if (strcmp(n, f->col) == 0) {
		if (f->exact == DGS_INDEX_NONE || pos < f->exact)
			f->exact = pos;
	} else if (f->caseless == DGS_INDEX_NONE || pos < f->caseless)
		f->caseless = pos;
	return 0;
}

void
snap_col_lookup(struct cfind *f, uint32_t nh)
{
	const struct dgs_snapshot *s = f->s;
	const struct dgs_snapshot_table *t = &s->tables[f->table];
	const char *n;
	uint32_t i, end;

	f->exact = f->caseless = DGS_INDEX_NONE;
	if (t->indexed) {
		dgs_index_each(&s->cix, snap_col_key(f->table, nh), col_eq, f);
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
		if (f->caseless == DGS_INDEX_NONE && snap_caseeq(n, f->col))
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
	snap_col_lookup(&f, snap_name_hash(col));
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
	while ((*dst++ = (char)snap_low((unsigned char)*src++)) != '\0')
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
	for (i = t->first; i != DGS_SNAPSHOT_NONE; i = c->next) {
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

