/*
 * diagnostics.c: what the language server says of a document's findings:
 * its diagnostics (textDocument/publishDiagnostics) and code actions (the
 * fixes of --fix).  Calls text.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "lsp.h"

/*
 * Diagnostics.
 */

/* The other place a message names: "at /0/links/0" (a JSON Pointer), or
 * "on line 3".  Returns 1 and its byte offset. */
static int
named_place(const struct lsp_text *t, const char *msg, size_t *off)
{
	const char *p, *e;
	char *ptr;
	unsigned long line = 0, col = 0;
	int rc;

	if ((p = strstr(msg, " at /")) != NULL) {
		p += 4;
		for (e = p; *e != '\0' && *e != ';' && *e != ',' &&
		    *e != ' ' && *e != ')' && *e != ':'; e++)
			;
		ptr = xmalloc((size_t)(e - p) + 1);
		memcpy(ptr, p, (size_t)(e - p));
		ptr[e - p] = '\0';
		rc = dgs_json_position(t->s, t->len, ptr, 0, &line, &col);
		free(ptr);
		if (rc != 0 || line == 0)
			return 0;
		*off = lsp_offset_linecol(t, line, col);
		return 1;
	}
	if ((p = strstr(msg, "on line ")) != NULL &&
	    (line = strtoul(p + 8, NULL, 10)) > 0 && line <= t->nlines) {
		*off = t->line[line - 1];
		while (*off < t->len && (t->s[*off] == ' ' ||
		    t->s[*off] == '\t'))
			(*off)++;
		return 1;
	}
	return 0;
}

/* Adds to diagnostic d its one related information: loc, and what is
 * there. */
static void
related(json_object *d, json_object *loc, const char *what)
{
	json_object *ri = json_object_new_object(), *rel;

	json_object_object_add(ri, "location", loc);
	json_object_object_add(ri, "message", json_object_new_string(what));
	rel = json_object_new_array();
	json_object_array_add(rel, ri);
	json_object_object_add(d, "relatedInformation", rel);
}

json_object *
lsp_diagnostic(const struct lsp_text *t, const struct dgs_finding *f)
{
	json_object *d = json_object_new_object(), *loc;
	char *masked;
	size_t a, b, o;

	lsp_finding_span(t, f, &a, &b);
	json_object_object_add(d, "range", lsp_range(t, a, b));
	json_object_object_add(d, "severity", json_object_new_int(
	    f->severity == DGS_SEV_ERROR ? 1 : f->severity ==
	    DGS_SEV_WARNING ? 2 : 3));
	json_object_object_add(d, "code", json_object_new_string(f->rule->id));
	json_object_object_add(d, "source", json_object_new_string("dgslint"));
	/* Masked as every output is (a message may quote the service). */
	masked = redact_run(f->message);
	json_object_object_add(d, "message",
	    json_object_new_string(masked != NULL ? masked : f->message));
	free(masked);
	if (t->uri != NULL && named_place(t, f->message, &o)) {
		loc = json_object_new_object();
		json_object_object_add(loc, "uri",
		    json_object_new_string(t->uri));
		json_object_object_add(loc, "range", lsp_range(t, o,
		    o < t->len && t->s[o] != '\n' ? lsp_next_char(t, o) : o));
		related(d, loc, "the place named");
	}
	return d;
}

/* The bytes other than RFC 3986's unreserved characters and '/'
 * percent-encoded. */
char *
lsp_file_uri(const char *abs)
{
	static const char hex[] = "0123456789ABCDEF";
	struct str u;
	unsigned char c;
	char e[3];

	memset(&u, 0, sizeof(u));
	str_addn(&u, "file://", 7);
	for (; *abs != '\0'; abs++) {
		c = (unsigned char)*abs;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~/", c) != NULL)
			str_addn(&u, abs, 1);
		else {
			e[0] = '%';
			e[1] = hex[c >> 4];
			e[2] = hex[c & 15];
			str_addn(&u, e, 3);
		}
	}
	return u.s;
}

json_object *
lsp_diagnostics(const struct lsp_text *t, const struct lsp_lint *l)
{
	json_object *a = json_object_new_array(), *d, *cd;
	char *href;
	size_t i;

	for (i = 0; i < l->n; i++) {
		d = lsp_diagnostic(t, l->v[i]);
		/* The rule's page, where one is configured: no link is
		 * invented. */
		if ((href = rule_url(l->rule_base, l->v[i]->rule)) != NULL) {
			cd = json_object_new_object();
			json_object_object_add(cd, "href",
			    json_object_new_string(href));
			json_object_object_add(d, "codeDescription", cd);
			free(href);
		}
		json_object_array_add(a, d);
	}
	return a;
}

/*
 * Code actions.
 */
static json_object *
text_edit(const struct lsp_text *t, size_t a, size_t b, const char *text,
    size_t len)
{
	json_object *e = json_object_new_object();

	json_object_object_add(e, "range", lsp_range(t, a, b));
	json_object_object_add(e, "newText",
	    json_object_new_string_len(text, (int)len));
	return e;
}

static json_object *
workspace_edit(const char *uri, json_object *edits)
{
	json_object *w = json_object_new_object(), *ch;

	ch = json_object_new_object();
	json_object_object_add(ch, uri, edits);
	json_object_object_add(w, "changes", ch);
	return w;
}

/* Whether the request's context.only admits kind. */
static int
wanted(json_object *only, const char *kind)
{
	const char *o;
	size_t i, n;

	if (only == NULL || !json_object_is_type(only, json_type_array))
		return 1;
	for (i = 0; i < json_object_array_length(only); i++) {
		if (!json_object_is_type(json_object_array_get_idx(only, i),
		    json_type_string))
			continue;
		o = json_object_get_string(json_object_array_get_idx(only, i));
		n = strlen(o);
		if (strncmp(kind, o, n) == 0 &&
		    (kind[n] == '\0' || kind[n] == '.'))
			return 1;
	}
	return 0;
}

static int
fix_cmp(const void *a, const void *b)
{
	const struct dgs_fix *x = *(const struct dgs_fix *const *)a;
	const struct dgs_fix *y = *(const struct dgs_fix *const *)b;

	return x->edits[0].offset < y->edits[0].offset ? -1 :
	    x->edits[0].offset > y->edits[0].offset;
}

/* "Fix all": the safe fixes of the findings shown, as one round of --fix
 * makes them (a fix whose edits overlap an earlier one's waits for the
 * next time). */
static json_object *
fix_all(const struct lsp_text *t, const struct lsp_lint *l, const char *uri)
{
	const struct dgs_fix **v;
	const struct dgs_edit *e;
	json_object *a, *edits;
	char title[64];
	size_t i, k, n = 0, used = 0, end = 0;

	v = xcalloc(l->n ? l->n : 1, sizeof(*v));
	for (i = 0; i < l->n; i++)
		if (l->v[i]->fix != NULL && l->v[i]->fix->nedits > 0 &&
		    l->v[i]->fix->safety == DGS_FIX_SAFE)
			v[n++] = l->v[i]->fix;
	if (n == 0) {
		free(v);
		return NULL;
	}
	qsort(v, n, sizeof(*v), fix_cmp);
	edits = json_object_new_array();
	for (i = 0; i < n; i++) {
		if (used > 0 && v[i]->edits[0].offset < end)
			continue;
		for (k = 0; k < v[i]->nedits; k++) {
			e = &v[i]->edits[k];
			json_object_array_add(edits, text_edit(t, e->offset,
			    e->end, e->text, e->text_len));
			end = e->end;
		}
		used++;
	}
	free(v);
	a = json_object_new_object();
	snprintf(title, sizeof(title), "dgslint: fix all (%zu safe fix%s)",
	    used, used == 1 ? "" : "es");
	json_object_object_add(a, "title", json_object_new_string(title));
	json_object_object_add(a, "kind",
	    json_object_new_string("source.fixAll"));
	json_object_object_add(a, "edit", workspace_edit(uri, edits));
	return a;
}

json_object *
lsp_code_actions(const struct lsp_text *t, const struct lsp_lint *l,
    const char *uri, json_object *params)
{
	json_object *r = json_object_new_array(), *a, *edits, *diags;
	json_object *only = NULL, *range = NULL, *ctx = NULL, *rs = NULL;
	json_object *re = NULL;
	const struct dgs_finding *f;
	const struct dgs_edit *e;
	long ra = 0, rb = (long)t->len;
	size_t i, k, fa, fb;

	if (params != NULL && json_object_is_type(params, json_type_object)) {
		json_object_object_get_ex(params, "range", &range);
		json_object_object_get_ex(params, "context", &ctx);
	}
	if (ctx != NULL && json_object_is_type(ctx, json_type_object))
		json_object_object_get_ex(ctx, "only", &only);
	if (range != NULL && json_object_is_type(range, json_type_object)) {
		json_object_object_get_ex(range, "start", &rs);
		json_object_object_get_ex(range, "end", &re);
		if ((ra = lsp_offset_pos(t, rs)) < 0)
			ra = 0;
		if ((rb = lsp_offset_pos(t, re)) < ra)
			rb = ra;
	}
	for (i = 0; i < l->n; i++) {
		f = l->v[i];
		if (f->fix == NULL || !wanted(only, "quickfix"))
			continue;
		lsp_finding_span(t, f, &fa, &fb);
		if ((long)fa > rb || (long)fb < ra)
			continue;
		edits = json_object_new_array();
		for (k = 0; k < f->fix->nedits; k++) {
			e = &f->fix->edits[k];
			json_object_array_add(edits, text_edit(t, e->offset,
			    e->end, e->text, e->text_len));
		}
		a = json_object_new_object();
		json_object_object_add(a, "title",
		    json_object_new_string(f->fix->description));
		json_object_object_add(a, "kind",
		    json_object_new_string("quickfix"));
		diags = json_object_new_array();
		json_object_array_add(diags, lsp_diagnostic(t, f));
		json_object_object_add(a, "diagnostics", diags);
		json_object_object_add(a, "isPreferred",
		    json_object_new_boolean(f->fix->safety == DGS_FIX_SAFE));
		json_object_object_add(a, "edit", workspace_edit(uri, edits));
		json_object_array_add(r, a);
	}
	if (wanted(only, "source.fixAll") && (a = fix_all(t, l, uri)) !=
	    NULL)
		json_object_array_add(r, a);
	return r;
}
