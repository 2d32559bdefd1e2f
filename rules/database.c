/*
 * database.c: the documents against a schema snapshot (DGS801-812).
 *
 * The replacement's rules share one check, which finds the table once
 * and looks at each link of `links` and `fallBackLinks` (either
 * spelling).  Names are compared as spelt: a name that differs from the
 * snapshot's in letter case only is reported, and the message says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "database.h"

#define STRICT	"strict mode (RejectOnAllSchemaItems) rejects the job"

/* The string value of member name, found as spelt first (the usual
 * case, and a cheap lookup), else in another letter case. */
static const char *
str(struct json_object *obj, const char *name, const char **key)
{
	/* dgs_get_anycase() looks the name up as spelt first. */
	struct json_object *v = dgs_get_anycase(obj, name, key);

	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/*
 * The members a check reads, found in one pass over an object: each as
 * spelt, else the first spelt otherwise in letter case, as
 * dgs_get_anycase() finds one (key: as the document spells it).  A link
 * was six calls of dgs_get_anycase(), two of them for members that are
 * usually absent, which compare every member without regard to case.
 */
struct member {
	const char		*name;
	struct json_object	*v;
	const char		*key;
};

static void
members(struct json_object *obj, struct member *m, size_t n)
{
	struct lh_entry *e;
	const char *k;
	unsigned char by_first[32];	/* the names of a folded first byte */
	unsigned exact = 0, cand;
	size_t i;

	memset(by_first, 0, sizeof(by_first));
	for (i = 0; i < n; i++) {
		m[i].v = NULL;
		m[i].key = m[i].name;
		by_first[(m[i].name[0] | 0x20) & 31] |= (unsigned char)(1u << i);
	}
	if (!dgs_is(obj, json_type_object))
		return;
	for (e = json_object_get_object(obj)->head; e != NULL; e = e->next) {
		k = (const char *)lh_entry_k(e);
		/* Letters of either case fold to the same slot; any other
		 * byte at worst to a name compared in vain. */
		cand = by_first[(k[0] | 0x20) & 31] & ~exact;
		for (i = 0; cand != 0; i++, cand >>= 1) {
			if (!(cand & 1))
				continue;
			if (strcmp(k, m[i].name) == 0) {
				exact |= 1u << i;
				m[i].v = (struct json_object *)lh_entry_v(e);
				m[i].key = m[i].name;
			} else if (m[i].v == NULL &&
			    dgs_strcasecmp(k, m[i].name) == 0) {
				m[i].v = (struct json_object *)lh_entry_v(e);
				m[i].key = k;
			}
		}
	}
}

/* A member's string, or NULL. */
static const char *
mstr(const struct member *m)
{
	return dgs_is(m->v, json_type_string) ? json_object_get_string(m->v) :
	    NULL;
}

/* "schema"."table" for messages, or "table" with no schema. */
static void
add_table_name(struct dgs_buf *b, const char *schema, const char *table)
{
	if (schema != NULL && *schema != '\0')
		dgs_buf_addf(b, "%s.", schema);
	dgs_buf_adds(b, table);
}

/* Why name is not found: the case-only match or the closest name. */
static void
add_hint(struct dgs_buf *b, const char *name, const char *found,
    int exact_case_only, const char *closest)
{
	if (exact_case_only && found != NULL)
		dgs_buf_addf(b, " (the snapshot has \"%s\", which differs in "
		    "letter case only)", found);
	else if (closest != NULL)
		dgs_buf_addf(b, " (did you mean \"%s\"?)", closest);
	(void)name;
}

/* The table of schema.table, or NULL after reporting rule at key
 * (when rule >= 0). */
static const struct dgs_snapshot_table *
table_or_report(struct dgs_ctx *ctx, int rule, const char *schema,
    const char *table, const char *key)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_table *t, *near;
	struct dgs_buf b = { 0 }, n = { 0 };
	int exact;

	t = dgs_snapshot_find_table(s, schema, table, &exact);
	if (t != NULL && exact)
		return t;
	if (rule < 0 || !dgs_rule_planned(ctx, rule))
		return NULL;
	add_table_name(&n, s->document ? NULL : schema, table);
	dgs_buf_addf(&b, "%s \"%s\" is not in the schema snapshot",
	    s->document ? "collection" : "table", n.s ? n.s : "");
	if (t != NULL) {
		dgs_buf_free(&n);
		add_table_name(&n, s->document ? NULL :
		    dgs_snapshot_str(s, t->schema), dgs_snapshot_str(s, t->name));
		add_hint(&b, table, n.s, 1, NULL);
	} else if ((near = dgs_snapshot_closest_table(s, table)) != NULL) {
		dgs_buf_free(&n);
		add_table_name(&n, s->document ? NULL :
		    dgs_snapshot_str(s, near->schema),
		    dgs_snapshot_str(s, near->name));
		add_hint(&b, table, NULL, 0, n.s);
	}
	dgs_report_member(ctx, rule, key, "%s; the service lists it as %s, "
	    "and " STRICT, b.s ? b.s : "", s->document ?
	    "missing_collection" : "missing_table");
	dgs_buf_free(&b);
	dgs_buf_free(&n);
	return NULL;
}

/* The column col of t, or NULL after reporting rule at key. */
static const struct dgs_snapshot_col *
col_or_report(struct dgs_ctx *ctx, int rule, const struct dgs_snapshot_table *t,
    const char *col, const char *key, const char *what, long cp)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_col *c, *near;
	struct dgs_buf b = { 0 };
	int exact;

	c = dgs_snapshot_find_col(s, t, col, &exact);
	if (c != NULL && exact)
		return c;
	if (!dgs_rule_planned(ctx, rule))
		return NULL;
	dgs_buf_addf(&b, "%s \"%s\" is not a %s of %s \"%s\" in the schema "
	    "snapshot", what, col, s->document ? "path" : "column",
	    s->document ? "collection" : "table",
	    dgs_snapshot_str(s, t->name));
	if (c != NULL)
		add_hint(&b, col, dgs_snapshot_str(s, c->name), 1, NULL);
	else if ((near = dgs_snapshot_closest_col(s, t, col)) != NULL)
		add_hint(&b, col, NULL, 0, dgs_snapshot_str(s, near->name));
	if (cp >= 0)
		dgs_report_in_string(ctx, rule, key, cp, "%s; the service "
		    "lists it as %s, and " STRICT, b.s ? b.s : "",
		    s->document ? "missing_path_type" : "missing_column");
	else
		dgs_report_member(ctx, rule, key, "%s; the service lists it "
		    "as %s, and " STRICT, b.s ? b.s : "", s->document ?
		    "missing_path_type" : "missing_column");
	dgs_buf_free(&b);
	return NULL;
}

static int
is_generator(const char *gid, const char *id)
{
	return gid != NULL && strcmp(gid, id) == 0;
}

/*
 * One link.  Its pointer (the array's key and its index) is pushed only
 * when a finding is to be reported there: most links have none, and the
 * pushes and pops were a tenth of these checks.
 */
struct link_at {
	const char	*key;	/* of its array, as spelt */
	size_t		 index;
	int		 pushed;
};

static void
at_link(struct dgs_ctx *ctx, struct link_at *at)
{
	if (at->pushed)
		return;
	dgs_ptr_push_key(ctx, at->key);
	dgs_ptr_push_index(ctx, at->index);
	at->pushed = 1;
}

/* The columns a Text Composition template names (db-template-column):
 * each {{ NAME }} is a column of the link's table. */
struct template_at {
	struct dgs_ctx			*ctx;
	const struct dgs_snapshot_table	*t;
	const char			*tpl;
	const char			*key;
};

static void
template_column(void *arg, size_t off, size_t n)
{
	struct template_at *x = arg;
	const struct dgs_snapshot *s = x->ctx->opts->snapshot;
	const struct dgs_snapshot_col *c, *near;
	struct dgs_buf b = { 0 };
	char name[256];
	int exact;

	if (n >= sizeof(name))
		return;
	memcpy(name, x->tpl + off, n);
	name[n] = '\0';
	c = dgs_snapshot_find_col(s, x->t, name, &exact);
	if (c != NULL && exact)
		return;
	if (c != NULL)
		add_hint(&b, name, dgs_snapshot_str(s, c->name), 1, NULL);
	else if ((near = dgs_snapshot_closest_col(s, x->t, name)) != NULL)
		add_hint(&b, name, NULL, 0, dgs_snapshot_str(s, near->name));
	dgs_report_in_string(x->ctx, DGS_R_DB_TEMPLATE_COLUMN, x->key,
	    dgs_char_index(x->tpl, off), "`template` names \"{{ %s }}\", "
	    "but \"%s\" is not a column of table \"%s\" in the schema "
	    "snapshot%s; a template adds a column's value with the column's "
	    "name in double braces", name, name,
	    dgs_snapshot_str(s, x->t->name), b.s != NULL ? b.s : "");
	dgs_buf_free(&b);
}

/* col_or_report() at the link, or at its member sub when not NULL. */
static const struct dgs_snapshot_col *
link_col(struct dgs_ctx *ctx, struct link_at *at, const char *sub, int rule,
    const struct dgs_snapshot_table *t, const char *col, const char *key,
    const char *what)
{
	const struct dgs_snapshot_col *c;
	size_t old;
	int exact;

	c = dgs_snapshot_find_col(ctx->opts->snapshot, t, col, &exact);
	if (c != NULL && exact)
		return c;
	at_link(ctx, at);
	old = ctx->ptr.len;
	if (sub != NULL)
		dgs_ptr_push_key(ctx, sub);
	c = col_or_report(ctx, rule, t, col, key, what, -1);
	dgs_ptr_pop(ctx, old);
	return c;
}

/* A field of a document database's collection t (path p, or the
 * column for a top-level one, named by key): in the snapshot, and with
 * the data type dtype (named by dkey) when it is given. */
static void
check_field(struct dgs_ctx *ctx, struct link_at *at,
    const struct dgs_snapshot_table *t, const char *p, const char *key,
    int is_path, const char *dtype, const char *dkey)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_col *c, *x;
	uint32_t i;

	if ((c = link_col(ctx, at, NULL, DGS_R_DB_MISSING_COLUMN, t, p,
	    is_path ? "path" : key, is_path ? "path" : "field")) == NULL ||
	    dtype == NULL || !dgs_rule_planned(ctx, DGS_R_DB_PATH_DATA_TYPE))
		return;
	for (i = (uint32_t)(c - s->cols); i != DGS_SNAPSHOT_NONE; i = x->next) {
		x = &s->cols[i];
		if (strcmp(dgs_snapshot_str(s, x->name), p) == 0 &&
		    dgs_strcasecmp(dgs_snapshot_str(s, x->type), dtype) == 0)
			return;
	}
	at_link(ctx, at);
	dgs_report_member(ctx, DGS_R_DB_PATH_DATA_TYPE, dkey, "path \"%s\" of "
	    "collection \"%s\" has no data type \"%s\" in the schema snapshot "
	    "(it has \"%s\"%s); the service lists it as missing_path_type, "
	    "and " STRICT, p, dgs_snapshot_str(s, t->name), dtype,
	    dgs_snapshot_str(s, c->type), c->next != DGS_SNAPSHOT_NONE ?
	    " and others" : "");
}

/* Generator gid (its metadata meta) on column c (col, named by ckey):
 * one that needs another family of data types.  A generator without
 * needs is not in db_generator_needs()'s table, and so needs nothing of
 * any family.  Data types no sentence names, only the generator's
 * purpose implies, are at most info (db-generator-data-type-implied). */
static void
check_generator_type(struct dgs_ctx *ctx, struct link_at *at,
    const struct dgs_snapshot_col *c, const char *col, const char *ckey,
    const char *gid, struct json_object *meta)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const char *needs, *label = NULL;
	enum db_family f;
	int implied = 0;

	if ((!dgs_rule_planned(ctx, DGS_R_DB_GENERATOR_DATA_TYPE) &&
	    !dgs_rule_planned(ctx, DGS_R_DB_GENERATOR_DATA_TYPE_IMPLIED)) ||
	    (f = db_snapshot_family(s, c->type)) == DB_OTHER ||
	    (needs = db_generator_needs(gid, meta, f, &label,
	    &implied)) == NULL)
		return;
	at_link(ctx, at);
	dgs_report_member(ctx, implied ? DGS_R_DB_GENERATOR_DATA_TYPE_IMPLIED :
	    DGS_R_DB_GENERATOR_DATA_TYPE, ckey, "%s (%s) needs %s, but column "
	    "\"%s\" is \"%s\" (%s) in the schema snapshot; the service lists "
	    "such a column as changed_column_type, and " STRICT "%s", label,
	    gid, needs, col, dgs_snapshot_str(s, c->type),
	    db_family_words(f), implied ? " (implied: no page of its "
	    "documentation names the data types it works on)" : "");
}

/* The columns a TextCompositionGenerator's template (in meta, named by
 * mkey) names: columns of table t. */
static void
check_template(struct dgs_ctx *ctx, struct link_at *at,
    const struct dgs_snapshot_table *t, struct json_object *meta,
    const char *mkey)
{
	struct template_at tx;
	size_t old_len;

	if ((tx.tpl = dgs_get_str(meta, "template")) == NULL ||
	    !dgs_rule_planned(ctx, DGS_R_DB_TEMPLATE_COLUMN))
		return;
	at_link(ctx, at);
	old_len = ctx->ptr.len;
	dgs_ptr_push_key(ctx, mkey);
	tx.ctx = ctx;
	tx.t = t;
	tx.key = "template";
	dgs_liquid_names(tx.tpl, strlen(tx.tpl), template_column, &tx);
	dgs_ptr_pop(ctx, old_len);
}

/* Column c (col of table t, named by ckey), generator gid: whether its
 * type changed since the --schema-before snapshot. */
static void
check_changed_type(struct dgs_ctx *ctx, struct link_at *at,
    const struct dgs_snapshot_table *t, const struct dgs_snapshot_col *c,
    const char *col, const char *ckey, const char *gid)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot,
	    *old = ctx->opts->snapshot_before;
	const struct dgs_snapshot_table *ot;
	const struct dgs_snapshot_col *oc;
	int exact;

	if (old == NULL || is_generator(gid, "PassthroughGenerator") ||
	    !dgs_rule_planned(ctx, DGS_R_DB_CHANGED_COLUMN_TYPE) ||
	    (ot = dgs_snapshot_find_table(old, dgs_snapshot_str(s, t->schema),
	    dgs_snapshot_str(s, t->name), &exact)) == NULL || !exact ||
	    (oc = dgs_snapshot_find_col(old, ot, col, &exact)) == NULL ||
	    !exact || dgs_strcasecmp(dgs_snapshot_str(old, oc->type),
	    dgs_snapshot_str(s, c->type)) == 0)
		return;
	at_link(ctx, at);
	dgs_report_member(ctx, DGS_R_DB_CHANGED_COLUMN_TYPE, ckey, "column "
	    "\"%s\" was \"%s\" in the --schema-before snapshot and is \"%s\" "
	    "now: the service lists changed_column_type if %s no longer suits "
	    "it, and " STRICT, col, dgs_snapshot_str(old, oc->type),
	    dgs_snapshot_str(s, c->type), gid);
}

static void
check_link(struct dgs_ctx *ctx, const struct dgs_snapshot_table *rt,
    struct json_object *link, int fallback, struct link_at *at)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_table *t = rt;
	const struct dgs_snapshot_col *c;
	struct json_object *meta;
	const char *col, *ckey, *path, *gid, *schema, *table, *cc, *mkey;
	int exact;
	struct member m[] = { { "column", NULL, NULL }, { "schema", NULL,
	    NULL }, { "table", NULL, NULL }, { "path", NULL, NULL },
	    { "dataType", NULL, NULL }, { "metadata", NULL, NULL } };

	if (!dgs_is(link, json_type_object))
		return;
	members(link, m, sizeof(m) / sizeof(m[0]));
	if ((col = mstr(&m[0])) == NULL || *col == '\0')
		return;
	ckey = m[0].key;
	/* A link that names another table: link-table-mismatch says so;
	 * its columns are those of the table it names. */
	schema = mstr(&m[1]);
	table = mstr(&m[2]);
	if (table != NULL && strcmp(table, dgs_snapshot_str(s, rt->name)) != 0) {
		t = dgs_snapshot_find_table(s, schema ? schema : "", table,
		    &exact);
		if (t == NULL || !exact)
			return;
	}
	path = mstr(&m[3]);
	meta = m[5].v;
	mkey = m[5].key;
	gid = dgs_is(meta, json_type_object) ? dgs_get_str(meta,
	    "generatorId") : NULL;
	if (s->document) {
		check_field(ctx, at, t, path != NULL ? path : col, ckey,
		    path != NULL, mstr(&m[4]), m[4].key);
		return;
	}
	if ((c = link_col(ctx, at, NULL, DGS_R_DB_MISSING_COLUMN, t, col, ckey,
	    "column")) == NULL || gid == NULL)
		return;
	if (!fallback && c->fk == DGS_TRI_YES &&
	    !is_generator(gid, "PassthroughGenerator")) {
		at_link(ctx, at);
		dgs_report_member(ctx, DGS_R_DB_FOREIGN_KEY_GENERATOR, ckey,
		    "column \"%s\" is a foreign key in the schema snapshot: "
		    "it inherits the generator of the primary key it "
		    "references, so %s here is listed as new_foreign_key, "
		    "and " STRICT "; configure the primary key instead",
		    col, gid);
	}
	if (is_generator(gid, "NullGenerator") && c->nullable == DGS_TRI_NO) {
		at_link(ctx, at);
		dgs_report_member(ctx, DGS_R_DB_NULL_NOT_NULL, ckey, "column \"%s\" is NOT "
		    "NULL in the schema snapshot, so the Null generator%s "
		    "cannot write it: the service lists it as "
		    "changed_nullability, and " STRICT, col, fallback ?
		    " (the fallback)" : "");
	}
	if (path == NULL)
		check_generator_type(ctx, at, c, col, ckey, gid, meta);
	if (is_generator(gid, "TextCompositionGenerator"))
		check_template(ctx, at, t, meta, mkey);
	if (dgs_is(meta, json_type_object) &&
	    (cc = dgs_get_str(meta, "consistencyColumn")) != NULL &&
	    *cc != '\0' && dgs_rule_planned(ctx, DGS_R_DB_COLUMN_REFERENCE))
		(void)link_col(ctx, at, mkey, DGS_R_DB_COLUMN_REFERENCE, t, cc,
		    "consistencyColumn", "consistency column");
	if (!fallback)
		check_changed_type(ctx, at, t, c, col, ckey, gid);
}

static void
check_links(struct dgs_ctx *ctx, const struct dgs_snapshot_table *t,
    const struct member *m, int fallback)
{
	struct json_object *arr = m->v;
	struct link_at at;
	size_t i, n, old = ctx->ptr.len;

	if (!dgs_is(arr, json_type_array))
		return;
	at.key = m->key;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		at.index = i;
		at.pushed = 0;
		check_link(ctx, t, json_object_array_get_idx(arr, i), fallback,
		    &at);
		if (at.pushed)
			dgs_ptr_pop(ctx, old);
	}
}

/* partitions: a comma-separated string or an array of names. */
static void
check_partitions(struct dgs_ctx *ctx, const struct dgs_snapshot_table *t,
    const struct member *m)
{
	struct json_object *v = m->v, *e;
	const char *key = m->key, *s, *p, *q, *q2;
	char name[256];
	size_t i, n, len, old;
	long cp;

	if (!dgs_rule_planned(ctx, DGS_R_DB_COLUMN_REFERENCE) || v == NULL)
		return;
	if (dgs_is(v, json_type_string)) {
		s = json_object_get_string(v);
		for (p = s; *p != '\0'; p = *q ? q + 1 : q) {
			for (q = p; *q != '\0' && *q != ','; q++)
				continue;
			while (p < q && (*p == ' ' || *p == '\t'))
				p++;
			len = (size_t)(q - p);
			while (len > 0 && (p[len - 1] == ' ' ||
			    p[len - 1] == '\t'))
				len--;
			if (len == 0 || len >= sizeof(name))
				continue;
			memcpy(name, p, len);
			name[len] = '\0';
			/* Code points before the name, for the position. */
			for (cp = 0, q2 = s; q2 < p; q2++)
				if (((unsigned char)*q2 & 0xc0) != 0x80)
					cp++;
			(void)col_or_report(ctx, DGS_R_DB_COLUMN_REFERENCE, t,
			    name, key, "partition-by column", cp);
		}
		return;
	}
	if (!dgs_is(v, json_type_array))
		return;
	n = json_object_array_length(v);
	old = ctx->ptr.len;
	dgs_ptr_push_key(ctx, key);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(v, i);
		if (!dgs_is(e, json_type_string) ||
		    json_object_get_string_len(e) == 0)
			continue;
		snprintf(name, sizeof(name), "%zu", i);
		(void)col_or_report(ctx, DGS_R_DB_COLUMN_REFERENCE, t,
		    json_object_get_string(e), name, "partition-by column", -1);
	}
	dgs_ptr_pop(ctx, old);
}

void
dgs_chk_db_replacement(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_snapshot_table *t;
	const char *schema, *table;
	/* fallBackLinks: either spelling, as the other names, found in
	 * another letter case when not as spelt. */
	struct member m[] = { { "table", NULL, NULL }, { "schema", NULL,
	    NULL }, { "partitions", NULL, NULL }, { "links", NULL, NULL },
	    { "fallBackLinks", NULL, NULL } };

	if (ctx->opts->snapshot == NULL || !dgs_is(obj, json_type_object))
		return;
	members(obj, m, sizeof(m) / sizeof(m[0]));
	if ((table = mstr(&m[0])) == NULL || *table == '\0')
		return;
	schema = mstr(&m[1]);
	if ((t = table_or_report(ctx, DGS_R_DB_MISSING_TABLE, schema ? schema :
	    "", table, m[0].key)) == NULL)
		return;
	check_partitions(ctx, t, &m[2]);
	check_links(ctx, t, &m[3], 0);
	check_links(ctx, t, &m[4], 1);
}

void
dgs_chk_db_subset(struct dgs_ctx *ctx, struct json_object *obj)
{
	const char *schema, *table, *k, *tkey;

	if (ctx->opts->snapshot == NULL || !dgs_is(obj, json_type_object) ||
	    (table = str(obj, "Table", &tkey)) == NULL || *table == '\0')
		return;
	schema = str(obj, "Schema", &k);
	(void)table_or_report(ctx, DGS_R_DB_SUBSET_MISSING_TABLE,
	    schema ? schema : "", table, tkey);
}

/*
 * Schema changes and resolution items against the snapshot.
 */
/* The column of the --schema-before snapshot that is c of the current
 * one (same schema, table and column, spelt alike), or NULL. */
static const struct dgs_snapshot_col *
before_col(const struct dgs_ctx *ctx, const char *schema, const char *table,
    const char *col)
{
	const struct dgs_snapshot *old = ctx->opts->snapshot_before;
	const struct dgs_snapshot_table *ot;
	const struct dgs_snapshot_col *oc;
	int exact;

	if (old == NULL || old->document || ctx->opts->snapshot->document ||
	    (ot = dgs_snapshot_find_table(old, schema ? schema : "", table,
	    &exact)) == NULL || !exact ||
	    (oc = dgs_snapshot_find_col(old, ot, col, &exact)) == NULL || !exact)
		return NULL;
	return oc;
}

/* A column-level change judged against both snapshots (--schema-before
 * given): the type or nullability it says changed did not, or its
 * oldDataType is not the earlier type.  new_foreign_key is left alone: the
 * workspace can add virtual foreign keys the database does not have. */
static void
check_change_before(struct dgs_ctx *ctx, struct json_object *obj, int rule,
    const char *what, const char *code, const char *name, const char *ck,
    const struct dgs_snapshot_col *c, const struct dgs_snapshot_col *oc)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot,
	    *old = ctx->opts->snapshot_before;
	const char *otype, *ok, *type = dgs_snapshot_str(s, c->type),
	    *was = dgs_snapshot_str(old, oc->type);

	if (strcmp(code, "changed_column_type") == 0) {
		if ((otype = str(obj, "oldDataType", &ok)) != NULL &&
		    *otype != '\0' && dgs_strcasecmp(otype, was) != 0)
			dgs_report_member(ctx, rule, ok, "%s changed_column_type "
			    "for \"%s\" from \"%s\", but the column was \"%s\" "
			    "in the --schema-before snapshot", what, name,
			    otype, was);
		else if (dgs_strcasecmp(type, was) == 0)
			dgs_report_member(ctx, rule, ck, "%s "
			    "changed_column_type for \"%s\", but the column is "
			    "\"%s\" in both snapshots (--schema and "
			    "--schema-before): the service would not list it",
			    what, name, type);
	} else if (strcmp(code, "changed_nullability") == 0 &&
	    c->nullable != DGS_TRI_UNKNOWN && c->nullable == oc->nullable)
		dgs_report_member(ctx, rule, ck, "%s changed_nullability for "
		    "\"%s\", but the column is %s in both snapshots (--schema "
		    "and --schema-before): the service would not list it",
		    what, name, c->nullable == DGS_TRI_YES ? "nullable" :
		    "NOT NULL");
}

/* Whether path c of a document snapshot (the first of its name) has data
 * type dtype among its path types. */
static int
path_has_type(const struct dgs_snapshot *s, const struct dgs_snapshot_col *c,
    const char *dtype)
{
	const struct dgs_snapshot_col *x;
	const char *name = dgs_snapshot_str(s, c->name);
	uint32_t i;

	for (i = (uint32_t)(c - s->cols); i != DGS_SNAPSHOT_NONE;
	    i = x->next) {
		x = &s->cols[i];
		if (strcmp(dgs_snapshot_str(s, x->name), name) == 0 &&
		    dgs_strcasecmp(dgs_snapshot_str(s, x->type), dtype) == 0)
			return 1;
	}
	return 0;
}

/* The data type a path-type change names: a resolution item's dataType
 * (given for document databases only), or a listed change's newDataType
 * (new_path_type) or oldDataType (missing_path_type). */
static const char *
path_change_type(struct json_object *obj, const char *code, const char **k)
{
	const char *t = str(obj, "dataType", k);

	if (t == NULL)
		t = str(obj, strcmp(code, "new_path_type") == 0 ?
		    "newDataType" : "oldDataType", k);
	return t != NULL && *t != '\0' ? t : NULL;
}

static void
check_change(struct dgs_ctx *ctx, struct json_object *obj, int rule,
    const char *what)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c = NULL, *oc;
	const char *code, *schema, *table, *col, *ntype, *k, *ck, *tk, *nk,
	    *dtype = NULL, *dk = NULL;
	struct dgs_buf n = { 0 };
	int exact = 0, cexact = 0;

	if (s == NULL || !dgs_is(obj, json_type_object) ||
	    (code = str(obj, "issueCode", &k)) == NULL ||
	    (table = str(obj, "tableName", &tk)) == NULL || *table == '\0')
		return;
	schema = str(obj, "schemaName", &k);
	col = str(obj, "columnName", &ck);
	if (col != NULL && *col == '\0')
		col = NULL;
	t = dgs_snapshot_find_table(s, schema ? schema : "", table, &exact);
	if (t != NULL && !exact)
		t = NULL;
	if (t != NULL && col != NULL && ((c = dgs_snapshot_find_col(s, t, col,
	    &cexact)) == NULL || !cexact))
		c = NULL;
	add_table_name(&n, s->document ? NULL : schema, table);
	if (col != NULL)
		dgs_buf_addf(&n, ".%s", col);
	if ((strcmp(code, "missing_table") == 0 ||
	    strcmp(code, "missing_collection") == 0) && t != NULL)
		dgs_report_member(ctx, rule, tk, "%s %s for \"%s\", but the "
		    "schema snapshot has that %s: the service would not list "
		    "it", what, code, n.s, s->document ? "collection" : "table");
	else if ((strcmp(code, "new_table") == 0 ||
	    strcmp(code, "new_collection") == 0) && t == NULL)
		dgs_report_member(ctx, rule, tk, "%s %s for \"%s\", but the "
		    "schema snapshot has no such %s: the service would not "
		    "list it", what, code, n.s, s->document ? "collection" :
		    "table");
	else if (col == NULL || t == NULL)
		;
	else if ((strcmp(code, "missing_column") == 0 ||
	    strcmp(code, "missing_path_type") == 0) && c != NULL &&
	    !s->document)
		dgs_report_member(ctx, rule, ck, "%s %s for \"%s\", but the "
		    "schema snapshot has that column: the service would not "
		    "list it", what, code, n.s);
	else if ((strcmp(code, "new_column") == 0 ||
	    strcmp(code, "changed_column_type") == 0 ||
	    strcmp(code, "changed_nullability") == 0 ||
	    strcmp(code, "new_foreign_key") == 0 ||
	    strcmp(code, "new_path_type") == 0) && c == NULL)
		dgs_report_member(ctx, rule, ck, "%s %s for \"%s\", but the "
		    "schema snapshot has no such %s: the service would not "
		    "list it", what, code, n.s, s->document ? "path" :
		    "column");
	else if (s->document && c != NULL &&
	    (strcmp(code, "new_path_type") == 0 ||
	    strcmp(code, "missing_path_type") == 0) &&
	    (dtype = path_change_type(obj, code, &dk)) != NULL &&
	    path_has_type(s, c, dtype) != (code[0] == 'n'))
		dgs_report_member(ctx, rule, dk, "%s %s for \"%s\" with data "
		    "type \"%s\", but the schema snapshot %s: the service "
		    "would not list it", what, code, n.s, dtype, code[0] ==
		    'n' ? "has no such path type" : "still has that path type");
	else if (strcmp(code, "changed_column_type") == 0 && c != NULL &&
	    (ntype = str(obj, "newDataType", &nk)) != NULL &&
	    dgs_strcasecmp(ntype, dgs_snapshot_str(s, c->type)) != 0)
		dgs_report_member(ctx, rule, nk, "%s changed_column_type for "
		    "\"%s\" to \"%s\", but the column is \"%s\" in the schema "
		    "snapshot", what, n.s, ntype, dgs_snapshot_str(s, c->type));
	else if (c != NULL && (oc = before_col(ctx, schema, table, col)) !=
	    NULL)
		check_change_before(ctx, obj, rule, what, code, n.s, ck, c, oc);
	dgs_buf_free(&n);
}

void
dgs_chk_db_resolution(struct dgs_ctx *ctx, struct json_object *obj)
{
	check_change(ctx, obj, DGS_R_DB_RESOLUTION_CONTRADICTED,
	    "this item resolves");
}

void
dgs_chk_db_schema_change(struct dgs_ctx *ctx, struct json_object *obj)
{
	check_change(ctx, obj, DGS_R_DB_SCHEMA_CHANGE_CONTRADICTED,
	    "this item lists");
}

/*
 * New columns: the tables the document configures, each with the first
 * replacement that names it and the columns its links configure.
 */
struct conf_table {
	size_t		 table;		/* index in the snapshot */
	size_t		 first;		/* its first replacement */
	struct dgs_strset cols;		/* configured columns */
};

struct conf {
	struct conf_table	*v;
	size_t			 n, cap;
	struct dgs_index	 ix;	/* table index -> v */
};

static int
conf_eq(void *arg, size_t pos)
{
	const struct conf *c = ((const void **)arg)[0];
	size_t table = *(const size_t *)((const void **)arg)[1];

	return c->v[pos].table == table;
}

static struct conf_table *
conf_get(struct conf *c, size_t table, size_t first, int *oom)
{
	const void *arg[2] = { c, &table };
	uint64_t h = dgs_hash(&table, sizeof(table));
	size_t pos;
	void *p;

	if ((pos = dgs_index_find(&c->ix, h, conf_eq, arg)) !=
	    DGS_INDEX_NONE)
		return &c->v[pos];
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 16;

		if ((p = realloc(c->v, cap * sizeof(*c->v))) == NULL) {
			*oom = 1;
			return NULL;
		}
		c->v = p;
		c->cap = cap;
	}
	if (dgs_index_add(&c->ix, h, c->n) != 0) {
		*oom = 1;
		return NULL;
	}
	memset(&c->v[c->n], 0, sizeof(c->v[c->n]));
	c->v[c->n].table = table;
	c->v[c->n].first = first;
	return &c->v[c->n++];
}

static void
conf_links(struct conf_table *ct, struct json_object *obj, const char *name,
    int *oom)
{
	struct dgs_links it;

	for (dgs_links_first(NULL, &it, obj, name, DGS_LINKS_ANYCASE |
	    DGS_LINKS_COLUMN | DGS_LINKS_NO_GEN, NULL); it.i < it.n;
	    dgs_links_next(&it))
		if (dgs_strset_add(&ct->cols, it.column) < 0)
			*oom = 1;
}

/*
 * DGS813: the tables new since --schema-before are one list for the run,
 * reported by the document set (rules/docset.c) at the first replacements
 * document: each document gives it its place, as a key.
 */
void
dgs_chk_db_new_tables(struct dgs_ctx *ctx, struct json_object *root)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot,
	    *old = ctx->opts->snapshot_before;

	(void)root;
	if (s != NULL && old != NULL && s->document == old->document)
		dgs_ds_key(ctx, DGS_R_DB_NEW_TABLE, 0, NULL, 0, NULL);
}

void
dgs_chk_db_new_columns(struct dgs_ctx *ctx, struct json_object *root)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot,
	    *old = ctx->opts->snapshot_before;
	const struct dgs_snapshot_table *t, *ot;
	const struct dgs_snapshot_col *c, *oc;
	struct conf conf = { NULL, 0, 0, { NULL, 0, 0 } };
	struct conf_table *ct;
	struct json_object *obj;
	const char *schema, *table, *k, *tk, *cn;
	char suffix[64];
	size_t i, n, j;
	uint32_t ci;
	int exact, oom = 0, single;

	if (s == NULL || old == NULL || s->document || old->document)
		return;
	single = dgs_is(root, json_type_object);
	if (!single && !dgs_is(root, json_type_array))
		return;
	n = single ? 1 : json_object_array_length(root);
	for (i = 0; i < n && !oom; i++) {
		obj = single ? root : json_object_array_get_idx(root, i);
		if (!dgs_is(obj, json_type_object) ||
		    (table = str(obj, "table", &tk)) == NULL)
			continue;
		schema = str(obj, "schema", &k);
		if ((t = dgs_snapshot_find_table(s, schema ? schema : "", table,
		    &exact)) == NULL || !exact)
			continue;
		if ((ct = conf_get(&conf, dgs_snapshot_table_index(s, t), i,
		    &oom)) == NULL)
			break;
		conf_links(ct, obj, "links", &oom);
	}
	for (j = 0; j < conf.n && !oom; j++) {
		ct = &conf.v[j];
		t = &s->tables[ct->table];
		if ((ot = dgs_snapshot_find_table(old, dgs_snapshot_str(s,
		    t->schema), dgs_snapshot_str(s, t->name), &exact)) == NULL ||
		    !exact)
			continue;	/* a new table, configured already */
		obj = single ? root : json_object_array_get_idx(root,
		    ct->first);
		(void)str(obj, "table", &tk);
		if (single)
			snprintf(suffix, sizeof(suffix), "/%s", tk);
		else
			snprintf(suffix, sizeof(suffix), "/%zu/%s", ct->first,
			    tk);
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &s->cols[ci];
			cn = dgs_snapshot_str(s, c->name);
			if (dgs_strset_has(&ct->cols, cn) ||
			    ((oc = dgs_snapshot_find_col(old, ot, cn, &exact)) !=
			    NULL && exact))
				continue;
			dgs_report_suffix(ctx, DGS_R_DB_NEW_COLUMN,
			    DGS_AT_VALUE, suffix, -1, "column "
			    "\"%s\" (%s) of table \"%s\" is not in the "
			    "--schema-before snapshot: the service lists it as "
			    "new_column, and it will be Passthrough, copying the "
			    "real data into the output, unless a generator is "
			    "assigned to it; " STRICT, cn, dgs_snapshot_str(s,
			    c->type), dgs_snapshot_str(s, t->name));
		}
	}
	if (oom)
		ctx->res->oom = 1;
	for (j = 0; j < conf.n; j++)
		dgs_strset_free(&conf.v[j].cols);
	free(conf.v);
	dgs_index_free(&conf.ix);
}
