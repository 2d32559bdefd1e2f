/*
 * gen_metadata.c: link metadata, the node of the generator rules
 * (https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-generator-assignment/tonic-api-generator-assignment-structure
 * and the generator API reference pages): its shapes and the members a
 * generator adds to them, the per-document state, the helpers that find a
 * node's link and generator (md_info), the walker of the nodes inside
 * metadata, and gmd_rules[] with dgs_chk_generator_metadata(), the one
 * check that runs the metadata rules.  The rules themselves are in
 * gen_ids.c, gen_caps.c, gen_settings.c, gen_composite.c and
 * gen_conditional.c; partitions in gen_partition.c.
 *
 * Metadata rules run on every metadata node: a link's (in links or
 * fallBackLinks), a generator preset's (visited from job.c; its
 * generatorId is the preset's, and what presets exclude is left to
 * preset-column-setting) and a Conditional's generators', at any depth.
 * Each also checks the
 * sub-generator metadata inside it (subGeneratorMetadata and
 * captureGroupMetadata entries), whose nodes get only their shape
 * checked by the engine.  A capability the catalogue does not know is
 * allowed: rules flag only what is known to be wrong.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * Shapes.
 */
static int	md_known(struct dgs_ctx *, struct json_object *, const char *);
static const char *const *md_suggest(struct dgs_ctx *, struct json_object *,
		    size_t *);
static int	sub_known(struct dgs_ctx *, struct json_object *,
		    const char *);
static const char *const *sub_suggest(struct dgs_ctx *,
		    struct json_object *, size_t *);

/* generatorId is required, but the legacy shape has it on the link: see
 * require_id(). */
static const struct dgs_member metadata_members[] = {
	{ "presetId", DGS_T_STRING | DGS_T_NULL, DGS_M_NONEMPTY,
	    "write the preset's id, or remove the member" },
	{ "generatorId", DGS_T_STRING, DGS_M_NONEMPTY,
	    "write the generator's id, such as \"NameGenerator\"" },
	{ "isConsistent", DGS_T_BOOL, 0, "write true or false" },
	{ "consistencyColumn", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the name of the column to be consistent with" },
	{ "isDifferentiallyPrivate", DGS_T_BOOL, 0, "write true or false" },
	{ "encryptionProcessor", DGS_T_STRING | DGS_T_NULL, 0,
	    "write \"x-on\"" },
	{ "customValueProcessor", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the custom value processor's name" },
	{ "pathExpression", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the path as a string" },
	{ "subGeneratorMetadata", DGS_T_OBJECT | DGS_T_NULL, 0,
	    "write {\"generatorId\": \"...\"} with the sub-generator's "
	    "settings" },
	/* Seen on several generators in client code (the models of
	 * agile-lab-dev/TonicAI-Adapter). */
	{ "turinBound", DGS_T_NUM, 0, "write a number" },
	/* The legacy shape kept these in the metadata. */
	{ "subPresetId", DGS_T_STRING, 0, NULL },
	{ "subGeneratorId", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

/* A preset's metadata is checked as a link's (job.c visits it). */
static const char *
md_what(struct dgs_ctx *ctx)
{
	return dgs_parent(ctx, DGS_NODE_PRESET) != NULL ? "preset metadata" :
	    "link metadata";
}

const struct dgs_shape dgs_shape_metadata = {
	"link metadata", metadata_members, md_known, md_suggest, md_what
};

static const struct dgs_member submetadata_members[] = {
	{ "presetId", DGS_T_STRING | DGS_T_NULL, DGS_M_NONEMPTY,
	    "write the preset's id, or remove the member" },
	{ "generatorId", DGS_T_STRING, DGS_M_NONEMPTY,
	    "write the sub-generator's id" },
	{ "customValueProcessor", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the custom value processor's name" },
	{ "isConsistent", DGS_T_BOOL, 0, "write true or false" },
	{ "consistencyColumn", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "isDifferentiallyPrivate", DGS_T_BOOL, 0, "write true or false" },
	{ "encryptionProcessor", DGS_T_STRING | DGS_T_NULL, 0,
	    "write \"x-on\"" },
	{ "turinBound", DGS_T_NUM, 0, "write a number" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_submetadata = {
	"sub-generator metadata", submetadata_members, sub_known, sub_suggest,
	NULL
};

/* A result of near_base(), kept by member name: generator members repeat
 * in every metadata object of a document. */
struct near_memo {
	const struct dgs_member	*base;	/* NULL: empty */
	char			 key[23];
	unsigned char		 len;
	int			 near;
};
#define NEAR_MEMO	128

/* near_base() depends on nothing but its arguments, a static table and a
 * name, so its answers are kept from one document to the next (names
 * repeat across files); per thread, as dgs_lint() may run in several. */
static _Thread_local struct near_memo near_memo[NEAR_MEMO];

static void
gen_state_free(void *p)
{
	struct gen_state *st = p;
	size_t i;

	for (i = 0; i < st->cappend; i++)
		if (st->pend[i].c != NULL) {
			free(st->pend[i].s);
			free(st->pend[i].t);
			free(st->pend[i].c);
			free(st->pend[i].ptr);
		}
	free(st->pend);
	free(st->seen);
	dgs_index_free(&st->seen_ix);
	dgs_buf_free(&st->colarena);
}

/* What is kept by a node's address, dropped when the nodes of a streamed
 * document's walked elements are freed (lint.c): a node made later may
 * take the same address. */
static void
gen_state_forget(void *p)
{
	struct gen_state *st = p;

	st->mi.md = NULL;
	st->main_r = NULL;
	st->main_id = NULL;
	st->re_obj = NULL;
}

/* The family's per-lint state.  NULL only when memory runs out, which
 * dgs_state() records: the lint fails (exit status 2), so a check that
 * returns without a finding then is not a silent give-up. */
struct gen_state *
gen_st(struct dgs_ctx *ctx)
{
	ctx->state_forget[DGS_NODE_METADATA] = gen_state_forget;
	return dgs_state(ctx, DGS_NODE_METADATA, sizeof(struct gen_state),
	    gen_state_free);
}

/*
 * Helpers.
 */
/* The nearest enclosing link, in links or in fallBackLinks. */
const struct dgs_frame *
gen_link_frame(const struct dgs_ctx *ctx)
{
	size_t i;

	for (i = ctx->nframes; i > 0; i--)
		if (ctx->frames[i - 1].node == DGS_NODE_LINK ||
		    ctx->frames[i - 1].node == DGS_NODE_FALLBACK_LINK)
			return &ctx->frames[i - 1];
	return NULL;
}

/* The link whose own metadata md is, or NULL (a conditional's). */
static struct json_object *
link_of(const struct dgs_ctx *ctx, struct json_object *md)
{
	const struct dgs_frame *f = gen_link_frame(ctx);

	return f != NULL && dgs_get(f->obj, "metadata") == md ? f->obj : NULL;
}

/* The generator preset whose own metadata md is, or NULL (a link's or a
 * Conditional's). */
static struct json_object *
preset_of(const struct dgs_ctx *ctx, struct json_object *md)
{
	struct json_object *p = dgs_parent(ctx, DGS_NODE_PRESET);

	return p != NULL && dgs_get(p, "metadata") == md ? p : NULL;
}

/* The generatorId that applies to md: its own, or its link's (the legacy
 * shape) or its preset's. */
static const char *
md_gen_id(const struct dgs_ctx *ctx, struct json_object *md)
{
	const char *id = dgs_get_str(md, "generatorId");
	struct json_object *link, *p;

	if (id == NULL && (link = link_of(ctx, md)) != NULL)
		id = dgs_get_str(link, "generatorId");
	else if (id == NULL && (p = preset_of(ctx, md)) != NULL)
		id = dgs_get_str(p, "generatorId");
	return id;
}

/* The legacy sub-generator id of md: its own or its link's. */
static const char *
sub_legacy_id(const struct dgs_ctx *ctx, struct json_object *md)
{
	const char *id = dgs_get_str(md, "subGeneratorId");
	struct json_object *link;

	if (id == NULL && (link = link_of(ctx, md)) != NULL)
		id = dgs_get_str(link, "subGeneratorId");
	return id;
}

const struct dgs_generator *
gen_find(const struct dgs_ctx *ctx, const char *id)
{
	struct gen_state *st = ctx->state[DGS_NODE_METADATA];
	struct find_memo *m;
	size_t len;

	if (id == NULL || *id == '\0')
		return NULL;
	/* The catalogue is searched by bisection: remember the last ids
	 * looked up, by their length and three of their characters. */
	if (st == NULL || (len = strlen(id)) >= sizeof(m->id))
		return dgs_gen_find(ctx->opts, id);
	m = &st->found[(len * 31 + (unsigned char)id[0] +
	    7u * (unsigned char)id[len / 2] +
	    13u * (unsigned char)id[len - 1]) % FIND_MEMO];
	if (m->len != len || memcmp(m->id, id, len) != 0) {
		m->g = dgs_gen_find(ctx->opts, id);
		m->len = len;
		memcpy(m->id, id, len);
	}
	return m->g;
}

/* Whether md's captureGroupMetadata is its generator's. */
static int
has_captures(const struct dgs_generator *g)
{
	return g == NULL || g->comp == DGS_COMP_REGEX ||
	    g->comp == DGS_COMP_UNSURE;
}

/* The generator of a replacement: its first link's.  Several rules ask
 * for it on each replacement: the last answer is kept. */
const char *
gen_main_gen_id(struct dgs_ctx *ctx, struct json_object *r)
{
	struct gen_state *st = gen_st(ctx);
	struct dgs_links it;
	const char *id;

	if (st != NULL && st->main_r == r)
		return st->main_id;
	id = dgs_links_first(ctx, &it, r, "links", DGS_LINKS_GEN, NULL) !=
	    NULL ? it.gen : NULL;
	if (st != NULL) {
		st->main_r = r;
		st->main_id = id;
	}
	return id;
}

/* Moves the pointer up to the enclosing link, for findings on its
 * legacy members; gen_back_from_link() restores it. */
char *
gen_to_link(struct dgs_ctx *ctx)
{
	return gen_to_frame(ctx, gen_link_frame(ctx));
}

/* The nearest enclosing generator preset. */
const struct dgs_frame *
gen_preset_frame(const struct dgs_ctx *ctx)
{
	size_t i;

	for (i = ctx->nframes; i > 0; i--)
		if (ctx->frames[i - 1].node == DGS_NODE_PRESET)
			return &ctx->frames[i - 1];
	return NULL;
}

/* Moves the pointer up to frame f (NULL: none, and NULL is returned);
 * gen_back_from_link() restores it. */
char *
gen_to_frame(struct dgs_ctx *ctx, const struct dgs_frame *f)
{
	char *rest;

	if (f == NULL || f->ptrlen > ctx->ptr.len || ctx->ptr.s == NULL)
		return NULL;
	if ((rest = dgs_strdup(ctx->ptr.s + f->ptrlen)) == NULL) {
		ctx->res->oom = 1;
		return NULL;
	}
	dgs_ptr_pop(ctx, f->ptrlen);
	return rest;
}

void
gen_back_from_link(struct dgs_ctx *ctx, char *rest)
{
	dgs_buf_adds(&ctx->ptr, rest);
	free(rest);
}

/* The members of a link in the current shape. */
static const char *const current_link_members[] = {
	"schema", "table", "column", "path", "dataType", "metadata", NULL
};

/* Whether obj has a member not named in names. */
static int
has_other_than(struct json_object *obj, const char *const *names)
{
	struct lh_entry *e;
	const char *k;
	size_t i;

	for (e = json_object_get_object(obj)->head; e != NULL; e = e->next) {
		k = (const char *)lh_entry_k(e);
		for (i = 0; names[i] != NULL; i++)
			if (dgs_name_eq(k, names[i]))
				break;
		if (names[i] == NULL)
			return 1;
	}
	return 0;
}

/* What the rules need of metadata node md: worked out once per node and
 * kept in the state for the next rule, as some twenty rules run on each
 * node of a document that may hold hundreds of thousands (in *tmp when
 * the state cannot be had). */
const struct md_info *
gen_md_info(struct dgs_ctx *ctx, struct json_object *md, struct md_info *tmp)
{
	struct gen_state *st = ctx->state[DGS_NODE_METADATA];
	struct md_info *mi;
	struct json_object *v;

	if (st != NULL && st->mi.md == md)
		return &st->mi;		/* the next rule on the same node */
	st = gen_st(ctx);
	mi = st != NULL ? &st->mi : tmp;
	memset(mi, 0, sizeof(*mi));
	mi->md = md;
	mi->link = link_of(ctx, md);
	if (mi->link == NULL)
		mi->preset = preset_of(ctx, md);
	if ((mi->id = dgs_get_str(md, "generatorId")) == NULL &&
	    mi->link != NULL)
		mi->id = dgs_get_str(mi->link, "generatorId");
	else if (mi->id == NULL && mi->preset != NULL)
		mi->id = dgs_get_str(mi->preset, "generatorId");
	mi->g = gen_find(ctx, mi->id);
	mi->sub_legacy = sub_legacy_id(ctx, md);
	if (dgs_is(v = dgs_get(md, "subGeneratorMetadata"),
	    json_type_object)) {
		mi->sub = v;
		if ((mi->sub_id = dgs_get_str(v, "generatorId")) == NULL)
			mi->sub_id = mi->sub_legacy;
		mi->sub_g = gen_find(ctx, mi->sub_id);
	}
	if (mi->link != NULL)
		mi->legacy = has_other_than(mi->link, current_link_members);
	if (has_captures(mi->g) && dgs_is(v = dgs_get(md,
	    "captureGroupMetadata"), json_type_array))
		mi->caps = v;
	return mi;
}

/* The rules that check a metadata node and the sub-generator metadata
 * inside it: each a function called on every such object (struct gmd),
 * with the rule to report.  They share one check, which works out what
 * they need of the node once (gen_md_info()) and calls them in turn, rather
 * than nineteen walks of the node, one for each rule: gmd_rules[], made
 * from the records, and dgs_chk_generator_metadata() below. */
#define GMD_RULES_MAX	4
struct gmd_rule {
	gmd_fn	 fn;
	int	 subs;		/* called on sub-generators too */
	size_t	 n;		/* rules in rules[] */
	int	 rules[GMD_RULES_MAX];	/* what fn reports */
};

/*
 * Shape callbacks: a generator's own members are known.
 */
/* Whether key is a case variant or a near miss of a member of the
 * shape's own, to be reported by the shape. */
static int
near_base(const struct dgs_member *base, const char *key)
{
	size_t len = strlen(key), max = len < 9 ? 1 : 2;

	for (; base->name != NULL; base++)
		if (dgs_strcasecmp(base->name, key) == 0 ||
		    dgs_edit_distance(base->name, key, max) <= max)
			return 1;
	return 0;
}

/* near_base(), remembered for short names. */
static int
near_base_memo(const struct dgs_member *base, const char *key)
{
	struct near_memo *e = NULL;
	size_t len = strlen(key), i, j;

	if (len >= sizeof(e->key))
		return near_base(base, key);
	/* Four slots from the hash; the first is reused when all four
	 * hold other names. */
	j = (size_t)dgs_hash(key, len);
	for (i = 0; i < 4; i++) {
		e = &near_memo[(j + i) % NEAR_MEMO];
		if (e->base == NULL)
			break;
		if (e->base == base && e->len == len &&
		    memcmp(e->key, key, len) == 0)
			return e->near;
	}
	if (i == 4)
		e = &near_memo[j % NEAR_MEMO];
	e->base = base;
	e->len = (unsigned char)len;
	memcpy(e->key, key, len);
	e->near = near_base(base, key);
	return e->near;
}

static int
known_for(struct dgs_ctx *ctx, const struct dgs_member *base,
    const char *id, const char *key)
{
	const struct dgs_generator *g;

	if (near_base_memo(base, key))
		return 0;
	/* An unknown or absent generator: accept anything else. */
	if ((g = gen_find(ctx, id)) == NULL || g->open)
		return 1;
	return dgs_gen_member(g, key) != NULL;
}

static const char *const *
suggest_for(struct dgs_ctx *ctx, const char *id, size_t *n)
{
	const struct dgs_generator *g = gen_find(ctx, id);
	const struct dgs_gen_member *m;
	struct gen_state *st;

	*n = 0;
	if (g == NULL || g->members == NULL || (st = gen_st(ctx)) == NULL)
		return NULL;
	for (m = g->members; m->name != NULL && *n < 64; m++)
		st->names[(*n)++] = m->name;
	return st->names;
}

static int
md_known(struct dgs_ctx *ctx, struct json_object *md, const char *key)
{
	struct md_info tmp;

	return known_for(ctx, metadata_members, gen_md_info(ctx, md, &tmp)->id,
	    key);
}

static const char *const *
md_suggest(struct dgs_ctx *ctx, struct json_object *md, size_t *n)
{
	return suggest_for(ctx, md_gen_id(ctx, md), n);
}

static int
sub_known(struct dgs_ctx *ctx, struct json_object *sub, const char *key)
{
	return known_for(ctx, submetadata_members, dgs_get_str(sub,
	    "generatorId"), key);
}

static const char *const *
sub_suggest(struct dgs_ctx *ctx, struct json_object *sub, size_t *n)
{
	return suggest_for(ctx, dgs_get_str(sub, "generatorId"), n);
}

/*
 * The walker: what is checked whatever rules are on (required
 * generatorId, types of generator-specific members), and the nodes
 * inside metadata.
 */
static void
require_id(struct dgs_ctx *ctx, struct json_object *o, const char *what,
    const char *legacy)
{
	struct lh_entry *e;

	if (dgs_has(o, "generatorId") || legacy != NULL)
		return;
	/* A case variant is reported as member-case. */
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next)
		if (dgs_strcasecmp((const char *)lh_entry_k(e),
		    "generatorId") == 0)
			return;
	dgs_report(ctx, DGS_R_REQUIRED_MEMBER, "%s lacks the required member "
	    "`generatorId`; write the generator's id, such as "
	    "\"NameGenerator\"", what);
}

static const char *
type_hint(unsigned types)
{
	switch (types) {
	case DGS_T_BOOL:
		return "; write true or false, without quotes";
	case DGS_T_NUM:
		return "; write the number without quotes";
	case DGS_T_INT:
		return "; write a whole number without quotes";
	case DGS_T_STRING:
		return "; write the value in double quotes";
	default:
		return "";
	}
}

/* The JSON types of the generator's own members; null is accepted as
 * "not set". */
static void
member_types(struct dgs_ctx *ctx, struct json_object *o,
    const struct dgs_generator *g)
{
	const struct dgs_gen_member *m;
	struct json_object *v;
	struct dgs_buf want = { 0 };

	/* An unknown generator is reported by generator-unknown, or by
	 * generator-unlisted, which says its settings are not checked. */
	if (g == NULL || g->members == NULL)
		return;
	for (m = g->members; m->name != NULL; m++) {
		if ((v = dgs_get(o, m->name)) == NULL || m->types == 0 ||
		    (m->types & (1u << json_object_get_type(v))))
			continue;
		want.len = 0;
		dgs_types_words(&want, m->types);
		if (dgs_src_inferred(dgs_gen_member_source(g, m)))
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING_INFERRED,
			    m->name, "`%s` should be %s, not %s%s (inferred: "
			    "no public source gives the type of %s's `%s`)",
			    m->name, want.s != NULL ? want.s : "?",
			    dgs_type_words(v), type_hint(m->types), g->label,
			    m->name);
		else
			dgs_report_member(ctx, DGS_R_WRONG_TYPE, m->name,
			    "`%s` must be %s, not %s%s", m->name,
			    want.s != NULL ? want.s : "?", dgs_type_words(v),
			    type_hint(m->types));
	}
	dgs_buf_free(&want);
}

void
dgs_children_metadata(struct dgs_ctx *ctx, struct json_object *md)
{
	struct md_info tmp, mi = *gen_md_info(ctx, md, &tmp);
	struct json_object *link = mi.link, *sub, *a, *e;
	const struct dgs_generator *g = mi.g;
	size_t old = ctx->ptr.len, mid, i, n;

	/* A preset names its generator beside its metadata, and the
	 * preset's shape requires it there. */
	if (mi.preset == NULL)
		require_id(ctx, md, "link metadata", link != NULL ?
		    dgs_get_str(link, "generatorId") : NULL);
	member_types(ctx, md, g);
	if (dgs_is(sub = dgs_get(md, "subGeneratorMetadata"),
	    json_type_object)) {
		dgs_visit(ctx, DGS_NODE_SUBMETADATA, sub,
		    "subGeneratorMetadata", -1);
		dgs_ptr_push_name(ctx, "subGeneratorMetadata");
		require_id(ctx, sub, "sub-generator metadata",
		    sub_legacy_id(ctx, md));
		member_types(ctx, sub, gen_find(ctx, dgs_get_str(sub,
		    "generatorId")));
		dgs_ptr_pop(ctx, old);
	}
	if (has_captures(g) && dgs_is(a = dgs_get(md, "captureGroupMetadata"),
	    json_type_array)) {
		dgs_ptr_push_name(ctx, "captureGroupMetadata");
		mid = ctx->ptr.len;
		n = json_object_array_length(a);
		for (i = 0; i < n; i++) {
			e = json_object_array_get_idx(a, i);
			if (e == NULL)
				continue;	/* a group left alone */
			dgs_visit(ctx, DGS_NODE_SUBMETADATA, e, NULL, (long)i);
			if (!dgs_is(e, json_type_object))
				continue;
			gen_push_index(ctx, i);
			require_id(ctx, e, "capture group metadata", NULL);
			member_types(ctx, e, gen_find(ctx, dgs_get_str(e,
			    "generatorId")));
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
	if (g == NULL || g->comp == DGS_COMP_CONDITIONAL ||
	    g->comp == DGS_COMP_UNSURE)
		gen_walk_conditional(ctx, md);
}

/*
 * The metadata rules' table, made once from their records in rules.def
 * (GMD(fn, subs)), in the order of the rule table: a function and the
 * rules it reports (several, when the work is the same).  Each of these
 * rules is checked by dgs_chk_generator_metadata(), which the engine
 * calls once per node.
 */
static const struct {
	gmd_fn	 fn;
	int	 subs;
} gmd_of[DGS_R_MAX] = {
#define CHECK(fn)	{ NULL, 0 }
#define BY(who)		{ NULL, 0 }
#define GMD(fn, subs)	{ fn, subs }
#define DGS_RULE(e, id, name, sev, kinds, node, check, ...) check,
#include "rules.def"
#undef DGS_RULE
#undef CHECK
#undef BY
#undef GMD
};

#define NGMD_RULES	32
static struct gmd_rule	 gmd_rules[NGMD_RULES];
static size_t		 ngmd;
static pthread_once_t	 gmd_once = PTHREAD_ONCE_INIT;

static void
gmd_init(void)
{
	size_t r, k;

	for (r = 0; r < DGS_R_MAX; r++) {
		if (gmd_of[r].fn == NULL)
			continue;
		for (k = 0; k < ngmd && gmd_rules[k].fn != gmd_of[r].fn; k++)
			continue;
		if (k == ngmd) {
			if (ngmd == NGMD_RULES)
				continue;	/* check_describe.c counts them */
			gmd_rules[ngmd].fn = gmd_of[r].fn;
			gmd_rules[ngmd++].subs = gmd_of[r].subs;
		}
		if (gmd_rules[k].n < GMD_RULES_MAX)
			gmd_rules[k].rules[gmd_rules[k].n++] = (int)r;
	}
}

size_t
dgs_gmd_count(size_t *most)
{
	size_t i;

	(void)pthread_once(&gmd_once, gmd_init);
	*most = 0;
	for (i = 0; i < ngmd; i++)
		if (gmd_rules[i].n > *most)
			*most = gmd_rules[i].n;
	return ngmd;
}

/* Calls each of the planned rules on md, then on each sub-generator
 * metadata object inside it with the pointer at that object. */
void
dgs_chk_generator_metadata(struct dgs_ctx *ctx, struct json_object *md)
{
	const struct gmd_rule *run[NGMD_RULES];
	int as[NGMD_RULES];
	struct json_object *arr, *e;
	struct md_info tmp, m;
	const struct md_info *mi = &m;
	size_t old = ctx->ptr.len, mid, i, n, r, k, nrun = 0, nsubs = 0;
	struct gmd x;

	/* The entries with a rule planned, called for that rule, or for
	 * GMD_ALL when they report several. */
	(void)pthread_once(&gmd_once, gmd_init);
	for (r = 0; r < ngmd; r++) {
		for (k = 0; k < gmd_rules[r].n; k++)
			if (dgs_rule_planned(ctx, gmd_rules[r].rules[k]))
				break;
		if (k == gmd_rules[r].n)
			continue;
		as[nrun] = gmd_rules[r].n == 1 ? gmd_rules[r].rules[0] :
		    GMD_ALL;
		run[nrun++] = &gmd_rules[r];
		nsubs += (size_t)gmd_rules[r].subs;
	}
	/* A copy: fn may ask for another. */
	m = *gen_md_info(ctx, md, &tmp);
	x.obj = x.md = md;
	x.id = mi->id;
	x.g = mi->g;
	x.role = mi->link != NULL ? ROLE_LINK : mi->preset != NULL ?
	    ROLE_PRESET : ROLE_NESTED;
	x.link = mi->link;
	x.sub_legacy = mi->sub_legacy;
	x.legacy = mi->legacy;
	x.preset = mi->preset;
	for (r = 0; r < nrun; r++)
		run[r]->fn(ctx, &x, as[r]);
	if (nsubs == 0)
		return;
	x.role = ROLE_SUB;
	if (mi->sub != NULL) {
		dgs_ptr_push_name(ctx, "subGeneratorMetadata");
		x.obj = mi->sub;
		x.id = mi->sub_id;
		x.g = mi->sub_g;
		for (r = 0; r < nrun; r++)
			if (run[r]->subs)
				run[r]->fn(ctx, &x, as[r]);
		dgs_ptr_pop(ctx, old);
	}
	if ((arr = mi->caps) != NULL) {
		dgs_ptr_push_name(ctx, "captureGroupMetadata");
		mid = ctx->ptr.len;
		n = json_object_array_length(arr);
		for (i = 0; i < n; i++) {
			e = json_object_array_get_idx(arr, i);
			if (!dgs_is(e, json_type_object))
				continue;
			gen_push_index(ctx, i);
			x.obj = e;
			x.id = dgs_get_str(e, "generatorId");
			x.g = gen_find(ctx, x.id);
			for (r = 0; r < nrun; r++)
				if (run[r]->subs)
					run[r]->fn(ctx, &x, as[r]);
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
}
