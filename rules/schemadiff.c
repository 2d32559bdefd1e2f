/*
 * schemadiff.c: schema-change items and resolution requests
 * (https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-schema-changes): resolve, resolve_multiple and resolve_all.
 *
 * The rules read members without regard to letter case (a misspelt case
 * is reported once, by member-case) and take null as absent: the GET
 * response writes null for the members an item does not have.  The rules
 * that compare the items of a list (issue codes, column names, duplicates,
 * mixed sources, mixed workspaces) are reported by the walker, which sees
 * every item of both kinds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static const struct dgs_member change_members[] = {
	{ "schemaName", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the schema name, or \"\" when the source has no schemas" },
	{ "tableName", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the table (or collection) name" },
	{ "issueCode", DGS_T_STRING, DGS_M_REQUIRED,
	    "write one of the issue codes, such as \"new_column\"" },
	{ "columnName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "pathName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "oldDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "newDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_schema_change = {
	"a schema change", change_members, NULL, NULL, NULL
};

/* Clients often resend the items of the GET response, nulls included. */
static const struct dgs_member resolution_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "issueCode", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the issue code of the change to resolve" },
	{ "schemaName", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the schema name, or \"\" when the source has no schemas" },
	{ "tableName", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the table name" },
	{ "columnName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "dataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "pathName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "oldDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "newDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_resolution = {
	"a resolution item", resolution_members, NULL, NULL, NULL
};

/* POST /api/SchemaDiff/{workspaceId}/resolve_all: the
 * workspace is a path parameter, so it may be absent here. */
static const struct dgs_member resolve_all_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "resolutionOption", DGS_T_STRING, DGS_M_REQUIRED,
	    "write \"All\", \"Actions\" or \"Notifications\"" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_resolve_all = {
	"a resolve_all request", resolve_all_members, NULL, NULL, NULL
};

/*
 * Issue codes, as GET /api/SchemaDiff lists them.
 */
#define C_COLUMN	0x01u	/* about one column: columnName */
#define C_DOCUMENT	0x02u	/* document databases only */
#define C_NEW		0x04u	/* non-conflicting: resolving is a no-op */
#define C_OLD_TYPE	0x08u	/* may carry oldDataType */
#define C_NEW_TYPE	0x10u	/* may carry newDataType */
#define C_TYPES		0x20u	/* must carry both */

struct issue_code {
	const char	*name;
	unsigned	 flags;
	const char	*column_code;	/* the column-level code */
};

/*
 * The path-type codes may carry data types: the service describes a path
 * type by one, and no public source says it leaves them out.  Nor does
 * one say that the other column-level codes leave out the column's type
 * (the documentation only says what the members mean for new and
 * retyped columns): only a type the change cannot have is reported, the previous
 * type of a new column, the new type of a removed one, or any type of a
 * table or collection.
 */
static const struct issue_code codes[] = {
	{ "new_column", C_COLUMN | C_NEW | C_NEW_TYPE, NULL },
	{ "changed_column_type", C_COLUMN | C_OLD_TYPE | C_NEW_TYPE | C_TYPES,
	    NULL },
	{ "new_table", C_NEW, "new_column" },
	{ "missing_column", C_COLUMN | C_OLD_TYPE, NULL },
	{ "missing_table", 0, "missing_column" },
	{ "changed_nullability", C_COLUMN | C_OLD_TYPE | C_NEW_TYPE, NULL },
	{ "new_foreign_key", C_COLUMN | C_OLD_TYPE | C_NEW_TYPE, NULL },
	{ "new_collection", C_DOCUMENT, "new_path_type" },
	{ "missing_collection", C_DOCUMENT, "missing_path_type" },
	{ "new_path_type", C_COLUMN | C_DOCUMENT | C_OLD_TYPE | C_NEW_TYPE,
	    NULL },
	{ "missing_path_type", C_COLUMN | C_DOCUMENT | C_OLD_TYPE |
	    C_NEW_TYPE, NULL },
};
#define NCODES	(sizeof(codes) / sizeof(codes[0]))

const char *
dgs_issue_code_name(size_t i)
{
	return i < NCODES ? codes[i].name : NULL;
}

static const char code_list[] = "new_column, changed_column_type, "
    "new_table, missing_column, missing_table, changed_nullability, "
    "new_foreign_key, new_collection, missing_collection, new_path_type, "
    "missing_path_type";

/* The string value of a member, or NULL. */
static const char *
str(struct json_object *obj, const char *name, const char **key)
{
	struct json_object *v = dgs_get_anycase(obj, name, key);

	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* The issue code an item names, exactly or in another letter case. */
static const struct issue_code *
item_code(struct json_object *obj)
{
	const char *s, *k;
	size_t i;

	if ((s = str(obj, "issueCode", &k)) == NULL)
		return NULL;
	/* As written, most often: the first byte before the rest. */
	for (i = 0; i < NCODES; i++)
		if (codes[i].name[0] == s[0] && strcmp(codes[i].name, s) == 0)
			return &codes[i];
	for (i = 0; i < NCODES; i++)
		if (dgs_strcasecmp(codes[i].name, s) == 0)
			return &codes[i];
	return NULL;
}

/*
 * Rules reported by the walker, on every item of either kind.
 */
static const struct issue_code *
check_issue_code(struct dgs_ctx *ctx, struct json_object *obj)
{
	const char *cands[NCODES], *s, *k, *best;
	const struct issue_code *c;
	struct dgs_buf b = { 0 };
	size_t i;

	if ((s = str(obj, "issueCode", &k)) == NULL)
		return NULL;
	if ((c = item_code(obj)) != NULL) {
		if (strcmp(c->name, s) != 0) {
			dgs_fix_value(ctx, DGS_FIX_SAFE, k,
			    dgs_lit(&b, c->name));
			dgs_fix_describe(ctx, "write \"%s\"", c->name);
			dgs_report_member(ctx, DGS_R_ISSUE_CODE, k,
			    "issue code %s is written \"%s\": issue codes are "
			    "lower case", dgs_lit(&b, s), c->name);
		}
		dgs_buf_free(&b);
		return c;
	}
	for (i = 0; i < NCODES; i++)
		cands[i] = codes[i].name;
	if (*s == '\0')
		dgs_report_member(ctx, DGS_R_ISSUE_CODE, k, "`%s` is empty; "
		    "write one of %s", k, code_list);
	else if ((best = dgs_closest(s, cands, NCODES)) != NULL) {
		dgs_fix_value(ctx, dgs_closest_safety(s, best, cands, NCODES),
		    k, dgs_lit(&b, best));
		dgs_fix_describe(ctx, "write \"%s\"", best);
		dgs_report_member(ctx, DGS_R_ISSUE_CODE, k, "%s is not an "
		    "issue code; did you mean \"%s\"?", dgs_lit(&b, s), best);
	}
	else
		dgs_report_member(ctx, DGS_R_ISSUE_CODE, k, "%s is not an "
		    "issue code; write one of %s", dgs_lit(&b, s), code_list);
	dgs_buf_free(&b);
	return NULL;
}

static void
check_column_name(struct dgs_ctx *ctx, struct json_object *obj,
    const struct issue_code *c)
{
	struct json_object *v;
	const char *k;

	v = dgs_get_anycase(obj, "columnName", &k);
	if (c->flags & C_COLUMN) {
		if (v == NULL)
			dgs_report(ctx, DGS_R_COLUMN_NAME_REQUIRED, "a \"%s\" "
			    "change concerns one column, named by "
			    "`columnName`; add it", c->name);
		else if (dgs_is(v, json_type_string) &&
		    json_object_get_string_len(v) == 0)
			dgs_report_member(ctx, DGS_R_COLUMN_NAME_REQUIRED, k,
			    "`%s` is empty; a \"%s\" change concerns one "
			    "column: write its name", k, c->name);
		return;
	}
	if (!dgs_is(v, json_type_string) || json_object_get_string_len(v) == 0)
		return;
	if (c->column_code != NULL)
		dgs_report_key(ctx, DGS_R_COLUMN_NAME_UNEXPECTED, k, "a \"%s\" "
		    "change concerns a whole %s and has no `%s`: remove it, or "
		    "write the issue code \"%s\" if the change is about the "
		    "column", c->name, (c->flags & C_DOCUMENT) ? "collection" :
		    "table", k, c->column_code);
}

/*
 * Duplicate items: an open-addressing map from the hash of an item's
 * identifying members to the index of its first occurrence.
 */
static const char *const change_id[] = {
	"schemaName", "tableName", "issueCode", "columnName", "pathName",
	"oldDataType", "newDataType", NULL
};
static const char *const resolution_id[] = {
	"workspaceId", "schemaName", "tableName", "issueCode", "columnName",
	"pathName", "dataType", NULL
};

/*
 * A list's state, kept across its items in ctx->state (a streamed
 * list's earlier items are freed): each item recorded for the duplicate
 * check in keys, from the offset ix gives: its index in the list (a
 * uint32_t), then per identifying member a tag byte, ID_NONE (absent or
 * null), ID_STR then the string's length (a uint32_t) and bytes, or
 * ID_OTHER then the index (a uint32_t) in others of a copy of the value,
 * which an item has only when it writes a member wrongly.  A document is
 * under 2 GiB, and so are the records, which copy less than its text.
 */
#define ID_NONE		0
#define ID_STR		1
#define ID_OTHER	2

struct list {
	const char *const	*id;	/* identifying members */
	struct dgs_index	 ix;	/* item hash -> offset in keys */
	struct dgs_buf		 keys;
	struct json_object	**others;
	size_t			 nothers, capothers;
	long			 first[2];	/* relational, document */
	const struct issue_code	*first_code[2];
	int			 mixed;		/* reported */
	char			*ws;	/* first workspaceId */
	size_t			 wslen;
	int			 ws_reported;
	int			 init;
};

static void
list_free(void *p)
{
	struct list *l = p;
	size_t i;

	dgs_index_free(&l->ix);
	dgs_buf_free(&l->keys);
	for (i = 0; i < l->nothers; i++)
		json_object_put(l->others[i]);
	free(l->others);
	free(l->ws);
}

static struct list *
list_of(struct dgs_ctx *ctx, enum dgs_node node)
{
	struct list *l = dgs_state(ctx, node, sizeof(*l), list_free);

	if (l != NULL && !l->init) {
		l->first[0] = l->first[1] = -1;
		l->id = node == DGS_NODE_SCHEMA_CHANGE ? change_id :
		    resolution_id;
		l->init = 1;
	}
	return l;
}

#define NID	7	/* identifying members, of either kind */

/* The identifying members of obj into v, and their hash. */
static uint64_t
item_hash(const char *const *id, struct json_object *obj,
    struct json_object **v)
{
	uint64_t h = 0;
	const char *k;
	size_t i;

	for (i = 0; id[i] != NULL; i++) {
		v[i] = dgs_get_anycase(obj, id[i], &k);
		h *= 0x100000001b3ULL;
		if (dgs_is(v[i], json_type_string))
			h ^= dgs_hash(json_object_get_string(v[i]),
			    (size_t)json_object_get_string_len(v[i]));
		else
			h ^= (uint64_t)(v[i] == NULL ? 1 : 2 +
			    json_object_get_type(v[i]));
	}
	return h;
}

struct item_arg {
	const struct list	*l;
	struct json_object	**v;	/* the item's identifying members */
};

/* 1 when the item recorded at pos has the identifying members a->v, as
 * json_object_equal() compares them. */
static int
item_eq(void *arg, size_t pos)
{
	const struct item_arg *a = arg;
	const struct list *l = a->l;
	const char *p = l->keys.s + pos + 4;
	struct json_object *v;
	uint32_t n;
	size_t i;

	for (i = 0; l->id[i] != NULL; i++) {
		v = a->v[i];
		switch (*p++) {
		case ID_NONE:
			if (v != NULL)
				return 0;
			break;
		case ID_STR:
			memcpy(&n, p, sizeof(n));
			p += sizeof(n);
			if (!dgs_is(v, json_type_string) ||
			    (size_t)json_object_get_string_len(v) != n ||
			    memcmp(json_object_get_string(v), p, n) != 0)
				return 0;
			p += n;
			break;
		default:
			memcpy(&n, p, sizeof(n));
			p += sizeof(n);
			if (v == NULL || !json_object_equal(l->others[n], v))
				return 0;
			break;
		}
	}
	return 1;
}

/* Records item i, whose identifying members are v, as item_eq() reads
 * it: assembled in rec (or on the heap when it is larger), then added
 * to keys at once.  -1 when out of memory. */
static int
list_record(struct list *l, struct json_object **v, size_t i, uint64_t h)
{
	char rec[256], *r = rec, *p;
	struct json_object *copy, **o;
	size_t off = l->keys.len, size = 4, cap, k;
	uint32_t n;

	for (k = 0; l->id[k] != NULL; k++)
		size += 1 + (v[k] == NULL ? 0 : 4 + (dgs_is(v[k],
		    json_type_string) ? (size_t)json_object_get_string_len(
		    v[k]) : 0));
	if (size > sizeof(rec) && (r = malloc(size)) == NULL)
		return -1;
	n = (uint32_t)i;
	memcpy(r, &n, 4);
	p = r + 4;
	for (k = 0; l->id[k] != NULL; k++) {
		if (v[k] == NULL) {
			*p++ = ID_NONE;
			continue;
		}
		if (dgs_is(v[k], json_type_string)) {
			n = (uint32_t)json_object_get_string_len(v[k]);
			*p++ = ID_STR;
			memcpy(p, &n, 4);
			memcpy(p + 4, json_object_get_string(v[k]), n);
			p += 4 + n;
			continue;
		}
		if (l->nothers == l->capothers) {
			cap = l->capothers ? 2 * l->capothers : 16;
			if ((o = realloc(l->others, cap * sizeof(*o))) ==
			    NULL)
				goto fail;
			l->others = o;
			l->capothers = cap;
		}
		copy = NULL;
		if (json_object_deep_copy(v[k], &copy, NULL) != 0)
			goto fail;
		n = (uint32_t)l->nothers;
		l->others[l->nothers++] = copy;
		*p++ = ID_OTHER;
		memcpy(p, &n, 4);
		p += 4;
	}
	dgs_buf_add(&l->keys, r, size);
	if (r != rec)
		free(r);
	if (l->keys.oom || dgs_index_add(&l->ix, h, off) != 0)
		return -1;
	return 0;
fail:
	if (r != rec)
		free(r);
	return -1;
}

/* The same, when the list is whole (not streamed): pos is the index of
 * an item of root, which is compared as it is, with no record made. */
struct tree_arg {
	const char *const	*id;
	struct json_object	*root;
	struct json_object	**v;
};

static int
tree_eq(void *arg, size_t pos)
{
	const struct tree_arg *a = arg;
	struct json_object *e = json_object_array_get_idx(a->root, pos), *y;
	const char *k;
	size_t i;

	for (i = 0; a->id[i] != NULL; i++) {
		y = dgs_get_anycase(e, a->id[i], &k);
		if (a->v[i] == NULL || y == NULL) {
			if (a->v[i] != y)
				return 0;
		} else if (!json_object_equal(a->v[i], y))
			return 0;
	}
	return 1;
}

/* The index of an earlier item equal to item i, or -1 after recording
 * it; -2 when out of memory. */
static long
list_add(struct dgs_ctx *ctx, struct list *l, struct json_object *obj,
    size_t i)
{
	struct json_object *v[NID + 1];
	struct item_arg a = { l, v };
	struct tree_arg t = { l->id, ctx->root, v };
	uint64_t h = item_hash(l->id, obj, v);
	uint32_t first;
	size_t j;

	if (!ctx->streamed) {
		if ((j = dgs_index_find(&l->ix, h, tree_eq, &t)) !=
		    DGS_INDEX_NONE)
			return (long)j;
		return dgs_index_add(&l->ix, h, i) != 0 ? -2 : -1;
	}
	if ((j = dgs_index_find(&l->ix, h, item_eq, &a)) != DGS_INDEX_NONE) {
		memcpy(&first, l->keys.s + j, sizeof(first));
		return (long)first;
	}
	return list_record(l, v, i, h) != 0 ? -2 : -1;
}

static void
check_duplicate(struct dgs_ctx *ctx, struct list *l,
    struct json_object *obj, size_t i, enum dgs_node node)
{
	long first;

	if (!dgs_rule_enabled(ctx, DGS_R_DUPLICATE_CHANGE))
		return;
	if ((first = list_add(ctx, l, obj, i)) == -2) {
		ctx->res->oom = 1;
		return;
	}
	if (first < 0)
		return;
	if (node == DGS_NODE_SCHEMA_CHANGE)
		dgs_report(ctx, DGS_R_DUPLICATE_CHANGE, "this schema change "
		    "repeats the one at /%ld; remove one of them", first);
	else
		dgs_report(ctx, DGS_R_DUPLICATE_CHANGE, "this item resolves "
		    "the same change as the one at /%ld; remove one of them",
		    first);
}

static void
check_mixed_sources(struct dgs_ctx *ctx, struct list *l, size_t i,
    const struct issue_code *c, struct json_object *obj)
{
	static const char *const what[] = {
		"relational databases", "document databases"
	};
	int doc = (c->flags & C_DOCUMENT) != 0;
	const char *k;

	if (l->first[doc] < 0) {
		l->first[doc] = (long)i;
		l->first_code[doc] = c;
	}
	if (l->mixed || l->first[!doc] < 0)
		return;
	l->mixed = 1;
	(void)dgs_get_anycase(obj, "issueCode", &k);
	dgs_report_member(ctx, DGS_R_MIXED_SOURCES, k, "the issue code \"%s\" "
	    "is for %s, but item /%ld has \"%s\", which is for %s; a "
	    "workspace's source is one or the other: check that the items "
	    "come from one workspace", c->name, what[doc], l->first[!doc],
	    l->first_code[!doc]->name, what[!doc]);
}

static void
check_workspaces(struct dgs_ctx *ctx, struct list *l,
    struct json_object *obj)
{
	struct json_object *ws;
	struct dgs_buf a = { 0 }, b = { 0 };
	const char *k;

	size_t n;

	ws = dgs_get_anycase(obj, "workspaceId", &k);
	if (!dgs_is(ws, json_type_string) || l->ws_reported)
		return;
	n = (size_t)json_object_get_string_len(ws);
	if (l->ws == NULL) {
		/* A copy: a streamed list's first item is freed. */
		if ((l->ws = malloc(n + 1)) == NULL) {
			ctx->res->oom = 1;
			return;
		}
		memcpy(l->ws, json_object_get_string(ws), n);
		l->ws[n] = '\0';
		l->wslen = n;
		return;
	}
	if (n == l->wslen && memcmp(json_object_get_string(ws), l->ws, n) == 0)
		return;
	l->ws_reported = 1;
	dgs_report_member(ctx, DGS_R_MIXED_WORKSPACES, k, "`%s` %s differs "
	    "from the first item's, %s; send the changes of each workspace in "
	    "a request of their own", k, dgs_lit(&a, json_object_get_string(ws)),
	    dgs_lit(&b, l->ws));
	dgs_buf_free(&a);
	dgs_buf_free(&b);
}

/* DGS883, DGS884: the change an item lists or resolves, as a
 * document-set key (rules/docset.c): schema, table, column and path,
 * with the issue code the two sides compare. */
static void
docset_key(struct dgs_ctx *ctx, struct json_object *obj,
    const struct issue_code *c)
{
	struct json_object *s, *t, *col, *path;
	struct dgs_dsfield f[4];
	const char *kk;
	int rule = DGS_R_DOCSET_RESOLUTION_MISMATCH;

	if (!dgs_ds_wanted(ctx, rule)) {
		rule = DGS_R_DOCSET_RESOLUTION_UNLISTED;
		if (!dgs_ds_wanted(ctx, rule))
			return;
	}
	s = dgs_get_anycase(obj, "schemaName", &kk);
	t = dgs_get_anycase(obj, "tableName", &kk);
	if (!dgs_is(s, json_type_string) || !dgs_is(t, json_type_string))
		return;
	col = path = NULL;
	if (c->flags & C_COLUMN) {
		col = dgs_get_anycase(obj, "columnName", &kk);
		path = dgs_get_anycase(obj, "pathName", &kk);
	}
	f[0] = dgs_ds_field(s);
	f[1] = dgs_ds_field(t);
	f[2] = dgs_ds_field(col);
	f[3] = dgs_ds_field(path);
	dgs_ds_key(ctx, rule, 0, f, 4, c->name);
}

/* The walker's checks of item i (of a list when i >= 0). */
static void
check_item(struct dgs_ctx *ctx, struct list *l, struct json_object *obj,
    long i, enum dgs_node node)
{
	const struct issue_code *c;
	size_t old = ctx->ptr.len;

	if (!dgs_is(obj, json_type_object))
		return;
	if (i >= 0)
		dgs_ptr_push_index(ctx, (size_t)i);
	if ((c = check_issue_code(ctx, obj)) != NULL) {
		check_column_name(ctx, obj, c);
		docset_key(ctx, obj, c);
		if (i >= 0)
			check_mixed_sources(ctx, l, (size_t)i, c, obj);
	}
	if (i >= 0) {
		check_duplicate(ctx, l, obj, (size_t)i, node);
		if (node == DGS_NODE_RESOLUTION)
			check_workspaces(ctx, l, obj);
	}
	dgs_ptr_pop(ctx, old);
}

/* Item i of a list of node's kind, and what the list's rules compare of
 * it. */
static void
each_item(struct dgs_ctx *ctx, enum dgs_node node, struct json_object *item,
    size_t i)
{
	struct list *l;

	dgs_visit(ctx, node, item, NULL, (long)i);
	if ((l = list_of(ctx, node)) != NULL)
		check_item(ctx, l, item, (long)i, node);
}

void
dgs_each_schema_change(struct dgs_ctx *ctx, struct json_object *item,
    size_t i)
{
	each_item(ctx, DGS_NODE_SCHEMA_CHANGE, item, i);
}

void
dgs_each_resolution(struct dgs_ctx *ctx, struct json_object *item, size_t i)
{
	each_item(ctx, DGS_NODE_RESOLUTION, item, i);
}

static void
visit_list(struct dgs_ctx *ctx, enum dgs_node node)
{
	size_t i, n;

	if (!dgs_is(ctx->root, json_type_array)) {
		dgs_visit(ctx, node, ctx->root, NULL, -1);
		check_item(ctx, NULL, ctx->root, -1, node);
		return;
	}
	n = json_object_array_length(ctx->root);
	for (i = 0; i < n; i++)
		each_item(ctx, node, json_object_array_get_idx(ctx->root, i),
		    i);
}

void
dgs_walk_schema_changes(struct dgs_ctx *ctx)
{
	visit_list(ctx, DGS_NODE_SCHEMA_CHANGE);
}

/* 1 when obj has member name in any letter case, null included. */
static int
present(struct json_object *obj, const char *name)
{
	const char *k;

	return dgs_get_anycase(obj, name, &k) != NULL || dgs_has(obj, k);
}

void
dgs_walk_resolution(struct dgs_ctx *ctx)
{
	if (dgs_is(ctx->root, json_type_object) &&
	    present(ctx->root, "resolutionOption")) {
		dgs_visit(ctx, DGS_NODE_RESOLVE_ALL, ctx->root, NULL, -1);
		return;
	}
	visit_list(ctx, DGS_NODE_RESOLUTION);
}

/*
 * Schema-change items.
 */
void
dgs_chk_change_types_required(struct dgs_ctx *ctx, struct json_object *obj)
{
	static const char *const names[] = { "oldDataType", "newDataType" };
	const struct issue_code *c;
	struct json_object *v[2];
	const char *k[2];
	size_t i;

	if ((c = item_code(obj)) == NULL || !(c->flags & C_TYPES))
		return;
	for (i = 0; i < 2; i++) {
		v[i] = dgs_get_anycase(obj, names[i], &k[i]);
		if (dgs_is(v[i], json_type_string) &&
		    json_object_get_string_len(v[i]) == 0)
			dgs_report_member(ctx, DGS_R_CHANGE_TYPES_REQUIRED,
			    k[i], "`%s` is empty; a \"%s\" change gives the "
			    "column's %s data type", k[i], c->name,
			    i == 0 ? "previous" : "new");
	}
	if (v[0] == NULL && v[1] == NULL)
		dgs_report(ctx, DGS_R_CHANGE_TYPES_REQUIRED, "a \"%s\" change "
		    "gives the column's previous and new data types: add "
		    "`oldDataType` and `newDataType`", c->name);
	else
		for (i = 0; i < 2; i++)
			if (v[i] == NULL)
				dgs_report(ctx, DGS_R_CHANGE_TYPES_REQUIRED,
				    "a \"%s\" change gives the column's %s "
				    "data type: add `%s`", c->name,
				    i == 0 ? "previous" : "new", names[i]);
}

static void
report_type_unexpected(struct dgs_ctx *ctx, const struct issue_code *c,
    const char *k, const char *which)
{
	if (!(c->flags & C_COLUMN))
		dgs_report_key(ctx, DGS_R_CHANGE_TYPES_UNEXPECTED, k, "a "
		    "\"%s\" change concerns a whole table or collection, "
		    "which has no data type: remove `%s`, or check "
		    "`issueCode`", c->name, k);
	else
		dgs_report_key(ctx, DGS_R_CHANGE_TYPES_UNEXPECTED, k, "a "
		    "\"%s\" change has no %s data type: remove `%s`, or "
		    "check `issueCode`", c->name, which, k);
}

void
dgs_chk_change_types_unexpected(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct issue_code *c;
	struct json_object *v;
	const char *k;

	if ((c = item_code(obj)) == NULL)
		return;
	v = dgs_get_anycase(obj, "oldDataType", &k);
	if (!(c->flags & C_OLD_TYPE) && dgs_is(v, json_type_string) &&
	    json_object_get_string_len(v) > 0)
		report_type_unexpected(ctx, c, k, "previous");
	v = dgs_get_anycase(obj, "newDataType", &k);
	if (!(c->flags & C_NEW_TYPE) && dgs_is(v, json_type_string) &&
	    json_object_get_string_len(v) > 0)
		report_type_unexpected(ctx, c, k, "new");
}

/*
 * Resolution items.
 */
void
dgs_chk_resolution_data_type(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct issue_code *c;
	struct json_object *v;
	const char *k;

	if ((c = item_code(obj)) == NULL || (c->flags & C_DOCUMENT))
		return;
	v = dgs_get_anycase(obj, "dataType", &k);
	if (!dgs_is(v, json_type_string) || json_object_get_string_len(v) == 0)
		return;
	dgs_report_key(ctx, DGS_R_RESOLUTION_DATA_TYPE, k, "`%s` is for the "
	    "changes of document databases (collections and path types); a "
	    "\"%s\" change has none: remove it", k, c->name);
}

void
dgs_chk_resolution_data_type_required(struct dgs_ctx *ctx,
    struct json_object *obj)
{
	const struct issue_code *c;
	struct json_object *v, *t;
	const char *k, *tk;

	if ((c = item_code(obj)) == NULL || (c->flags &
	    (C_DOCUMENT | C_COLUMN)) != (C_DOCUMENT | C_COLUMN))
		return;
	v = dgs_get_anycase(obj, "dataType", &k);
	if (v == NULL && (dgs_is(t = dgs_get_anycase(obj, "newDataType", &tk),
	    json_type_string) || dgs_is(t = dgs_get_anycase(obj, "oldDataType", &tk),
	    json_type_string)))
		dgs_report_key(ctx, DGS_R_RESOLUTION_DATA_TYPE_REQUIRED, tk,
		    "resolving a \"%s\" change of a document database names "
		    "the data type of the path in `dataType`, which the "
		    "service reads instead of `%s`: write \"dataType\": "
		    "\"%s\"", c->name, tk, json_object_get_string(t));
	else if (v == NULL)
		dgs_report(ctx, DGS_R_RESOLUTION_DATA_TYPE_REQUIRED,
		    "resolving a \"%s\" change of a document database names "
		    "the data type of the path: add `dataType`", c->name);
	else if (dgs_is(v, json_type_string) &&
	    json_object_get_string_len(v) == 0)
		dgs_report_member(ctx, DGS_R_RESOLUTION_DATA_TYPE_REQUIRED, k,
		    "`%s` is empty; resolving a \"%s\" change names the data "
		    "type of the path", k, c->name);
}

void
dgs_chk_resolve_non_conflicting(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct issue_code *c;
	const char *k;

	if ((c = item_code(obj)) == NULL || !(c->flags & C_NEW))
		return;
	(void)dgs_get_anycase(obj, "issueCode", &k);
	dgs_report_member(ctx, DGS_R_RESOLVE_NON_CONFLICTING, k, "resolving a "
	    "\"%s\" change marks it as seen but changes no configuration: the "
	    "new %s the default generator (Passthrough); assign %s a generator "
	    "if %s sensitive data", c->name, (c->flags & C_COLUMN) ?
	    "column keeps" : "table's columns keep", (c->flags & C_COLUMN) ?
	    "it" : "them", (c->flags & C_COLUMN) ? "it holds" : "they hold");
}

/* The resolution options (also the values describe.c gives
 * resolutionOption). */
const char *const dgs_resolution_options[] = {
	"All", "Actions", "Notifications", NULL
};

void
dgs_chk_resolution_option(struct dgs_ctx *ctx, struct json_object *obj)
{
	const char *const *options = dgs_resolution_options;
	struct dgs_buf b = { 0 };
	const char *s, *k, *best;
	size_t i;

	if ((s = str(obj, "resolutionOption", &k)) == NULL)
		return;
	for (i = 0; i < 3; i++)
		if (strcmp(s, options[i]) == 0)
			return;
	for (i = 0; i < 3; i++)
		if (dgs_strcasecmp(s, options[i]) == 0)
			break;
	if (i < 3) {
		dgs_fix_value(ctx, DGS_FIX_SAFE, k, dgs_lit(&b, options[i]));
		dgs_fix_describe(ctx, "write \"%s\"", options[i]);
		dgs_report_member(ctx, DGS_R_RESOLUTION_OPTION, k, "`%s` %s is "
		    "written \"%s\"", k, dgs_lit(&b, s), options[i]);
	} else if (*s != '\0' &&
	    (best = dgs_closest(s, options, 3)) != NULL) {
		dgs_fix_value(ctx, dgs_closest_safety(s, best, options, 3), k,
		    dgs_lit(&b, best));
		dgs_fix_describe(ctx, "write \"%s\"", best);
		dgs_report_member(ctx, DGS_R_RESOLUTION_OPTION, k, "`%s` %s is "
		    "not an option; did you mean \"%s\"?", k, dgs_lit(&b, s), best);
	} else
		dgs_report_member(ctx, DGS_R_RESOLUTION_OPTION, k, "`%s` %s is "
		    "not an option; write \"All\" (every change), \"Actions\" "
		    "(the conflicting ones) or \"Notifications\" (the others)",
		    k, dgs_lit(&b, s));
	dgs_buf_free(&b);
}
