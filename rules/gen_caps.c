/*
 * gen_caps.c: generator capabilities from the catalogue: consistency and
 * differential privacy (DGS407-409), fallback generators (DGS415), and
 * the replacement rules on linking (DGS411 linked-generator-mismatch,
 * DGS412 link-unsupported), Event Timestamps order (DGS413) and fallback
 * links (DGS414).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * DGS407 consistency-unsupported, DGS408 consistency-column, DGS409
 * differential-privacy-unsupported.
 */
void
gen_consistency_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g, *c;
	struct md_info tmp;
	const char *cc;

	if (g == NULL)		/* unknown: generator-unknown/-unlisted */
		return;
	if (gen_is_true(x->obj, "isConsistent") && g->cons_self == DGS_NO &&
	    g->implicit != DGS_YES)
		dgs_report_member(ctx, rule, "isConsistent", "%s (\"%s\") "
		    "%s; remove `isConsistent` or write false%s", g->label,
		    g->id, dgs_gen_composite(g) == 1 ? "does not itself "
		    "support consistency" : "cannot be consistent",
		    dgs_gen_composite(g) == 1 ? " (make its generators "
		    "consistent instead)" : "");
	/* In a preset's metadata and its sub-generators,
	 * preset-column-setting reports consistencyColumn. */
	cc = x->preset == NULL ? dgs_get_str(x->obj, "consistencyColumn") :
	    NULL;
	if (cc != NULL && *cc != '\0' && g->cons_other == DGS_NO)
		dgs_report_member(ctx, rule, "consistencyColumn", "%s "
		    "(\"%s\") cannot be consistent with another column; "
		    "remove `consistencyColumn`%s", g->label, g->id,
		    g->cons_self == DGS_YES ? " (for consistency of the "
		    "column with itself, write \"isConsistent\": true "
		    "alone)" : "");
	else if (cc != NULL && *cc != '\0' && x->role == ROLE_SUB &&
	    (c = gen_md_info(ctx, x->md, &tmp)->g) != NULL &&
	    (c->sub_forbid & DGS_SUB_CONS_OTHER))
		dgs_report_member(ctx, rule, "consistencyColumn", "a "
		    "sub-generator of %s (\"%s\") cannot be consistent with "
		    "another column; remove `consistencyColumn` (\"isConsistent\": true alone "
		    "makes it consistent with itself)", c->label, c->id);
}

void
gen_consistency_column_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_frame *f = gen_link_frame(ctx);
	const char *cc = dgs_get_str(x->obj, "consistencyColumn"), *col;

	if (cc == NULL || *cc == '\0' || x->preset != NULL ||
	    (x->g != NULL && x->g->cons_other == DGS_NO))
		return;
	col = f != NULL ? dgs_get_str(f->obj, "column") : NULL;
	if (col != NULL && strcmp(col, cc) == 0)
		dgs_report_member(ctx, rule, "consistencyColumn",
		    "`consistencyColumn` names the link's own column \"%s\"; "
		    "for consistency of a column with itself write "
		    "\"isConsistent\": true without `consistencyColumn`", cc);
	else if (!gen_is_true(x->obj, "isConsistent"))
		dgs_report_member(ctx, rule, "consistencyColumn",
		    "`consistencyColumn` has no effect unless `isConsistent` "
		    "is true; write \"isConsistent\": true, or remove "
		    "`consistencyColumn`");
}

void
gen_dp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	if (x->g != NULL && x->g->dp == DGS_NO &&
	    gen_is_true(x->obj, "isDifferentiallyPrivate"))
		dgs_report_member(ctx, rule, "isDifferentiallyPrivate",
		    "%s (\"%s\") has no differential-privacy "
		    "setting; remove `isDifferentiallyPrivate` or write false",
		    x->g->label, x->g->id);
}

/*
 * DGS415 fallback-generator.
 */
void
gen_fallback_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_frame *f = gen_link_frame(ctx);
	const struct dgs_generator *gm;
	struct json_object *r;
	struct dgs_buf list = { 0 };
	char *rest;

	if (x->role == ROLE_LINK && f != NULL &&
	    f->node == DGS_NODE_FALLBACK_LINK) {
		r = dgs_parent(ctx, DGS_NODE_REPLACEMENT);
		gm = gen_find(ctx, gen_main_gen_id(ctx, r));
		if (gm == NULL || gm->fallback == DGS_NO || x->id == NULL ||
		    *x->id == '\0' || dgs_gen_fallback_ok(gm, x->id))
			return;
		gen_quoted_list(&list, gm->fallback_ids);
		if (dgs_has(x->obj, "generatorId"))
			dgs_report_member(ctx, rule, "generatorId", "\"%s\" is "
			    "not a fallback of %s (\"%s\"); write %s", x->id,
			    gm->label, gm->id, list.s != NULL ? list.s : "");
		dgs_buf_free(&list);
		return;
	}
	if (x->g == NULL || !x->g->fallback_only)
		return;
	if (dgs_has(x->obj, "generatorId"))
		dgs_report_member(ctx, rule, "generatorId", "\"%s\" is valid "
		    "only as the generator of a fallback link (in "
		    "`fallBackLinks`); write the generator that replaces the "
		    "values", x->id);
	else if (x->role == ROLE_PRESET &&
	    (rest = gen_to_frame(ctx, gen_preset_frame(ctx))) != NULL) {
		dgs_report_member(ctx, rule, "generatorId", "\"%s\" is valid "
		    "only as the generator of a fallback link (in "
		    "`fallBackLinks`), not of a preset; write the generator "
		    "that replaces the values", x->id);
		gen_back_from_link(ctx, rest);
	}
}

/*
 * Replacement rules: linking, Event Timestamps, fallbacks.
 */
/* The escaped pointer suffix of link i's generatorId. */
static void
gen_suffix(char *buf, size_t size, struct json_object *link, size_t i)
{
	if (dgs_get_str(dgs_get(link, "metadata"), "generatorId") != NULL)
		snprintf(buf, size, "/links/%zu/metadata/generatorId", i);
	else
		snprintf(buf, size, "/links/%zu/generatorId", i);
}

void
dgs_chk_linked_generator_mismatch(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *link;
	struct dgs_links it;
	const char *first = NULL;
	size_t fi = 0;
	char suffix[64];

	for (link = dgs_links_first(ctx, &it, r, "links", DGS_LINKS_GEN,
	    NULL); link != NULL && it.n > 1; link = dgs_links_next(&it)) {
		if (first == NULL) {
			first = it.gen;
			fi = it.i;
		} else if (strcmp(it.gen, first) != 0) {
			gen_suffix(suffix, sizeof(suffix), link, it.i);
			dgs_report_suffix(ctx, DGS_R_LINKED_GENERATOR_MISMATCH,
			    DGS_AT_VALUE, suffix, -1, "this link uses "
			    "generator \"%s\" but links/%zu uses \"%s\"; the "
			    "links of one replacement share one generator: "
			    "write \"%s\", or move this column to a "
			    "replacement of its own", it.gen, fi, first, first);
		}
	}
}

/* A generator whose page sets a minimum of linked columns (Algebraic:
 * "must be linked to at least two other columns"): the replacement's
 * links of generator id name fewer distinct columns. */
static void
too_few(struct dgs_ctx *ctx, struct json_object *r,
    const struct dgs_generator *g, const char *id, unsigned min)
{
	struct dgs_links it, prev;
	size_t cols = 0;

	/* Each column once: counted at its first link. */
	for (dgs_links_first(ctx, &it, r, "links", DGS_LINKS_COLUMN, id);
	    it.i < it.n; dgs_links_next(&it)) {
		for (dgs_links_first(ctx, &prev, r, "links",
		    DGS_LINKS_COLUMN, id); prev.i < it.i;
		    dgs_links_next(&prev))
			if (strcmp(prev.column, it.column) == 0)
				break;
		if (prev.i == it.i)
			cols++;
	}
	if (cols == 0 || cols >= min)
		return;
	dgs_report_member(ctx, DGS_R_LINK_UNSUPPORTED, "links", "%s (\"%s\") "
	    "must be linked to at least %u other columns, %u columns in all, "
	    "but this replacement has %zu; add a link for each column it "
	    "relates", g->label, g->id, min - 1, min, cols);
}

void
dgs_chk_link_unsupported(struct dgs_ctx *ctx, struct json_object *r)
{
	const struct dgs_generator *g;
	struct dgs_links it;
	const char *id, *col0 = NULL;
	unsigned min;

	/* A composite's links on one column are its sub-generators' (or
	 * expressions'); on two columns they link them, which Regex Mask,
	 * whose page says it does not support linking, cannot do.  The
	 * other composites' linking is their sub-generators' (unknown). */
	if ((g = gen_find(ctx, id = gen_main_gen_id(ctx, r))) == NULL)
		return;
	if ((min = dgs_gen_min_links(g->id, NULL)) > 0)
		too_few(ctx, r, g, id, min);
	if (g->link != DGS_NO)
		return;
	for (dgs_links_first(ctx, &it, r, "links", DGS_LINKS_COLUMN, id);
	    it.i < it.n; dgs_links_next(&it)) {
		if (col0 == NULL)
			col0 = it.column;
		else if (strcmp(it.column, col0) != 0) {
			dgs_report_member(ctx, DGS_R_LINK_UNSUPPORTED, "links",
			    "%s (\"%s\") cannot link columns, but this "
			    "replacement links \"%s\" and \"%s\"; give each "
			    "column a replacement of its own", g->label,
			    g->id, col0, it.column);
			return;
		}
	}
}

struct order {
	int64_t		 v;
	size_t		 i;
	const char	*col;
};

static int
order_cmp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
dgs_chk_event_order_duplicate(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *link, *v;
	struct dgs_links it;
	struct order *o;
	const char *col;
	size_t i, k = 0, first = 0;
	char suffix[64];

	link = dgs_links_first(ctx, &it, r, "links", 0, "EventGenerator");
	if (it.n < 2 || (o = calloc(it.n, sizeof(*o))) == NULL) {
		if (it.n >= 2)
			ctx->res->oom = 1;
		return;
	}
	for (; link != NULL; link = dgs_links_next(&it)) {
		v = dgs_get(dgs_get(link, "metadata"), "eventOrder");
		if (!dgs_is(v, json_type_int))
			continue;
		o[k].v = json_object_get_int64(v);
		o[k].col = it.column;
		o[k++].i = it.i;
	}
	if (k > 1)
		qsort(o, k, sizeof(*o), order_cmp);
	for (i = 1; i < k; i++) {
		if (o[i].v != o[i - 1].v) {
			first = i;
			continue;
		}
		col = o[first].col;
		snprintf(suffix, sizeof(suffix), "/links/%zu/metadata/"
		    "eventOrder", o[i].i);
		dgs_report_suffix(ctx, DGS_R_EVENT_ORDER_DUPLICATE,
		    DGS_AT_VALUE, suffix, -1,
		    "`eventOrder` %lld is also the order of links/%zu%s%s%s; "
		    "give each linked column its own order",
		    (long long)o[i].v, o[first].i, col != NULL ?
		    " (column \"" : "", col != NULL ? col : "",
		    col != NULL ? "\")" : "");
	}
	free(o);
}

void
dgs_chk_fallback_unsupported(struct dgs_ctx *ctx, struct json_object *r)
{
	static const char *const keys[] = { "fallBackLinks", "fallbackLinks" };
	const struct dgs_generator *g = gen_find(ctx, gen_main_gen_id(ctx, r));
	struct json_object *a;
	size_t i;

	if (g == NULL || g->fallback != DGS_NO)
		return;
	for (i = 0; i < 2; i++)
		if (dgs_is(a = dgs_get(r, keys[i]), json_type_array) &&
		    json_object_array_length(a) > 0)
			dgs_report_member(ctx, DGS_R_FALLBACK_UNSUPPORTED,
			    keys[i], "%s (\"%s\") has no fallback "
			    "generator (%s), so the service ignores `%s`; "
			    "remove the fallback links", g->label, g->id,
			    dgs_gen_is_builtin(g) ? "its documentation" :
			    "--generators: hasFallback false", keys[i]);
}
