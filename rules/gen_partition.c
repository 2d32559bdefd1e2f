/*
 * gen_partition.c: partitions (DGS424-427): the partition list of a
 * replacement, read once, and the columns it names, matched against the
 * columns the document configures (kept in the METADATA state).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * Partitions: DGS424-427.
 */
struct pentry {
	const char	*s;	/* the name, white space trimmed */
	size_t		 len;
	long		 cp;	/* index of the entry in the string, or -1 */
	long		 ws;	/* index of stray white space, or -1 */
	size_t		 elem;	/* index in an array */
	int		 bad;	/* an array element that is no name */
	struct json_object *val;
};

struct plist {
	struct pentry	*v;
	size_t		 n;
	int		 string;	/* the comma-separated form */
};

static int
sp(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static struct pentry *
plist_add(struct plist *l, size_t *cap)
{
	struct pentry *v;

	if (l->n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		if ((v = realloc(l->v, *cap * sizeof(*v))) == NULL)
			return NULL;
		l->v = v;
	}
	v = &l->v[l->n++];
	memset(v, 0, sizeof(*v));
	v->cp = v->ws = -1;
	return v;
}

/* Trims the entry s[0..len), which starts at index cp of the string
 * (-1 in an array), and notes where stray white space is.  White space
 * after a comma ("a, b") is the usual way to write a list: not stray. */
static void
trim(struct pentry *e, const char *s, size_t len, long cp)
{
	size_t a = 0, b = len;
	int lead;

	while (a < b && sp(s[a]))
		a++;
	while (b > a && sp(s[b - 1]))
		b--;
	e->s = s + a;
	e->len = b - a;
	e->cp = cp;
	lead = a > 0 && cp <= 0;
	if (b > a && (lead || b < len))
		e->ws = cp < 0 ? 0 : lead ? cp : cp + dgs_char_index(s, b);
}

/* Splits the replacement's partitions.  Returns 0, or -1 when out of
 * memory (then the result is marked). */
static int
partitions(struct dgs_ctx *ctx, struct json_object *r, struct plist *l)
{
	struct json_object *p = dgs_get(r, "partitions"), *e, *c;
	struct pentry *pe;
	const char *s, *start;
	size_t i, n, cap = 0;
	long cp = 0;

	memset(l, 0, sizeof(*l));
	if (dgs_is(p, json_type_string)) {
		s = json_object_get_string(p);
		l->string = 1;
		if (gen_blank(s))
			return 0;
		for (start = s;; s++) {
			if (*s != ',' && *s != '\0')
				continue;
			if ((pe = plist_add(l, &cap)) == NULL)
				goto oom;
			trim(pe, start, (size_t)(s - start), cp);
			cp += dgs_char_index(start, (size_t)(s - start)) + 1;
			if (*s == '\0')
				break;
			start = s + 1;
		}
		return 0;
	}
	if (!dgs_is(p, json_type_array))
		return 0;
	n = json_object_array_length(p);
	for (i = 0; i < n; i++) {
		if ((pe = plist_add(l, &cap)) == NULL)
			goto oom;
		e = pe->val = json_object_array_get_idx(p, i);
		pe->elem = i;
		/* [?] Column objects, if the service sends them. */
		if (dgs_is(e, json_type_object) && dgs_is(c = dgs_get(e,
		    "column"), json_type_string))
			e = c;
		if (!dgs_is(e, json_type_string))
			pe->bad = 1;
		else
			trim(pe, json_object_get_string(e),
			    (size_t)json_object_get_string_len(e), -1);
	}
	return 0;
oom:
	free(l->v);
	memset(l, 0, sizeof(*l));
	ctx->res->oom = 1;
	return -1;
}

/* The escaped pointer suffix of an entry. */
static void
entry_suffix(char *buf, size_t size, const struct plist *l,
    const struct pentry *e)
{
	if (l->string)
		snprintf(buf, size, "/partitions");
	else
		snprintf(buf, size, "/partitions/%zu", e->elem);
}

static void	report_entry(struct dgs_ctx *, int, const struct plist *,
		    const struct pentry *, long, const char *, ...)
		    DGS_PRINTF(6, 7);

/* A finding at an entry: at index (or the entry's start) inside the
 * string, or at the array element. */
static void
report_entry(struct dgs_ctx *ctx, int rule, const struct plist *l,
    const struct pentry *e, long index, const char *fmt, ...)
{
	char suffix[48];
	va_list ap;

	entry_suffix(suffix, sizeof(suffix), l, e);
	va_start(ap, fmt);
	dgs_report_at(ctx, rule, DGS_AT_VALUE, suffix, !l->string ? -1 :
	    index >= 0 ? index : e->cp, fmt, ap);
	va_end(ap);
}

/* The columns the replacement's links configure (not fields inside
 * them). */
static int
own_columns(struct dgs_ctx *ctx, struct json_object *r,
    struct dgs_strset *own)
{
	struct json_object *link;
	struct dgs_links it;
	const char *path;

	for (link = dgs_links_first(ctx, &it, r, "links", DGS_LINKS_COLUMN |
	    DGS_LINKS_NO_GEN, NULL); link != NULL; link = dgs_links_next(&it)) {
		path = dgs_get_str(link, "path");
		if ((path == NULL || *path == '\0') &&
		    dgs_strset_add(own, it.column) < 0) {
			ctx->res->oom = 1;
			return -1;
		}
	}
	return 0;
}

static void
partition_unsupported(struct dgs_ctx *ctx, struct json_object *r,
    const struct plist *l)
{
	const struct dgs_generator *g;
	size_t i;

	if (l->n == 0 || (g = gen_find(ctx, gen_main_gen_id(ctx, r))) ==
	    NULL || g->partition != DGS_NO)
		return;
	for (i = 0; i < l->n; i++)
		if (l->v[i].bad || l->v[i].len > 0)
			break;
	if (i < l->n)
		dgs_report_member(ctx, DGS_R_PARTITION_UNSUPPORTED,
		    "partitions", "%s (\"%s\") cannot partition; remove "
		    "`partitions`, or use a generator that can, such as "
		    "Continuous (\"GaussianGenerator\")", g->label, g->id);
}

static void
partition_list(struct dgs_ctx *ctx, struct json_object *r,
    const struct plist *lp)
{
	struct dgs_strset names = { 0 }, own = { 0 };
	const struct plist l = *lp;
	char **copies;
	size_t i, nc = 0;
	int rc;

	if (l.n == 0)
		return;
	if ((copies = calloc(l.n, sizeof(*copies))) == NULL ||
	    own_columns(ctx, r, &own) != 0) {
		ctx->res->oom = 1;
		goto done;
	}
	for (i = 0; i < l.n; i++) {
		const struct pentry *e = &l.v[i];

		if (e->bad) {
			report_entry(ctx, DGS_R_PARTITION_LIST, &l, e, -1,
			    "a partition entry is a column name (a string), "
			    "not %s", dgs_type_words(e->val));
			continue;
		}
		if (e->len == 0) {
			report_entry(ctx, DGS_R_PARTITION_LIST, &l, e, -1,
			    l.string ? "empty entry in the partition list; "
			    "remove the extra comma" : "empty column name in "
			    "the partition list; remove the entry");
			continue;
		}
		if ((copies[nc] = dgs_strndup(e->s, e->len)) == NULL) {
			ctx->res->oom = 1;
			break;
		}
		if (dgs_strset_has(&own, copies[nc]))
			report_entry(ctx, DGS_R_PARTITION_LIST, &l, e, -1,
			    "\"%s\" is the column this replacement configures; "
			    "a column cannot be partitioned by itself: remove "
			    "it", copies[nc]);
		else if ((rc = dgs_strset_add(&names, copies[nc])) == 0)
			report_entry(ctx, DGS_R_PARTITION_LIST, &l, e, -1,
			    "\"%s\" is listed twice; remove the repeat",
			    copies[nc]);
		else if (rc < 0)
			ctx->res->oom = 1;
		nc++;
	}
done:
	dgs_strset_free(&names);
	dgs_strset_free(&own);
	for (i = 0; i < nc; i++)
		free(copies[i]);
	free(copies);
}

static void
partition_whitespace(struct dgs_ctx *ctx, const struct plist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].ws >= 0)
			report_entry(ctx, DGS_R_PARTITION_WHITESPACE, l,
			    &l->v[i], l->v[i].ws, "white space around "
			    "\"%.*s\" in the partition list may be read as "
			    "part of the column name; write \"%.*s\"",
			    (int)l->v[i].len, l->v[i].s, (int)l->v[i].len,
			    l->v[i].s);
}

/*
 * DGS427 partition-by-generator spans the document: the columns
 * configured with a generator that cannot be partitioned by (seen), and
 * partition-by columns not configured yet (pending), both hashed by
 * schema, table and column.
 */
static uint64_t
col_hash(uint64_t hst, const char *c)
{
	return (hst ^ dgs_hash(c, strlen(c))) * 0x100000001b3ULL;
}

/* The part of col_hash() for the schema and table, the same for all the
 * columns of a replacement. */
static uint64_t
col_hash_st(const char *s, const char *t)
{
	uint64_t h = dgs_hash(s, strlen(s));

	return (h ^ dgs_hash(t, strlen(t))) * 0x100000001b3ULL;
}

static int
col_eq(const char *s1, const char *t1, const char *c1, const char *s2,
    const char *t2, const char *c2)
{
	return strcmp(c1, c2) == 0 && strcmp(t1, t2) == 0 &&
	    strcmp(s1, s2) == 0;
}

struct seen_q {
	const struct gen_state	*st;
	const char		*s, *t, *c;
};

static int
seen_eq(void *arg, size_t pos)
{
	const struct seen_q *q = arg;
	const struct colkey *k = &q->st->seen[pos];
	const char *a = q->st->colarena.s;

	/* The table after the schema. */
	return col_eq(q->s, q->t, q->c, a + k->s,
	    a + k->s + strlen(a + k->s) + 1, a + k->c);
}

static const struct colkey *
seen_find(const struct gen_state *st, const char *s, const char *t,
    const char *c, uint64_t h)
{
	struct seen_q q;
	size_t i;

	q.st = st;
	q.s = s;
	q.t = t;
	q.c = c;
	i = dgs_index_find(&st->seen_ix, h, seen_eq, &q);
	return i == DGS_INDEX_NONE ? NULL : &st->seen[i];
}

/* The columns are kept in the order seen, indexed by hash: a compact
 * index rather than a sparse table of entries, as a document may
 * configure hundreds of thousands of columns. */
static int
seen_add(struct gen_state *st, const char *s, const char *t, const char *c,
    uint64_t h, const char *gen)
{
	struct colkey *v;
	const char *p;
	size_t cap;

	if (seen_find(st, s, t, c, h) != NULL)
		return 0;	/* the first configuration counts */
	if (st->nseen == st->capseen) {
		cap = st->capseen ? st->capseen * 2 : 64;
		if ((v = realloc(st->seen, cap * sizeof(*v))) == NULL)
			return -1;
		st->seen = v;
		st->capseen = cap;
	}
	/* Copies: the document's strings go with their element when a
	 * root array is streamed (lint.c). */
	v = &st->seen[st->nseen];
	if (st->nseen > 0 && (p = st->colarena.s + v[-1].s,
	    strcmp(p, s) == 0 && strcmp(p + strlen(p) + 1, t) == 0))
		/* The columns of a replacement: one copy of its names. */
		v->s = v[-1].s;
	else {
		v->s = st->colarena.len;
		dgs_buf_add(&st->colarena, s, strlen(s) + 1);
		dgs_buf_add(&st->colarena, t, strlen(t) + 1);
	}
	v->c = st->colarena.len;
	dgs_buf_add(&st->colarena, c, strlen(c) + 1);
	if (st->colarena.oom)
		return -1;
	v->gen = gen;
	if (dgs_index_add(&st->seen_ix, h, st->nseen) != 0)
		return -1;
	st->nseen++;
	return 0;
}

/* Takes ownership of c and ptr (freed on failure). */
static int
pend_add(struct gen_state *st, const char *s, const char *t, char *c,
    uint64_t h, char *ptr, long index)
{
	struct pending *v, *e;
	size_t cap, i, j;

	if ((st->npend + 1) * 2 > st->cappend) {
		cap = st->cappend ? st->cappend * 2 : 16;
		if ((v = calloc(cap, sizeof(*v))) == NULL)
			goto fail;
		for (i = 0; i < st->cappend; i++) {
			if (st->pend[i].c == NULL)
				continue;
			j = st->pend[i].h & (cap - 1);
			while (v[j].c != NULL)
				j = (j + 1) & (cap - 1);
			v[j] = st->pend[i];
		}
		free(st->pend);
		st->pend = v;
		st->cappend = cap;
	}
	j = h & (st->cappend - 1);
	while (st->pend[j].c != NULL)
		j = (j + 1) & (st->cappend - 1);
	e = &st->pend[j];
	if ((e->s = dgs_strdup(s)) == NULL || (e->t = dgs_strdup(t)) == NULL) {
		free(e->s);
		e->s = NULL;
		goto fail;
	}
	e->c = c;
	e->ptr = ptr;
	e->index = index;
	e->h = h;
	e->done = 0;
	st->npend++;
	return 0;
fail:
	free(c);
	free(ptr);
	return -1;
}

static void	report_abs(struct dgs_ctx *, int, const char *, long,
		    const char *, ...) DGS_PRINTF(5, 6);

/* A finding at an absolute pointer (escaped), at character index or -1. */
static void
report_abs(struct dgs_ctx *ctx, int rule, const char *abs, long index,
    const char *fmt, ...)
{
	size_t old = ctx->ptr.len;
	char *save;
	va_list ap;

	if (!dgs_rule_enabled(ctx, rule))
		return;
	if ((save = dgs_strndup(ctx->ptr.s != NULL ? ctx->ptr.s : "", old)) ==
	    NULL) {
		ctx->res->oom = 1;
		return;
	}
	dgs_ptr_pop(ctx, 0);
	va_start(ap, fmt);
	dgs_report_at(ctx, rule, DGS_AT_VALUE, abs, index, fmt, ap);
	va_end(ap);
	dgs_buf_add(&ctx->ptr, save, old);
	free(save);
}

static const char *const partition_by_msg =
    "partition-by column \"%s\" uses %s (\"%s\"); a partition-by column "
    "must use Passthrough or Categorical: change that column's generator, or "
    "partition by another column";

/* Reports the pending references to a column now seen with g. */
static void
pend_resolve(struct dgs_ctx *ctx, struct gen_state *st, const char *s,
    const char *t, const char *c, uint64_t h,
    const struct dgs_generator *g)
{
	size_t j;

	if (st->cappend == 0)
		return;
	for (j = h & (st->cappend - 1); st->pend[j].c != NULL;
	    j = (j + 1) & (st->cappend - 1)) {
		struct pending *e = &st->pend[j];

		if (e->done || e->h != h || !col_eq(s, t, c, e->s, e->t, e->c))
			continue;
		e->done = 1;
		report_abs(ctx, DGS_R_PARTITION_BY_GENERATOR, e->ptr, e->index,
		    partition_by_msg, c, g->label, g->id);
	}
}

static void
partition_by_generator(struct dgs_ctx *ctx, struct json_object *r,
    const struct plist *lp)
{
	struct gen_state *st = gen_st(ctx);
	const char *s = dgs_get_str(r, "schema"), *t = dgs_get_str(r, "table");
	const char *col, *path;
	const struct dgs_generator *g;
	const struct colkey *k;
	struct json_object *link;
	struct dgs_links it;
	struct dgs_strset own = { 0 };
	struct dgs_buf ptr = { 0 };
	struct plist l = *lp;
	char suffix[48], *name, *pc;
	uint64_t h, hst;
	size_t i;

	if (st == NULL || s == NULL || t == NULL)
		return;
	hst = col_hash_st(s, t);
	for (link = dgs_links_first(ctx, &it, r, "links", DGS_LINKS_COLUMN,
	    NULL); link != NULL; link = dgs_links_next(&it)) {
		path = dgs_get_str(link, "path");
		if ((path != NULL && *path != '\0') ||
		    (g = gen_find(ctx, it.gen)) == NULL ||
		    g->partition_by != DGS_NO)
			continue;
		col = it.column;
		h = col_hash(hst, col);
		pend_resolve(ctx, st, s, t, col, h, g);
		if (seen_add(st, s, t, col, h, g->id) != 0) {
			ctx->res->oom = 1;
			return;
		}
	}
	if (l.n > 0 && own_columns(ctx, r, &own) != 0)
		l.n = 0;
	for (i = 0; i < l.n; i++) {
		const struct pentry *e = &l.v[i];

		if (e->bad || e->len == 0)
			continue;
		if ((name = dgs_strndup(e->s, e->len)) == NULL) {
			ctx->res->oom = 1;
			break;
		}
		if (dgs_strset_has(&own, name)) {
			free(name);	/* partition-list reports it */
			continue;
		}
		h = col_hash(hst, name);
		if ((k = seen_find(st, s, t, name, h)) != NULL) {
			g = gen_find(ctx, k->gen);
			report_entry(ctx, DGS_R_PARTITION_BY_GENERATOR, &l, e,
			    -1, partition_by_msg, name, g->label, g->id);
			free(name);
			continue;
		}
		entry_suffix(suffix, sizeof(suffix), &l, e);
		ptr.len = 0;
		dgs_buf_add(&ptr, ctx->ptr.s != NULL ? ctx->ptr.s : "",
		    ctx->ptr.len);
		dgs_buf_adds(&ptr, suffix);
		if (ptr.oom || (pc = dgs_strdup(ptr.s)) == NULL) {
			free(name);
			ctx->res->oom = 1;
			break;
		}
		if (pend_add(st, s, t, name, h, pc,
		    l.string ? e->cp : -1) != 0) {
			ctx->res->oom = 1;
			break;
		}
	}
	dgs_buf_free(&ptr);
	dgs_strset_free(&own);
}

/* DGS424-427 share the replacement's partition list, read once. */
void
dgs_chk_partitions(struct dgs_ctx *ctx, struct json_object *r)
{
	struct plist l;

	if (partitions(ctx, r, &l) != 0)
		return;
	if (dgs_rule_planned(ctx, DGS_R_PARTITION_UNSUPPORTED))
		partition_unsupported(ctx, r, &l);
	if (dgs_rule_planned(ctx, DGS_R_PARTITION_LIST))
		partition_list(ctx, r, &l);
	if (dgs_rule_planned(ctx, DGS_R_PARTITION_WHITESPACE))
		partition_whitespace(ctx, &l);
	if (dgs_rule_planned(ctx, DGS_R_PARTITION_BY_GENERATOR))
		partition_by_generator(ctx, r, &l);
	free(l.v);
}
