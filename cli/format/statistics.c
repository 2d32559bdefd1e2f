/*
 * statistics.c: --statistics, which the text and json outputs write
 * instead of the findings (as ruff's --statistics): one line a rule that
 * has findings, most frequent first (then by id), with its count, id,
 * name, and whether it is fixable: whether --fix (with --unsafe-fixes,
 * when given) would fix one of them.  Text:
 *
 *	12	DGS204	[*] unknown-member
 *	 3	DGS301	[ ] link-table-mismatch
 *
 * json: an array of {"rule", "name", "count", "fixable"}, [] for none.
 * The counts are of the findings the output shows (after -q and the
 * baseline); a document that cannot be read is said on standard error
 * only.  Unlike the other formats it holds its counts, a pair a rule,
 * until the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "output.h"

struct stats {
	size_t		 nrules;
	size_t		*count;
	unsigned char	*fixable;
};

static void
st_begin(struct output *o)
{
	struct stats *st = xcalloc(1, sizeof(*st));

	st->nrules = dgs_rule_count();
	st->count = xcalloc(st->nrules + 1, sizeof(*st->count));
	st->fixable = xcalloc(st->nrules + 1, 1);
	o->state = st;
}

/* The index of r in the rule table (sorted by id), or nrules. */
static size_t
st_index(const struct stats *st, const struct dgs_rule_info *r)
{
	size_t lo = 0, hi = st->nrules, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(r->id, dgs_rule_get(mid)->id)) == 0)
			return mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return st->nrules;
}

static void
st_file(struct output *o, const char *name, const struct findings *res)
{
	struct stats *st = o->state;
	const struct dgs_finding *f;
	size_t i, k;

	(void)name;
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		k = st_index(st, f->rule);
		st->count[k]++;
		if (f->fix != NULL && (f->fix->safety == DGS_FIX_SAFE ||
		    o->unsafe_fixes))
			st->fixable[k] = 1;
	}
}

static const struct stats *sort_st;

/* Most frequent first, then by id (the table's order). */
static int
st_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_st->count[x] != sort_st->count[y])
		return sort_st->count[x] > sort_st->count[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

static void
st_end(struct output *o, const struct summary *sum)
{
	struct stats *st = o->state;
	const struct dgs_rule_info *r;
	size_t *v, i, n = 0;
	int width;

	(void)sum;
	v = xcalloc(st->nrules + 1, sizeof(*v));
	for (i = 0; i < st->nrules; i++)
		if (st->count[i] > 0)
			v[n++] = i;
	sort_st = st;
	qsort(v, n, sizeof(*v), st_cmp);
	width = n > 0 ? snprintf(NULL, 0, "%zu", st->count[v[0]]) : 1;
	if (o->format == FMT_JSON)
		putc('[', o->fp);
	for (i = 0; i < n; i++) {
		r = dgs_rule_get(v[i]);
		if (o->format != FMT_JSON) {
			fprintf(o->fp, "%*zu\t%s\t%s %s\n", width,
			    st->count[v[i]], r->id, st->fixable[v[i]] ?
			    "[*]" : "[ ]", r->name);
			continue;
		}
		fputs(i ? ",\n{\"rule\":" : "\n{\"rule\":", o->fp);
		json_str(o->fp, r->id);
		fputs(",\"name\":", o->fp);
		json_str(o->fp, r->name);
		fprintf(o->fp, ",\"count\":%zu,\"fixable\":%s}",
		    st->count[v[i]], st->fixable[v[i]] ? "true" : "false");
	}
	if (o->format == FMT_JSON)
		fputs(n > 0 ? "\n]\n" : "]\n", o->fp);
	free(v);
}

static void
st_free(struct output *o)
{
	struct stats *st = o->state;

	free(st->count);
	free(st->fixable);
	free(st);
	o->state = NULL;
}

/* -f json: [{"rule": ..., "name": ..., "count": ..., "fixable": ...}] */
static int
st_is(struct json_object *o)
{
	static const char *const names[] = { "rule", "name", "count",
	    "fixable" };

	return array_of(o, names, 4, 4);
}

const struct format_ops out_statistics = {
	.name = "statistics",
	.help = "--statistics: a line a rule, its count",
	.begin = st_begin,
	.file = st_file,
	.end = st_end,
	.done = st_free,
	.own = { "rule", 1, st_is,
	    "statistics of dgslint --statistics" },
};
