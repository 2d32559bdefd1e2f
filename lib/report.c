/*
 * report.c: findings as the rules report them (dgs_report*()), each
 * under its rule's severity at its pointer, and the result that hands
 * them to the caller.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

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

	while (msg[i] != '\0' && (n = dgs_utf8_seq(msg + i)) > 0)
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

	if (message != NULL)
		message = clean_utf8(message);
	if (pointer != NULL && message != NULL &&
	    (sev = dgs_opts_severity(opts, rule, pointer)) == DGS_SEV_OFF) {
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

	if (!dgs_opts_enabled(opts, rule)) {
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
	return dgs_opts_enabled(ctx->opts, rule);
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
		dgs_item_fix_free(dgs_fix_take(ctx->res));
		return;
	}
	if (key != NULL && (tok = token(key)) == NULL) {
		dgs_item_fix_free(dgs_fix_take(ctx->res));
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
 * Workspace keys (lib/workspace.c): items that are not findings, marked
 * by severity DGS_SEV_OFF (which no finding has), so that the locator
 * places them as it places findings.
 */
int
dgs_ws_wanted(const struct dgs_ctx *ctx, int rule)
{
	return ctx->opts->workspace && dgs_opts_enabled(ctx->opts, rule);
}

void
dgs_ws_key(struct dgs_ctx *ctx, int rule, const char *key, const char *text)
{
	struct dgs_buf ptr = { 0 };
	struct dgs_item *it;
	char *msg;

	if (!dgs_ws_wanted(ctx, rule))
		return;
	dgs_buf_add(&ptr, ctx->ptr.s ? ctx->ptr.s : "", ctx->ptr.len);
	if (key != NULL)
		dgs_buf_add_ptr_token(&ptr, key, strlen(key));
	if (ptr.oom || (msg = dgs_strdup(text)) == NULL) {
		dgs_buf_free(&ptr);
		ctx->res->oom = 1;
		return;
	}
	if ((it = new_item(ctx->res)) == NULL) {
		dgs_buf_free(&ptr);
		free(msg);
		ctx->res->oom = 1;
		return;
	}
	it->pointer = ptr.s;
	it->message = msg;
	it->at = DGS_AT_VALUE;
	it->rule = rule;
	it->severity = DGS_SEV_OFF;
	ctx->res->nitems++;
}

int
dgs_ws_take(struct dgs_result *res)
{
	struct dgs_finding *f;
	size_t i, k = 0, n = 0;

	for (i = 0; i < res->nfindings; i++)
		n += res->findings[i].severity == DGS_SEV_OFF;
	if (n == 0)
		return 0;
	if ((res->wskeys = calloc(n, sizeof(*res->wskeys))) == NULL)
		return DGS_ENOMEM;
	for (i = 0; i < res->nfindings; i++) {
		f = &res->findings[i];
		if (f->severity != DGS_SEV_OFF) {
			res->findings[k++] = *f;
			continue;
		}
		res->wskeys[res->nwskeys].rule = (int)(f->rule - dgs_rules);
		res->wskeys[res->nwskeys].text = f->message;
		res->wskeys[res->nwskeys].pointer = f->pointer;
		res->wskeys[res->nwskeys].line = f->line;
		res->wskeys[res->nwskeys].column = f->column;
		res->wskeys[res->nwskeys].end_line = f->end_line;
		res->wskeys[res->nwskeys].end_column = f->end_column;
		res->nwskeys++;
	}
	res->nfindings = k;
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
	free(res->wskeys);
	free(res->items);
	free(res->findings);
	free(res->file);
	free(res);
}
