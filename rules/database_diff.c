/*
 * database_diff.c: the list GET /api/SchemaDiff would return, predicted
 * from two snapshots and the documents that configure the workspace
 * (dgs_snapshot_diff(), --print-schema-diff).
 *
 * The service always lists new tables, new columns, new foreign keys on
 * a column with a generator and, for document databases, new collections
 * and new and missing path types; a missing table, a missing column, a
 * changed type or a changed nullability only when it conflicts with the
 * configuration: a table or column the documents configure (a changed
 * type under a generator other than Passthrough, a changed nullability
 * under the Null generator).
 */
#include <stdlib.h>
#include <string.h>

#include "database.h"
#include "dgs_json.h"

struct cf_find {
	const struct db_configured	*c;
	const char		*key;
	size_t			 len;
};

static int
cf_eq(void *arg, size_t pos)
{
	const struct cf_find *f = arg;
	const struct db_cf_entry *e = &f->c->v[pos];

	return e->len == f->len && memcmp(e->key, f->key, f->len) == 0;
}

static size_t
make_key(char *buf, size_t size, const char *schema, const char *table,
    const char *col)
{
	size_t a = strlen(schema), b = strlen(table), c = strlen(col);

	if (a + b + c + 3 > size)
		return 0;
	memcpy(buf, schema, a + 1);
	memcpy(buf + a + 1, table, b + 1);
	memcpy(buf + a + b + 2, col, c + 1);
	return a + b + c + 2;
}

unsigned
db_configured_get(const struct db_configured *c, const char *schema,
    const char *table, const char *col, const char **gid)
{
	char key[1024];
	struct cf_find f;
	size_t pos;

	if (gid != NULL)
		*gid = NULL;
	if ((f.len = make_key(key, sizeof(key), schema, table, col)) == 0)
		return 0;
	f.c = c;
	f.key = key;
	pos = dgs_index_find(&c->ix, dgs_hash(key, f.len), cf_eq, &f);
	if (pos == DGS_INDEX_NONE)
		return 0;
	if (gid != NULL)
		*gid = c->v[pos].gid;
	return c->v[pos].flags;
}

/* Adds what a link says of a column: flags, and its generator gid (of a
 * link, not a fallback link; the first kept) when not NULL. */
static void
cf_add(struct db_configured *c, const char *schema, const char *table,
    const char *col, unsigned flags, const char *gid)
{
	char key[1024];
	struct cf_find f;
	struct db_cf_entry *e;
	size_t pos;
	uint64_t h;

	if ((f.len = make_key(key, sizeof(key), schema, table, col)) == 0)
		return;
	f.c = c;
	f.key = key;
	h = dgs_hash(key, f.len);
	if ((pos = dgs_index_find(&c->ix, h, cf_eq, &f)) != DGS_INDEX_NONE) {
		c->v[pos].flags |= flags;
		if (gid != NULL && c->v[pos].gid == NULL &&
		    (c->v[pos].gid = strdup(gid)) == NULL)
			c->oom = 1;
		return;
	}
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;

		if ((e = realloc(c->v, cap * sizeof(*e))) == NULL) {
			c->oom = 1;
			return;
		}
		c->v = e;
		c->cap = cap;
	}
	e = &c->v[c->n];
	e->gid = NULL;
	if ((e->key = malloc(f.len)) == NULL ||
	    (gid != NULL && (e->gid = strdup(gid)) == NULL) ||
	    dgs_index_add(&c->ix, h, c->n) != 0) {
		free(e->key);
		free(e->gid);
		c->oom = 1;
		return;
	}
	memcpy(e->key, key, f.len);
	e->len = f.len;
	e->flags = flags;
	c->n++;
}

static const char *
member(struct json_object *obj, const char *name)
{
	const char *k;
	struct json_object *v = dgs_get_anycase(obj, name, &k);

	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static void
add_links(struct db_configured *c, const char *schema, const char *table,
    struct json_object *obj, const char *name, int fallback)
{
	struct json_object *l, *m;
	struct dgs_links it;
	const char *k, *col, *gid, *ls, *lt;
	unsigned flags;

	for (l = dgs_links_first(NULL, &it, obj, name, DGS_LINKS_ANYCASE |
	    DGS_LINKS_COLUMN | DGS_LINKS_NO_GEN, NULL); l != NULL;
	    l = dgs_links_next(&it)) {
		col = it.column;
		ls = member(l, "schema");
		lt = member(l, "table");
		m = dgs_get_anycase(l, "metadata", &k);
		gid = dgs_is(m, json_type_object) ?
		    dgs_get_str(m, "generatorId") : NULL;
		flags = CF_LINK;
		if (gid != NULL && strcmp(gid, "PassthroughGenerator") != 0)
			flags |= CF_GENERATOR;
		if (gid != NULL && strcmp(gid, "NullGenerator") == 0)
			flags |= CF_NULL;
		/* The path of a document database's field. */
		if (member(l, "path") != NULL)
			cf_add(c, ls ? ls : schema, lt ? lt : table,
			    member(l, "path"), flags, fallback ? NULL : gid);
		cf_add(c, ls ? ls : schema, lt ? lt : table, col, flags,
		    fallback || member(l, "path") != NULL ? NULL : gid);
	}
}

void
db_configured_add(struct db_configured *c, struct json_object *root)
{
	struct json_object *obj;
	const char *schema, *table, *why;
	enum dgs_kind kind = dgs_detect_kind(root, &why);
	size_t i, n;
	int single = dgs_is(root, json_type_object);

	if (!single && !dgs_is(root, json_type_array))
		return;
	n = single ? 1 : json_object_array_length(root);
	for (i = 0; i < n; i++) {
		obj = single ? root : json_object_array_get_idx(root, i);
		if (!dgs_is(obj, json_type_object))
			continue;
		if (kind == DGS_KIND_REPLACEMENTS) {
			if ((table = member(obj, "table")) == NULL)
				continue;
			schema = member(obj, "schema");
			cf_add(c, schema ? schema : "", table, "", CF_LINK,
			    NULL);
			add_links(c, schema ? schema : "", table, obj,
			    "links", 0);
			add_links(c, schema ? schema : "", table, obj,
			    dgs_get_anycase(obj, "fallBackLinks", &why) ?
			    "fallBackLinks" : "fallbackLinks", 1);
		} else if (kind == DGS_KIND_SUBSETTING &&
		    (table = member(obj, "Table")) != NULL) {
			schema = member(obj, "Schema");
			cf_add(c, schema ? schema : "", table, "", CF_LINK,
			    NULL);
		}
	}
}

void
db_configured_read(struct db_configured *c, const char *const *docs,
    const size_t *lens, size_t ndocs)
{
	struct json_tokener *tok;
	struct json_object *root;
	size_t i;

	for (i = 0; i < ndocs && !c->oom; i++) {
		if ((tok = json_tokener_new_ex(DGS_MAX_DEPTH)) == NULL) {
			c->oom = 1;
			break;
		}
		root = lens[i] <= INT32_MAX ? json_tokener_parse_ex(tok,
		    docs[i], (int)lens[i]) : NULL;
		if (root != NULL)
			db_configured_add(c, root);
		json_object_put(root);
		json_tokener_free(tok);
	}
}

void
db_configured_free(struct db_configured *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].key);
		free(c->v[i].gid);
	}
	free(c->v);
	dgs_index_free(&c->ix);
}

/*
 * The items.
 */
static void
item(struct dgs_buf *b, size_t *n, const char *schema, const char *table,
    const char *code, const char *col, const char *old, const char *new)
{
	dgs_buf_adds(b, *n ? ",\n  {" : "\n  {");
	dgs_buf_adds(b, "\"schemaName\": ");
	dgs_buf_add_json_str(b, schema, strlen(schema));
	dgs_buf_adds(b, ", \"tableName\": ");
	dgs_buf_add_json_str(b, table, strlen(table));
	dgs_buf_addf(b, ", \"issueCode\": \"%s\", \"columnName\": ", code);
	if (col != NULL)
		dgs_buf_add_json_str(b, col, strlen(col));
	else
		dgs_buf_adds(b, "null");
	dgs_buf_adds(b, ", \"oldDataType\": ");
	if (old != NULL)
		dgs_buf_add_json_str(b, old, strlen(old));
	else
		dgs_buf_adds(b, "null");
	dgs_buf_adds(b, ", \"newDataType\": ");
	if (new != NULL)
		dgs_buf_add_json_str(b, new, strlen(new));
	else
		dgs_buf_adds(b, "null");
	dgs_buf_addc(b, '}');
	(*n)++;
}

#define STR(s, off)	dgs_snapshot_str(s, off)

/* Whether before lists table t's path c with c's type. */
static int
has_path_type(const struct dgs_snapshot *s, const struct dgs_snapshot_table *t,
    const char *path, const char *type)
{
	const struct dgs_snapshot_col *c;
	uint32_t i;

	for (i = t->first; i != DGS_SNAPSHOT_NONE; i = c->next) {
		c = &s->cols[i];
		if (strcmp(STR(s, c->name), path) == 0 &&
		    strcmp(STR(s, c->type), type) == 0)
			return 1;
	}
	return 0;
}

static void
diff(struct dgs_buf *b, const struct dgs_snapshot *old,
    const struct dgs_snapshot *now, const struct db_configured *cf)
{
	const struct dgs_snapshot_table *t, *u;
	const struct dgs_snapshot_col *c, *d;
	const char *sn, *tn, *cn;
	size_t i, n = 0;
	uint32_t ci;
	int exact, doc = now->document;
	unsigned fl;

	/* What the database lost. */
	for (i = 0; i < old->ntables; i++) {
		t = &old->tables[i];
		sn = STR(old, t->schema);
		tn = STR(old, t->name);
		u = dgs_snapshot_find_table(now, sn, tn, &exact);
		if (u == NULL || !exact) {
			if (db_configured_get(cf, sn, tn, "", NULL) != 0)
				item(b, &n, sn, tn, doc ? "missing_collection" :
				    "missing_table", NULL, NULL, NULL);
			continue;
		}
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &old->cols[ci];
			cn = STR(old, c->name);
			if (doc) {
				if (!has_path_type(now, u, cn, STR(old,
				    c->type)))
					item(b, &n, sn, tn, "missing_path_type",
					    cn, STR(old, c->type), NULL);
				continue;
			}
			d = dgs_snapshot_find_col(now, u, cn, &exact);
			if ((d == NULL || !exact) && db_configured_get(cf, sn, tn, cn, NULL) != 0)
				item(b, &n, sn, tn, "missing_column", cn,
				    STR(old, c->type), NULL);
		}
	}
	/* What it gained or changed. */
	for (i = 0; i < now->ntables; i++) {
		t = &now->tables[i];
		sn = STR(now, t->schema);
		tn = STR(now, t->name);
		u = dgs_snapshot_find_table(old, sn, tn, &exact);
		if (u == NULL || !exact) {
			item(b, &n, sn, tn, doc ? "new_collection" :
			    "new_table", NULL, NULL, NULL);
			continue;
		}
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &now->cols[ci];
			cn = STR(now, c->name);
			if (doc) {
				if (!has_path_type(old, u, cn, STR(now,
				    c->type)))
					item(b, &n, sn, tn, "new_path_type", cn,
					    NULL, STR(now, c->type));
				continue;
			}
			d = dgs_snapshot_find_col(old, u, cn, &exact);
			if (d == NULL || !exact) {
				item(b, &n, sn, tn, "new_column", cn, NULL,
				    STR(now, c->type));
				continue;
			}
			fl = db_configured_get(cf, sn, tn, cn, NULL);
			if ((fl & CF_GENERATOR) && dgs_strcasecmp(STR(old,
			    d->type), STR(now, c->type)) != 0)
				item(b, &n, sn, tn, "changed_column_type", cn,
				    STR(old, d->type), STR(now, c->type));
			if ((fl & CF_NULL) && d->nullable != DGS_TRI_UNKNOWN &&
			    c->nullable != DGS_TRI_UNKNOWN &&
			    d->nullable != c->nullable)
				item(b, &n, sn, tn, "changed_nullability", cn,
				    NULL, NULL);
			if ((fl & CF_GENERATOR) && c->fk == DGS_TRI_YES &&
			    d->fk != DGS_TRI_YES)
				item(b, &n, sn, tn, "new_foreign_key", cn, NULL,
				    NULL);
		}
	}
	dgs_buf_adds(b, n ? "\n]\n" : "]\n");
}

int
dgs_snapshot_diff(const struct dgs_snapshot *before, const struct dgs_snapshot *now,
    const char *const *docs, const size_t *lens, size_t ndocs, char **out,
    size_t *outlen)
{
	struct db_configured cf;
	struct dgs_buf b = { 0 };

	*out = NULL;
	*outlen = 0;
	memset(&cf, 0, sizeof(cf));
	if (before == NULL || now == NULL)
		return DGS_EINVAL;
	if (dgs_snapshot_ready(before) != 0 || dgs_snapshot_ready(now) != 0)
		return DGS_ECONFIG;
	db_configured_read(&cf, docs, lens, ndocs);
	if (!cf.oom) {
		dgs_buf_addc(&b, '[');
		diff(&b, before, now, &cf);
	}
	db_configured_free(&cf);
	if (cf.oom || b.oom) {
		dgs_buf_free(&b);
		return DGS_ENOMEM;
	}
	*out = b.s;
	*outlen = b.len;
	return 0;
}
