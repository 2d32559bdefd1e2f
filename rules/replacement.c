/*
 * replacement.c: generator assignments
 * (https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-generator-assignment/tonic-api-generator-assignment-structure).
 * The walker accepts every container the service and its clients use:
 * one replacement, an array of them, {"replacements": [...] or {...}},
 * or an object keyed by replacement id (the bodies of
 * https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-generator-assignment/updating-generator-configurations).
 *
 * The structure rules (DGS3xx) that concern a link run from the links'
 * children walker, so that they apply alike to links in `links` and in
 * `fallBackLinks`; they are declared with node NONE in replacement.def.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static const struct dgs_member replacement_members[] = {
	{ "name", DGS_T_STRING, 0, "write the replacement's name as a string "
	    "(free text, such as the column names joined by commas)" },
	{ "schema", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the schema of the table, or \"\" when the source has no "
	    "schemas" },
	{ "table", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the name of the table whose columns the links configure" },
	{ "links", DGS_T_ARRAY, DGS_M_REQUIRED,
	    "write an array of link objects, one per column" },
	/* null: as a GET response writes an absent member. */
	{ "fallBackLinks", DGS_T_ARRAY | DGS_T_NULL, 0,
	    "write an array of link objects, one per column whose generator "
	    "has a fallback" },
	{ "fallbackLinks", DGS_T_ARRAY | DGS_T_NULL, 0,
	    "write an array of link objects, one per column whose generator "
	    "has a fallback" },
	{ "partitions", DGS_T_STRING | DGS_T_ARRAY | DGS_T_NULL, 0,
	    "write the partition-by columns as \"col1,col2\"" },
	{ "nnModelConfig", DGS_T_OBJECT | DGS_T_NULL, 0,
	    "write the AI Synthesizer's model settings as an object, or null" },
	{ "id", DGS_T_STRING | DGS_T_INT, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_replacement = {
	"a replacement", replacement_members, NULL, NULL, NULL
};

static const struct dgs_member link_members[] = {
	{ "schema", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the replacement's `schema`, or \"\" when the source has "
	    "no schemas" },
	{ "table", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the replacement's `table`" },
	{ "column", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the name of the column this link configures" },
	{ "path", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the path of the field inside the JSON column as a string" },
	{ "dataType", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the field's data type as a string" },
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} with the generator's settings" },
	/* The legacy shape: see the legacy-link-shape rule. */
	{ "presetId", DGS_T_STRING, 0, "move it into `metadata`" },
	{ "generatorId", DGS_T_STRING, 0, "move it into `metadata`" },
	{ "pathExpression", DGS_T_STRING, 0, "move it into `metadata`" },
	{ "subPresetId", DGS_T_STRING, 0,
	    "move it into `metadata.subGeneratorMetadata` as `presetId`" },
	{ "subGeneratorId", DGS_T_STRING, 0,
	    "move it into `metadata.subGeneratorMetadata` as `generatorId`" },
	{ "encryptionProcessor", DGS_T_STRING, 0,
	    "move it into `metadata` as \"x-on\"" },
	{ "customValueProcessor", DGS_T_STRING, 0, "move it into `metadata`" },
	{ "customSubGeneratorValueProcessor", DGS_T_STRING, 0,
	    "move it into `metadata.subGeneratorMetadata` as "
	    "`customValueProcessor`" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_link = {
	"a link", link_members, NULL, NULL, NULL
};

/* {"replacements": ...}, the body of PUT
 * /api/Workspace/{workspaceId}/update_replacements/{schema}/{table}. */
static const struct dgs_member wrapper_members[] = {
	{ "replacements", DGS_T_ARRAY | DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write an array of replacements or an object keyed by "
	    "replacement id" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_replacements_wrapper = {
	"the `replacements` wrapper", wrapper_members, NULL, NULL, NULL
};

/*
 * Members of the legacy link shape (older versions of the generator
 * assignment structure page and of the composite generators' API
 * reference pages) and where the current
 * shape keeps them: in `metadata`, or in its `subGeneratorMetadata`.
 */
static const struct legacy {
	const char	*name;
	int		 sub;	/* in metadata.subGeneratorMetadata */
	const char	*to;	/* name there */
} legacy[] = {
	{ "presetId", 0, "presetId" },
	{ "generatorId", 0, "generatorId" },
	{ "pathExpression", 0, "pathExpression" },
	{ "subPresetId", 1, "presetId" },
	{ "subGeneratorId", 1, "generatorId" },
	{ "encryptionProcessor", 0, "encryptionProcessor" },
	{ "customValueProcessor", 0, "customValueProcessor" },
	{ "customSubGeneratorValueProcessor", 1, "customValueProcessor" },
};
#define NLEGACY	(sizeof(legacy) / sizeof(legacy[0]))

/*
 * Composite generators (https://docs.tonic.ai/app/generation/generators/
 * generator-types/generators-composite): a composite replacement holds one
 * link per sub-generator, so the same column appears in several links
 * that differ by their path expression (or regex pattern).
 */
static const char *const composites[] = {
	"ArrayJsonMaskGenerator", "ArrayRegexMaskGenerator",
	"ConditionalGenerator", "CsvMaskGenerator", "HtmlMaskGenerator",
	"JsonMaskGenerator", "RegexMaskGenerator", "StructMaskGenerator",
	"XmlMaskGenerator",
};

/*
 * Per-document state: the columns configured so far, in one hash table
 * keyed by an unambiguous encoding of (space, schema, table, column,
 * path, dataType).  Keys, pointers and generator ids live in an arena.
 */
enum space {
	SPACE_MAIN = 'M',	/* links */
	SPACE_FALLBACK = 'F',	/* fallBackLinks */
	SPACE_SUB = 'S'		/* + generator + position, for composites */
};

/* Compact, as a document may configure hundreds of thousands of
 * columns: in the arena, the key, then the pointer (NUL-terminated), then
 * a composite's generator id. */
struct seen {
	size_t		 key;		/* in the arena */
	size_t		 repl;		/* the first one's replacement's
					 * serial (dgs_parent_serial()) */
	uint32_t	 klen;
	uint32_t	 glen;		/* SEEN_COMPOSITE | id's length */
};
#define SEEN_COMPOSITE	0x80000000u
#define SEEN_PTR(st, e)	((st)->arena.s + (e)->key + (e)->klen)
/* A composite's generator id, after the pointer. */
#define SEEN_GEN(st, e)	(SEEN_PTR(st, e) + strlen(SEEN_PTR(st, e)) + 1)

struct repl_state {
	struct dgs_buf	 arena;
	struct dgs_buf	 key;	/* check_duplicate's, kept for the next */
	struct seen	*tab;	/* in the order seen */
	size_t		 cap, n;
	struct dgs_index index;	/* of tab, by key */
	/* Columns of the current replacement's links, while its fallback
	 * links are visited. */
	struct dgs_strset cols;
	int		 havecols;
	/* The links of the replacement visited (dgs_links_first()): its
	 * node's serial number (an address may be a freed one's). */
	struct dgs_link_memo *memo;
	size_t		 nmemo, memocap, memo_serial;
	struct json_object *memo_r, *memo_a;
};

/* A link of the replacement visited, looked up once. */
struct dgs_link_memo {
	struct json_object *link;	/* NULL: not an object */
	const char	*column;	/* a string, or NULL */
	const char	*gen;		/* dgs_link_gen() */
};

static void
state_free(void *p)
{
	struct repl_state *st = p;

	dgs_buf_free(&st->arena);
	dgs_buf_free(&st->key);
	free(st->tab);
	dgs_index_free(&st->index);
	dgs_strset_free(&st->cols);
	free(st->memo);
}

/* The family's per-lint state.  NULL only when memory runs out, which
 * dgs_state() records: the lint fails (exit status 2), so a check that
 * returns without a finding then is not a silent give-up. */
static struct repl_state *
state(struct dgs_ctx *ctx)
{
	return dgs_state(ctx, DGS_NODE_LINK, sizeof(struct repl_state),
	    state_free);
}

static int
grow(struct repl_state *st)
{
	struct seen *tab;
	size_t cap = st->cap ? st->cap * 2 : 1024;

	if ((tab = realloc(st->tab, cap * sizeof(*tab))) == NULL)
		return -1;
	st->tab = tab;
	st->cap = cap;
	return 0;
}

struct seen_key {
	const struct repl_state	*st;
	const char		*key;
	size_t			 klen;
};

static int
seen_eq(void *arg, size_t pos)
{
	const struct seen_key *k = arg;
	const struct seen *e = &k->st->tab[pos];

	return e->klen == k->klen &&
	    memcmp(k->st->arena.s + e->key, k->key, k->klen) == 0;
}

/*
 * Returns the entry of key, adding it with the current pointer when it is
 * new (*added is then 1), or NULL when memory runs out.
 */
static struct seen *
lookup_add(struct dgs_ctx *ctx, struct repl_state *st, const char *key,
    size_t klen, int *added)
{
	struct seen *e;
	struct seen_key k;
	uint64_t h = dgs_hash(key, klen);
	size_t j;

	*added = 0;
	k.st = st;
	k.key = key;
	k.klen = klen;
	if ((j = dgs_index_find(&st->index, h, seen_eq, &k)) !=
	    DGS_INDEX_NONE)
		return &st->tab[j];
	if (st->n == st->cap && grow(st) != 0)
		return NULL;
	e = &st->tab[st->n];
	memset(e, 0, sizeof(*e));
	if (klen >= SEEN_COMPOSITE)
		return NULL;	/* a key of 2 GB: not from a document */
	e->key = st->arena.len;
	e->klen = (uint32_t)klen;
	dgs_buf_add(&st->arena, key, klen);
	dgs_buf_add(&st->arena, ctx->ptr.s ? ctx->ptr.s : "", ctx->ptr.len);
	dgs_buf_addc(&st->arena, '\0');
	if (st->arena.oom || dgs_index_add(&st->index, h, st->n) != 0)
		return NULL;
	st->n++;
	*added = 1;
	return e;
}

/* Appends one length-prefixed component of a key. */
static void
key_add(struct dgs_buf *k, const char *s, size_t n)
{
	char num[24], *p = num + sizeof(num);
	size_t i = n;

	/* "%zu:" without printf: five times per link. */
	*--p = ':';
	do
		*--p = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	dgs_buf_add(k, p, (size_t)(num + sizeof(num) - p));
	dgs_buf_add(k, s, n);
}

static void
key_add_str(struct dgs_buf *k, struct json_object *v)
{
	if (dgs_is(v, json_type_string))
		key_add(k, json_object_get_string(v),
		    (size_t)json_object_get_string_len(v));
	else
		key_add(k, "", 0);
}

/* Appends s as a quoted JSON string, for messages. */
static void
add_quoted(struct dgs_buf *b, const char *s)
{
	dgs_buf_add_json_str(b, s, strlen(s));
}

/* Reports the message built in b at the value (or the name, at_key) of
 * member key of the current node, and frees b. */
static void
report_buf(struct dgs_ctx *ctx, int rule, const char *key, int at_key,
    struct dgs_buf *b)
{
	if (b->oom) {
		ctx->res->oom = 1;
		dgs_fix_forget(ctx->res);
	} else if (key != NULL && at_key)
		dgs_report_key(ctx, rule, key, "%s", b->s ? b->s : "");
	else if (key != NULL)
		dgs_report_member(ctx, rule, key, "%s", b->s ? b->s : "");
	else
		dgs_report(ctx, rule, "%s", b->s ? b->s : "");
	dgs_buf_free(b);
}

/*
 * The members of a link that its checks read, found in one pass over its
 * members: a large document has hundreds of thousands of links, and a
 * lookup per member and check costs a search each.  A member that is
 * null reads as absent, as with dgs_get().
 */
struct link_fields {
	struct json_object	*schema, *table, *column, *path, *data_type;
	struct json_object	*metadata, *generator_id;
	int			 other;	/* another member: a legacy one? */
};

static void
link_fields(struct json_object *link, struct link_fields *f)
{
	struct lh_entry *e;
	struct json_object *v;
	const char *k;

	memset(f, 0, sizeof(*f));
	for (e = json_object_get_object(link)->head; e != NULL; e = e->next) {
		k = (const char *)lh_entry_k(e);
		v = (struct json_object *)lh_entry_v(e);
		if (dgs_name_eq(k, "schema"))
			f->schema = v;
		else if (dgs_name_eq(k, "table"))
			f->table = v;
		else if (dgs_name_eq(k, "column"))
			f->column = v;
		else if (dgs_name_eq(k, "metadata"))
			f->metadata = v;
		else if (dgs_name_eq(k, "path"))
			f->path = v;
		else if (dgs_name_eq(k, "dataType"))
			f->data_type = v;
		else {
			f->other = 1;
			if (dgs_name_eq(k, "generatorId"))
				f->generator_id = v;
		}
	}
}

static const char *
str_of(struct json_object *v)
{
	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/*
 * DGS301: a link's schema and table are its replacement's: the service
 * rejects a link that names another table.
 */
static void
check_same_table(struct dgs_ctx *ctx, struct json_object *value,
    struct json_object *repl, const char *member)
{
	const char *want = dgs_get_str(repl, member);
	const char *got = str_of(value);
	struct dgs_buf b = { 0 }, lit = { 0 };

	/* Shared strings (build.c) are equal by address. */
	if (want == NULL || got == NULL || want == got ||
	    strcmp(want, got) == 0)
		return;
	if (*want == '\0' && strcmp(member, "table") == 0)
		return;	/* the replacement's empty table is reported */
	dgs_buf_addf(&b, "link `%s` ", member);
	add_quoted(&b, got);
	dgs_buf_addf(&b, " differs from the replacement's `%s` ", member);
	add_quoted(&b, want);
	if (dgs_strcasecmp(want, got) == 0)
		dgs_buf_adds(&b, " (only in letter case: names are "
		    "case-sensitive)");
	dgs_buf_adds(&b, "; a link configures a column of its replacement's "
	    "table: write ");
	add_quoted(&b, want);
	if (*want == '\0')
		dgs_buf_adds(&b, " (the source has no schemas)");
	/* Unsafe: the link may be the one that is right. */
	lit.len = 0;
	dgs_buf_add_json_str(&lit, want, strlen(want));
	if (!lit.oom) {
		dgs_fix_value(ctx, DGS_FIX_UNSAFE, member, lit.s);
		dgs_fix_describe(ctx, "set the link's `%s` to the "
		    "replacement's", member);
	}
	dgs_buf_free(&lit);
	report_buf(ctx, DGS_R_LINK_TABLE_MISMATCH, member, 0, &b);
}

/*
 * DGS302: `path` (a field inside a JSON column) needs `dataType`
 * (https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-generator-assignment/tonic-api-generator-assignment-structure).
 */
static void
check_path_type(struct dgs_ctx *ctx, const struct link_fields *lf)
{
	const char *path = str_of(lf->path);
	struct json_object *dt = lf->data_type;
	struct dgs_buf b = { 0 };

	if (path == NULL || *path == '\0')
		return;
	if (dgs_is(dt, json_type_string) &&
	    json_object_get_string_len(dt) > 0)
		return;
	if (dt != NULL && !dgs_is(dt, json_type_string))
		return;	/* reported as wrong-type */
	dgs_buf_adds(&b, "link has `path` ");
	add_quoted(&b, path);
	if (dt == NULL)
		dgs_buf_adds(&b, " but no `dataType`");
	else
		dgs_buf_adds(&b, " but an empty `dataType`");
	dgs_buf_adds(&b, "; a field inside a JSON column is identified by "
	    "its path and its data type: add \"dataType\" with the "
	    "field's type");
	report_buf(ctx, DGS_R_PATH_WITHOUT_DATA_TYPE, "path", 0, &b);
}

/*
 * DGS303: one configuration per column (schema, table, column, path,
 * dataType), across the document.
 */
static const char *
generator_of(const struct link_fields *lf, struct json_object *md)
{
	const char *g = dgs_get_str(md, "generatorId");

	if (g == NULL)
		g = str_of(lf->generator_id);
	return g;
}

/* Whether object o has a member named in names (n of them); one pass
 * over its members, as this runs once per link. */
static int
has_any(struct json_object *o, const char *const *names, size_t n)
{
	struct lh_entry *e;
	const char *k;
	size_t i;

	if (!dgs_is(o, json_type_object))
		return 0;
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		k = (const char *)lh_entry_k(e);
		for (i = 0; i < n; i++)
			if (dgs_name_eq(k, names[i]))
				return 1;
	}
	return 0;
}

static int
is_composite(struct json_object *link, struct json_object *md,
    const char *gen)
{
	static const char *const hints[] = { "pathExpression",
	    "subGeneratorMetadata", "pattern", "captureGroupMetadata",
	    "conditionalGenerators", "defaultGenerator" };
	static const char *const link_hints[] = { "pathExpression",
	    "subGeneratorId", "subPresetId" };
	size_t i;

	if (gen != NULL)
		for (i = 0; i < sizeof(composites) / sizeof(composites[0]);
		    i++)
			if (gen[0] == composites[i][0] &&
			    strcmp(gen, composites[i]) == 0)
				return 1;
	return has_any(md, hints, sizeof(hints) / sizeof(hints[0])) ||
	    has_any(link, link_hints, sizeof(link_hints) /
	    sizeof(link_hints[0]));
}

/* Where a composite link's sub-generator applies, and what to call it. */
static struct json_object *
position_of(struct json_object *link, struct json_object *md,
    const char **what)
{
	struct json_object *v;

	*what = "path expression";
	if ((v = dgs_get(md, "pathExpression")) != NULL ||
	    (v = dgs_get(link, "pathExpression")) != NULL)
		return v;
	*what = "pattern";
	return dgs_get(md, "pattern");
}

static void
describe_column(struct dgs_buf *b, struct json_object *link)
{
	const char *schema = dgs_get_str(link, "schema");
	const char *path = dgs_get_str(link, "path");
	const char *dt = dgs_get_str(link, "dataType");

	dgs_buf_adds(b, "column ");
	if (schema != NULL && *schema != '\0') {
		add_quoted(b, schema);
		dgs_buf_addc(b, '.');
	}
	add_quoted(b, dgs_get_str(link, "table"));
	dgs_buf_addc(b, '.');
	add_quoted(b, dgs_get_str(link, "column"));
	if (path != NULL && *path != '\0') {
		dgs_buf_adds(b, " at path ");
		add_quoted(b, path);
	}
	if (dt != NULL && *dt != '\0') {
		dgs_buf_adds(b, " of data type ");
		add_quoted(b, dt);
	}
}

/* The message of a second link for the same column, in b. */
static void
duplicate(struct dgs_ctx *ctx, struct repl_state *st,
    struct json_object *link, int fb, const struct seen *first)
{
	struct dgs_buf b = { 0 };

	if (fb)
		dgs_buf_adds(&b, "the fallback generator of ");
	describe_column(&b, link);
	dgs_buf_addf(&b, " is already configured at %s; the service keeps "
	    "one configuration per column, so one of them is lost: remove "
	    "one link, or merge them", SEEN_PTR(st, first));
	report_buf(ctx, DGS_R_DUPLICATE_COLUMN, "column", 0, &b);
}

/* A composite's sub-generator at the same position as another. */
static void
duplicate_position(struct dgs_ctx *ctx, struct repl_state *st,
    struct json_object *link, struct json_object *pos, const char *what,
    const struct seen *first)
{
	struct dgs_buf b = { 0 };

	describe_column(&b, link);
	dgs_buf_addf(&b, " already has a link with the same %s ", what);
	if (dgs_is(pos, json_type_string))
		add_quoted(&b, json_object_get_string(pos));
	else
		dgs_buf_adds(&b, json_object_to_json_string_ext(pos,
		    JSON_C_TO_STRING_PLAIN));
	dgs_buf_addf(&b, " at %s; only one of them is applied: remove one, "
	    "or give each its own %s", SEEN_PTR(st, first), what);
	report_buf(ctx, DGS_R_DUPLICATE_COLUMN, "column", 0, &b);
}

static void
check_duplicate(struct dgs_ctx *ctx, struct json_object *link,
    const struct link_fields *lf, int fb)
{
	struct repl_state *st;
	struct json_object *md = lf->metadata;
	size_t repl = dgs_parent_serial(ctx, DGS_NODE_REPLACEMENT);
	struct json_object *pos = NULL;
	struct dgs_buf k = { 0 };
	struct seen *first, *sub, f;
	const char *gen, *what = NULL, *p;
	size_t glen;
	int added, subadded, comp;

	if (!dgs_rule_enabled(ctx, DGS_R_DUPLICATE_COLUMN) ||
	    !dgs_is(lf->schema, json_type_string) ||
	    !dgs_is(lf->table, json_type_string) ||
	    !dgs_is(lf->column, json_type_string) ||
	    (st = state(ctx)) == NULL)
		return;
	k = st->key;	/* its memory, kept from the last link */
	k.len = 0;
	dgs_buf_addc(&k, fb ? SPACE_FALLBACK : SPACE_MAIN);
	key_add_str(&k, lf->schema);
	key_add_str(&k, lf->table);
	key_add_str(&k, lf->column);
	key_add_str(&k, lf->path);
	key_add_str(&k, lf->data_type);
	if (k.oom || (first = lookup_add(ctx, st, k.s, k.len, &added)) ==
	    NULL)
		goto oom;
	if ((gen = generator_of(lf, md)) == NULL)
		gen = "";
	glen = strlen(gen);
	comp = is_composite(link, md, gen);
	if (added) {
		first->repl = repl;
		if (comp) {
			first->glen = SEEN_COMPOSITE | (uint32_t)glen;
			dgs_buf_add(&st->arena, gen, glen);
			if (st->arena.oom)
				goto oom;
		}
	}
	f = *first;	/* the table may move below */
	if (comp) {
		/* One link per sub-generator position. */
		pos = position_of(link, md, &what);
		p = pos != NULL ? json_object_to_json_string_ext(pos,
		    JSON_C_TO_STRING_PLAIN) : "";
		dgs_buf_addc(&k, SPACE_SUB);
		key_add(&k, gen, glen);
		key_add(&k, p, strlen(p));
		if (k.oom || (sub = lookup_add(ctx, st, k.s, k.len,
		    &subadded)) == NULL)
			goto oom;
		if (!added && f.repl == repl &&
		    f.glen == (SEEN_COMPOSITE | (uint32_t)glen) &&
		    memcmp(SEEN_GEN(st, &f), gen, glen) == 0) {
			/* Another sub-generator of the same composite. */
			if (!subadded && pos == NULL)
				duplicate(ctx, st, link, fb, sub);
			else if (!subadded)
				duplicate_position(ctx, st, link, pos, what,
				    sub);
			added = 1;
		}
	}
	if (!added)
		duplicate(ctx, st, link, fb, &f);
	st->key = k;
	return;
oom:
	dgs_buf_free(&k);
	st->key = k;
	ctx->res->oom = 1;
}

/*
 * DGS881: the column's document-set key, compared with those of the run's
 * other replacement files (rules/docset.c).
 */
static void
docset_key(struct dgs_ctx *ctx, const struct link_fields *lf, int fb)
{
	struct dgs_dsfield f[5];

	if (!dgs_ds_wanted(ctx, DGS_R_DOCSET_DUPLICATE_COLUMN) ||
	    !dgs_is(lf->schema, json_type_string) ||
	    !dgs_is(lf->table, json_type_string) ||
	    !dgs_is(lf->column, json_type_string))
		return;
	f[0] = dgs_ds_field(lf->schema);
	f[1] = dgs_ds_field(lf->table);
	f[2] = dgs_ds_field(lf->column);
	f[3] = dgs_ds_field(lf->path);
	f[4] = dgs_ds_field(lf->data_type);
	dgs_ds_key(ctx, DGS_R_DOCSET_DUPLICATE_COLUMN, fb ? 'F' : 'M', f, 5,
	    NULL);
}

/*
 * DGS306: a fallback link configures the fallback generator of a column
 * that one of the replacement's links configures.
 */
static void
check_fallback_target(struct dgs_ctx *ctx, const struct link_fields *lf)
{
	struct repl_state *st;
	const char *col = str_of(lf->column);
	struct dgs_buf b = { 0 };

	if (col == NULL || *col == '\0' || (st = state(ctx)) == NULL ||
	    !st->havecols || dgs_strset_has(&st->cols, col))
		return;
	dgs_buf_adds(&b, "fallback link for column ");
	add_quoted(&b, col);
	dgs_buf_adds(&b, ", which no link of this replacement configures; "
	    "a fallback generator only runs when the column's own "
	    "generator fails: configure the column in `links` too, or "
	    "remove the fallback link");
	report_buf(ctx, DGS_R_FALLBACK_WITHOUT_LINK, "column", 0, &b);
}

/*
 * DGS308: a legacy member whose counterpart in metadata has another
 * value.
 */
static void
check_legacy_conflict(struct dgs_ctx *ctx, struct json_object *md,
    const struct legacy *l, const char *key, struct json_object *v)
{
	struct json_object *w;
	struct dgs_buf b = { 0 };
	const char *where = l->sub ? "subGeneratorMetadata." : "";

	if (l->sub)
		md = dgs_get(md, "subGeneratorMetadata");
	w = dgs_get(md, l->to);
	if (!dgs_is(v, json_type_string) || !dgs_is(w, json_type_string) ||
	    strcmp(json_object_get_string(v), json_object_get_string(w)) == 0)
		return;
	dgs_buf_addf(&b, "legacy link member `%s` ", key);
	add_quoted(&b, json_object_get_string(v));
	dgs_buf_addf(&b, " conflicts with `metadata.%s%s` ", where, l->to);
	add_quoted(&b, json_object_get_string(w));
	dgs_buf_adds(&b, "; the current API reads `metadata`, older versions "
	    "the link, so which one applies depends on the service's "
	    "version: keep one value, in `metadata`");
	report_buf(ctx, DGS_R_LEGACY_MEMBER_CONFLICT, key, 0, &b);
}

/*
 * DGS307: the legacy link shape, with generator settings on the link
 * rather than in `metadata`, as older versions of the API had it.  One
 * finding per link, at
 * its first legacy member, saying where each one goes.
 */
static void
check_legacy(struct dgs_ctx *ctx, struct json_object *link)
{
	struct json_object *md = dgs_get(link, "metadata");
	struct lh_entry *e;
	struct dgs_buf b = { 0 };
	const char *first = NULL, *key;
	size_t i;

	for (e = json_object_get_object(link)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		for (i = 0; i < NLEGACY; i++)
			if (key[0] == legacy[i].name[0] &&
			    strcmp(key, legacy[i].name) == 0)
				break;
		if (i == NLEGACY)
			continue;
		if (first == NULL) {
			first = key;
			dgs_buf_adds(&b, "this link has the legacy shape, with "
			    "generator settings on the link itself; the "
			    "current API reads them from `metadata`: move ");
		} else
			dgs_buf_adds(&b, ", ");
		dgs_buf_addf(&b, "`%s` to `metadata.%s%s`", key,
		    legacy[i].sub ? "subGeneratorMetadata." : "",
		    legacy[i].to);
		check_legacy_conflict(ctx, md, &legacy[i], key,
		    (struct json_object *)lh_entry_v(e));
	}
	if (first != NULL)
		report_buf(ctx, DGS_R_LEGACY_LINK_SHAPE, first, 1, &b);
}

/*
 * The walkers.
 */
static void
visit_array(struct dgs_ctx *ctx, enum dgs_node node,
    struct json_object *arr)
{
	size_t i, n = json_object_array_length(arr);

	for (i = 0; i < n; i++)
		dgs_visit(ctx, node, json_object_array_get_idx(arr, i), NULL,
		    (long)i);
}

/* Each member of an object keyed by id. */
static void
visit_keyed(struct dgs_ctx *ctx, enum dgs_node node, struct json_object *o)
{
	struct lh_entry *e;

	for (e = json_object_get_object(o)->head; e != NULL; e = e->next)
		dgs_visit(ctx, node, (struct json_object *)lh_entry_v(e),
		    (const char *)lh_entry_k(e), -1);
}

static void
visit_container(struct dgs_ctx *ctx, struct json_object *r)
{
	if (dgs_is(r, json_type_array))
		visit_array(ctx, DGS_NODE_REPLACEMENT, r);
	else if (dgs_is(r, json_type_object))
		visit_keyed(ctx, DGS_NODE_REPLACEMENT, r);
}

/* An object keyed by replacement id: none of its members is named like
 * a member of a replacement, and some value is an object. */
static int
keyed(struct json_object *root)
{
	const struct dgs_member *m;
	struct lh_entry *e;
	int objects = 0;

	for (e = json_object_get_object(root)->head; e != NULL; e = e->next) {
		for (m = replacement_members; m->name != NULL; m++)
			if (dgs_strcasecmp(m->name,
			    (const char *)lh_entry_k(e)) == 0)
				return 0;
		if (dgs_is((struct json_object *)lh_entry_v(e),
		    json_type_object))
			objects = 1;
	}
	return objects;
}

/* A replacements document: an array, a {"replacements": [...]} wrapper,
 * an object keyed by id, or one replacement.  The engine may visit the
 * elements of a large array itself as it builds them (dgs_kinds[] in
 * table.c), so the array case must stay a visit of each element, in
 * order. */
void
dgs_walk_replacements(struct dgs_ctx *ctx)
{
	struct json_object *root = ctx->root, *r;
	size_t old = ctx->ptr.len, i, n;
	const char *key;

	if (dgs_is(root, json_type_array)) {
		n = json_object_array_length(root);
		for (i = 0; i < n; i++)
			dgs_visit(ctx, DGS_NODE_REPLACEMENT,
			    json_object_array_get_idx(root, i), NULL, (long)i);
		return;
	}
	if (dgs_is(root, json_type_object) &&
	    (r = dgs_get_anycase(root, "replacements", &key)) != NULL &&
	    dgs_get_anycase(root, "links", &key) == NULL) {
		dgs_check_shape(ctx, &dgs_shape_replacements_wrapper, root);
		(void)dgs_get_anycase(root, "replacements", &key);
		dgs_ptr_push_key(ctx, key);
		visit_container(ctx, r);
		dgs_ptr_pop(ctx, old);
		return;
	}
	if (dgs_is(root, json_type_object) && keyed(root)) {
		visit_keyed(ctx, DGS_NODE_REPLACEMENT, root);
		return;
	}
	dgs_visit(ctx, DGS_NODE_REPLACEMENT, root, NULL, -1);
}

/*
 * DGS304: `fallbackLinks`, the service's clients' spelling.
 */
void
dgs_chk_fallback_spelling(struct dgs_ctx *ctx, struct json_object *r)
{
	if (!dgs_has(r, "fallbackLinks") || dgs_has(r, "fallBackLinks"))
		return;
	dgs_fix_rename(ctx, DGS_FIX_SAFE, "fallbackLinks", "fallBackLinks");
	dgs_fix_describe(ctx, "rename `fallbackLinks` to `fallBackLinks`");
	dgs_report_key(ctx, DGS_R_FALLBACK_LINKS_SPELLING,
		    "fallbackLinks", "`fallbackLinks` is the spelling the "
		    "service's clients use; the API documents `fallBackLinks`: "
		    "prefer that one");
}

/*
 * DGS305: both spellings at once.  Reported at the second.
 */
void
dgs_chk_fallback_twice(struct dgs_ctx *ctx, struct json_object *r)
{
	struct lh_entry *e;
	const char *key, *first = NULL;

	for (e = json_object_get_object(r)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		if (!dgs_name_eq(key, "fallBackLinks") &&
		    !dgs_name_eq(key, "fallbackLinks"))
			continue;
		if (first != NULL) {
			dgs_report_key(ctx, DGS_R_FALLBACK_LINKS_TWICE, key,
			    "both `%s` and `%s` are given; they spell one "
			    "member (the documentation `fallBackLinks`, "
			    "client code `fallbackLinks`), and a request "
			    "reader keeps one value per member, so the links "
			    "of the other are lost: merge them into "
			    "`fallBackLinks`",
			    first, key);
			return;
		}
		first = key;
	}
}

/*
 * DGS309: a replacement without links configures nothing.
 */
void
dgs_chk_empty_links(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *links = dgs_get(r, "links");

	if (dgs_is(links, json_type_array) &&
	    json_object_array_length(links) == 0)
		dgs_report_member(ctx, DGS_R_EMPTY_LINKS, "links",
		    "`links` is empty, so this replacement configures no "
		    "column; add one link per column, or remove the "
		    "replacement (columns without a configuration use "
		    "Passthrough)");
}

/*
 * The links of a replacement, one by one (rules.h).
 */
const char *
dgs_link_gen(struct json_object *link)
{
	const char *id = dgs_get_str(dgs_get(link, "metadata"),
	    "generatorId");

	return id != NULL ? id : dgs_get_str(link, "generatorId");
}

/* The links of r looked up once, when r is the replacement visited (a
 * node of that type, the innermost), else NULL; *a and *n are then its
 * "links" and their number. */
static const struct dgs_link_memo *
links_memo(struct dgs_ctx *ctx, struct json_object *r,
    struct json_object **a, size_t *n)
{
	struct repl_state *st;
	struct dgs_link_memo *v;
	struct json_object *link;
	size_t i, k, serial = (size_t)-1;

	for (k = ctx->nframes; k > 0; k--)
		if (ctx->frames[k - 1].node == DGS_NODE_REPLACEMENT) {
			if (ctx->frames[k - 1].obj == r)
				serial = ctx->frames[k - 1].serial;
			break;
		}
	if (serial == (size_t)-1 || (st = state(ctx)) == NULL)
		return NULL;
	if (st->memo_serial != serial || st->memo_r != r || st->memo == NULL) {
		st->memo_a = dgs_get(r, "links");
		st->nmemo = dgs_is(st->memo_a, json_type_array) ?
		    json_object_array_length(st->memo_a) : 0;
		if (st->nmemo + 1 > st->memocap) {
			if ((v = realloc(st->memo, (st->nmemo + 1) *
			    sizeof(*v))) == NULL) {
				st->memo_r = NULL;
				return NULL;
			}
			st->memo = v;
			st->memocap = st->nmemo + 1;
		}
		for (i = 0; i < st->nmemo; i++) {
			v = &st->memo[i];
			link = json_object_array_get_idx(st->memo_a, i);
			v->link = dgs_is(link, json_type_object) ? link : NULL;
			v->column = v->link ? dgs_get_str(link, "column") :
			    NULL;
			v->gen = v->link ? dgs_link_gen(link) : NULL;
		}
		st->memo_serial = serial;
		st->memo_r = r;
	}
	*a = st->memo_a;
	*n = st->nmemo;
	return st->memo;
}

struct json_object *
dgs_links_first(struct dgs_ctx *ctx, struct dgs_links *it,
    struct json_object *r, const char *key, unsigned flags, const char *gen)
{
	const char *k;

	it->memo = NULL;
	/* "links" byte by byte: strcmp() took a third of the time saved. */
	if (ctx != NULL && !(flags & DGS_LINKS_ANYCASE) && key[0] == 'l' &&
	    key[1] == 'i' && key[2] == 'n' && key[3] == 'k' && key[4] == 's' &&
	    key[5] == '\0')
		it->memo = links_memo(ctx, r, &it->a, &it->n);
	if (it->memo == NULL) {
		it->a = flags & DGS_LINKS_ANYCASE ?
		    dgs_get_anycase(r, key, &k) : dgs_get(r, key);
		it->n = dgs_is(it->a, json_type_array) ?
		    json_object_array_length(it->a) : 0;
	}
	it->i = (size_t)-1;
	it->flags = flags;
	it->want = gen;
	return dgs_links_next(it);
}

struct json_object *
dgs_links_next(struct dgs_links *it)
{
	struct json_object *link, *v;
	const char *k;
	int nogen;

	nogen = (it->flags & DGS_LINKS_NO_GEN) && it->want == NULL &&
	    !(it->flags & DGS_LINKS_GEN);
	while (++it->i < it->n) {
		if (it->memo != NULL) {
			if ((link = it->memo[it->i].link) == NULL)
				continue;
			it->column = it->memo[it->i].column;
		} else {
			link = json_object_array_get_idx(it->a, it->i);
			if (!dgs_is(link, json_type_object))
				continue;
			if (it->flags & DGS_LINKS_ANYCASE) {
				v = dgs_get_anycase(link, "column", &k);
				it->column = dgs_is(v, json_type_string) ?
				    json_object_get_string(v) : NULL;
			} else
				it->column = dgs_get_str(link, "column");
		}
		if ((it->flags & DGS_LINKS_COLUMN) && it->column == NULL)
			continue;
		it->gen = nogen ? NULL : it->memo != NULL ?
		    it->memo[it->i].gen : dgs_link_gen(link);
		if ((it->flags & DGS_LINKS_GEN) &&
		    (it->gen == NULL || *it->gen == '\0'))
			continue;
		if (it->want != NULL && (it->gen == NULL ||
		    strcmp(it->gen, it->want) != 0))
			continue;
		return link;
	}
	it->i = it->n;
	return NULL;
}

/* The columns of a replacement's links, for check_fallback_target. */
static void
collect_columns(struct dgs_ctx *ctx, struct json_object *links)
{
	struct repl_state *st;
	const char *col;
	size_t i, n;

	if (!dgs_rule_enabled(ctx, DGS_R_FALLBACK_WITHOUT_LINK) ||
	    (st = state(ctx)) == NULL)
		return;
	st->cols.n = 0;
	if (st->cols.keys != NULL)
		memset(st->cols.keys, 0, st->cols.cap * sizeof(*st->cols.keys));
	st->havecols = dgs_is(links, json_type_array);
	if (!st->havecols)
		return;	/* `links` is missing: reported already */
	n = json_object_array_length(links);
	for (i = 0; i < n; i++)
		if ((col = dgs_get_str(json_object_array_get_idx(links, i),
		    "column")) != NULL && dgs_strset_add(&st->cols, col) < 0) {
			ctx->res->oom = 1;
			return;
		}
}

static void
uncollect_columns(struct dgs_ctx *ctx)
{
	struct repl_state *st = ctx->state[DGS_NODE_LINK];

	if (st != NULL)
		st->havecols = 0;
}

void
dgs_children_replacement(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *a, *links;
	struct lh_entry *e;
	size_t old = ctx->ptr.len;
	const char *key;
	int collected = 0;

	if ((links = dgs_get_anycase(r, "links", &key)) != NULL &&
	    dgs_is(links, json_type_array)) {
		dgs_ptr_push_key(ctx, key);
		visit_array(ctx, DGS_NODE_LINK, links);
		dgs_ptr_pop(ctx, old);
	}
	/* Both spellings, and any other case of them. */
	for (e = json_object_get_object(r)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		a = (struct json_object *)lh_entry_v(e);
		if (dgs_strcasecmp(key, "fallBackLinks") != 0 ||
		    !dgs_is(a, json_type_array))
			continue;
		if (!collected) {
			collect_columns(ctx, links);
			collected = 1;
		}
		dgs_ptr_push_key(ctx, key);
		visit_array(ctx, DGS_NODE_FALLBACK_LINK, a);
		dgs_ptr_pop(ctx, old);
	}
	if (collected)
		uncollect_columns(ctx);
}

void
dgs_children_link(struct dgs_ctx *ctx, struct json_object *link)
{
	struct json_object *m, *repl = dgs_parent(ctx, DGS_NODE_REPLACEMENT);
	int fb = dgs_parent(ctx, DGS_NODE_FALLBACK_LINK) == link;
	struct link_fields lf;

	link_fields(link, &lf);
	m = lf.metadata;
	if (repl != NULL) {
		check_same_table(ctx, lf.schema, repl, "schema");
		check_same_table(ctx, lf.table, repl, "table");
	}
	check_path_type(ctx, &lf);
	check_duplicate(ctx, link, &lf, fb);
	docset_key(ctx, &lf, fb);
	if (fb)
		check_fallback_target(ctx, &lf);
	if (lf.other)	/* no legacy member otherwise */
		check_legacy(ctx, link);
	if (m != NULL && dgs_is(m, json_type_object))
		dgs_visit(ctx, DGS_NODE_METADATA, m, "metadata", -1);
}
