/*
 * generator.c: link metadata and what it configures: the generator
 * catalogue (catalog.c), presets, processors, consistency, differential
 * privacy, linking, generator settings, fallbacks, composites and their
 * sub-generators, path expressions, regular expressions, conditional
 * generators and partitions (spec 2.3-2.5, 7; domain.md section 2).
 *
 * Metadata rules run on every metadata node: a link's (in links or
 * fallBackLinks) and a Conditional's generators'.  Each also checks the
 * sub-generator metadata inside it (subGeneratorMetadata and
 * captureGroupMetadata entries), whose nodes get only their shape
 * checked by the engine.  A capability the catalogue does not know is
 * allowed: rules flag only what is known to be wrong.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "catalog.h"

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
	/* Seen on several generators in client code (domain.md 8). */
	{ "turinBound", DGS_T_NUM, 0, "write a number" },
	/* The legacy shape kept these in the metadata. */
	{ "subPresetId", DGS_T_STRING, 0, NULL },
	{ "subGeneratorId", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_metadata = {
	"link metadata", metadata_members, md_known, md_suggest
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
	"sub-generator metadata", submetadata_members, sub_known, sub_suggest
};

/* Conditional generators (domain.md 2.2). */
static const struct dgs_member default_members[] = {
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} for the generator applied when "
	    "no condition matches" },
	{ "condition", DGS_T_OBJECT, 0,
	    "write {\"op\": \"AND\", \"conditions\": []}" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_default = {
	"the default generator", default_members, NULL, NULL
};

static const struct dgs_member condgen_members[] = {
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} for the generator applied when "
	    "the condition matches" },
	{ "condition", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"op\": \"AND\", \"conditions\": [{\"col\": ..., \"op\": "
	    "..., \"val\": ...}]}" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_condgen = {
	"a conditional generator", condgen_members, NULL, NULL
};

static const struct dgs_member group_members[] = {
	{ "op", DGS_T_STRING, 0, "write \"AND\" or \"OR\"" },
	{ "conditions", DGS_T_ARRAY, DGS_M_REQUIRED,
	    "write an array of conditions, [] for none" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_group = {
	"a condition group", group_members, NULL, NULL
};

static const struct dgs_member cond_members[] = {
	{ "col", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the column the condition tests (\"field_self\" for the "
	    "column itself)" },
	{ "op", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the comparison" },
	{ "val", DGS_T_ANY, DGS_M_REQUIRED,
	    "write the value compared with" },
	{ "colDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_cond = {
	"a condition", cond_members, NULL, NULL
};

/*
 * Per-document state (the METADATA slot).
 */
struct colkey {			/* a configured column, for partitions */
	const char	*s, *t, *c;	/* borrowed from the document */
	const char	*gen;
	uint64_t	 h;
};

struct pending {		/* a partition-by column not yet seen */
	char		*s, *t, *c;
	char		*ptr;		/* pointer of the entry */
	long		 index;		/* in the string, or -1 */
	uint64_t	 h;
	int		 done;
};

/* What every metadata rule needs of the metadata node it runs on,
 * worked out once per node (see md_info). */
struct md_info {
	struct json_object		*md;	/* the node; NULL: none yet */
	struct json_object		*link;	/* link_of(md) */
	const char			*id;	/* md_gen_id(md) */
	const struct dgs_generator	*g;
	struct json_object		*sub;	/* subGeneratorMetadata */
	const char			*sub_id;
	const struct dgs_generator	*sub_g;
	struct json_object		*caps;	/* captureGroupMetadata */
	const char			*sub_legacy;	/* sub_legacy_id(md) */
	/* The link has a member other than those of the current shape
	 * (schema, table, column, path, dataType, metadata): without one,
	 * the rules need not look for legacy members there. */
	int				 legacy;
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

/* A generator looked up by find(). */
struct find_memo {
	char				 id[48];
	size_t				 len;	/* 0: empty */
	const struct dgs_generator	*g;
};
#define FIND_MEMO	64

struct gen_state {
	struct md_info		 mi;		/* the last metadata node */
	struct json_object	*main_r;	/* main_gen_id()'s last */
	const char		*main_id;
	struct find_memo	 found[FIND_MEMO];	/* for find() */
	const char		*names[64];	/* for md_suggest */
	/* report_unknown()'s last id (an unknown id tends to repeat) and
	 * the known id it misspells, if any. */
	char			 miss_id[64];
	const char		*miss_best;
	struct json_object	*re_obj;	/* the pattern last inspected */
	struct dgs_regex_info	 re;
	struct colkey		*seen;		/* in the order seen */
	size_t			 nseen, capseen;
	struct dgs_index	 seen_ix;	/* of seen */
	struct pending		*pend;		/* open addressing */
	size_t			 npend, cappend;
};

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
}

/* The family's per-lint state.  NULL only when memory runs out, which
 * dgs_state() records: the lint fails (exit status 2), so a check that
 * returns without a finding then is not a silent give-up. */
static struct gen_state *
state(struct dgs_ctx *ctx)
{
	return dgs_state(ctx, DGS_NODE_METADATA, sizeof(struct gen_state),
	    gen_state_free);
}

/*
 * Helpers.
 */
static void	report_suffix(struct dgs_ctx *, int, const char *, long,
		    const char *, ...) DGS_PRINTF(5, 6);

/* A finding at the current pointer extended by suffix (escaped tokens),
 * at character index (or -1). */
static void
report_suffix(struct dgs_ctx *ctx, int rule, const char *suffix, long index,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dgs_report_at(ctx, rule, DGS_AT_VALUE, suffix, index, fmt, ap);
	va_end(ap);
}

static int
blank(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

static int
is_true(struct json_object *o, const char *key)
{
	int b = 0;

	return dgs_get_bool(o, key, &b) && b;
}

/* The nearest enclosing link, in links or in fallBackLinks. */
static const struct dgs_frame *
link_frame(const struct dgs_ctx *ctx)
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
	const struct dgs_frame *f = link_frame(ctx);

	return f != NULL && dgs_get(f->obj, "metadata") == md ? f->obj : NULL;
}

/* A link's generator: its metadata's, or the legacy link-level one. */
static const char *
link_gen(struct json_object *link)
{
	const char *id = dgs_get_str(dgs_get(link, "metadata"),
	    "generatorId");

	return id != NULL ? id : dgs_get_str(link, "generatorId");
}

/* The generatorId that applies to md, the legacy shape included. */
static const char *
md_gen_id(const struct dgs_ctx *ctx, struct json_object *md)
{
	const char *id = dgs_get_str(md, "generatorId");
	struct json_object *link;

	if (id == NULL && (link = link_of(ctx, md)) != NULL)
		id = dgs_get_str(link, "generatorId");
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

static const struct dgs_generator *
find(const struct dgs_ctx *ctx, const char *id)
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
static const char *
main_gen_id(struct dgs_ctx *ctx, struct json_object *r)
{
	struct gen_state *st = state(ctx);
	struct json_object *links;
	const char *id = NULL, *v;
	size_t i, n;

	if (st != NULL && st->main_r == r)
		return st->main_id;
	if (dgs_is(links = dgs_get(r, "links"), json_type_array)) {
		n = json_object_array_length(links);
		for (i = 0; i < n && id == NULL; i++)
			if ((v = link_gen(json_object_array_get_idx(links,
			    i))) != NULL && *v != '\0')
				id = v;
	}
	if (st != NULL) {
		st->main_r = r;
		st->main_id = id;
	}
	return id;
}

/* Moves the pointer up to the enclosing link, for findings on its
 * legacy members; back_from_link() restores it. */
static char *
to_link(struct dgs_ctx *ctx)
{
	const struct dgs_frame *f = link_frame(ctx);
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

static void
back_from_link(struct dgs_ctx *ctx, char *rest)
{
	dgs_buf_adds(&ctx->ptr, rest);
	free(rest);
}

/* dgs_ptr_push_index() without printf: it runs once per sub-generator
 * and rule. */
static void
push_index(struct dgs_ctx *ctx, size_t i)
{
	char buf[24], *p = buf + sizeof(buf);

	do
		*--p = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	*--p = '/';
	dgs_buf_add(&ctx->ptr, p, (size_t)(buf + sizeof(buf) - p));
}

/*
 * Metadata objects: the node and the sub-generator metadata inside.
 */
enum role {
	ROLE_LINK,	/* a link's own metadata */
	ROLE_NESTED,	/* a Conditional's generator */
	ROLE_SUB	/* subGeneratorMetadata, a captureGroupMetadata entry */
};

struct gmd {
	struct json_object		*obj;
	struct json_object		*md;	/* the metadata node */
	const char			*id;	/* effective generatorId */
	const struct dgs_generator	*g;
	enum role			 role;
	/* Of md, from md_info(): */
	struct json_object		*link;	/* link_of(md) */
	const char			*sub_legacy;	/* sub_legacy_id(md) */
	int				 legacy;	/* see md_info */
};

/* Called with the rule to report, or with GMD_ALL by an entry of
 * gmd_rules[] that names several: gmd_on() says which to report. */
typedef void (*gmd_fn)(struct dgs_ctx *, const struct gmd *, int);

#define GMD_ALL		(-1)

/* Whether a gmd_fn called for rule reports rule r (a rule that is off
 * reports nothing: dgs_report()). */
static int
gmd_on(int rule, int r)
{
	return rule == r || rule == GMD_ALL;
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
static const struct md_info *
md_info(struct dgs_ctx *ctx, struct json_object *md, struct md_info *tmp)
{
	struct gen_state *st = ctx->state[DGS_NODE_METADATA];
	struct md_info *mi;
	struct json_object *v;

	if (st != NULL && st->mi.md == md)
		return &st->mi;		/* the next rule on the same node */
	st = state(ctx);
	mi = st != NULL ? &st->mi : tmp;
	memset(mi, 0, sizeof(*mi));
	mi->md = md;
	mi->link = link_of(ctx, md);
	if ((mi->id = dgs_get_str(md, "generatorId")) == NULL &&
	    mi->link != NULL)
		mi->id = dgs_get_str(mi->link, "generatorId");
	mi->g = find(ctx, mi->id);
	mi->sub_legacy = sub_legacy_id(ctx, md);
	if (dgs_is(v = dgs_get(md, "subGeneratorMetadata"),
	    json_type_object)) {
		mi->sub = v;
		if ((mi->sub_id = dgs_get_str(v, "generatorId")) == NULL)
			mi->sub_id = mi->sub_legacy;
		mi->sub_g = find(ctx, mi->sub_id);
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
 * they need of the node once (md_info()) and calls them in turn, rather
 * than nineteen walks of the node, one for each rule: gmd_rules[] and
 * dgs_chk_generator_metadata() below. */
struct gmd_rule {
	gmd_fn	 fn;
	int	 subs;		/* called on sub-generators too */
	size_t	 n;		/* rules in rules[] */
	int	 rules[3];	/* what fn reports */
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
	if ((g = find(ctx, id)) == NULL || g->open)
		return 1;
	return dgs_gen_member(g, key) != NULL;
}

static const char *const *
suggest_for(struct dgs_ctx *ctx, const char *id, size_t *n)
{
	const struct dgs_generator *g = find(ctx, id);
	const struct dgs_gen_member *m;
	struct gen_state *st;

	*n = 0;
	if (g == NULL || g->members == NULL || (st = state(ctx)) == NULL)
		return NULL;
	for (m = g->members; m->name != NULL && *n < 64; m++)
		st->names[(*n)++] = m->name;
	return st->names;
}

static int
md_known(struct dgs_ctx *ctx, struct json_object *md, const char *key)
{
	struct md_info tmp;

	return known_for(ctx, metadata_members, md_info(ctx, md, &tmp)->id,
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
		dgs_report_member(ctx, DGS_R_WRONG_TYPE, m->name,
		    "`%s` must be %s, not %s%s", m->name,
		    want.s != NULL ? want.s : "?", dgs_type_words(v),
		    type_hint(m->types));
	}
	dgs_buf_free(&want);
}

static void
cond_group(struct dgs_ctx *ctx, struct json_object *c, int depth)
{
	struct json_object *a, *e;
	size_t old = ctx->ptr.len, mid, i, n;

	if (!dgs_check_shape(ctx, &shape_group, c) ||
	    !dgs_is(a = dgs_get(c, "conditions"), json_type_array))
		return;
	dgs_ptr_push_name(ctx, "conditions");
	mid = ctx->ptr.len;
	n = json_object_array_length(a);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(a, i);
		push_index(ctx, i);
		/* A nested group, if the service has them. */
		if (dgs_has(e, "conditions") && depth < 64)
			cond_group(ctx, e, depth + 1);
		else
			dgs_check_shape(ctx, &shape_cond, e);
		dgs_ptr_pop(ctx, mid);
	}
	dgs_ptr_pop(ctx, old);
}

static void
cond_generator(struct dgs_ctx *ctx, struct json_object *o,
    const struct dgs_shape *shape)
{
	struct json_object *m, *c;
	size_t old = ctx->ptr.len;

	if (!dgs_check_shape(ctx, shape, o))
		return;
	if (dgs_is(m = dgs_get(o, "metadata"), json_type_object))
		dgs_visit(ctx, DGS_NODE_METADATA, m, "metadata", -1);
	if (dgs_is(c = dgs_get(o, "condition"), json_type_object)) {
		dgs_ptr_push_name(ctx, "condition");
		cond_group(ctx, c, 0);
		dgs_ptr_pop(ctx, old);
	}
}

static void
walk_conditional(struct dgs_ctx *ctx, struct json_object *md)
{
	struct json_object *o;
	size_t old = ctx->ptr.len, mid, i, n;

	if (dgs_is(o = dgs_get(md, "defaultGenerator"), json_type_object)) {
		dgs_ptr_push_name(ctx, "defaultGenerator");
		cond_generator(ctx, o, &shape_default);
		dgs_ptr_pop(ctx, old);
	}
	if (dgs_is(o = dgs_get(md, "conditionalGenerators"),
	    json_type_array)) {
		dgs_ptr_push_name(ctx, "conditionalGenerators");
		mid = ctx->ptr.len;
		n = json_object_array_length(o);
		for (i = 0; i < n; i++) {
			push_index(ctx, i);
			cond_generator(ctx, json_object_array_get_idx(o, i),
			    &shape_condgen);
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
}

void
dgs_children_metadata(struct dgs_ctx *ctx, struct json_object *md)
{
	struct md_info tmp, mi = *md_info(ctx, md, &tmp);
	struct json_object *link = mi.link, *sub, *a, *e;
	const struct dgs_generator *g = mi.g;
	size_t old = ctx->ptr.len, mid, i, n;

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
		member_types(ctx, sub, find(ctx, dgs_get_str(sub,
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
			push_index(ctx, i);
			require_id(ctx, e, "capture group metadata", NULL);
			member_types(ctx, e, find(ctx, dgs_get_str(e,
			    "generatorId")));
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
	if (g == NULL || g->comp == DGS_COMP_CONDITIONAL ||
	    g->comp == DGS_COMP_UNSURE)
		walk_conditional(ctx, md);
}

/*
 * DGS401 generator-unknown: an id that misspells a known one.  DGS428
 * generator-unlisted: any other id the catalogue lacks, which may be a
 * generator whose id the public material did not show.
 */
static void
report_unknown(struct dgs_ctx *ctx, int rule, const char *key,
    const char *id)
{
	struct gen_state *st = state(ctx);
	size_t len = strlen(id);
	const char *best;

	if (st != NULL && len < sizeof(st->miss_id) &&
	    memcmp(st->miss_id, id, len + 1) == 0)
		best = st->miss_best;
	else {
		best = dgs_gen_misspelt(ctx->opts, id);
		if (st != NULL && len < sizeof(st->miss_id)) {
			memcpy(st->miss_id, id, len + 1);
			st->miss_best = best;
		}
	}

	if (best != NULL && gmd_on(rule, DGS_R_GENERATOR_UNKNOWN))
		dgs_report_member(ctx, DGS_R_GENERATOR_UNKNOWN, key,
		    "unknown generator \"%s\"; did you mean \"%s\"? "
		    "(--generators FILE loads the service's own list)", id,
		    best);
	else if (best == NULL && gmd_on(rule, DGS_R_GENERATOR_UNLISTED))
		dgs_report_member(ctx, DGS_R_GENERATOR_UNLISTED, key,
		    "generator \"%s\" is not in dgslint's catalogue, so its "
		    "settings are not checked; if your service has no such "
		    "generator, write one it has, such as \"NameGenerator\" "
		    "(--generators FILE loads the service's own list)", id);
}

/* x, when given, is the gmd whose object o is: its generator is known. */
static void
unknown_id(struct dgs_ctx *ctx, int rule, struct json_object *o,
    const char *key, const struct gmd *x)
{
	const char *id = dgs_get_str(o, key);

	if (id != NULL && *id != '\0' && (x != NULL && id == x->id ? x->g :
	    dgs_gen_find(ctx->opts, id)) == NULL)
		report_unknown(ctx, rule, key, id);
}

static void
unknown_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	char *rest;

	unknown_id(ctx, rule, x->obj, "generatorId", x);
	if (x->role != ROLE_LINK)
		return;
	unknown_id(ctx, rule, x->obj, "subGeneratorId", NULL);
	link = x->link;
	if (x->legacy && (dgs_has(link, "generatorId") || dgs_has(link,
	    "subGeneratorId")) && (rest = to_link(ctx)) != NULL) {
		unknown_id(ctx, rule, link, "generatorId", NULL);
		unknown_id(ctx, rule, link, "subGeneratorId", NULL);
		back_from_link(ctx, rest);
	}
}

/*
 * DGS402-404: presets.
 */
static const char *
license_name(enum dgs_license l)
{
	return l == DGS_LICENSE_BASIC ? "Basic" : "Professional";
}

/* Checks the preset named by member pkey of o against generator gid
 * (member gkey), reporting rule (see gmd_on()). */
static void
preset_pair(struct dgs_ctx *ctx, struct json_object *o, const char *pkey,
    const char *gkey, const char *gid, int rule)
{
	const char *pid = dgs_get_str(o, pkey);
	const struct dgs_preset *ps;

	if (pid == NULL || *pid == '\0')
		return;
	if (ctx->opts->license != DGS_LICENSE_ENTERPRISE) {
		if (gmd_on(rule, DGS_R_PRESET_LICENSE))
			dgs_report_member(ctx, DGS_R_PRESET_LICENSE, pkey,
			    "presets need an Enterprise license; with a %s "
			    "license remove `%s` and give only `%s`",
			    license_name(ctx->opts->license), pkey, gkey);
		return;
	}
	if (gid == NULL || *gid == '\0' || strcmp(pid, gid) == 0)
		return;
	if (dgs_gen_find(ctx->opts, pid) != NULL) {
		if (gmd_on(rule, DGS_R_PRESET_GENERATOR_MISMATCH))
			dgs_report_member(ctx, DGS_R_PRESET_GENERATOR_MISMATCH,
			    pkey, "`%s` \"%s\" is the "
			    "built-in preset of generator \"%s\", but `%s` is "
			    "\"%s\"; name the same generator in both (a "
			    "built-in preset's id is its generator's id)", pkey,
			    pid, pid, gkey, gid);
		return;
	}
	if (!dgs_presets_loaded(ctx->opts))
		return;		/* a custom preset: opaque */
	if ((ps = dgs_preset_find(ctx->opts, pid)) == NULL) {
		if (gmd_on(rule, DGS_R_PRESET_UNKNOWN))
			dgs_report_member(ctx, DGS_R_PRESET_UNKNOWN, pkey,
			    "preset \"%s\" is not in the presets file, so the "
			    "service applies the baseline generator \"%s\"; "
			    "write an existing preset's id, or \"%s\" for the "
			    "built-in preset",
			    pid, gid, gid);
		return;
	}
	if (strcmp(ps->generator_id, gid) != 0 &&
	    gmd_on(rule, DGS_R_PRESET_GENERATOR_MISMATCH))
		dgs_report_member(ctx, DGS_R_PRESET_GENERATOR_MISMATCH, pkey,
		    "preset \"%s\"%s%s%s configures generator \"%s\", but "
		    "`%s` is \"%s\"; write \"%s\" as `%s`, or choose a preset "
		    "of \"%s\"", pid,
		    ps->name != NULL ? " (" : "",
		    ps->name != NULL ? ps->name : "",
		    ps->name != NULL ? ")" : "", ps->generator_id, gkey, gid,
		    ps->generator_id, gkey, gid);
}

static void
preset_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	const char *gid;
	char *rest;

	preset_pair(ctx, x->obj, "presetId", "generatorId", x->id, rule);
	if (x->role != ROLE_LINK)
		return;
	preset_pair(ctx, x->obj, "subPresetId", "subGeneratorId",
	    x->sub_legacy, rule);
	link = x->link;
	if (x->legacy && (dgs_has(link, "presetId") ||
	    dgs_has(link, "subPresetId")) && (rest = to_link(ctx)) != NULL) {
		preset_pair(ctx, link, "presetId", "generatorId", x->id, rule);
		gid = dgs_get_str(link, "subGeneratorId");
		preset_pair(ctx, link, "subPresetId", "subGeneratorId",
		    gid != NULL ? gid : dgs_get_str(x->md, "subGeneratorId"),
		    rule);
		back_from_link(ctx, rest);
	}
}

/*
 * DGS405 encryption-processor, DGS406 custom-value-processor.
 */
static void
encryption_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const char *v = dgs_get_str(x->obj, "encryptionProcessor");

	if (v != NULL && strcmp(v, "x-on") != 0)
		dgs_report_member(ctx, rule, "encryptionProcessor",
		    "`encryptionProcessor` takes only \"x-on\", not \"%s\"; "
		    "write \"x-on\" to apply the configured data encryption, "
		    "or remove the member", v);
}

static void
cvp_member(struct dgs_ctx *ctx, struct json_object *o, const char *key,
    int rule)
{
	const char *v = dgs_get_str(o, key);

	if (v != NULL && blank(v))
		dgs_report_member(ctx, rule, key, "`%s` is %s; write the name "
		    "of the custom value processor to apply, or remove the "
		    "member", key, *v == '\0' ? "empty" : "blank");
}

static void
cvp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	char *rest;

	cvp_member(ctx, x->obj, "customValueProcessor", rule);
	if (x->role != ROLE_LINK)
		return;
	link = x->link;
	if (x->legacy && (dgs_has(link, "customValueProcessor") ||
	    dgs_has(link, "customSubGeneratorValueProcessor")) &&
	    (rest = to_link(ctx)) != NULL) {
		cvp_member(ctx, link, "customValueProcessor", rule);
		cvp_member(ctx, link, "customSubGeneratorValueProcessor", rule);
		back_from_link(ctx, rest);
	}
}

/*
 * DGS407 consistency-unsupported, DGS408 consistency-column, DGS409
 * differential-privacy-unsupported.
 */
static void
consistency_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	const char *cc;

	if (g == NULL)		/* unknown: generator-unknown/-unlisted */
		return;
	if (is_true(x->obj, "isConsistent") && g->cons_self == DGS_NO &&
	    g->implicit != DGS_YES)
		dgs_report_member(ctx, rule, "isConsistent", "%s (\"%s\") "
		    "cannot be consistent; remove `isConsistent` or write "
		    "false", g->label, g->id);
	cc = dgs_get_str(x->obj, "consistencyColumn");
	if (cc != NULL && *cc != '\0' && g->cons_other == DGS_NO)
		dgs_report_member(ctx, rule, "consistencyColumn", "%s "
		    "(\"%s\") cannot be consistent with another column; "
		    "remove `consistencyColumn`%s", g->label, g->id,
		    g->cons_self == DGS_YES ? " (for consistency of the "
		    "column with itself, write \"isConsistent\": true "
		    "alone)" : "");
}

static void
consistency_column_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_frame *f = link_frame(ctx);
	const char *cc = dgs_get_str(x->obj, "consistencyColumn"), *col;

	if (cc == NULL || *cc == '\0' ||
	    (x->g != NULL && x->g->cons_other == DGS_NO))
		return;
	col = f != NULL ? dgs_get_str(f->obj, "column") : NULL;
	if (col != NULL && strcmp(col, cc) == 0)
		dgs_report_member(ctx, rule, "consistencyColumn",
		    "`consistencyColumn` names the link's own column \"%s\"; "
		    "for consistency of a column with itself write "
		    "\"isConsistent\": true without `consistencyColumn`", cc);
	else if (!is_true(x->obj, "isConsistent"))
		dgs_report_member(ctx, rule, "consistencyColumn",
		    "`consistencyColumn` has no effect unless `isConsistent` "
		    "is true; write \"isConsistent\": true, or remove "
		    "`consistencyColumn`");
}

static void
dp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	if (x->g != NULL && x->g->dp == DGS_NO &&
	    is_true(x->obj, "isDifferentiallyPrivate"))
		dgs_report_member(ctx, rule, "isDifferentiallyPrivate",
		    "%s (\"%s\") has no differential-privacy "
		    "setting; remove `isDifferentiallyPrivate` or write false",
		    x->g->label, x->g->id);
}

/*
 * DGS410 generator-setting.
 */
static int
digits(const char *s, size_t n, int *out)
{
	size_t i;

	*out = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*out = *out * 10 + (s[i] - '0');
	}
	return 1;
}

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static long
days_from_civil(long y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/*
 * Parses an ISO 8601 timestamp, 2024-01-31, 2024-01-31T10:00,
 * 2024-01-31T10:00:00.123Z or with an offset, into seconds.  Returns 1,
 * or 0 when s is not one.
 */
static int
iso_time(const char *s, double *out)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, oh, om, sign;
	size_t n = strlen(s), i;
	double frac = 0, scale = 0.1;

	if (n < 10 || !digits(s, 4, &y) || s[4] != '-' ||
	    !digits(s + 5, 2, &mo) || s[7] != '-' || !digits(s + 8, 2, &d) ||
	    mo < 1 || mo > 12 || d < 1 || d > 31)
		return 0;
	i = 10;
	if (i < n && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
		if (n < i + 6 || !digits(s + i + 1, 2, &h) || s[i + 3] != ':' ||
		    !digits(s + i + 4, 2, &mi) || h > 23 || mi > 59)
			return 0;
		i += 6;
		if (i < n && s[i] == ':') {
			if (n < i + 3 || !digits(s + i + 1, 2, &sec) ||
			    sec > 60)
				return 0;
			i += 3;
			if (i < n && s[i] == '.') {
				if (++i >= n || s[i] < '0' || s[i] > '9')
					return 0;
				for (; i < n && s[i] >= '0' && s[i] <= '9';
				    i++, scale /= 10)
					frac += (s[i] - '0') * scale;
			}
		}
		if (i < n && (s[i] == 'Z' || s[i] == 'z'))
			i++;
		else if (i < n && (s[i] == '+' || s[i] == '-')) {
			sign = s[i] == '-' ? -1 : 1;
			if (n < i + 3 || !digits(s + i + 1, 2, &oh))
				return 0;
			i += 3;
			om = 0;
			if (i < n && s[i] == ':')
				i++;
			if (i < n) {
				if (n < i + 2 || !digits(s + i, 2, &om))
					return 0;
				i += 2;
			}
			h -= sign * oh;
			mi -= sign * om;
		}
	}
	if (i != n)
		return 0;
	*out = (double)days_from_civil(y, mo, d) * 86400.0 + h * 3600.0 +
	    mi * 60.0 + sec + frac;
	return 1;
}

/* min must be below max (strict) or not above it. */
static void
range(struct dgs_ctx *ctx, struct json_object *o, const char *lo,
    const char *hi, int strict, const char *note)
{
	double a, b;

	if (!dgs_get_num(o, lo, &a) || !dgs_get_num(o, hi, &b) ||
	    (strict ? a < b : a <= b))
		return;
	if (strict)
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, hi, "`%s` (%g) "
		    "must be greater than `%s` (%g)%s; write a larger `%s`",
		    hi, b, lo, a, note, hi);
	else
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, hi, "`%s` (%g) "
		    "is less than `%s` (%g); write the smaller value in "
		    "`%s`%s", hi, b, lo, a, lo, note);
}

static void
time_range(struct dgs_ctx *ctx, struct json_object *o, const char *lo,
    const char *hi)
{
	const char *keys[2] = { lo, hi }, *v;
	double t[2];
	int ok[2], i;

	for (i = 0; i < 2; i++) {
		ok[i] = 0;
		if ((v = dgs_get_str(o, keys[i])) == NULL)
			continue;
		if (!(ok[i] = iso_time(v, &t[i])))
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
			    keys[i], "`%s` \"%s\" is not a timestamp; write "
			    "one such as \"2024-01-31T00:00:00Z\"", keys[i], v);
	}
	if (ok[0] && ok[1] && t[0] > t[1])
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, hi, "`%s` is "
		    "earlier than `%s`; write the earlier timestamp in `%s`",
		    hi, lo, lo);
}

/* Appends "a", "b" or "c". */
static void
quoted_list(struct dgs_buf *b, const char *const *v)
{
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		dgs_buf_addf(b, "%s\"%s\"", i == 0 ? "" : v[i + 1] == NULL ?
		    " or " : ", ", v[i]);
}

static void
setting_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	const struct dgs_gen_member *m;
	struct json_object *o = x->obj;
	struct dgs_buf list = { 0 };
	const char *v;
	double eps;

	(void)rule;
	if (g == NULL)		/* unknown: generator-unknown/-unlisted */
		return;
	for (m = g->members; m != NULL && m->name != NULL; m++) {
		if (m->values == NULL || (v = dgs_get_str(o, m->name)) ==
		    NULL || dgs_gen_value_ok(m, v))
			continue;
		list.len = 0;
		quoted_list(&list, m->values);
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, m->name,
		    "`%s` of %s must be %s, not \"%s\"", m->name, g->label,
		    list.s != NULL ? list.s : "", v);
	}
	dgs_buf_free(&list);
	if (dgs_name_eq(g->id, "RandomIntegerGenerator"))
		range(ctx, o, "min", "max", 1, ", as `max` is exclusive");
	else if (dgs_name_eq(g->id, "IntegerPkGenerator") ||
	    dgs_name_eq(g->id, "NoiseGenerator"))
		range(ctx, o, "min", "max", 0, "");
	else if (dgs_name_eq(g->id, "TimestampShiftGenerator"))
		range(ctx, o, "minShiftValue", "maxShiftValue", 0,
		    " (negative values shift earlier)");
	else if (dgs_name_eq(g->id, "CategoricalGenerator")) {
		if (dgs_get_num(o, "epsilon", &eps) && !(eps > 0))
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
			    "epsilon", "`epsilon` (the privacy budget) must be "
			    "greater than 0, not %g; write a positive number "
			    "such as 1", eps);
	} else if (dgs_name_eq(g->id, "RandomTimestampGenerator")) {
		time_range(ctx, o, "minDate", "maxDate");
		time_range(ctx, o, "minTime", "maxTime");
	}
}

/*
 * DGS415 fallback-generator.
 */
static void
fallback_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_frame *f = link_frame(ctx);
	const struct dgs_generator *gm;
	struct json_object *r;
	struct dgs_buf list = { 0 };

	if (x->role == ROLE_LINK && f != NULL &&
	    f->node == DGS_NODE_FALLBACK_LINK) {
		r = dgs_parent(ctx, DGS_NODE_REPLACEMENT);
		gm = find(ctx, main_gen_id(ctx, r));
		if (gm == NULL || gm->fallback == DGS_NO || x->id == NULL ||
		    *x->id == '\0' || dgs_gen_fallback_ok(gm, x->id))
			return;
		quoted_list(&list, gm->fallback_ids);
		if (dgs_has(x->obj, "generatorId"))
			dgs_report_member(ctx, rule, "generatorId", "\"%s\" is "
			    "not a fallback of %s (\"%s\"); write %s", x->id,
			    gm->label, gm->id, list.s != NULL ? list.s : "");
		dgs_buf_free(&list);
		return;
	}
	if (x->g != NULL && x->g->fallback_only &&
	    dgs_has(x->obj, "generatorId"))
		dgs_report_member(ctx, rule, "generatorId", "\"%s\" is valid "
		    "only as the generator of a fallback link (in "
		    "`fallBackLinks`); write the generator that replaces the "
		    "values", x->id);
}

/*
 * Composites: DGS416-419.
 */
static int
path_composite(const struct dgs_generator *g)
{
	return g != NULL && (g->comp == DGS_COMP_JSONPATH ||
	    g->comp == DGS_COMP_XPATH || g->comp == DGS_COMP_CSV);
}

static void
path_unexpected_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	static const char *const keys[] = { "pathExpression",
	    "subGeneratorMetadata" };
	const struct dgs_generator *g = x->g;
	struct json_object *v;
	size_t i;

	if (x->role == ROLE_SUB || g == NULL || path_composite(g) ||
	    g->comp == DGS_COMP_UNSURE)
		return;
	for (i = 0; i < 2; i++) {
		if ((v = dgs_get(x->obj, keys[i])) == NULL)
			continue;	/* absent or null */
		if (g->comp == DGS_COMP_REGEX)
			dgs_report_member(ctx, rule, keys[i], "%s (\"%s\") "
			    "takes no `%s`: it applies its sub-generators through "
			    "`pattern` and `captureGroupMetadata`; remove it",
			    g->label, g->id, keys[i]);
		else if (g->comp == DGS_COMP_CONDITIONAL)
			dgs_report_member(ctx, rule, keys[i], "%s (\"%s\") "
			    "takes no `%s`: it applies its generators through "
			    "`defaultGenerator` and `conditionalGenerators`; "
			    "remove it", g->label, g->id, keys[i]);
		else
			dgs_report_member(ctx, rule, keys[i], "`%s` applies "
			    "only to the composite JSON, Array JSON, Struct, "
			    "XML, HTML and CSV Masks, not to %s (\"%s\"); "
			    "remove "
			    "it", keys[i], g->label, g->id);
	}
}

static const char *
path_example(const struct dgs_generator *g)
{
	switch (g->comp) {
	case DGS_COMP_JSONPATH:
		return "the JSONPath of the value, such as \"$.address.city\"";
	case DGS_COMP_XPATH:
		return "the XPath of the value, such as \"//customer/name\"";
	default:
		return "the index of the column, such as \"0\"";
	}
}

static void
incomplete_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	struct json_object *link;

	/* An unknown generator: generator-unknown/-unlisted. */
	if (x->role != ROLE_LINK || g == NULL)
		return;
	link = x->link;
	if (g->comp == DGS_COMP_REGEX) {
		if (dgs_get_str(x->obj, "pattern") == NULL)
			dgs_report(ctx, rule, "this %s link lacks `pattern`; write "
			    "the regular expression whose capture groups the "
			    "sub-generators replace", g->label);
		return;
	}
	if (!path_composite(g))
		return;
	if (dgs_get_str(x->obj, "pathExpression") == NULL &&
	    dgs_get_str(link, "pathExpression") == NULL &&
	    !(g->comp == DGS_COMP_CSV &&
	    is_true(x->obj, "isDefaultGenerator")))
		dgs_report(ctx, rule, "this %s link lacks `pathExpression`; "
		    "write %s", g->label, path_example(g));
	if (!dgs_is(dgs_get(x->obj, "subGeneratorMetadata"),
	    json_type_object) && x->sub_legacy == NULL)
		dgs_report(ctx, rule, "this %s link lacks "
		    "`subGeneratorMetadata`; write {\"generatorId\": "
		    "\"...\"} for the sub-generator that replaces the value",
		    g->label);
}

static void
sub_composite_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g;

	if (x->role == ROLE_LINK) {
		/* The legacy sub-generator id in the metadata. */
		g = find(ctx, dgs_get_str(x->obj, "subGeneratorId"));
		if (dgs_gen_composite(g) == 1)
			dgs_report_member(ctx, rule, "subGeneratorId", "a "
			    "sub-generator cannot be composite, and %s (\"%s\") "
			    "is; choose a generator that produces values, "
			    "such as \"NameGenerator\"", g->label, g->id);
		return;
	}
	if (dgs_gen_composite(x->g) != 1 || !dgs_has(x->obj, "generatorId"))
		return;
	dgs_report_member(ctx, rule, "generatorId", "a %s cannot be "
	    "composite, and %s (\"%s\") is; choose a generator that "
	    "produces "
	    "values, such as \"NameGenerator\"", x->role == ROLE_SUB ?
	    "sub-generator" : "generator of a Conditional", x->g->label,
	    x->g->id);
}

static void
path_syntax_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *v;
	const char *s, *why = NULL, *kind;
	size_t len;
	long bad;

	if (x->role == ROLE_SUB || !path_composite(x->g) ||
	    !dgs_is(v = dgs_get(x->obj, "pathExpression"), json_type_string))
		return;
	s = json_object_get_string(v);
	len = (size_t)json_object_get_string_len(v);
	/* The CSV Mask's default generator applies to every other column:
	 * it needs no index (as in composite-link-incomplete). */
	if (len == 0 && x->g->comp == DGS_COMP_CSV &&
	    is_true(x->obj, "isDefaultGenerator"))
		return;
	switch (x->g->comp) {
	case DGS_COMP_JSONPATH:
		kind = "JSONPath";
		bad = dgs_jsonpath_check(s, len, &why);
		break;
	case DGS_COMP_XPATH:
		kind = "XPath";
		bad = dgs_xpath_check(s, len, &why);
		break;
	default:
		kind = "column index";
		bad = dgs_csvindex_check(s, len, &why);
		break;
	}
	if (bad >= 0 && why == dgs_path_too_deep)
		dgs_report_in_string(ctx, DGS_R_CHECK_SKIPPED, "pathExpression",
		    dgs_cp_index(s, (size_t)bad), "`pathExpression` (%s of %s) "
		    "is not checked from here: it nests deeper than %d levels, "
		    "the most dgslint reads; the rest of its syntax is "
		    "unchecked", kind, x->g->label, DGS_PATH_NEST_LIMIT);
	else if (bad >= 0)
		dgs_report_in_string(ctx, rule, "pathExpression",
		    dgs_cp_index(s, (size_t)bad), "`pathExpression` (%s of %s) "
		    "%s", kind, x->g->label, why != NULL ? why : "is invalid");
}

/*
 * Regular expressions: DGS420-422.  The rules run one after the other
 * on a node, so the last inspection is kept for the next rule.
 */
static const struct dgs_regex_info *
inspect(struct dgs_ctx *ctx, struct json_object *v)
{
	struct gen_state *st = state(ctx);

	if (st == NULL)
		return NULL;
	if (st->re_obj != v) {
		if (dgs_regex_inspect(json_object_get_string(v),
		    (size_t)json_object_get_string_len(v), &st->re) != 0) {
			ctx->res->oom = 1;
			st->re_obj = NULL;
			return NULL;
		}
		st->re_obj = v;
	}
	return &st->re;
}

/* The member holding a regular expression, or NULL. */
static const char *
regex_key(const struct gmd *x)
{
	if (x->g == NULL)
		return NULL;
	if (x->g->comp == DGS_COMP_REGEX)
		return "pattern";
	if (dgs_name_eq(x->g->id, "FindAndReplaceGenerator") &&
	    is_true(x->obj, "useRegex"))
		return "find";
	return NULL;
}

static void
regex_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_regex_info *re;
	struct json_object *v, *caps;
	const char *key = regex_key(x), *s, *what;
	size_t n;

	if (key == NULL || !dgs_is(v = dgs_get(x->obj, key), json_type_string)
	    || (re = inspect(ctx, v)) == NULL)
		return;
	s = json_object_get_string(v);
	if (re->limited) {
		/* Not judged: said once for the rules of this pattern. */
		what = x->g->comp == DGS_COMP_REGEX ? "its syntax and capture "
		    "groups are" : "its syntax is";
		if (re->depth > DGS_REGEX_NEST_LIMIT)
			dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, key, "`%s` "
			    "is not checked: its groups nest %lu deep and "
			    "PCRE2 compiles at most %d levels (dgslint's "
			    "limit); %s unchecked", key, re->depth,
			    DGS_REGEX_NEST_LIMIT, what);
		else
			dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, key, "`%s` "
			    "is not checked: PCRE2 refused it for a limit, "
			    "not an error (%s); %s unchecked", key, re->err,
			    what);
		return;
	}
	if (!re->ok && !re->skipped && gmd_on(rule, DGS_R_REGEX_SYNTAX))
		dgs_report_in_string(ctx, DGS_R_REGEX_SYNTAX, key,
		    dgs_cp_index(s, (size_t)re->err_off), "`%s` does not "
		    "compile: %s; the service runs it with .NET and Java, so "
		    "write a pattern both accept", key, re->err);
	if (!re->ok || x->g->comp != DGS_COMP_REGEX)
		return;
	if (re->named > 0 && gmd_on(rule, DGS_R_REGEX_NAMED_GROUP))
		dgs_report_in_string(ctx, DGS_R_REGEX_NAMED_GROUP, key,
		    dgs_cp_index(s, (size_t)re->named_off), "the pattern has "
		    "%lu named capture group%s, which %s not replaced; write "
		    "(...) for a group to replace, or (?:...) for one to "
		    "leave", re->named, re->named == 1 ? "" : "s",
		    re->named == 1 ? "is" : "are");
	if (!gmd_on(rule, DGS_R_CAPTURE_GROUP_COUNT))
		return;
	rule = DGS_R_CAPTURE_GROUP_COUNT;
	caps = dgs_get(x->obj, "captureGroupMetadata");
	if (caps == NULL) {
		if (re->unnamed > 0)
			dgs_report(ctx, rule, "the pattern has %lu unnamed "
			    "capture group%s but there is no "
			    "`captureGroupMetadata`; write one sub-generator "
			    "entry per group, in order", re->unnamed,
			    re->unnamed == 1 ? "" : "s");
		return;
	}
	if (!dgs_is(caps, json_type_array))
		return;
	n = json_object_array_length(caps);
	if (n == re->unnamed || n == re->top)
		return;
	if (re->top != re->unnamed)
		dgs_report_member(ctx, rule, "captureGroupMetadata",
		    "`captureGroupMetadata` has %zu entr%s but the pattern "
		    "has %lu unnamed capture groups (%lu not nested in "
		    "another); write one sub-generator entry per group, in "
		    "order", n, n == 1 ? "y" : "ies", re->unnamed, re->top);
	else
		dgs_report_member(ctx, rule, "captureGroupMetadata",
		    "`captureGroupMetadata` has %zu entr%s but the pattern "
		    "has %lu unnamed capture group%s; write one sub-generator "
		    "entry per group, in order", n, n == 1 ? "y" : "ies",
		    re->unnamed, re->unnamed == 1 ? "" : "s");
}

/*
 * The metadata rules' table, in the order of the rule table: a function
 * and the rules it reports (several, when the work is the same).  Each
 * of these rules names dgs_chk_generator_metadata() as its check in
 * generator.def; the engine calls it once per node.
 */
static const struct gmd_rule gmd_rules[] = {
	{ unknown_fn, 1, 2, { DGS_R_GENERATOR_UNKNOWN,
	    DGS_R_GENERATOR_UNLISTED } },
	{ preset_fn, 1, 3, { DGS_R_PRESET_GENERATOR_MISMATCH,
	    DGS_R_PRESET_LICENSE, DGS_R_PRESET_UNKNOWN } },
	{ encryption_fn, 1, 1, { DGS_R_ENCRYPTION_PROCESSOR } },
	{ cvp_fn, 1, 1, { DGS_R_CUSTOM_VALUE_PROCESSOR } },
	{ consistency_fn, 1, 1, { DGS_R_CONSISTENCY_UNSUPPORTED } },
	{ consistency_column_fn, 1, 1, { DGS_R_CONSISTENCY_COLUMN } },
	{ dp_fn, 1, 1, { DGS_R_DIFFERENTIAL_PRIVACY_UNSUPPORTED } },
	{ setting_fn, 1, 1, { DGS_R_GENERATOR_SETTING } },
	{ fallback_fn, 1, 1, { DGS_R_FALLBACK_GENERATOR } },
	{ path_unexpected_fn, 0, 1, { DGS_R_PATH_EXPRESSION_UNEXPECTED } },
	{ incomplete_fn, 0, 1, { DGS_R_COMPOSITE_LINK_INCOMPLETE } },
	{ sub_composite_fn, 1, 1, { DGS_R_SUB_GENERATOR_COMPOSITE } },
	{ path_syntax_fn, 0, 1, { DGS_R_PATH_EXPRESSION_SYNTAX } },
	{ regex_fn, 1, 3, { DGS_R_REGEX_SYNTAX, DGS_R_CAPTURE_GROUP_COUNT,
	    DGS_R_REGEX_NAMED_GROUP } },
};
#define NGMD_RULES	(sizeof(gmd_rules) / sizeof(gmd_rules[0]))

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
	for (r = 0; r < NGMD_RULES; r++) {
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
	m = *md_info(ctx, md, &tmp);	/* a copy: fn may ask for another */
	x.obj = x.md = md;
	x.id = mi->id;
	x.g = mi->g;
	x.role = mi->link != NULL ? ROLE_LINK : ROLE_NESTED;
	x.link = mi->link;
	x.sub_legacy = mi->sub_legacy;
	x.legacy = mi->legacy;
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
			push_index(ctx, i);
			x.obj = e;
			x.id = dgs_get_str(e, "generatorId");
			x.g = find(ctx, x.id);
			for (r = 0; r < nrun; r++)
				if (run[r]->subs)
					run[r]->fn(ctx, &x, as[r]);
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
}

/*
 * DGS423 conditional-operator.
 */
static void
group_op(struct dgs_ctx *ctx, struct json_object *c, int depth)
{
	struct json_object *a, *e;
	const char *op = dgs_get_str(c, "op");
	size_t old = ctx->ptr.len, mid, i, n;

	if (op != NULL && dgs_strcasecmp(op, "AND") != 0 &&
	    dgs_strcasecmp(op, "OR") != 0)
		dgs_report_member(ctx, DGS_R_CONDITIONAL_OPERATOR, "op",
		    "a condition group's `op` is \"AND\" or \"OR\", not "
		    "\"%s\"; write \"AND\" when every condition must hold, "
		    "\"OR\" when one is enough", op);
	if (depth >= 64 || !dgs_is(a = dgs_get(c, "conditions"),
	    json_type_array))
		return;
	dgs_ptr_push_name(ctx, "conditions");
	mid = ctx->ptr.len;
	n = json_object_array_length(a);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(a, i);
		if (!dgs_has(e, "conditions"))
			continue;
		push_index(ctx, i);
		group_op(ctx, e, depth + 1);
		dgs_ptr_pop(ctx, mid);
	}
	dgs_ptr_pop(ctx, old);
}

static void
gen_condition_op(struct dgs_ctx *ctx, struct json_object *o)
{
	struct json_object *c = dgs_get(o, "condition");
	size_t old = ctx->ptr.len;

	if (!dgs_is(c, json_type_object))
		return;
	dgs_ptr_push_name(ctx, "condition");
	group_op(ctx, c, 0);
	dgs_ptr_pop(ctx, old);
}

void
dgs_chk_conditional_operator(struct dgs_ctx *ctx, struct json_object *md)
{
	struct md_info tmp;
	const struct dgs_generator *g = md_info(ctx, md, &tmp)->g;
	struct json_object *o;
	size_t old = ctx->ptr.len, mid, i, n;

	if (g == NULL || g->comp != DGS_COMP_CONDITIONAL)
		return;
	if (dgs_is(o = dgs_get(md, "defaultGenerator"), json_type_object)) {
		dgs_ptr_push_name(ctx, "defaultGenerator");
		gen_condition_op(ctx, o);
		dgs_ptr_pop(ctx, old);
	}
	if (dgs_is(o = dgs_get(md, "conditionalGenerators"),
	    json_type_array)) {
		dgs_ptr_push_name(ctx, "conditionalGenerators");
		mid = ctx->ptr.len;
		n = json_object_array_length(o);
		for (i = 0; i < n; i++) {
			push_index(ctx, i);
			gen_condition_op(ctx, json_object_array_get_idx(o, i));
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
}

/*
 * Replacement rules: linking, Event Timestamps, fallbacks.
 */
static struct json_object *
links_of(struct json_object *r, size_t *n)
{
	struct json_object *a = dgs_get(r, "links");

	*n = dgs_is(a, json_type_array) ? json_object_array_length(a) : 0;
	return a;
}

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
	struct json_object *a, *link;
	const char *first = NULL, *id;
	size_t i, n, fi = 0;
	char suffix[64];

	a = links_of(r, &n);
	for (i = 0; i < n && n > 1; i++) {
		link = json_object_array_get_idx(a, i);
		if ((id = link_gen(link)) == NULL || *id == '\0')
			continue;
		if (first == NULL) {
			first = id;
			fi = i;
		} else if (strcmp(id, first) != 0) {
			gen_suffix(suffix, sizeof(suffix), link, i);
			report_suffix(ctx, DGS_R_LINKED_GENERATOR_MISMATCH,
			    suffix, -1, "this link uses generator \"%s\" but "
			    "links/%zu uses \"%s\"; the links of one "
			    "replacement share one generator: write \"%s\", "
			    "or move this column to a replacement of its own",
			    id, fi, first, first);
		}
	}
}

void
dgs_chk_link_unsupported(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *a, *link;
	const struct dgs_generator *g;
	const char *id, *col, *col0 = NULL;
	size_t i, n;

	a = links_of(r, &n);
	if (n < 2 || (g = find(ctx, id = main_gen_id(ctx, r))) == NULL ||
	    dgs_gen_composite(g) != 0 || g->link != DGS_NO)
		return;
	for (i = 0; i < n; i++) {
		link = json_object_array_get_idx(a, i);
		if ((col = dgs_get_str(link, "column")) == NULL ||
		    link_gen(link) == NULL || strcmp(link_gen(link), id) != 0)
			continue;
		if (col0 == NULL)
			col0 = col;
		else if (strcmp(col, col0) != 0) {
			dgs_report_member(ctx, DGS_R_LINK_UNSUPPORTED, "links",
			    "%s (\"%s\") cannot link columns, but this "
			    "replacement links \"%s\" and \"%s\"; give each "
			    "column a replacement of its own", g->label,
			    g->id, col0, col);
			return;
		}
	}
}

struct order {
	int64_t	v;
	size_t	i;
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
	struct json_object *a, *link, *v;
	struct order *o;
	const char *id, *col;
	size_t i, n, k = 0, first = 0;
	char suffix[64];

	a = links_of(r, &n);
	if (n < 2 || (o = calloc(n, sizeof(*o))) == NULL) {
		if (n >= 2)
			ctx->res->oom = 1;
		return;
	}
	for (i = 0; i < n; i++) {
		link = json_object_array_get_idx(a, i);
		v = dgs_get(dgs_get(link, "metadata"), "eventOrder");
		if ((id = link_gen(link)) == NULL ||
		    strcmp(id, "EventGenerator") != 0 ||
		    !dgs_is(v, json_type_int))
			continue;
		o[k].v = json_object_get_int64(v);
		o[k++].i = i;
	}
	if (k > 1)
		qsort(o, k, sizeof(*o), order_cmp);
	for (i = 1; i < k; i++) {
		if (o[i].v != o[i - 1].v) {
			first = i;
			continue;
		}
		col = dgs_get_str(json_object_array_get_idx(a, o[first].i),
		    "column");
		snprintf(suffix, sizeof(suffix), "/links/%zu/metadata/"
		    "eventOrder", o[i].i);
		report_suffix(ctx, DGS_R_EVENT_ORDER_DUPLICATE, suffix, -1,
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
	const struct dgs_generator *g = find(ctx, main_gen_id(ctx, r));
	struct json_object *a;
	size_t i;

	if (g == NULL || g->fallback != DGS_NO)
		return;
	for (i = 0; i < 2; i++)
		if (dgs_is(a = dgs_get(r, keys[i]), json_type_array) &&
		    json_object_array_length(a) > 0)
			dgs_report_member(ctx, DGS_R_FALLBACK_UNSUPPORTED,
			    keys[i], "%s (\"%s\") has no fallback "
			    "generator, so the service ignores `%s`; remove "
			    "the fallback links", g->label, g->id, keys[i]);
}

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
		e->ws = cp < 0 ? 0 : lead ? cp : cp + dgs_cp_index(s, b);
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
		if (blank(s))
			return 0;
		for (start = s;; s++) {
			if (*s != ',' && *s != '\0')
				continue;
			if ((pe = plist_add(l, &cap)) == NULL)
				goto oom;
			trim(pe, start, (size_t)(s - start), cp);
			cp += dgs_cp_index(start, (size_t)(s - start)) + 1;
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
	struct json_object *a, *link;
	const char *col, *path;
	size_t i, n;

	a = links_of(r, &n);
	for (i = 0; i < n; i++) {
		link = json_object_array_get_idx(a, i);
		path = dgs_get_str(link, "path");
		if ((col = dgs_get_str(link, "column")) != NULL &&
		    (path == NULL || *path == '\0') &&
		    dgs_strset_add(own, col) < 0) {
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

	if (l->n == 0 || (g = find(ctx, main_gen_id(ctx, r))) == NULL ||
	    g->partition != DGS_NO)
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

	return col_eq(q->s, q->t, q->c, k->s, k->t, k->c);
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
	v = &st->seen[st->nseen];
	v->s = s;
	v->t = t;
	v->c = c;
	v->h = h;
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
	struct gen_state *st = state(ctx);
	const char *s = dgs_get_str(r, "schema"), *t = dgs_get_str(r, "table");
	const char *col, *path;
	const struct dgs_generator *g;
	const struct colkey *k;
	struct json_object *a, *link;
	struct dgs_strset own = { 0 };
	struct dgs_buf ptr = { 0 };
	struct plist l = *lp;
	char suffix[48], *name, *pc;
	uint64_t h, hst;
	size_t i, n;

	if (st == NULL || s == NULL || t == NULL)
		return;
	hst = col_hash_st(s, t);
	a = links_of(r, &n);
	for (i = 0; i < n; i++) {
		link = json_object_array_get_idx(a, i);
		path = dgs_get_str(link, "path");
		if ((col = dgs_get_str(link, "column")) == NULL ||
		    (path != NULL && *path != '\0') ||
		    (g = find(ctx, link_gen(link))) == NULL ||
		    g->partition_by != DGS_NO)
			continue;
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
			g = find(ctx, k->gen);
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
