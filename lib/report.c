/*
 * report.c: findings as the rules report them (dgs_report*()), each
 * under its rule's severity at its pointer, and the result that hands
 * them to the caller: located (locate.c), their fixes resolved, in
 * order (dgs_result_finish()).
 *
 * A rule states a finding's fix before reporting it (dgs_fix_*() of
 * dgs_report.h); the report takes it, and fix.c keeps and resolves the
 * record (dgs_fix.h).  Reporting calls fix.c and the locator; neither
 * calls back, and nothing here applies a fix (fix_apply.c).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_lex.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_docset.h"
#include "dgs_fix.h"
#include "dgs_engine.h"

/*
 * Findings.
 */
static struct dgs_item *
new_item(struct dgs_result *res)
{
	struct dgs_item *it;
	size_t cap;

	if (res->oom)
		return NULL;
	if (res->nitems == res->cap) {
		cap = res->cap ? res->cap * 2 : 16;
		if ((it = realloc(res->items, cap * sizeof(*it))) == NULL) {
			res->oom = 1;
			return NULL;
		}
		res->items = it;
		res->cap = cap;
	}
	it = &res->items[res->nitems];
	memset(it, 0, sizeof(*it));
	it->str_index = -1;
	return it;
}

/* Messages quote the document's names and values, which may hold bytes
 * that are not UTF-8 (json-invalid-utf8 reports them): each becomes
 * U+FFFD, so that a message is always valid UTF-8.  Returns msg, or a
 * new string after freeing msg; NULL when out of memory. */
static char *
clean_utf8(char *msg)
{
	struct dgs_buf b = { 0 };
	size_t i = 0, n;

	while (msg[i] != '\0' && (n = dgs_utf8_decode(msg + i, 4, NULL)) > 0)
		i += n;
	if (msg[i] == '\0')
		return msg;
	dgs_buf_add_clean(&b, msg, 0);
	free(msg);
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}

static void
add_item(struct dgs_result *res, const struct dgs_options *opts, int rule,
    char *pointer, char *message, enum dgs_at at, size_t off, size_t end,
    long str_index, struct dgs_item_fix *fix)
{
	struct dgs_item *it;
	enum dgs_severity sev = DGS_SEV_OFF;
	long scope = -1;

	if (message != NULL)
		message = clean_utf8(message);
	if (pointer != NULL && message != NULL) {
		sev = dgs_options_severity_at(opts, rule, pointer, &scope);
		if (dgs_result_scope_used(res, opts, scope) != 0)
			res->oom = 1;
	}
	if (pointer != NULL && message != NULL && sev == DGS_SEV_OFF) {
		free(pointer);
		free(message);
		dgs_item_fix_free(fix);
		return;
	}
	if (pointer == NULL || message == NULL ||
	    (it = new_item(res)) == NULL) {
		res->oom = 1;
		free(pointer);
		free(message);
		dgs_item_fix_free(fix);
		return;
	}
	it->fix = fix;
	it->pointer = pointer;
	it->message = message;
	it->at = at;
	it->offset = off;
	it->end = end;
	it->str_index = str_index;
	it->rule = rule;
	it->severity = sev;
	res->nitems++;
}

void
dgs_report_offset(struct dgs_result *res, const struct dgs_options *opts,
    int rule, const char *pointer, size_t off, size_t end,
    const char *fmt, ...)
{
	struct dgs_buf msg = { 0 };
	struct dgs_item_fix *fix = dgs_fix_take(res);
	va_list ap;

	if (!dgs_options_enabled(opts, rule)) {
		dgs_item_fix_free(fix);
		return;
	}
	va_start(ap, fmt);
	dgs_buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	if (msg.oom) {
		dgs_buf_free(&msg);
		dgs_item_fix_free(fix);
		res->oom = 1;
		return;
	}
	add_item(res, opts, rule, dgs_strdup(pointer), msg.s, DGS_AT_OFFSET,
	    off, end, -1, fix);
}

int
dgs_rule_enabled(const struct dgs_ctx *ctx, int rule)
{
	return dgs_options_enabled(ctx->opts, rule);
}

void
dgs_report_at(struct dgs_ctx *ctx, int rule, enum dgs_at at,
    const char *suffix, long index, const char *fmt, va_list ap)
{
	struct dgs_buf msg = { 0 }, ptr = { 0 };
	struct dgs_item_fix *fix = dgs_fix_take(ctx->res);

	if (!dgs_rule_enabled(ctx, rule)) {
		dgs_item_fix_free(fix);
		return;
	}
	dgs_buf_vaddf(&msg, fmt, ap);
	dgs_buf_add(&ptr, ctx->ptr.s ? ctx->ptr.s : "", ctx->ptr.len);
	if (suffix != NULL)
		dgs_buf_adds(&ptr, suffix);
	if (msg.oom || ptr.oom) {
		dgs_buf_free(&msg);
		dgs_buf_free(&ptr);
		dgs_item_fix_free(fix);
		ctx->res->oom = 1;
		return;
	}
	add_item(ctx->res, ctx->opts, rule, ptr.s, msg.s, at, 0, 0, index,
	    fix);
}

void
dgs_report_suffix(struct dgs_ctx *ctx, int rule, enum dgs_at at,
    const char *suffix, long index, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dgs_report_at(ctx, rule, at, suffix, index, fmt, ap);
	va_end(ap);
}

void
dgs_report(struct dgs_ctx *ctx, int rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dgs_report_at(ctx, rule, DGS_AT_VALUE, NULL, -1, fmt, ap);
	va_end(ap);
}

static char *
token(const char *key)
{
	struct dgs_buf b = { 0 };

	dgs_buf_add_ptr_token(&b, key, strlen(key));
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}

static void
report_member(struct dgs_ctx *ctx, int rule, enum dgs_at at,
    const char *key, long index, const char *fmt, va_list ap)
{
	char *tok = NULL;

	if (!dgs_rule_enabled(ctx, rule)) {
		dgs_fix_forget(ctx->res);
		return;
	}
	if (key != NULL && (tok = token(key)) == NULL) {
		dgs_fix_forget(ctx->res);
		ctx->res->oom = 1;
		return;
	}
	dgs_report_at(ctx, rule, at, tok, index, fmt, ap);
	free(tok);
}

void
dgs_report_member(struct dgs_ctx *ctx, int rule, const char *key,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_member(ctx, rule, DGS_AT_VALUE, key, -1, fmt, ap);
	va_end(ap);
}

void
dgs_report_key(struct dgs_ctx *ctx, int rule, const char *key,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_member(ctx, rule, DGS_AT_KEY, key, -1, fmt, ap);
	va_end(ap);
}

void
dgs_report_in_string(struct dgs_ctx *ctx, int rule, const char *key,
    long index, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_member(ctx, rule, DGS_AT_VALUE, key, index < 0 ? 0 : index,
	    fmt, ap);
	va_end(ap);
}
/*
 * Document-set keys (rules/docset.c): not findings; each placed at the
 * root array's element that holds it.
 */
int
dgs_ds_wanted(const struct dgs_ctx *ctx, int rule)
{
	/* A rule that needs no other document (DGS813) has its one key
	 * a document taken for a program that lints one document, too. */
	return (ctx->opts->docset ||
	    (dgs_rule_needs[rule] & DGS_NEEDS_KEYS_ALONE)) &&
	    dgs_options_enabled(ctx->opts, rule);
}

void
dgs_ds_key(struct dgs_ctx *ctx, int rule, int tag,
    const struct dgs_dsfield *f, size_t n, const char *code)
{
	struct dgs_result *res = ctx->res;
	struct dgs_buf *b = &res->dstext;
	struct dgs_dskey *k;
	const char *p = ctx->ptr.s ? ctx->ptr.s : "";
	size_t plen, cap, j, need, clen = code != NULL ? strlen(code) : 0;
	uint32_t len;
	char *o;

	if (!dgs_ds_wanted(ctx, rule) || res->oom)
		return;
	if (res->ndskeys == res->dscap) {
		cap = res->dscap ? res->dscap * 2 : 256;
		if ((k = realloc(res->dskeys, cap * sizeof(*k))) == NULL) {
			res->oom = 1;
			return;
		}
		res->dskeys = k;
		res->dscap = cap;
	}
	/* Written in place: a key a link. */
	for (need = (tag != 0) + clen, j = 0; j < n; j++)
		need += f[j].s == NULL ? 1 : 5 + f[j].len;
	/* A document's keys take kilobytes: room for them at once, rather
	 * than doubling from 64 bytes. */
	if (need > UINT32_MAX || (b->len + need >= b->cap &&
	    dgs_buf_reserve(b, b->cap > 0 || need > 4000 ? need : 4000) !=
	    0)) {
		res->oom = 1;
		return;
	}
	k = &res->dskeys[res->ndskeys++];
	k->rule = rule;
	k->text = b->len;
	o = b->s + b->len;
	if (tag != 0)
		*o++ = (char)tag;
	for (j = 0; j < n; j++) {
		if (f[j].s == NULL) {
			*o++ = 'n';
			continue;
		}
		len = (uint32_t)f[j].len;
		*o++ = 's';
		memcpy(o, &len, sizeof(len));
		memcpy(o + sizeof(len), f[j].s, len);
		o += sizeof(len) + len;
	}
	k->klen = (uint32_t)(need - clen);
	k->clen = (uint32_t)clen;
	memcpy(o, code != NULL ? code : "", clen + 1);
	b->len += need;
	dgs_hash2(b->s + k->text, k->klen, &k->h1, &k->h2);
	k->line = k->column = k->end_line = k->end_column = 0;
	/* The outermost node visited, or the current pointer when the
	 * walker reports after the visit: "/i" or "". */
	plen = ctx->nframes > 0 ? ctx->frames[0].ptrlen : ctx->ptr.len;
	k->elem = -1;
	if (plen > 1 && p[0] == '/')	/* "/i": its index, read inline */
		for (k->elem = 0, j = 1; j < plen && p[j] >= '0' &&
		    p[j] <= '9'; j++)
			k->elem = k->elem * 10 + (p[j] - '0');
}

void
dgs_ds_locate(struct dgs_result *res, const char *buf, size_t len,
    size_t start, const struct dgs_spans *sp)
{
	struct dgs_dskey *k;
	const char *nl;
	size_t i, off, at = 0, bol = 0, j;
	unsigned long line = 1, col;

	while (start < len && dgs_lex_is_ws((unsigned char)buf[start]))
		start++;
	for (i = 0; i < res->ndskeys; i++) {
		k = &res->dskeys[i];
		if (i > 0 && k->elem == k[-1].elem) {
			k->line = k[-1].line;
			k->column = k[-1].column;
			k->end_line = k[-1].end_line;
			k->end_column = k[-1].end_column;
			continue;
		}
		off = k->elem >= 0 && sp != NULL && (size_t)k->elem < sp->n ?
		    sp->v[2 * k->elem] : start;
		if (off < at) {		/* not in order: again from the top */
			at = bol = 0;
			line = 1;
		}
		while (at < off && (nl = memchr(buf + at, '\n', off - at)) !=
		    NULL) {
			line++;
			at = bol = (size_t)(nl - buf) + 1;
		}
		at = off;
		/* Characters, as the locator counts them; from start (past
		 * a byte-order mark) on the first line. */
		for (col = 1, j = bol < start ? start : bol; j < off; j++)
			col += ((unsigned char)buf[j] & 0xc0) != 0x80;
		/* The element's first character: its opening bracket. */
		k->line = k->end_line = line;
		k->column = col;
		k->end_column = off < len ? col + 1 : col;
	}
}

/*
 * The result.
 */
int
dgs_result_scope_used(struct dgs_result *res, const struct dgs_options *opts,
    long scope)
{
	if (scope < 0 || (size_t)scope >= opts->nscopes)
		return 0;
	if (res->scope == NULL) {
		if ((res->scope = calloc(opts->nscopes, 1)) == NULL)
			return DGS_ENOMEM;
		res->nscope = opts->nscopes;
	}
	if ((size_t)scope < res->nscope)
		res->scope[scope] = DGS_SCOPE_USED;
	return 0;
}

/* A scope's rule ran on a document of a known kind (one whose JSON was
 * read and whose kind was found) when it is on and of that kind, with
 * what it needs given: plan_rules()'s conditions (lint.c). */
int
dgs_result_scopes_ran(struct dgs_result *res, const struct dgs_options *opts)
{
	unsigned char need;
	size_t i;
	int r;

	if (opts->nscopes == 0 || res->kind == DGS_KIND_UNKNOWN)
		return 0;
	if (res->scope == NULL) {
		if ((res->scope = calloc(opts->nscopes, 1)) == NULL)
			return DGS_ENOMEM;
		res->nscope = opts->nscopes;
	}
	for (i = 0; i < res->nscope; i++) {
		r = opts->scopes[i].rule;
		need = dgs_rule_needs[r];
		if (res->scope[i] != DGS_SCOPE_IDLE ||
		    !dgs_options_enabled(opts, r) ||
		    (dgs_rules[r].kinds != 0 &&
		    !(dgs_rules[r].kinds & (1u << res->kind))) ||
		    ((need & DGS_NEEDS_SNAPSHOT) && opts->snapshot == NULL) ||
		    ((need & DGS_NEEDS_BEFORE) &&
		    opts->snapshot_before == NULL) ||
		    ((need & DGS_NEEDS_SERVICE) && opts->service == NULL))
			continue;
		res->scope[i] = DGS_SCOPE_UNUSED;
	}
	return 0;
}

int
dgs_result_scope(const struct dgs_result *res, size_t i)
{
	return res != NULL && i < res->nscope ? res->scope[i] :
	    DGS_SCOPE_IDLE;
}

void
dgs_result_drop(struct dgs_result *res, size_t from)
{
	while (res->nitems > from) {
		res->nitems--;
		free(res->items[res->nitems].pointer);
		free(res->items[res->nitems].message);
		dgs_item_fix_free(res->items[res->nitems].fix);
		res->items[res->nitems].fix = NULL;
	}
}

int
dgs_finding_compare(const struct dgs_finding *x, const struct dgs_finding *y)
{
	int c;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	if ((c = strcmp(x->rule->id, y->rule->id)) != 0)
		return c;
	if ((c = strcmp(x->pointer, y->pointer)) != 0)
		return c;
	return strcmp(x->message, y->message);
}

int
dgs_finding_cmp(const void *a, const void *b)
{
	return dgs_finding_compare(a, b);
}

int
dgs_result_finish(struct dgs_result *res, const char *buf, size_t len,
    size_t start, const struct dgs_spans *spans)
{
	size_t i;

	if (res->nitems == 0)
		return 0;
	res->findings = calloc(res->nitems, sizeof(*res->findings));
	if (res->findings == NULL)
		return DGS_ENOMEM;
	for (i = 0; i < res->nitems; i++) {
		res->findings[i].file = res->file;
		res->findings[i].pointer = res->items[i].pointer;
		res->findings[i].message = res->items[i].message;
		res->findings[i].rule = &dgs_rules[res->items[i].rule];
		res->findings[i].severity = res->items[i].severity;
	}
	res->nfindings = res->nitems;
	if (dgs_locate_spans(res, buf, len, start, spans) != 0 ||
	    dgs_fix_resolve(res, buf, len, start, spans) != 0)
		return DGS_ENOMEM;
	qsort(res->findings, res->nfindings, sizeof(*res->findings),
	    dgs_finding_cmp);
	return 0;
}

size_t
dgs_result_count(const struct dgs_result *res)
{
	return res ? res->nfindings : 0;
}

const struct dgs_finding *
dgs_result_get(const struct dgs_result *res, size_t i)
{
	return res && i < res->nfindings ? &res->findings[i] : NULL;
}

enum dgs_kind
dgs_result_kind(const struct dgs_result *res)
{
	return res ? res->kind : DGS_KIND_UNKNOWN;
}

int
dgs_result_other(const struct dgs_result *res)
{
	return res ? res->other : 0;
}

void
dgs_result_free(struct dgs_result *res)
{
	size_t i;

	if (res == NULL)
		return;
	for (i = 0; i < res->nitems; i++) {
		free(res->items[i].pointer);
		free(res->items[i].message);
		dgs_item_fix_free(res->items[i].fix);
	}
	dgs_item_fix_free(res->pending);
	free(res->dskeys);
	dgs_buf_free(&res->dstext);
	free(res->items);
	free(res->findings);
	free(res->file);
	free(res->scope);
	free(res);
}
