/*
 * fix.c: fixes as the rules state them and the findings keep them.  A
 * rule states its fix before it reports (dgs_fix_*() of dgs_report.h),
 * as edits of the member name or value a pointer names; the report takes
 * the record (dgs_fix_take()); once the findings are located,
 * dgs_fix_resolve() turns them into byte ranges of the text, and a fix
 * whose target is not exactly where it should be is dropped.
 * fix_apply.c applies them.
 *
 * Reporting (report.c) calls this file; this file calls the locator,
 * and nothing of reporting, the engine or fix_apply.c (dgs_fix.h says
 * how the fix files depend).
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

void
dgs_fix_forget(struct dgs_result *res)
{
	dgs_item_fix_free(dgs_fix_take(res));
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

/* A request at the current node's pointer, extended by the member key
 * (a token to escape) or by suffix (tokens already escaped). */
static struct dgs_edit_req *
add_req(struct dgs_ctx *ctx, enum dgs_fix_safety safety, const char *key,
    const char *suffix, enum dgs_at at, long cp, long cp_end,
    struct dgs_buf *text)
{
	struct dgs_item_fix *f;
	struct dgs_edit_req *r;
	struct dgs_buf ptr = { 0 };

	dgs_buf_add(&ptr, ctx->ptr.s ? ctx->ptr.s : "", ctx->ptr.len);
	if (key != NULL)
		dgs_buf_add_ptr_token(&ptr, key, strlen(key));
	if (suffix != NULL)
		dgs_buf_adds(&ptr, suffix);
	dgs_buf_add(text, "", 0);
	if (ptr.oom || text->oom || (f = pending(ctx, safety)) == NULL ||
	    (r = realloc(f->reqs, (f->nreqs + 1) * sizeof(*r))) == NULL) {
		ctx->res->oom = 1;
		dgs_buf_free(&ptr);
		dgs_buf_free(text);
		return NULL;
	}
	f->reqs = r;
	r += f->nreqs++;
	memset(r, 0, sizeof(*r));
	r->pointer = ptr.s;
	r->text = text->s;
	r->cp = cp;
	r->cp_end = cp_end;
	r->at = at;
	return r;
}

void
dgs_fix_rename(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, const char *name)
{
	struct dgs_buf t = { 0 };

	dgs_buf_add_json_str(&t, name, strlen(name));
	(void)add_req(ctx, safety, key, NULL, DGS_AT_KEY, -1, -1, &t);
}

void
dgs_fix_value(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, const char *json)
{
	struct dgs_buf t = { 0 };

	dgs_buf_adds(&t, json);
	(void)add_req(ctx, safety, key, NULL, DGS_AT_VALUE, -1, -1, &t);
}

void
dgs_fix_in_string(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *key, long cp, long cp_end, const char *raw)
{
	struct dgs_buf t = { 0 };

	dgs_buf_adds(&t, raw);
	(void)add_req(ctx, safety, key, NULL, DGS_AT_VALUE, cp, cp_end, &t);
}

void
dgs_fix_append(struct dgs_ctx *ctx, enum dgs_fix_safety safety,
    const char *suffix, const char *json)
{
	struct dgs_buf t = { 0 };
	struct dgs_edit_req *r;

	dgs_buf_adds(&t, json);
	if ((r = add_req(ctx, safety, NULL, suffix, DGS_AT_VALUE, -1, -1,
	    &t)) != NULL)
		r->append = 1;
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

static int
json_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The edit of an append request r (dgs_fix_append()) whose array is the
 * span of e: r's text after the last element, separated from it as the
 * first element is from the bracket (a line break and its indentation,
 * which each line of a text of several lines gets too, or a space), or
 * the whole of an empty array.  Several of these at one array insert at
 * one offset, where each applies after the other.  0 when the span is
 * not an array of JSON. */
static int
append_edit(struct dgs_edit *e, struct dgs_edit_req *r, const char *buf,
    size_t len)
{
	struct dgs_buf t = { 0 };
	size_t first, last, nl;
	const char *p, *q, *brk = "\n", *ind = "";
	size_t nind = 0;
	int empty;

	/* The root's value ends the text (the locator, reading only some
	 * elements of a large root array, gives its bracket alone). */
	if (r->pointer[0] == '\0') {
		for (e->end = len; e->end > e->offset &&
		    json_ws(buf[e->end - 1]); e->end--)
			;
		if (e->end - e->offset < 2)
			return 0;
	}
	if (buf[e->offset] != '[' || buf[e->end - 1] != ']')
		return 0;
	for (first = e->offset + 1; first < e->end - 1 &&
	    json_ws(buf[first]); first++)
		;
	last = e->end - 1;
	if ((empty = first == last))
		dgs_buf_add(&t, "[", 1);
	else {
		for (; json_ws(buf[last - 1]); last--)
			;
		if (buf[last - 1] == ',')
			return 0;
		for (nl = first; nl > e->offset + 1 && buf[nl - 1] != '\n';
		    nl--)
			;
		dgs_buf_add(&t, ",", 1);
		if (nl > e->offset + 1) {
			/* The indentation, after the line break (CR LF as
			 * the text has it). */
			ind = buf + nl;
			nind = first - nl;
			if (nl - 1 > e->offset + 1 && buf[nl - 2] == '\r')
				brk = "\r\n";
			dgs_buf_adds(&t, brk);
			dgs_buf_add(&t, ind, nind);
		} else
			dgs_buf_add(&t, " ", 1);
	}
	for (p = r->text; (q = strchr(p, '\n')) != NULL; p = q + 1) {
		dgs_buf_add(&t, p, (size_t)(q - p));
		dgs_buf_adds(&t, brk);
		dgs_buf_add(&t, ind, nind);
	}
	dgs_buf_adds(&t, p);
	if (empty)
		dgs_buf_add(&t, "]", 1);	/* the whole array */
	else
		e->offset = e->end = last;
	dgs_buf_add(&t, "", 0);
	if (t.oom) {
		dgs_buf_free(&t);
		return 0;
	}
	free(r->text);
	r->text = t.s;
	e->text = r->text;
	e->text_len = strlen(r->text);
	return 1;
}

/* Resolves f's edits from the located items t[0..2 * nreqs): each
 * request's span, then its parent's value. */
static void
resolve_one(struct dgs_item_fix *f, const struct dgs_item *t,
    const char *buf, size_t len)
{
	struct dgs_edit *e;
	struct dgs_edit_req *r;
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
		if (r->append) {
			if (!append_edit(e, r, buf, len))
				return;
			continue;
		}
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
	qsort(f->edits, f->nreqs, sizeof(*f->edits), dgs_edit_cmp);
	for (i = 1; i < f->nreqs; i++)
		if (f->edits[i].offset < f->edits[i - 1].end)
			return;
	f->ok = 1;
}

/* The places the fixes of res ask for, two items each into t: the
 * place itself, and its parent's value (a prefix of its pointer, in a
 * copy t owns); one located already is two items located.  -1 when out
 * of memory. */
static int
want_places(const struct dgs_result *res, struct dgs_item *t)
{
	const struct dgs_item_fix *f;
	size_t i, k, p;

	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL)
			continue;
		for (p = 0; p < f->nreqs; p++) {
			if (f->reqs[p].at == DGS_AT_OFFSET) {
				t[k].at = t[k + 1].at = DGS_AT_OFFSET;
				k += 2;
				continue;
			}
			t[k].pointer = f->reqs[p].pointer;
			t[k].at = f->reqs[p].at;
			t[k].str_index = -1;
			k++;
			if ((t[k].pointer = dgs_strdup(f->reqs[p].pointer)) ==
			    NULL)
				return -1;
			if (strrchr(t[k].pointer, '/') != NULL)
				*strrchr(t[k].pointer, '/') = '\0';
			t[k].at = DGS_AT_VALUE;
			t[k].str_index = -1;
			k++;
		}
	}
	return 0;
}

/* The lines and columns of the ne edits of the fixes of res that hold
 * (as of findings, t the items to locate them with), and each such
 * fix made public (res->findings[i].fix); 0, or -1 when out of memory. */
static int
locate_edits(struct dgs_result *res, const char *buf, size_t len,
    size_t start, const struct dgs_spans *spans, struct dgs_item *t,
    size_t ne)
{
	struct dgs_result tmp;
	struct dgs_finding *lc;
	struct dgs_item_fix *f;
	size_t i, k, p;

	if (ne == 0)
		return 0;
	if ((lc = calloc(2 * ne, sizeof(*lc))) == NULL)
		return -1;
	for (i = 0, k = 0; i < res->nitems; i++) {
		if ((f = res->items[i].fix) == NULL || !f->ok)
			continue;
		for (p = 0; p < f->nreqs; p++, k++) {
			t[k].at = DGS_AT_OFFSET;
			t[k].offset = f->edits[p].offset;
			t[k].end = f->edits[p].end;
		}
	}
	memset(&tmp, 0, sizeof(tmp));
	tmp.items = t;
	tmp.nitems = ne;
	tmp.findings = lc;
	tmp.nfindings = ne;
	if (dgs_locate_spans(&tmp, buf, len, start, spans) != 0) {
		free(lc);
		return -1;
	}
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
	free(lc);
	return 0;
}

int
dgs_fix_resolve(struct dgs_result *res, const char *buf, size_t len,
    size_t start, const struct dgs_spans *spans)
{
	struct dgs_result tmp;
	struct dgs_item *t = NULL;
	struct dgs_item_fix *f;
	size_t i, k, n = 0, ne = 0, dropped = 0;
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
	if (want_places(res, t) != 0)
		goto out;
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
	for (k = 1; k < n; k += 2)
		free(t[k].pointer);
	memset(t, 0, n * sizeof(*t));
	if (locate_edits(res, buf, len, start, spans, t, ne) == 0)
		rc = 0;
	free(t);
	return rc;
out:
	for (k = 1; k < n; k += 2)
		free(t[k].pointer);
	free(t);
	return rc;
}
