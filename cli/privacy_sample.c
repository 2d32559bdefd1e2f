/*
 * privacy_sample.c: --sample N, the values of a privacy report's
 * columns.  Tonic's scan "looks at the data type, column name, and
 * column values" (https://docs.tonic.ai/app/generation/identify-
 * sensitive-data); the report looks at the first two, and this at the
 * third when the user asks, in the direction Tonic's list of value types
 * allows (rules/values.c).  The candidates, at most SAMPLE_MAX_COLUMNS:
 * first the columns At Risk by their name whose type a value shows by
 * its form, then the columns of text (or of an address type) that no
 * name marked.  A protected column is not read: its status cannot
 * change.  The verdicts (dgs_values_decide(), whose thresholds
 * dgslint.h gives):
 *	confirmed	the reason says how many values bear the type;
 *	doubted		not sensitive (the name alone is too weak: an
 *			email_template is no email address);
 *	found		At Risk as the type of its values, named or not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"
#include "privacy.h"
#include "privacy_sample.h"

/* A candidate: its column object and the type its name suggested. */
struct cand {
	struct json_object	*col;
	int			 named;
};

/* The data types whose values may be text of a type: text, and the
 * types PostgreSQL has for addresses. */
static int
textual(const char *type)
{
	static const char *const prefixes[] = {
		"text", "char", "varchar", "character", "nchar", "nvarchar",
		"citext", "bpchar", "string", "tinytext", "mediumtext",
		"longtext", "clob", "inet", "cidr", "macaddr"
	};
	size_t i, n;

	for (i = 0; type != NULL && i < sizeof(prefixes) /
	    sizeof(prefixes[0]); i++) {
		n = strlen(prefixes[i]);
		if (strncmp(type, prefixes[i], n) == 0 &&
		    (type[n] == '\0' || type[n] == ' ' || type[n] == '('))
			return 1;
	}
	return 0;
}

static int
is(const char *s, const char *t)
{
	return s != NULL && strcmp(s, t) == 0;
}

/* The report's recommendation for a type, from a column of that type
 * that has one; NULL when none has. */
static const char *
recommended(struct json_object *cols, const char *type)
{
	struct json_object *c;
	const char *g;
	size_t i, n = json_object_array_length(cols);

	for (i = 0; i < n; i++) {
		c = json_object_array_get_idx(cols, i);
		if (is(mstr(c, "sensitivityType"), type) &&
		    (g = mstr(c, "recommendedGenerator")) != NULL)
			return g;
	}
	return NULL;
}

static void
set_str(struct json_object *o, const char *key, const char *s)
{
	json_object_object_add(o, key, s != NULL ?
	    json_object_new_string(s) : NULL);
}

/* Adds what the values said to the column's reason ("only" before it
 * when they doubt the name). */
static void
add_reason(struct json_object *col, int doubt, unsigned long hits,
    unsigned long n, const char *what)
{
	const char *old = mstr(col, "reason");
	char buf[512];
	int k = 0;

	if (old != NULL && *old != '\0')
		k = snprintf(buf, sizeof(buf), "%s; ", old);
	if (k < 0 || (size_t)k >= sizeof(buf))
		k = 0;
	snprintf(buf + k, sizeof(buf) - (size_t)k, "%s%lu of %lu sampled "
	    "values look like %s", !doubt ? "" : k > 0 ? "but only " :
	    "only ", hits, n, what);
	set_str(col, "reason", buf);
}

/* One more (d = 1) or one fewer (d = -1) column of status in o. */
static void
count(struct json_object *o, const char *status, int d)
{
	const char *key = is(status, "protected") ? "protected" :
	    is(status, "at-risk") ? "atRisk" : "notSensitive";

	json_object_object_add(o, key, json_object_new_int64(
	    (int64_t)mnum(o, key) + d));
}

/* The column's status becomes to, in the summary too. */
static void
move(struct json_object *report, struct json_object *col, const char *to)
{
	struct json_object *sum = NULL, *tables, *t;
	const char *from = mstr(col, "status");
	size_t i, n;

	json_object_object_get_ex(report, "summary", &sum);
	tables = marr(sum, "tables");
	n = tables != NULL ? json_object_array_length(tables) : 0;
	if (sum == NULL || is(from, to))
		return;
	count(sum, from, -1);
	count(sum, to, 1);
	for (i = 0; i < n; i++) {
		t = json_object_array_get_idx(tables, i);
		if (is(mstr(t, "schema"), mstr(col, "schema")) &&
		    is(mstr(t, "table"), mstr(col, "table"))) {
			count(t, from, -1);
			count(t, to, 1);
			break;
		}
	}
	set_str(col, "status", to);
}

/* What the values of one column say, into the report. */
static void
judge(struct json_object *report, struct json_object *cols,
    const struct cand *c, const struct dgs_value_tally *t)
{
	unsigned long hits = 0;
	int type = -1;
	const char *name;

	switch (dgs_values_decide(t, c->named, &type, &hits)) {
	case DGS_VALUES_CONFIRM:
		add_reason(c->col, 0, hits, t->n, dgs_value_type_what(type));
		break;
	case DGS_VALUES_FOUND:
		name = dgs_value_type_name(type);
		add_reason(c->col, 0, hits, t->n, dgs_value_type_what(type));
		set_str(c->col, "sensitivityType", name);
		set_str(c->col, "recommendedGenerator",
		    recommended(cols, name));
		move(report, c->col, "at-risk");
		break;
	case DGS_VALUES_DOUBT:
		add_reason(c->col, 1, hits, t->n, dgs_value_type_what(type));
		set_str(c->col, "sensitivityType", NULL);
		set_str(c->col, "recommendedGenerator", NULL);
		move(report, c->col, "not-sensitive");
		break;
	case DGS_VALUES_NONE:
		break;
	}
}

int
privacy_sample(struct json_object *report, const char *conninfo,
    unsigned long n)
{
	struct json_object *cols = marr(report, "columns"), *c;
	struct sample_col *sc;
	struct cand *cand;
	const char *status;
	size_t i, k = 0, ncols;
	int pass, named, rc;

	if (cols == NULL)
		return 0;
	ncols = json_object_array_length(cols);
	cand = xcalloc(ncols > 0 ? ncols : 1, sizeof(*cand));
	sc = xcalloc(ncols > 0 ? ncols : 1, sizeof(*sc));
	/* The named first, then the text no name marked. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ncols && k < SAMPLE_MAX_COLUMNS; i++) {
			c = json_object_array_get_idx(cols, i);
			status = mstr(c, "status");
			named = dgs_value_type_from_name(mstr(c,
			    "sensitivityType"));
			if (mstr(c, "schema") == NULL ||
			    mstr(c, "table") == NULL ||
			    mstr(c, "column") == NULL)
				continue;
			if (pass == 0 ? !(is(status, "at-risk") &&
			    named >= 0) : !(is(status, "not-sensitive") &&
			    mstr(c, "sensitivityType") == NULL &&
			    textual(mstr(c, "dataType"))))
				continue;
			cand[k].col = c;
			cand[k].named = pass == 0 ? named : -1;
			sc[k].schema = mstr(c, "schema");
			sc[k].table = mstr(c, "table");
			sc[k++].column = mstr(c, "column");
		}
	rc = k > 0 ? snapshot_pg_sample(conninfo, sc, k, n) : 0;
	for (i = 0; rc == 0 && i < k; i++)
		if (sc[i].read)
			judge(report, cols, &cand[i], &sc[i].tally);
	free(sc);
	free(cand);
	return rc;
}
