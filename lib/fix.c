/*
 * fix.c: fixes.  A rule states its fix before it reports (dgs_fix_*()),
 * as edits of the member name or value a pointer names; once the
 * findings are located, dgs_fix_resolve() turns them into byte ranges of
 * the text, and a fix whose target is not exactly where it should be is
 * dropped.  dgs_fix_apply() applies the fixes that do not overlap,
 * dgs_fix() does so in rounds, and dgs_diff() shows what changed.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_fix.h"
#include "dgs_engine.h"

unsigned
dgs_rule_fixes(const struct dgs_rule_info *r)
{
	if (r == NULL || r < dgs_rules || r >= dgs_rules + DGS_R_MAX)
		return 0;
	return dgs_rule_fix[r - dgs_rules];
}

/*
 * Collecting.
 */
void
dgs_item_fix_free(struct dgs_item_fix *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->nreqs; i++) {
		free(f->reqs[i].pointer);
		free(f->reqs[i].text);
	}
	free(f->reqs);
	free(f->edits);
	free(f->description);
	free(f);
}

struct dgs_item_fix *
dgs_fix_take(struct dgs_result *res)
{
	struct dgs_item_fix *f = res->pending;

	res->pending = NULL;
	return f;
}

static struct dgs_item_fix *
pending(struct dgs_ctx *ctx, enum dgs_fix_safety safety)
{
	struct dgs_item_fix *f = ctx->res->pending;

	if (f == NULL) {
		if ((f = calloc(1, sizeof(*f))) == NULL) {
			ctx->res->oom = 1;
			return NULL;
		}
		f->safety = safety;
		ctx->res->pending = f;
	} else if (safety == DGS_FIX_UNSAFE)
		f->safety = DGS_FIX_UNSAFE;
	return f;
}

static void
add_req(struct dgs_ctx *ctx, enum dgs_fix_safety safety, const char *key,
    enum dgs_at at, long cp, long cp_end, struct dgs_buf *text)
{
	struct dgs_item_fix *f;
	struct dgs_edit_req *r;
	struct dgs_buf ptr = { 0 };

	dgs_buf_add(&ptr, ctx->ptr.s ? ctx->ptr.s : "", ctx->ptr.len);
	if (key != NULL)
		dgs_buf_add_ptr_token(&ptr, key, strlen(key));
	dgs_buf_add(text, "", 0);
	if (ptr.oom || text->oom || (f = pending(ctx, safety)) == NULL ||
	    (r = realloc(f->reqs, (f->nreqs + 1) * sizeof(*r))) == NULL) {
		ctx->res->oom = 1;
		dgs_buf_free(&ptr);
		dgs_buf_free(text);
		return;
	}
	f->reqs = r;
	r += f->nreqs++;
	r->pointer = ptr.s;
	r->text = text->s;
	r->cp = cp;
	r->cp_end = cp_end;
	r->at = at;
}

void
dgs_fix_rename(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, const char *name)
{
	struct dgs_buf t = { 0 };

	dgs_buf_add_json_str(&t, name, strlen(name));
	add_req(ctx, safety, key, DGS_AT_KEY, -1, -1, &t);
}

void
dgs_fix_value(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, const char *json)
{
	struct dgs_buf t = { 0 };

	dgs_buf_adds(&t, json);
	add_req(ctx, safety, key, DGS_AT_VALUE, -1, -1, &t);
}

void
dgs_fix_in_string(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, long cp, long cp_end, const char *raw)
{
	struct dgs_buf t = { 0 };

	dgs_buf_adds(&t, raw);
	add_req(ctx, safety, key, DGS_AT_VALUE, cp, cp_end, &t);
}

void
dgs_fix_describe(struct dgs_ctx *ctx, const char *fmt, ...)
{
	struct dgs_item_fix *f = ctx->res->pending;
	struct dgs_buf b = { 0 }, c = { 0 };
	va_list ap;

	if (f == NULL)
		return;
	va_start(ap, fmt);
	dgs_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	/* Valid UTF-8, as messages are. */
	dgs_buf_add(&b, "", 0);
	if (!b.oom)
		dgs_buf_add_clean(&c, b.s, 0);
	dgs_buf_add(&c, "", 0);
	dgs_buf_free(&b);
	if (c.oom) {
		dgs_buf_free(&c);
		ctx->res->oom = 1;
		return;
	}
	free(f->description);
	f->description = c.s;
}

static int
lower64(char out[65], const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++) {
		if (i == 64)
			return 0;
		out[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
	}
	out[i] = '\0';
	return 1;
}

enum dgs_fix_safety
dgs_closest_safety(const char *word, const char *best,
    const char *const *cands, size_t n)
{
	char lw[65], lb[65], lc[65];
	size_t d, i, len, wlen = strlen(word);

	if (!lower64(lw, word) || !lower64(lb, best))
		return DGS_FIX_UNSAFE;
	d = dgs_edit_distance(lw, lb, 64);
	/* A candidate whose length is more than d from the word's is
	 * farther than d. */
	for (i = 0; i < n; i++)
		if (cands[i] != NULL && cands[i] != best &&
		    ((len = strlen(cands[i])) > wlen ? len - wlen :
		    wlen - len) <= d && strcmp(cands[i], best) != 0 &&
		    lower64(lc, cands[i]) && dgs_edit_distance(lw, lc, d) <= d)
			return DGS_FIX_UNSAFE;
	return DGS_FIX_SAFE;
}

/*
 * The JSON layer's fixes: the scanner states them at the byte offsets
 * it reports, just before it reports.
 */
void
dgs_fix_offset(struct dgs_result *res, size_t off, size_t end,
    const char *text, const char *what)
{
	struct dgs_item_fix *f;
	struct dgs_edit_req *r;

	dgs_item_fix_free(dgs_fix_take(res));
	if ((f = calloc(1, sizeof(*f))) == NULL ||
	    (r = calloc(1, sizeof(*r))) == NULL ||
	    (r->text = dgs_strdup(text)) == NULL ||
	    (f->description = dgs_strdup(what)) == NULL) {
		if (f != NULL && f->reqs == NULL && r != NULL) {
			free(r->text);
			free(r);
		}
		dgs_item_fix_free(f);
		res->oom = 1;
		return;
	}
	r->at = DGS_AT_OFFSET;
	r->cp = r->cp_end = -1;
	r->off = off;
	r->end = end;
	f->reqs = r;
	f->nreqs = 1;
	f->safety = DGS_FIX_SAFE;
	res->pending = f;
}

/*
 * Resolving.
 */
static int
edit_cmp(const void *a, const void *b)
{
	const struct dgs_edit *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* Whether the string literal at buf[off] (its opening quote) is valid
 * UTF-8 up to its closing quote.  A rule counts the characters of the
 * decoded string (dgs_char_index()) and the locator those of the text;
 * the decoded string need not keep the text's bytes that are not UTF-8,
 * so in such a string an index may land on another character, and an
 * edit there is not made. */
static int
utf8_literal(const char *buf, size_t len, size_t off)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t pos = off + 1, n;

	while (pos < len && s[pos] != '"') {
		if (s[pos] == '\\')
			n = pos + 1 < len ? 2 : 1;
		else if (s[pos] < 0x80)
			n = 1;
		else if ((n = dgs_utf8_decode((const char *)s + pos,
		    len - pos, NULL)) == 0)
			return 0;
		pos += n;
	}
	return pos < len;
}

/* Resolves f's edits from the located items t[0..2 * nreqs): each
 * request's span, then its parent's value. */
static void
resolve_one(struct dgs_item_fix *f, const struct dgs_item *t,
    const char *buf, size_t len)
{
	struct dgs_edit *e;
	const struct dgs_edit_req *r;
	size_t i, ce;

	if (f->nreqs == 0)
		return;
	for (i = 0; i < f->nreqs; i++) {
		r = &f->reqs[i];
		e = &f->edits[i];
		if (r->at == DGS_AT_OFFSET) {
			if (r->off > r->end || r->end > len)
				return;
			e->offset = r->off;
			e->end = r->end;
			e->text = r->text;
			e->text_len = strlen(r->text);
			continue;
		}
		/* Something absent lands on its nearest ancestor, which is
		 * where its parent lands too. */
		if (r->pointer[0] != '\0' &&
		    t[2 * i].offset == t[2 * i + 1].offset)
			return;
		if (t[2 * i].offset >= len || t[2 * i].end > len ||
		    t[2 * i].end <= t[2 * i].offset)
			return;
		e->offset = t[2 * i].offset;
		e->end = t[2 * i].end;
		if (r->at == DGS_AT_KEY && buf[e->offset] != '"')
			return;
		if (r->cp >= 0) {
			if (buf[e->offset] != '"' || r->cp_end < r->cp ||
			    !utf8_literal(buf, len, e->offset))
				return;
			e->end = dgs_string_index_offset(buf, len, t[2 * i].offset,
			    r->cp_end, &ce);
			e->offset = dgs_string_index_offset(buf, len,
			    t[2 * i].offset, r->cp, &ce);
		}
		e->text = r->text;
		e->text_len = strlen(r->text);
	}
	qsort(f->edits, f->nreqs, sizeof(*f->edits), edit_cmp);
	for (i = 1; i < f->nreqs; i++)
		if (f->edits[i].offset < f->edits[i - 1].end)
			return;
	f->ok = 1;
}

int
dgs_fix_resolve(struct dgs_result *res, const char *buf, size_t len,
    size_t start, const struct dgs_spans *spans)
{
	struct dgs_result tmp;
	struct dgs_item *t = NULL;
	struct dgs_finding *lc = NULL;
	struct dgs_item_fix *f;
	size_t i, k, n = 0, ne = 0, p, dropped = 0;
	int rc = DGS_ENOMEM;

	for (i = 0; i < res->nitems; i++)
		if ((f = res->items[i].fix) != NULL && f->nreqs > 0) {
			n += 2 * f->nreqs;
			if ((f->edits = calloc(f->nreqs,
			    sizeof(*f->edits))) == NULL)
				return DGS_ENOMEM;
		}
	if (n == 0)
		return 0;
	if ((t = calloc(n, sizeof(*t))) == NULL)
		return DGS_ENOMEM;
	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL)
			continue;
		for (p = 0; p < f->nreqs; p++) {
			if (f->reqs[p].at == DGS_AT_OFFSET) {
				/* Located already. */
				t[k].at = t[k + 1].at = DGS_AT_OFFSET;
				k += 2;
				continue;
			}
			t[k].pointer = f->reqs[p].pointer;
			t[k].at = f->reqs[p].at;
			t[k].str_index = -1;
			k++;
			/* The parent's pointer: a prefix, ended by a NUL
			 * written into a copy. */
			t[k].pointer = dgs_strdup(f->reqs[p].pointer);
			if (t[k].pointer == NULL)
				goto out;
			if (strrchr(t[k].pointer, '/') != NULL)
				*strrchr(t[k].pointer, '/') = '\0';
			t[k].at = DGS_AT_VALUE;
			t[k].str_index = -1;
			k++;
		}
	}
	memset(&tmp, 0, sizeof(tmp));
	tmp.items = t;
	tmp.nitems = n;
	/* With the spans, only the elements that hold a fix are read. */
	if (dgs_locate_spans(&tmp, buf, len, start, spans) != 0)
		goto out;
	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL)
			continue;
		resolve_one(f, t + k, buf, len);
		/* A memory map's pages, read, are given back (findings come
		 * in the order of the text, nearly). */
		if (spans != NULL && f->nreqs > 0)
			dgs_text_drop(spans->map, &dropped, t[k].offset);
		k += 2 * f->nreqs;
		if (f->ok)
			ne += f->nreqs;
	}
	/* Lines and columns of the edits, as of findings. */
	for (k = 1; k < n; k += 2)
		free(t[k].pointer);
	memset(t, 0, n * sizeof(*t));
	if (ne > 0 && (lc = calloc(2 * ne, sizeof(*lc))) == NULL)
		goto out_t;
	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL || !f->ok)
			continue;
		for (p = 0; p < f->nreqs; p++) {
			t[k].at = DGS_AT_OFFSET;
			t[k].offset = f->edits[p].offset;
			t[k].end = f->edits[p].end;
			k++;
		}
	}
	memset(&tmp, 0, sizeof(tmp));
	tmp.items = t;
	tmp.nitems = ne;
	tmp.findings = lc;
	tmp.nfindings = ne;
	if (ne > 0 && dgs_locate_spans(&tmp, buf, len, start, spans) != 0)
		goto out_t;
	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL || !f->ok)
			continue;
		for (p = 0; p < f->nreqs; p++, k++) {
			f->edits[p].line = lc[k].line;
			f->edits[p].column = lc[k].column;
			f->edits[p].end_line = lc[k].end_line;
			f->edits[p].end_column = lc[k].end_column;
		}
		f->fix.description = f->description ? f->description :
		    "apply the suggested edit";
		f->fix.safety = f->safety;
		f->fix.edits = f->edits;
		f->fix.nedits = f->nreqs;
		if (res->findings != NULL)
			res->findings[i].fix = &f->fix;
	}
	rc = 0;
	goto out_t;
out:
	for (k = 1; k < n; k += 2)
		free(t[k].pointer);
out_t:
	free(lc);
	free(t);
	return rc;
}

/*
 * Applying.
 */
static int
fix_cmp(const void *a, const void *b)
{
	const struct dgs_fix *x = *(const struct dgs_fix *const *)a;
	const struct dgs_fix *y = *(const struct dgs_fix *const *)b;
	int c;

	if ((c = edit_cmp(&x->edits[0], &y->edits[0])) != 0)
		return c;
	if (x->edits[x->nedits - 1].end != y->edits[y->nedits - 1].end)
		return x->edits[x->nedits - 1].end <
		    y->edits[y->nedits - 1].end ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int
fix_same(const struct dgs_fix *x, const struct dgs_fix *y)
{
	size_t i;

	if (x->nedits != y->nedits)
		return 0;
	for (i = 0; i < x->nedits; i++)
		if (x->edits[i].offset != y->edits[i].offset ||
		    x->edits[i].end != y->edits[i].end ||
		    x->edits[i].text_len != y->edits[i].text_len ||
		    memcmp(x->edits[i].text, y->edits[i].text,
		    x->edits[i].text_len) != 0)
			return 0;
	return 1;
}

int
dgs_fix_apply(const struct dgs_result *res, const char *buf, size_t len,
    int unsafe, char **out, size_t *outlen, size_t *napplied)
{
	const struct dgs_fix **v = NULL, *f, *last = NULL;
	struct dgs_buf b = { 0 };
	size_t i, n = 0, done = 0, pos = 0, k;

	*out = NULL;
	*outlen = 0;
	if (napplied != NULL)
		*napplied = 0;
	if (res != NULL && res->nfindings > 0 &&
	    (v = calloc(res->nfindings, sizeof(*v))) == NULL)
		return DGS_ENOMEM;
	for (i = 0; res != NULL && i < res->nfindings; i++) {
		f = res->findings[i].fix;
		if (f != NULL && f->nedits > 0 &&
		    (f->safety == DGS_FIX_SAFE || unsafe))
			v[n++] = f;
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), fix_cmp);
	for (i = 0; i < n; i++) {
		f = v[i];
		if (last != NULL && fix_same(f, last)) {
			done++;		/* two findings, one edit */
			continue;
		}
		if (f->edits[0].offset < pos || f->edits[f->nedits - 1].end >
		    len)
			continue;	/* overlaps: another round */
		for (k = 0; k < f->nedits; k++) {
			dgs_buf_add(&b, buf + pos, f->edits[k].offset - pos);
			dgs_buf_add(&b, f->edits[k].text, f->edits[k].text_len);
			pos = f->edits[k].end;
		}
		last = f;
		done++;
	}
	dgs_buf_add(&b, buf + pos, len - pos);
	dgs_buf_add(&b, "", 0);
	free(v);
	if (b.oom) {
		dgs_buf_free(&b);
		return DGS_ENOMEM;
	}
	*out = b.s;
	*outlen = b.len;
	if (napplied != NULL)
		*napplied = done;
	return 0;
}

/* Findings of the JSON layer (DGS1xx): a round must not add any. */
static size_t
json_layer(const struct dgs_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->nfindings; i++)
		if (strncmp(res->findings[i].rule->id, "DGS1", 4) == 0)
			n++;
	return n;
}

#define FIX_ROUNDS	8

int
dgs_fix(const struct dgs_options *opts, const char *file, const char *buf,
    size_t len, int unsafe, char **out, size_t *outlen, size_t *napplied,
    struct dgs_result **resp)
{
	struct dgs_result *res = NULL, *next_res = NULL;
	char *cur, *next = NULL;
	size_t curlen = len, nextlen, n, total = 0;
	int round, rc;

	*out = NULL;
	*outlen = 0;
	if (napplied != NULL)
		*napplied = 0;
	if (resp != NULL)
		*resp = NULL;
	if ((cur = malloc(len + 1)) == NULL)
		return DGS_ENOMEM;
	memcpy(cur, buf, len);
	cur[len] = '\0';
	if ((rc = dgs_lint(opts, file, cur, curlen, &res)) != 0)
		goto fail;
	for (round = 0; round < FIX_ROUNDS; round++) {
		if ((rc = dgs_fix_apply(res, cur, curlen, unsafe, &next,
		    &nextlen, &n)) != 0)
			goto fail;
		if (n == 0 || (nextlen == curlen &&
		    memcmp(next, cur, curlen) == 0)) {
			free(next);
			break;
		}
		if ((rc = dgs_lint(opts, file, next, nextlen,
		    &next_res)) != 0) {
			free(next);
			goto fail;
		}
		if (json_layer(next_res) > json_layer(res)) {
			/* Never break what parsed. */
			dgs_result_free(next_res);
			free(next);
			break;
		}
		total += n;
		dgs_result_free(res);
		free(cur);
		res = next_res;
		cur = next;
		curlen = nextlen;
	}
	*out = cur;
	*outlen = curlen;
	if (napplied != NULL)
		*napplied = total;
	if (resp != NULL)
		*resp = res;
	else
		dgs_result_free(res);
	return 0;
fail:
	dgs_result_free(res);
	free(cur);
	return rc;
}

/*
 * Diffs.
 */
struct line {
	const char	*s;
	size_t		 n;	/* with its line ending */
	uint64_t	 h;
};

static struct line *
split(const char *s, size_t len, size_t *np)
{
	struct line *v;
	const char *nl;
	size_t n = 0, cap = 16, pos = 0;

	if ((v = malloc(cap * sizeof(*v))) == NULL)
		return NULL;
	while (pos < len) {
		if (n == cap) {
			struct line *w;

			cap *= 2;
			if ((w = realloc(v, cap * sizeof(*v))) == NULL) {
				free(v);
				return NULL;
			}
			v = w;
		}
		nl = memchr(s + pos, '\n', len - pos);
		v[n].s = s + pos;
		v[n].n = nl != NULL ? (size_t)(nl - s) + 1 - pos : len - pos;
		v[n].h = dgs_hash(v[n].s, v[n].n);
		pos += v[n].n;
		n++;
	}
	*np = n;
	return v;
}

static int
line_eq(const struct line *a, const struct line *b)
{
	return a->h == b->h && a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

/* An edit script: op ' ', '-' or '+' with the line's index on its
 * side. */
struct op {
	char	 op;
	size_t	 i;
};

#define RESYNC_MAX	2048
#define NO_INDEX	UINT32_MAX

/*
 * The search for the nearest pair of equal lines after a difference at
 * x[i] and y[j]: the pair x[i + q] = y[j + r] of the least q + r, then
 * the least q.  The lines from i and j are taken a step t at a time,
 * x[i + t] and y[j + t], into a table from a line to its least q and
 * least r so far; the pairs with max(q, r) = t are those of the new
 * lines with the other side's least index, and the search ends at the
 * step t = q + r of the best pair found, beyond which no pair is nearer.
 * A search costs the lines it passes, which the edit script then
 * consumes: the diff takes time linear in the two texts (a search of
 * every pair, by rising q + r, took the square of the lines passed).
 * Each search stamps the slots it takes: the table is not cleared.
 */
struct rslot {
	const struct line	*l;
	uint32_t		 stamp;
	uint32_t		 q, r;	/* least index on each side */
};

struct resync {
	struct rslot	*slot;
	size_t		 cap;	/* a power of two */
	uint32_t	 stamp;
};

/* The slot of line l in this search, taken when new. */
static struct rslot *
rs_slot(struct resync *rs, const struct line *l)
{
	struct rslot *e;
	size_t j;

	for (j = l->h & (rs->cap - 1); (e = &rs->slot[j])->stamp ==
	    rs->stamp; j = (j + 1) & (rs->cap - 1))
		if (line_eq(e->l, l))
			return e;
	e->l = l;
	e->stamp = rs->stamp;
	e->q = e->r = NO_INDEX;
	return e;
}

/* Sets *da and *db to the lines before the nearest pair of equal lines
 * from x[i] and y[j] (which differ), or leaves them (all the lines left)
 * when there is none within RESYNC_MAX lines. */
static void
resync(struct resync *rs, const struct line *x, size_t i, size_t *da,
    const struct line *y, size_t j, size_t *db)
{
	struct rslot *e;
	size_t t, k, best = SIZE_MAX, bq = 0;

	if (++rs->stamp == 0) {
		memset(rs->slot, 0, rs->cap * sizeof(*rs->slot));
		rs->stamp = 1;
	}
	for (t = 0; t <= RESYNC_MAX && (t < *da || t < *db); t++) {
		if (t < *da && (e = rs_slot(rs, &x[i + t]))->q == NO_INDEX)
			e->q = (uint32_t)t;
		if (t < *db && (e = rs_slot(rs, &y[j + t]))->r == NO_INDEX)
			e->r = (uint32_t)t;
		/* x[i + t] with the least r, y[j + t] with the least q. */
		if (t < *da && (e = rs_slot(rs, &x[i + t]))->r != NO_INDEX &&
		    (k = t + e->r) <= RESYNC_MAX && (k < best ||
		    (k == best && t < bq))) {
			best = k;
			bq = t;
		}
		if (t < *db && (e = rs_slot(rs, &y[j + t]))->q != NO_INDEX &&
		    (k = e->q + t) <= RESYNC_MAX && (k < best ||
		    (k == best && e->q < bq))) {
			best = k;
			bq = e->q;
		}
		if (best <= t)
			break;
	}
	if (best != SIZE_MAX) {
		*da = bq;
		*db = best - bq;
	}
}

static void
add_line(struct dgs_buf *b, char op, const struct line *l)
{
	dgs_buf_addc(b, op);
	dgs_buf_add(b, l->s, l->n);
	if (l->n == 0 || l->s[l->n - 1] != '\n')
		dgs_buf_adds(b, "\n\\ No newline at end of file\n");
}

int
dgs_diff(const char *name, const char *a, size_t alen, const char *b,
    size_t blen, char **out, size_t *outlen)
{
	struct line *x = NULL, *y = NULL;
	struct op *ops = NULL;
	struct dgs_buf d = { 0 };
	struct resync rs = { NULL, 16, 0 };
	size_t nx = 0, ny = 0, i = 0, j = 0, nops = 0, k, da, db, q;
	size_t h0, h1, c, xs, ys, xn, yn, e, at;
	int rc = DGS_ENOMEM;

	*out = NULL;
	*outlen = 0;
	if ((x = split(a, alen, &nx)) == NULL ||
	    (y = split(b, blen, &ny)) == NULL ||
	    (ops = malloc((nx + ny + 1) * sizeof(*ops))) == NULL)
		goto done;
	/* Room for the lines of one search at most half full. */
	while (rs.cap < 4 * (RESYNC_MAX + 1) &&
	    rs.cap < 2 * (nx + ny + 1))
		rs.cap *= 2;
	if ((rs.slot = calloc(rs.cap, sizeof(*rs.slot))) == NULL)
		goto done;
	/* Lines in common kept; at a difference, the nearest pair of
	 * equal lines (fewest lines skipped on both sides) resynchronises
	 * the two, so small edits give small hunks. */
	while (i < nx || j < ny) {
		if (i < nx && j < ny && line_eq(&x[i], &y[j])) {
			ops[nops].op = ' ';
			ops[nops++].i = i;
			i++, j++;
			continue;
		}
		da = nx - i, db = ny - j;
		resync(&rs, x, i, &da, y, j, &db);
		for (q = 0; q < da; q++) {
			ops[nops].op = '-';
			ops[nops++].i = i++;
		}
		for (q = 0; q < db; q++) {
			ops[nops].op = '+';
			ops[nops++].i = j++;
		}
	}
	dgs_buf_add(&d, "", 0);
	/* Hunks: changes with three lines of context, joined when their
	 * contexts touch.  xs and ys count the lines of each side before
	 * op at, which only moves forward. */
	xs = ys = at = 0;
	for (h0 = 0; h0 < nops; h0 = h1) {
		while (h0 < nops && ops[h0].op == ' ')
			h0++;
		if (h0 == nops)
			break;
		for (h1 = h0, e = h0; h1 < nops; h1++) {
			if (ops[h1].op != ' ') {
				e = h1;
				continue;
			}
			if (h1 - e > 6)
				break;
		}
		h1 = e + 1;
		h0 = h0 >= 3 ? h0 - 3 : 0;
		for (c = 0; c < 3 && h1 < nops && ops[h1].op == ' '; c++)
			h1++;
		/* Line numbers and counts on each side. */
		for (; at < h0; at++) {
			if (ops[at].op != '+')
				xs++;
			if (ops[at].op != '-')
				ys++;
		}
		xn = yn = 0;
		for (k = h0; k < h1; k++) {
			if (ops[k].op != '+')
				xn++;
			if (ops[k].op != '-')
				yn++;
		}
		if (d.len == 0)
			dgs_buf_addf(&d, "--- %s\n+++ %s\n", name, name);
		dgs_buf_addf(&d, "@@ -%zu,%zu +%zu,%zu @@\n",
		    xn ? xs + 1 : xs, xn, yn ? ys + 1 : ys, yn);
		for (k = h0; k < h1; k++) {
			if (ops[k].op == '+')
				add_line(&d, '+', &y[ops[k].i]);
			else
				add_line(&d, ops[k].op, &x[ops[k].i]);
		}
	}
	if (d.oom)
		goto done;
	if (d.s == NULL)
		dgs_buf_add(&d, "", 0);
	*out = d.s;
	*outlen = d.len;
	d.s = NULL;
	rc = d.oom ? DGS_ENOMEM : 0;
done:
	dgs_buf_free(&d);
	free(rs.slot);
	free(x);
	free(y);
	free(ops);
	return rc;
}
