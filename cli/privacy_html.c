/*
 * privacy_html.c: the privacy report as one HTML page.  The page stands
 * alone: its style is in it, and it holds no script and loads nothing
 * (a report of a database's columns is read where no network may be).
 * Each table's coverage is a bar, an inline SVG of three rectangles
 * (protected, not sensitive, At Risk), which needs no style attribute;
 * the colours are the stylesheet's, each status also said in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"
#include "format/output.h"
#include "privacy.h"

/* A table's row of "summary"."tables". */
struct tbl {
	const char	*schema, *table;
	size_t		 columns, prot, notsens, risk;
};

/* An At Risk column: its object, its place in "columns", and the count
 * of At Risk columns of its table. */
struct risky {
	struct json_object	*col;
	const char		*schema, *table;
	size_t			 idx;
	size_t			 count;
};

static const char style[] =
    "body{font-family:sans-serif;margin:2em;color:#1a1a1a;"
    "background:#fff}\n"
    "h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em}\n"
    "table{border-collapse:collapse}\n"
    "th,td{padding:.3em .7em;text-align:left;vertical-align:middle;"
    "border-bottom:1px solid #ddd}\n"
    "thead th{border-bottom:2px solid #888}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "svg.bar{display:block;width:20em;height:1.3em;background:#eee}\n"
    "rect.protected{fill:#2e7d32}rect.not-sensitive{fill:#a8a8a8}"
    "rect.at-risk{fill:#c62828}\n"
    ".key{display:inline-block;width:.9em;height:.9em;"
    "margin:0 .3em 0 1em;vertical-align:-.1em}\n"
    ".key.protected{background:#2e7d32}"
    ".key.not-sensitive{background:#a8a8a8}"
    ".key.at-risk{background:#c62828}\n"
    "tr.risky th{color:#c62828}\n"
    "thead th{white-space:nowrap}\n"
    "code{font-family:monospace,monospace}\n"
    ".risk-count{color:#c62828;font-weight:bold}\n";

static int
strcmp_null(const char *a, const char *b)
{
	return strcmp(a != NULL ? a : "", b != NULL ? b : "");
}

/* The most At Risk columns first, then by schema and table. */
static int
tbl_cmp(const void *pa, const void *pb)
{
	const struct tbl *a = pa, *b = pb;
	int c;

	if (a->risk != b->risk)
		return a->risk > b->risk ? -1 : 1;
	if ((c = strcmp_null(a->schema, b->schema)) != 0)
		return c;
	return strcmp_null(a->table, b->table);
}

/* By schema, table and place: each table's columns together. */
static int
risky_name_cmp(const void *pa, const void *pb)
{
	const struct risky *a = pa, *b = pb;
	int c;

	if ((c = strcmp_null(a->schema, b->schema)) != 0 ||
	    (c = strcmp_null(a->table, b->table)) != 0)
		return c;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* In the tables' order (tbl_cmp()), then by place. */
static int
risky_cmp(const void *pa, const void *pb)
{
	const struct risky *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return risky_name_cmp(pa, pb);
}

/* s escaped, or dash for NULL. */
static void
text(FILE *fp, const char *s)
{
	if (s == NULL)
		fputs("&#8212;", fp);
	else
		xml_str(fp, s, 1);
}

static void
qualified(FILE *fp, const char *schema, const char *table,
    const char *column)
{
	if (schema != NULL && *schema != '\0') {
		xml_str(fp, schema, 1);
		fputc('.', fp);
	}
	text(fp, table);
	if (column != NULL) {
		fputc('.', fp);
		xml_str(fp, column, 1);
	}
}

/* The bar of a table: three rectangles in a 100 by 10 box. */
static void
bar(FILE *fp, const struct tbl *t)
{
	static const char *const cls[3] = {
		"protected", "not-sensitive", "at-risk"
	};
	size_t n[3] = { t->prot, t->notsens, t->risk };
	size_t total = n[0] + n[1] + n[2];
	double x = 0, w;
	int i;

	fputs("<svg class=\"bar\" viewBox=\"0 0 100 10\" "
	    "preserveAspectRatio=\"none\" role=\"img\" aria-label=\"", fp);
	qualified(fp, t->schema, t->table, NULL);
	fprintf(fp, ": %zu protected, %zu not sensitive, %zu At Risk\">",
	    n[0], n[1], n[2]);
	for (i = 0; i < 3; i++) {
		w = total > 0 ? 100.0 * (double)n[i] / (double)total : 0;
		fprintf(fp, "<rect class=\"%s\" x=\"%.3f\" y=\"0\" "
		    "width=\"%.3f\" height=\"10\"/>", cls[i], x, w);
		x += w;
	}
	fputs("</svg>", fp);
}

static void
coverage(FILE *fp, struct json_object *tables)
{
	size_t i, n = json_object_is_type(tables, json_type_array) ?
	    json_object_array_length(tables) : 0;
	struct tbl *v = xcalloc(n > 0 ? n : 1, sizeof(*v));
	struct json_object *o;

	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(tables, i);
		v[i].schema = mstr(o, "schema");
		v[i].table = mstr(o, "table");
		v[i].columns = mnum(o, "columns");
		v[i].prot = mnum(o, "protected");
		v[i].notsens = mnum(o, "notSensitive");
		v[i].risk = mnum(o, "atRisk");
	}
	qsort(v, n, sizeof(*v), tbl_cmp);
	fputs("<h2 id=\"coverage\">Coverage by table</h2>\n", fp);
	if (n == 0) {
		fputs("<p>The snapshot has no table.</p>\n", fp);
		free(v);
		return;
	}
	fputs("<table class=\"coverage\">\n<thead><tr><th scope=\"col\">"
	    "Table</th><th scope=\"col\">Coverage</th><th scope=\"col\">"
	    "Protected</th><th scope=\"col\">Not sensitive</th>"
	    "<th scope=\"col\">At Risk</th><th scope=\"col\">Columns</th>"
	    "</tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < n; i++) {
		fprintf(fp, "<tr class=\"%s\" data-table=\"",
		    v[i].risk > 0 ? "risky" : "safe");
		qualified(fp, v[i].schema, v[i].table, NULL);
		fputs("\"><th scope=\"row\">", fp);
		qualified(fp, v[i].schema, v[i].table, NULL);
		fputs("</th><td>", fp);
		bar(fp, &v[i]);
		fprintf(fp, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu"
		    "</td><td class=\"n%s\">%zu</td><td class=\"n\">%zu"
		    "</td></tr>\n", v[i].prot, v[i].notsens,
		    v[i].risk > 0 ? " risk-count" : "", v[i].risk,
		    v[i].columns);
	}
	fputs("</tbody>\n</table>\n", fp);
	free(v);
}

static void
at_risk(FILE *fp, struct json_object *columns)
{
	size_t i, j, m, k = 0, n = json_object_is_type(columns,
	    json_type_array) ? json_object_array_length(columns) : 0;
	struct risky *v = xcalloc(n > 0 ? n : 1, sizeof(*v));
	struct json_object *o;
	const char *s;

	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(columns, i);
		if ((s = mstr(o, "status")) == NULL ||
		    strcmp(s, "at-risk") != 0)
			continue;
		v[k].col = o;
		v[k].schema = mstr(o, "schema");
		v[k].table = mstr(o, "table");
		v[k++].idx = i;
	}
	/* Each table's count, then the tables' order. */
	qsort(v, k, sizeof(*v), risky_name_cmp);
	for (i = 0; i < k; i = j) {
		for (j = i + 1; j < k && strcmp_null(v[j].schema,
		    v[i].schema) == 0 && strcmp_null(v[j].table,
		    v[i].table) == 0; j++)
			continue;
		for (m = i; m < j; m++)
			v[m].count = j - i;
	}
	qsort(v, k, sizeof(*v), risky_cmp);
	fputs("<h2 id=\"at-risk\">At Risk columns</h2>\n", fp);
	if (k == 0) {
		fputs("<p class=\"none\">No column is At Risk.</p>\n", fp);
		free(v);
		return;
	}
	fputs("<table class=\"at-risk\">\n<thead><tr><th scope=\"col\">"
	    "Column</th><th scope=\"col\">Data type</th><th scope=\"col\">"
	    "Sensitivity type</th><th scope=\"col\">Recommended generator"
	    "</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < k; i++) {
		o = v[i].col;
		if ((s = mstr(o, "column")) == NULL)
			s = "";
		fputs("<tr data-column=\"", fp);
		qualified(fp, v[i].schema, v[i].table, s);
		fputs("\"><td><code>", fp);
		qualified(fp, v[i].schema, v[i].table, s);
		fputs("</code></td><td>", fp);
		text(fp, mstr(o, "dataType"));
		fputs("</td><td>", fp);
		text(fp, mstr(o, "sensitivityType"));
		fputs("</td><td>", fp);
		text(fp, mstr(o, "recommendedGenerator"));
		fputs("</td><td>", fp);
		text(fp, mstr(o, "reason"));
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	free(v);
}

int
privacy_html(FILE *fp, struct json_object *report)
{
	struct json_object *summary = NULL;
	size_t risk;

	json_object_object_get_ex(report, "summary", &summary);
	risk = mnum(summary, "atRisk");
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n", fp);
	fprintf(fp, "<title>dgslint: privacy coverage (%zu At Risk)</title>\n"
	    "<style>\n%s</style>\n</head>\n<body>\n", risk, style);
	fputs("<h1>Privacy coverage</h1>\n", fp);
	fprintf(fp, "<p class=\"summary\">%zu columns: %zu protected, %zu not "
	    "sensitive, <strong class=\"risk-count\">%zu At Risk</strong>."
	    "</p>\n", mnum(summary, "columns"),
	    mnum(summary, "protected"),
	    mnum(summary, "notSensitive"),
	    risk);
	fputs("<p class=\"legend\"><span class=\"key protected\"></span>"
	    "Protected: a generator is assigned"
	    "<span class=\"key not-sensitive\"></span>Not sensitive"
	    "<span class=\"key at-risk\"></span>At Risk: sensitive, and no "
	    "generator</p>\n", fp);
	coverage(fp, marr(summary, "tables"));
	at_risk(fp, marr(report, "columns"));
	fputs("</body>\n</html>\n", fp);
	return 0;
}
