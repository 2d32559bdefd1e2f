/*
 * fix_apply.c: applying fixes.  dgs_fix_apply() applies the resolved
 * fixes of a result's findings that do not overlap, dgs_fix() does so in
 * rounds, linting the text again after each, and dgs_diff() shows what
 * changed.
 *
 * It reads the findings through dgslint.h alone, and calls dgs_lint():
 * the engine, reporting and fix.c, which makes the fixes, call nothing
 * here (dgs_fix.h says how the fix files depend).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dgslint.h"
#include "dgs_util.h"

/*
 * Applying.
 */
static int
text_cmp(const struct dgs_edit *x, const struct dgs_edit *y)
{
	int c;

	c = memcmp(x->text, y->text, x->text_len < y->text_len ?
	    x->text_len : y->text_len);
	if (c != 0)
		return c;
	return x->text_len < y->text_len ? -1 : x->text_len > y->text_len;
}

static int
fix_cmp(const void *a, const void *b)
{
	const struct dgs_fix *x = *(const struct dgs_fix *const *)a;
	const struct dgs_fix *y = *(const struct dgs_fix *const *)b;
	int c;

	if ((c = dgs_edit_cmp(&x->edits[0], &y->edits[0])) != 0)
		return c;
	if (x->edits[x->nedits - 1].end != y->edits[y->nedits - 1].end)
		return x->edits[x->nedits - 1].end <
		    y->edits[y->nedits - 1].end ? -1 : 1;
	/* Insertions at one offset (dgs_fix_append()'s) in the order of
	 * their texts, whichever finding came first. */
	if ((c = text_cmp(&x->edits[0], &y->edits[0])) != 0)
		return c;
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
	size_t i, n = 0, done = 0, pos = 0, k, nf = dgs_result_count(res);

	*out = NULL;
	*outlen = 0;
	if (napplied != NULL)
		*napplied = 0;
	if (nf > 0 && (v = calloc(nf, sizeof(*v))) == NULL)
		return DGS_ENOMEM;
	for (i = 0; i < nf; i++) {
		f = dgs_result_get(res, i)->fix;
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

	for (i = 0; i < dgs_result_count(res); i++)
		if (strncmp(dgs_result_get(res, i)->rule->id, "DGS1", 4) == 0)
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
