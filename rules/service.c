/*
 * service.c: the documents against the workspace on the service
 * (DGS901-909): a state read from the service itself (lib/service.c,
 * filled by dgslint's --service), which predicts what the service would
 * refuse.  A check whose part of the state could not be read, or whose
 * document names another workspace, is reported as skipped
 * (service-check-skipped), with the reason the program gave.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "dgs_service.h"

/* How many changes a message names before "and N more". */
#define NAMED	5

/* The string value of member name (any letter case), or NULL. */
static const char *
str(struct json_object *obj, const char *name, const char **key)
{
	struct json_object *v = dgs_get_anycase(obj, name, key);

	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* "the workspace "prod"", or by its id when no name is known. */
static void
add_workspace(struct dgs_buf *b, const struct dgs_service *s)
{
	if (s->workspace_name != NULL) {
		dgs_buf_adds(b, "the workspace ");
		dgs_buf_add_json_str(b, s->workspace_name,
		    strlen(s->workspace_name));
	} else if (s->workspace_id != NULL) {
		dgs_buf_adds(b, "the workspace ");
		dgs_buf_add_json_str(b, s->workspace_id,
		    strlen(s->workspace_id));
	} else
		dgs_buf_adds(b, "the workspace");
}

/* Whether the node is the document's first (the root, or its first
 * element): a part not read is reported once a document. */
static int
first_node(const struct dgs_ctx *ctx)
{
	return ctx->ptr.len == 0 || (ctx->ptr.len == 2 &&
	    memcmp(ctx->ptr.s, "/0", 2) == 0);
}

/* Reports at member key (NULL: the node) that what was not checked:
 * part was not read, for its reason. */
static void
skipped_part(struct dgs_ctx *ctx, const char *key, enum dgs_service_part part,
    const char *what)
{
	const struct dgs_service *s = ctx->opts->service;
	struct dgs_buf w = { 0 };
	const char *why = s->why[part] != NULL ? s->why[part] : "not read";

	add_workspace(&w, s);
	if (key != NULL)
		dgs_report_member(ctx, DGS_R_SVC_CHECK_SKIPPED, key, "%s was not "
		    "checked against the service: the %s of %s could not be "
		    "read (%s)", what, part == DGS_SERVICE_SUBSETTING ?
		    "subsetting configurations" : "schema changes",
		    w.s != NULL ? w.s : "", why);
	else
		dgs_report(ctx, DGS_R_SVC_CHECK_SKIPPED, "%s was not checked "
		    "against the service: the %s of %s could not be read (%s)",
		    what, part == DGS_SERVICE_SUBSETTING ?
		    "subsetting configurations" : "schema changes",
		    w.s != NULL ? w.s : "", why);
	dgs_buf_free(&w);
}

/*
 * Workspace ids.  The service's are GUIDs, which .NET reads in several
 * forms (job.c): compared as their 32 hex digits, in any case.  A
 * template placeholder stands for the workspace read.
 */
static size_t
guid_digits(const char *s, char out[33])
{
	size_t n = 0;

	for (; *s != '\0'; s++) {
		if (*s == '-' || *s == '{' || *s == '}' || *s == '(' ||
		    *s == ')')
			continue;
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') ||
		    (*s >= 'A' && *s <= 'F')) || n == 32)
			return 0;
		out[n++] = (char)(*s | 0x20);
	}
	out[n] = '\0';
	return n;
}

static int
placeholder(const char *s)
{
	size_t n = strlen(s);

	return (n >= 2 && ((s[0] == '<' && s[n - 1] == '>') ||
	    (s[0] == '%' && s[n - 1] == '%') || s[0] == '$')) ||
	    strstr(s, "{{") != NULL || strstr(s, "${") != NULL;
}

/* Whether the document's workspaceId (NULL: none) is the workspace
 * read; when not, reports at it that what was not checked. */
static int
same_workspace(struct dgs_ctx *ctx, struct json_object *obj,
    const char *what)
{
	const struct dgs_service *s = ctx->opts->service;
	struct dgs_buf w = { 0 }, v = { 0 };
	const char *id, *k;
	char a[33], b[33];

	if ((id = str(obj, "workspaceId", &k)) == NULL ||
	    s->workspace_id == NULL || placeholder(id) ||
	    strcmp(id, s->workspace_id) == 0 ||
	    (guid_digits(id, a) == 32 && guid_digits(s->workspace_id, b) ==
	    32 && strcmp(a, b) == 0))
		return 1;
	add_workspace(&w, s);
	if (s->workspace_name != NULL) {
		dgs_buf_adds(&w, " (");
		dgs_buf_add_json_str(&w, s->workspace_id,
		    strlen(s->workspace_id));
		dgs_buf_adds(&w, ")");
	}
	dgs_report_member(ctx, DGS_R_SVC_CHECK_SKIPPED, k, "%s was not "
	    "checked against the service: `%s` %s is not %s, the workspace "
	    "read", what, k, dgs_lit(&v, id), w.s != NULL ? w.s : "");
	dgs_buf_free(&w);
	dgs_buf_free(&v);
	return 0;
}

/*
 * DGS901: a POST body for a table without a configuration.
 */
void
dgs_chk_service_subset(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_service *s = ctx->opts->service;
	const struct dgs_service_subset *near;
	struct dgs_buf a = { 0 }, b = { 0 }, w = { 0 };
	const char *schema, *table, *ks, *kt;

	/* One configuration is the POST body; a list is not sent so. */
	if (ctx->kind != DGS_KIND_SUBSETTING || obj != ctx->root)
		return;
	if ((table = str(obj, "Table", &kt)) == NULL || *table == '\0')
		return;
	if ((schema = str(obj, "Schema", &ks)) == NULL) {
		if (dgs_get_anycase(obj, "Schema", &ks) != NULL)
			return;		/* not a string: wrong-type's */
		schema = "";
	}
	if (!s->known[DGS_SERVICE_SUBSETTING]) {
		skipped_part(ctx, kt, DGS_SERVICE_SUBSETTING, "whether the "
		    "service accepts this POST body (it refuses one for a "
		    "table without a subsetting configuration)");
		return;
	}
	if (dgs_service_subset_find(s, schema, table, &near) != NULL)
		return;
	add_workspace(&w, s);
	dgs_lit(&a, schema);
	dgs_lit(&b, table);
	if (near != NULL) {
		struct dgs_buf c = { 0 }, d = { 0 };

		dgs_report_member(ctx, DGS_R_SVC_SUBSET_POST, kt, "%s has no "
		    "subsetting configuration for %s.%s, and the service "
		    "refuses POST /api/workspace/{workspaceId}/subsetting for "
		    "such a table; it has one for %s.%s (names are "
		    "case-sensitive): write those names, or add this one with "
		    "PUT .../subsetting/{schema}/{table}", w.s, a.s, b.s,
		    dgs_lit(&c, near->schema), dgs_lit(&d, near->table));
		dgs_buf_free(&c);
		dgs_buf_free(&d);
	} else
		dgs_report_member(ctx, DGS_R_SVC_SUBSET_POST, kt, "%s has no "
		    "subsetting configuration for %s.%s, and the service "
		    "refuses POST /api/workspace/{workspaceId}/subsetting for "
		    "such a table: add it with PUT "
		    "/api/workspace/{workspaceId}/subsetting/{schema}/{table} "
		    "(this body without Schema and Table)", w.s, a.s, b.s);
	dgs_buf_free(&a);
	dgs_buf_free(&b);
	dgs_buf_free(&w);
}

/*
 * Issue codes: which name a column, which are conflicting (spec 2.1:
 * "new tables and new columns are non-conflicting"; the additions of
 * document databases alike).
 */
static const char *const table_codes[] = {
	"new_table", "missing_table", "new_collection", "missing_collection"
};
static const char *const addition_codes[] = {
	"new_table", "new_column", "new_collection", "new_path_type"
};
static const char *const known_codes[] = {
	"new_column", "changed_column_type", "new_table", "missing_column",
	"missing_table", "changed_nullability", "new_foreign_key",
	"new_collection", "missing_collection", "new_path_type",
	"missing_path_type"
};

static int
code_in(const char *code, const char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (dgs_strcasecmp(code, v[i]) == 0)
			return 1;
	return 0;
}

#define IN(code, v)	code_in(code, v, sizeof(v) / sizeof(v[0]))

/* "public"."users"."fax": a change's names, quoted. */
static void
add_names(struct dgs_buf *b, const char *schema, const char *table,
    const char *column)
{
	dgs_buf_add_json_str(b, schema, strlen(schema));
	dgs_buf_addc(b, '.');
	dgs_buf_add_json_str(b, table, strlen(table));
	if (column != NULL) {
		dgs_buf_addc(b, '.');
		dgs_buf_add_json_str(b, column, strlen(column));
	}
}

static int
eq(const char *a, const char *b, int fold)
{
	if (a == NULL || b == NULL)
		return a == b;
	return fold ? dgs_strcasecmp(a, b) == 0 : strcmp(a, b) == 0;
}

/* The path-type changes of document databases, whose resolution item
 * names the data type of the path (dataType): one field can have several
 * path types, each a change of its own. */
static const char *const path_type_codes[] = {
	"new_path_type", "missing_path_type"
};

/* Whether listed change c has data type dtype (NULL: any), or names
 * none. */
static int
type_ok(const struct dgs_service_change *c, const char *dtype)
{
	return dtype == NULL || (c->old_type == NULL && c->new_type == NULL) ||
	    eq(c->old_type, dtype, 1) || eq(c->new_type, dtype, 1);
}

/*
 * DGS902: a resolution item for a change the service does not list.
 */
void
dgs_chk_service_resolution(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_service *s = ctx->opts->service;
	const struct dgs_service_change *c, *other = NULL, *near = NULL,
	    *typed = NULL;
	struct dgs_buf n = { 0 }, w = { 0 }, m = { 0 }, q = { 0 };
	const char *schema, *table, *code, *column = NULL, *k, *dtype = NULL,
	    *dk = NULL, *lt;
	size_t i;
	int by_column;

	if (!s->known[DGS_SERVICE_SCHEMA_DIFF]) {
		if (first_node(ctx))
			skipped_part(ctx, NULL, DGS_SERVICE_SCHEMA_DIFF,
			    "whether the service lists the changes this "
			    "request resolves");
		return;
	}
	if ((code = str(obj, "issueCode", &k)) == NULL ||
	    !IN(code, known_codes) ||
	    (table = str(obj, "tableName", &k)) == NULL)
		return;
	if ((schema = str(obj, "schemaName", &k)) == NULL)
		schema = "";
	by_column = !IN(code, table_codes);
	if (by_column && ((column = str(obj, "columnName", &k)) == NULL ||
	    *column == '\0'))
		return;		/* resolution-column's */
	if (!same_workspace(ctx, obj, "this resolution item"))
		return;
	/* A path type's item: its dataType is compared with the listed
	 * change's data type, as its names are. */
	if (IN(code, path_type_codes) && (dtype = str(obj, "dataType", &dk)) !=
	    NULL && *dtype == '\0')
		dtype = NULL;
	for (i = 0; i < s->nchanges; i++) {
		c = &s->changes[i];
		if (strcmp(c->schema, schema) != 0 ||
		    strcmp(c->table, table) != 0)
			continue;
		if (!by_column || eq(c->column, column, 0)) {
			if (dgs_strcasecmp(c->code, code) == 0) {
				if (type_ok(c, dtype))
					return;
				if (typed == NULL)
					typed = c;
				continue;
			}
			if (other == NULL && (!by_column ||
			    !IN(c->code, table_codes)))
				other = c;
		}
	}
	if (other == NULL)
		for (i = 0; i < s->nchanges && near == NULL; i++) {
			c = &s->changes[i];
			if (dgs_strcasecmp(c->code, code) == 0 &&
			    eq(c->schema, schema, 1) &&
			    eq(c->table, table, 1) &&
			    (!by_column || eq(c->column, column, 1)))
				near = c;
		}
	add_names(&n, schema, table, column);
	add_workspace(&w, s);
	if (typed != NULL) {
		lt = typed->new_type != NULL ? typed->new_type :
		    typed->old_type;
		dgs_buf_adds(&m, "; the service lists it with data type ");
		dgs_buf_add_json_str(&m, lt, strlen(lt));
		dgs_buf_adds(&m, ", not ");
		dgs_buf_add_json_str(&m, dtype, strlen(dtype));
		dgs_buf_adds(&m, ": write that `dataType`");
	} else if (other != NULL) {
		dgs_buf_adds(&m, "; the service lists it as ");
		dgs_buf_add_json_str(&m, other->code, strlen(other->code));
		dgs_buf_adds(&m, ": resolve that code");
	} else if (near != NULL) {
		dgs_buf_adds(&m, "; it lists ");
		add_names(&m, near->schema, near->table,
		    by_column ? near->column : NULL);
		dgs_buf_adds(&m, " (names are case-sensitive)");
	} else
		dgs_buf_adds(&m, "; remove the item, or list the changes again");
	if (typed != NULL)
		dgs_report_member(ctx, DGS_R_SVC_RESOLUTION_UNLISTED, dk,
		    "this item resolves %s on %s with data type \"%s\", a change "
		    "the service does not list for %s (GET /api/SchemaDiff): "
		    "it resolves nothing%s", dgs_lit(&q, code), n.s, dtype,
		    w.s, m.s);
	else
		dgs_report(ctx, DGS_R_SVC_RESOLUTION_UNLISTED, "this item "
		    "resolves %s on %s, a change the service does not list for "
		    "%s (GET /api/SchemaDiff): it resolves nothing%s",
		    dgs_lit(&q, code), n.s, w.s, m.s);
	dgs_buf_free(&q);
	dgs_buf_free(&n);
	dgs_buf_free(&w);
	dgs_buf_free(&m);
}

/*
 * DGS903: a job whose strict mode the listed changes reject.
 */
void
dgs_chk_service_job(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_service *s = ctx->opts->service;
	const struct dgs_service_change *c;
	struct dgs_buf l = { 0 }, w = { 0 };
	const char *mode, *k;
	size_t i, n = 0;
	int all;

	if ((mode = str(obj, "strictMode", &k)) == NULL)
		return;
	if (dgs_strcasecmp(mode, "RejectOnAllSchemaItems") == 0)
		all = 1;
	else if (dgs_strcasecmp(mode, "RejectOnSchemaActions") == 0)
		all = 0;
	else
		return;
	if (!same_workspace(ctx, obj, "whether this job's strictMode "
	    "rejects it"))
		return;
	if (!s->known[DGS_SERVICE_SCHEMA_DIFF]) {
		skipped_part(ctx, k, DGS_SERVICE_SCHEMA_DIFF, "whether this "
		    "job's strictMode rejects it");
		return;
	}
	for (i = 0; i < s->nchanges; i++) {
		c = &s->changes[i];
		if (!all && (IN(c->code, addition_codes) ||
		    !IN(c->code, known_codes)))
			continue;
		if (n < NAMED) {
			dgs_buf_adds(&l, n > 0 ? ", " : "");
			dgs_buf_add_json_str(&l, c->code, strlen(c->code));
			dgs_buf_adds(&l, " on ");
			add_names(&l, c->schema, c->table,
			    IN(c->code, table_codes) ? NULL : c->column);
		}
		n++;
	}
	if (n == 0)
		return;
	if (n > NAMED)
		dgs_buf_addf(&l, " and %zu more", n - NAMED);
	add_workspace(&w, s);
	dgs_report_member(ctx, DGS_R_SVC_STRICT_MODE_REJECTS, k, "`%s` \"%s\" "
	    "rejects the job: the service lists %zu %sschema change%s for %s "
	    "(%s); resolve %s first (POST /api/SchemaDiff/resolve_multiple), "
	    "or start the job in another strict mode", k, all ?
	    "RejectOnAllSchemaItems" : "RejectOnSchemaActions", n,
	    all ? "unresolved " : "conflicting ", n == 1 ? "" : "s", w.s, l.s,
	    n == 1 ? "it" : "them");
	dgs_buf_free(&l);
	dgs_buf_free(&w);
}
