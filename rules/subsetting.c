/*
 * subsetting.c: subsetting configurations
 * (https://docs.tonic.ai/app/api/quick-start-guide/
 * tonic-api-subsetting-config): a POST body,
 * a PUT body (Schema and Table are path parameters), or the list a GET
 * returns.
 *
 * The rules read members as the service's binder probably does, without
 * regard to letter case (a `percent` is reported once, by member-case, and
 * then checked as the `Percent` it stands for), and take null as absent:
 * GET responses write null for the filter a table does not use.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <math.h>
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "subsetting.h"

static const struct dgs_member subset_members[] = {
	{ "Schema", DGS_T_STRING, 0, "write the schema name" },
	{ "Table", DGS_T_STRING, DGS_M_NONEMPTY, "write the table name" },
	{ "IgnoreUpstreamTables", DGS_T_BOOL, 0,
	    "write true (a lookup table) or false (a target table)" },
	{ "Percent", DGS_T_NUM | DGS_T_NULL, 0,
	    "write a number in (0, 100], unquoted" },
	{ "WhereClause", DGS_T_STRING | DGS_T_NULL, 0,
	    "write the condition as a string, without WHERE" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_subset = {
	"a subsetting configuration", subset_members, NULL, NULL, NULL
};

/*
 * Reading a configuration.
 */
enum role {
	ROLE_TARGET,		/* IgnoreUpstreamTables false or absent */
	ROLE_LOOKUP,		/* IgnoreUpstreamTables true */
	ROLE_UNKNOWN		/* IgnoreUpstreamTables is not a boolean */
};

struct subset {
	struct json_object	*schema, *table, *percent, *where;
	const char		*kschema, *ktable, *kpercent, *kwhere;
	enum role		 role;
};

static void
read_subset(struct json_object *obj, struct subset *v)
{
	struct json_object *ign;
	const char *k;

	v->schema = dgs_get_anycase(obj, "Schema", &v->kschema);
	v->table = dgs_get_anycase(obj, "Table", &v->ktable);
	v->percent = dgs_get_anycase(obj, "Percent", &v->kpercent);
	v->where = dgs_get_anycase(obj, "WhereClause", &v->kwhere);
	ign = dgs_get_anycase(obj, "IgnoreUpstreamTables", &k);
	if (ign == NULL)
		v->role = ROLE_TARGET;
	else if (dgs_is(ign, json_type_boolean))
		v->role = json_object_get_boolean(ign) ? ROLE_LOOKUP :
		    ROLE_TARGET;
	else
		v->role = ROLE_UNKNOWN;
}

/* The value of a number; 0 for another type, or for a number the JSON
 * layer reported as out of range (json-number-range), whose value json-c
 * changed. */
static int
number(struct json_object *v, double *out)
{
	if (!dgs_is(v, json_type_int) && !dgs_is(v, json_type_double))
		return 0;
	*out = json_object_get_double(v);
	return isfinite(*out) && *out < 9.2e18 && *out > -9.2e18;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\f' || c == '\v';
}

/* 1 when v is a string of white space only (or empty). */
static int
blank(struct json_object *v)
{
	const char *s = json_object_get_string(v);
	size_t i, n = (size_t)json_object_get_string_len(v);

	for (i = 0; i < n; i++)
		if (!is_space(s[i]))
			return 0;
	return 1;
}

static const char *
license_name(enum dgs_license l)
{
	return l == DGS_LICENSE_BASIC ? "Basic" : "Professional";
}

/*
 * Per-document state: the compiled WHERE pattern and the last scan.
 */
struct subset_state {
	pcre2_code		*where_re;
	pcre2_match_data	*md;
	pcre2_match_context	*mc;	/* the limits below */
	struct json_object	*scanned;
	struct dgs_sql_scan	 scan;
	struct json_object	*read;	/* subset_of()'s last node */
	struct subset		 v;
	/* The tables of a list so far (DGS514), as copies of their names:
	 * a streamed list's earlier configurations are freed.  Each is a
	 * record of names (see tablemap_add()), which tables indexes by
	 * its offset. */
	struct dgs_index	 tables;
	struct dgs_buf		 names;
};

static void
subset_state_free(void *p)
{
	struct subset_state *st = p;

	pcre2_match_data_free(st->md);
	pcre2_match_context_free(st->mc);
	pcre2_code_free(st->where_re);
	dgs_index_free(&st->tables);
	dgs_buf_free(&st->names);
}

/* The nodes of a streamed list's walked elements are freed, and their
 * addresses may be a later element's. */
static void
subset_state_forget(void *p)
{
	struct subset_state *st = p;

	st->read = NULL;
	st->scanned = NULL;
}

/* The family's per-lint state.  NULL only when memory runs out, which
 * dgs_state() records: the lint fails (exit status 2), so a check that
 * returns without a finding then is not a silent give-up. */
static struct subset_state *
state(struct dgs_ctx *ctx)
{
	ctx->state_forget[DGS_NODE_SUBSET] = subset_state_forget;
	return dgs_state(ctx, DGS_NODE_SUBSET, sizeof(struct subset_state),
	    subset_state_free);
}

/* read_subset(), once per node: a dozen rules ask for it in turn. */
static void
subset_of(struct dgs_ctx *ctx, struct json_object *obj, struct subset *v)
{
	struct subset_state *st = state(ctx);

	if (st != NULL && st->read == obj) {
		*v = st->v;
		return;
	}
	read_subset(obj, v);
	if (st != NULL) {
		st->read = obj;
		st->v = *v;
	}
}

/*
 * The clause of a configuration whose clause is used (not a lookup
 * table's), with its scan; NULL otherwise.
 */
static const struct dgs_sql_scan *
clause(struct dgs_ctx *ctx, struct json_object *obj, struct subset *v,
    const char **s, size_t *len)
{
	struct subset_state *st;

	subset_of(ctx, obj, v);
	if (v->role == ROLE_LOOKUP || !dgs_is(v->where, json_type_string) ||
	    (st = state(ctx)) == NULL)
		return NULL;
	*s = json_object_get_string(v->where);
	*len = (size_t)json_object_get_string_len(v->where);
	if (st->scanned != v->where) {
		dgs_sql_scan(*s, *len, &st->scan);
		st->scanned = v->where;
	}
	return &st->scan;
}

/*
 * Rules.
 */
void
dgs_chk_subset_license(struct dgs_ctx *ctx, struct json_object *root)
{
	(void)root;
	if (ctx->opts->license == DGS_LICENSE_ENTERPRISE)
		return;
	dgs_report(ctx, DGS_R_SUBSET_LICENSE, "subsetting is part of the "
	    "Advanced API, which needs an Enterprise license; with a %s "
	    "license the service refuses this configuration: apply it on an "
	    "Enterprise instance", license_name(ctx->opts->license));
}

void
dgs_chk_subset_schema_table(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;
	const char *has, *lacks;

	if (ctx->kind == DGS_KIND_SUBSETTING_PUT)
		return;
	subset_of(ctx, obj, &v);
	if (v.schema != NULL && v.table != NULL)
		return;
	has = v.schema != NULL ? v.kschema : v.ktable;
	lacks = v.schema != NULL ? "Table" : "Schema";
	if (dgs_is(ctx->root, json_type_array)) {
		if (v.schema == NULL && v.table == NULL)
			dgs_report(ctx, DGS_R_SUBSET_SCHEMA_TABLE, "a "
			    "configuration in a list names no table; give "
			    "it `Schema` and `Table`");
		else
			dgs_report(ctx, DGS_R_SUBSET_SCHEMA_TABLE, "a "
			    "configuration in a list names its table with "
			    "`Schema` and `Table`; this one has `%s` but "
			    "lacks `%s`: add it", has, lacks);
	} else if (v.schema != NULL || v.table != NULL)
		dgs_report(ctx, DGS_R_SUBSET_SCHEMA_TABLE, "the configuration "
		    "has `%s` but no `%s`: a POST body names both (add `%s`), "
		    "a PUT body neither, as the path names the table (remove "
		    "`%s`)", has, lacks, lacks, has);
}

void
dgs_chk_subset_path_parameter(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;

	if (ctx->kind != DGS_KIND_SUBSETTING_PUT)
		return;
	subset_of(ctx, obj, &v);
	if (v.schema != NULL)
		dgs_report_key(ctx, DGS_R_SUBSET_PATH_PARAMETER, v.kschema,
		    "`%s` is the {schema} path parameter of PUT "
		    ".../subsetting/{schema}/{table}; the service does not "
		    "read it from the body: remove it", v.kschema);
	if (v.table != NULL)
		dgs_report_key(ctx, DGS_R_SUBSET_PATH_PARAMETER, v.ktable,
		    "`%s` is the {table} path parameter of PUT "
		    ".../subsetting/{schema}/{table}; the service does not "
		    "read it from the body: remove it", v.ktable);
}

void
dgs_chk_lookup_percent(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;
	double p;

	subset_of(ctx, obj, &v);
	if (v.role != ROLE_LOOKUP || !number(v.percent, &p) || p == 100)
		return;
	dgs_fix_value(ctx, DGS_FIX_UNSAFE, v.kpercent, "100");
	dgs_fix_describe(ctx, "set `%s` to 100", v.kpercent);
	dgs_report_member(ctx, DGS_R_LOOKUP_PERCENT, v.kpercent, "a lookup "
	    "table (`IgnoreUpstreamTables`: true) includes all of its "
	    "records, so its `%s` is always 100, not %g; write 100 or remove "
	    "`%s`", v.kpercent, p, v.kpercent);
}

void
dgs_chk_lookup_where_clause(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;

	subset_of(ctx, obj, &v);
	if (v.role != ROLE_LOOKUP || !dgs_is(v.where, json_type_string) ||
	    blank(v.where))
		return;
	dgs_report_member(ctx, DGS_R_LOOKUP_WHERE_CLAUSE, v.kwhere, "the "
	    "service ignores `%s` on a lookup table (`IgnoreUpstreamTables`: "
	    "true), which includes all of its records; remove the clause, or "
	    "set `IgnoreUpstreamTables` to false to make this a target table "
	    "that the clause filters", v.kwhere);
}

void
dgs_chk_target_no_filter(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;

	subset_of(ctx, obj, &v);
	if (v.role != ROLE_TARGET || v.percent != NULL || v.where != NULL)
		return;
	dgs_report(ctx, DGS_R_TARGET_NO_FILTER, "this target table selects "
	    "no records: add `Percent` (such as 5, for a 5%% sample) or a "
	    "`WhereClause`; for a lookup table, which takes every record, set "
	    "`IgnoreUpstreamTables` to true");
}

void
dgs_chk_target_both_filters(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;
	double p;

	subset_of(ctx, obj, &v);
	/* An empty clause is no clause (as a form or a GET response may
	 * write it): the percentage selects the records. */
	if (v.role != ROLE_TARGET || v.percent == NULL || v.where == NULL ||
	    (dgs_is(v.where, json_type_string) && blank(v.where)))
		return;
	if (number(v.percent, &p) && p == 100)
		dgs_report_member(ctx, DGS_R_TARGET_BOTH_FILTERS, v.kpercent,
		    "a target table selects its records by `Percent` or by "
		    "`WhereClause`, not both; `%s` 100 does not narrow the "
		    "table down: remove it and keep the clause", v.kpercent);
	else
		dgs_report_member(ctx, DGS_R_TARGET_BOTH_FILTERS, v.kpercent,
		    "a target table selects its records by `Percent` or by "
		    "`WhereClause`, not both; you probably mean the clause: "
		    "remove `%s` (for a random sample of the rows too, write "
		    "it into the clause, as in \"... OR random() < 0.05\"), "
		    "or remove `%s` to keep the percentage", v.kpercent,
		    v.kwhere);
}

void
dgs_chk_percent_range(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;
	double p;

	subset_of(ctx, obj, &v);
	if (v.role == ROLE_LOOKUP || !number(v.percent, &p) ||
	    (p > 0 && p <= 100))
		return;
	if (p <= 0)
		dgs_report_member(ctx, DGS_R_PERCENT_RANGE, v.kpercent,
		    "`%s` %g selects no records; write a percentage above 0 "
		    "and at most 100 (decimals such as 0.5 are allowed)",
		    v.kpercent, p);
	else
		dgs_report_member(ctx, DGS_R_PERCENT_RANGE, v.kpercent,
		    "`%s` %g is more than 100; write a percentage above 0 and "
		    "at most 100 (100 takes every record)", v.kpercent, p);
}

void
dgs_chk_where_empty(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset v;

	subset_of(ctx, obj, &v);
	if (v.role == ROLE_LOOKUP || v.percent != NULL ||
	    !dgs_is(v.where, json_type_string) || !blank(v.where))
		return;
	dgs_report_member(ctx, DGS_R_WHERE_EMPTY, v.kwhere, "`%s` holds no "
	    "condition; write the one that selects the records, such as "
	    "\"amount < 100\", or use `Percent` instead", v.kwhere);
}

/*
 * The WHERE keyword at the start of a clause, after white space and
 * comments; the match starts at the keyword.
 */
static const char where_pattern[] =
    "\\A(?:\\s|--[^\\n\\r]*+|/\\*.*?\\*/)*+\\K(?i:where)"
    "(?![A-Za-z0-9_$@#])";

/*
 * Bounds of the WHERE match (dgslint(1), LIMITS), PCRE2's defaults made
 * explicit: ten million steps and 20 MiB of backtracking memory.  The
 * pattern is anchored and its repeats possessive: a million leading
 * blanks or comments take 0.05 s and 2 MB.  A clause that reaches a
 * bound is reported as not checked (check-skipped), never as clean.
 */
#define WHERE_MATCH_LIMIT	10000000u	/* steps */
#define WHERE_HEAP_LIMIT	20480u		/* KiB */

void
dgs_chk_where_keyword(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct subset_state *st;
	struct subset v;
	struct dgs_buf rest = { 0 };
	PCRE2_SIZE *ov, erroff, end;
	PCRE2_UCHAR why[120];
	const char *s;
	size_t len;
	int err, rc;

	if (clause(ctx, obj, &v, &s, &len) == NULL ||
	    (st = state(ctx)) == NULL)
		return;
	if (st->where_re == NULL) {
		/* A fixed pattern: it fails to compile only when memory
		 * runs out, which fails the lint. */
		st->where_re = pcre2_compile((PCRE2_SPTR)where_pattern,
		    PCRE2_ZERO_TERMINATED, PCRE2_DOTALL, &err, &erroff, NULL);
		if (st->where_re != NULL)
			st->md = pcre2_match_data_create_from_pattern(
			    st->where_re, NULL);
		if (st->md != NULL &&
		    (st->mc = pcre2_match_context_create(NULL)) != NULL) {
			pcre2_set_match_limit(st->mc, WHERE_MATCH_LIMIT);
			pcre2_set_heap_limit(st->mc, WHERE_HEAP_LIMIT);
		}
		if (st->where_re == NULL || st->md == NULL || st->mc == NULL) {
			pcre2_match_data_free(st->md);
			pcre2_code_free(st->where_re);
			st->md = NULL;
			st->where_re = NULL;
			ctx->res->oom = 1;
			return;
		}
	}
	rc = pcre2_match(st->where_re, (PCRE2_SPTR)s, len, 0, 0, st->md,
	    st->mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return;
	if (rc == PCRE2_ERROR_NOMEMORY) {
		ctx->res->oom = 1;
		return;
	}
	if (rc < 0) {
		if (pcre2_get_error_message(rc, why, sizeof(why)) < 0)
			memcpy(why, "match error", 12);
		dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, v.kwhere, "`%s` "
		    "is not checked for a leading WHERE keyword: the match "
		    "stopped at a bound (%s)", v.kwhere, (const char *)why);
		return;
	}
	ov = pcre2_get_ovector_pointer(st->md);
	for (end = ov[1]; end < len && is_space(s[end]); end++)
		continue;
	if (end < len && len - end <= 80)
		dgs_buf_add_json_str(&rest, s + end, len - end);
	if (end < len) {
		/* The keyword and the blanks after it; comments before it
		 * stay. */
		dgs_fix_in_string(ctx, DGS_FIX_SAFE, v.kwhere,
		    dgs_char_index(s, ov[0]), dgs_char_index(s, end), "");
		dgs_fix_describe(ctx, "remove the WHERE keyword");
	}
	dgs_report_in_string(ctx, DGS_R_WHERE_KEYWORD, v.kwhere,
	    dgs_char_index(s, ov[0]), "the clause starts with the WHERE keyword, "
	    "which the service adds itself; write the condition only%s%s",
	    rest.s != NULL ? ": " : "", rest.s != NULL ? rest.s : "");
	dgs_buf_free(&rest);
}

void
dgs_chk_where_semicolon(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_sql_scan *sc;
	struct subset v;
	const char *s;
	size_t len, i;

	if ((sc = clause(ctx, obj, &v, &s, &len)) == NULL ||
	    sc->semicolon < 0)
		return;
	for (i = (size_t)sc->semicolon + 1; i < len && is_space(s[i]); i++)
		continue;
	if (i == len) {
		/* A terminator with nothing after it: redundant. */
		dgs_fix_in_string(ctx, DGS_FIX_SAFE, v.kwhere,
		    dgs_char_index(s, (size_t)sc->semicolon), dgs_char_index(s, len), "");
		dgs_fix_describe(ctx, "remove the final `;`");
		dgs_report_in_string(ctx, DGS_R_WHERE_SEMICOLON, v.kwhere,
		    dgs_char_index(s, (size_t)sc->semicolon), "the service puts the "
		    "clause inside its own query, where this `;` ends the "
		    "statement too early; remove it");
	} else
		dgs_report_in_string(ctx, DGS_R_WHERE_SEMICOLON, v.kwhere,
		    dgs_char_index(s, (size_t)sc->semicolon), "a `;` outside quotes "
		    "ends the statement: the clause must be one condition; "
		    "remove the `;` and what follows it, and join conditions "
		    "with AND or OR");
}

void
dgs_chk_where_unbalanced(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_sql_scan *sc;
	struct subset v;
	const char *s, *msg;
	size_t len;

	if ((sc = clause(ctx, obj, &v, &s, &len)) == NULL)
		return;
	switch (sc->problem) {
	case DGS_SQL_OK:
		return;
	case DGS_SQL_OPEN_STRING:
		msg = "the string literal opened here is not closed; add the "
		    "closing ' (inside a literal, write '' for a quote)";
		break;
	case DGS_SQL_OPEN_IDENT:
		msg = "the \" opened here is not closed; add the closing \" "
		    "(inside quotes, write \"\" for a quote)";
		break;
	case DGS_SQL_OPEN_BRACKET:
		msg = "the [ opened here is not closed; add the closing ]";
		break;
	case DGS_SQL_OPEN_BACKTICK:
		msg = "the ` opened here is not closed; add the closing `";
		break;
	case DGS_SQL_OPEN_COMMENT:
		msg = "the comment opened here is not closed; add */";
		break;
	case DGS_SQL_CLOSE_PAREN:
		msg = "this ) closes no (; remove it, or add the ( it belongs "
		    "to";
		break;
	default:
		msg = "this ( is never closed; add the ) it needs";
		break;
	}
	dgs_report_in_string(ctx, DGS_R_WHERE_UNBALANCED, v.kwhere,
	    dgs_char_index(s, (size_t)sc->problem_at), "%s", msg);
}

void
dgs_chk_where_trailing_comment(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_sql_scan *sc;
	struct subset v;
	const char *s;
	size_t len;

	if ((sc = clause(ctx, obj, &v, &s, &len)) == NULL ||
	    sc->trailing_comment < 0)
		return;
	dgs_report_in_string(ctx, DGS_R_WHERE_TRAILING_COMMENT, v.kwhere,
	    dgs_char_index(s, (size_t)sc->trailing_comment), "this -- comment runs "
	    "to the end of the clause, so it also comments out whatever the "
	    "service writes after the clause in its query; remove it, write "
	    "it as /* ... */, or end it with a line break");
}

/*
 * Tables configured twice in a list: an open-addressing map from the
 * hash of (Schema, Table) to a record of the first configuration of
 * each, 12 bytes and the names: its index in the list, the lengths of
 * Schema and Table (each a uint32_t), then their bytes.  A document is
 * under 2 GiB, so are the records, which copy less than its text.
 */
struct table_arg {
	const struct subset_state	*st;
	const char			*s, *t;
	uint32_t			 slen, tlen;
};

static int
table_eq(void *arg, size_t pos)
{
	const struct table_arg *a = arg;
	const char *r = a->st->names.s + pos;
	uint32_t len[2];

	memcpy(len, r + 4, sizeof(len));
	if (len[0] != a->slen || len[1] != a->tlen)
		return 0;
	return memcmp(r + 12, a->s, a->slen) == 0 &&
	    memcmp(r + 12 + a->slen, a->t, a->tlen) == 0;
}

/* The same, when the list is whole (not streamed): pos is the index of
 * a configuration of root, compared as it is, with no record made. */
struct tree_arg {
	struct json_object	*root;
	const char		*s, *t;
	size_t			 slen, tlen;
};

static int
tree_eq(void *arg, size_t pos)
{
	const struct tree_arg *a = arg;
	struct json_object *e = json_object_array_get_idx(a->root, pos), *x;
	const char *k;

	x = dgs_get_anycase(e, "Schema", &k);
	if ((size_t)json_object_get_string_len(x) != a->slen ||
	    memcmp(json_object_get_string(x), a->s, a->slen) != 0)
		return 0;
	x = dgs_get_anycase(e, "Table", &k);
	return (size_t)json_object_get_string_len(x) == a->tlen &&
	    memcmp(json_object_get_string(x), a->t, a->tlen) == 0;
}

/* The index of an earlier configuration of the same table as item i (of
 * schema s and table t), or -1 after recording item i; -2 when out of
 * memory. */
static long
tablemap_add(struct dgs_ctx *ctx, struct json_object *s, struct json_object *t,
    size_t i)
{
	struct subset_state *st = state(ctx);
	struct table_arg a;
	char rec[128];
	uint32_t head[3];
	uint64_t h;
	size_t j;

	if (!dgs_is(s, json_type_string) || !dgs_is(t, json_type_string))
		return -1;
	if (st == NULL)
		return -2;
	a.st = st;
	a.s = json_object_get_string(s);
	a.slen = (uint32_t)json_object_get_string_len(s);
	a.t = json_object_get_string(t);
	a.tlen = (uint32_t)json_object_get_string_len(t);
	h = dgs_hash(a.s, a.slen);
	h = (h * 0x100000001b3ULL) ^ dgs_hash(a.t, a.tlen);
	if (!ctx->streamed) {
		struct tree_arg ta = { ctx->root, a.s, a.t, a.slen, a.tlen };

		if ((j = dgs_index_find(&st->tables, h, tree_eq, &ta)) !=
		    DGS_INDEX_NONE)
			return (long)j;
		return dgs_index_add(&st->tables, h, i) != 0 ? -2 : -1;
	}
	if ((j = dgs_index_find(&st->tables, h, table_eq, &a)) !=
	    DGS_INDEX_NONE) {
		memcpy(head, st->names.s + j, sizeof(head));
		return (long)head[0];
	}
	/* Room for every configuration of the list at once. */
	if (st->tables.n == 0 &&
	    dgs_index_reserve(&st->tables, ctx->nelems) != 0)
		return -2;
	j = st->names.len;
	head[0] = (uint32_t)i;
	head[1] = a.slen;
	head[2] = a.tlen;
	if (sizeof(head) + a.slen + a.tlen <= sizeof(rec)) {
		/* One append, as nearly every record is small. */
		memcpy(rec, head, sizeof(head));
		memcpy(rec + sizeof(head), a.s, a.slen);
		memcpy(rec + sizeof(head) + a.slen, a.t, a.tlen);
		dgs_buf_add(&st->names, rec, sizeof(head) + a.slen + a.tlen);
	} else {
		dgs_buf_add(&st->names, (const char *)head, sizeof(head));
		dgs_buf_add(&st->names, a.s, a.slen);
		dgs_buf_add(&st->names, a.t, a.tlen);
	}
	if (st->names.oom || dgs_index_add(&st->tables, h, j) != 0)
		return -2;
	return -1;
}

static void
report_duplicate(struct dgs_ctx *ctx, struct json_object *item, size_t i,
    long first)
{
	struct dgs_buf a = { 0 }, b = { 0 };
	const char *k;
	size_t old = ctx->ptr.len;

	dgs_ptr_push_index(ctx, i);
	dgs_report(ctx, DGS_R_SUBSET_DUPLICATE_TABLE, "the table %s.%s is "
	    "configured twice, here and at /%ld; a table has one subsetting "
	    "configuration: merge the two", dgs_lit(&a,
	    json_object_get_string(dgs_get_anycase(item, "Schema", &k))),
	    dgs_lit(&b, json_object_get_string(dgs_get_anycase(item, "Table",
	    &k))), first);
	dgs_ptr_pop(ctx, old);
	dgs_buf_free(&a);
	dgs_buf_free(&b);
}

/* DGS882: the table's document-set key, compared with those of the run's
 * other subsetting files (rules/docset.c); item is the current node.  A
 * PUT body names its table in the request path. */
static void
docset_key(struct dgs_ctx *ctx, struct json_object *s,
    struct json_object *t)
{
	struct dgs_dsfield f[2];

	if (ctx->kind != DGS_KIND_SUBSETTING ||
	    !dgs_ds_wanted(ctx, DGS_R_DOCSET_DUPLICATE_SUBSET) ||
	    !dgs_is(s, json_type_string) || !dgs_is(t, json_type_string))
		return;
	f[0] = dgs_ds_field(s);
	f[1] = dgs_ds_field(t);
	dgs_ds_key(ctx, DGS_R_DOCSET_DUPLICATE_SUBSET, 0, f, 2, NULL);
}

/* Configuration i of a list, and what the list's rules compare of it. */
void
dgs_each_subset(struct dgs_ctx *ctx, struct json_object *item, size_t i)
{
	struct json_object *s, *t;
	const char *k;
	size_t old;
	long first;

	dgs_visit(ctx, DGS_NODE_SUBSET, item, NULL, (long)i);
	if (!dgs_is(item, json_type_object))
		return;
	s = dgs_get_anycase(item, "Schema", &k);
	t = dgs_get_anycase(item, "Table", &k);
	old = ctx->ptr.len;
	dgs_ptr_push_index(ctx, i);
	docset_key(ctx, s, t);
	dgs_ptr_pop(ctx, old);
	if (!dgs_rule_enabled(ctx, DGS_R_SUBSET_DUPLICATE_TABLE))
		return;
	if ((first = tablemap_add(ctx, s, t, i)) == -2)
		ctx->res->oom = 1;
	else if (first >= 0)
		report_duplicate(ctx, item, i, first);
}

void
dgs_walk_subsetting(struct dgs_ctx *ctx)
{
	const char *k;
	size_t i, n;

	if (!dgs_is(ctx->root, json_type_array)) {
		dgs_visit(ctx, DGS_NODE_SUBSET, ctx->root, NULL, -1);
		if (dgs_is(ctx->root, json_type_object))
			docset_key(ctx, dgs_get_anycase(ctx->root,
			    "Schema", &k), dgs_get_anycase(ctx->root, "Table",
			    &k));
		return;
	}
	n = json_object_array_length(ctx->root);
	for (i = 0; i < n && !ctx->res->oom; i++)
		dgs_each_subset(ctx, json_object_array_get_idx(ctx->root, i),
		    i);
}
