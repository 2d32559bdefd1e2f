/*
 * privacy.c: --privacy-report.  The library decides each column's
 * protection status and gives the report as one JSON object
 * (dgs_privacy_report()); this file loads the snapshot of --snapshot
 * URL, parses the report once and hands the object to the renderer of
 * each output's format (the table below): json writes it, text as a
 * table per schema and table, html as a page (privacy_html()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "format/output.h"
#include "privacy.h"
#include "privacy_sample.h"

static int	write_json(FILE *, struct json_object *);
static int	write_text(FILE *, struct json_object *);

/* The formats of the report. */
static const struct renderer {
	const char	*name;
	int		(*write)(FILE *, struct json_object *);
} renderers[] = {
	{ "text", write_text },
	{ "json", write_json },
	{ "html", privacy_html },
};

#define NRENDERERS	(sizeof(renderers) / sizeof(renderers[0]))

static const struct renderer *
renderer(const char *name)
{
	size_t i;

	for (i = 0; i < NRENDERERS; i++)
		if (strcmp(renderers[i].name, name == NULL ? "text" : name) ==
		    0)
			return &renderers[i];
	return NULL;
}

int
privacy_format_known(const char *name)
{
	return renderer(name) != NULL;
}

struct dgs_snapshot *
privacy_snapshot(const char *conninfo)
{
	struct dgs_snapshot *s = NULL;
	char *buf = NULL, *why = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		die_errno();
	rc = snapshot_pg_write(conninfo, fp, "--snapshot");
	if (fclose(fp) != 0)
		die_errno();
	if (rc == 0 && (rc = dgs_snapshot_load(buf, len, "--snapshot", &s,
	    &why)) != 0) {
		fprintf(stderr, "dgslint: %s\n", why != NULL ? why :
		    dgs_strerror(rc));
		s = NULL;
	}
	free(why);
	free(buf);
	return s;
}

static int
write_json(FILE *fp, struct json_object *report)
{
	struct str s = { NULL, 0, 0 };

	json_tree(&s, report, JSON_C_TO_STRING_SPACED |
	    JSON_C_TO_STRING_PRETTY);
	if (s.s == NULL)
		return -1;
	fputs(s.s, fp);
	fputc('\n', fp);
	free(s.s);
	return 0;
}

/* The counts of an object of the summary, as a sentence's end. */
static void
counts(FILE *fp, struct json_object *o)
{
	fprintf(fp, "%zu protected, %zu not sensitive, %zu at risk",
	    mnum(o, "protected"), mnum(o, "notSensitive"), mnum(o, "atRisk"));
}

/* What the last column of the text says of a column: its generator, or
 * the one to assign. */
static const char *
generator_words(struct json_object *c, char *buf, size_t size)
{
	const char *g = mstr(c, "generator"), *r;

	if (g != NULL)
		return g;
	if ((r = mstr(c, "recommendedGenerator")) != NULL) {
		snprintf(buf, size, "- (assign %s)", r);
		return buf;
	}
	return "-";
}

#define NFIELDS	5

/* The fields of a column's line of the text: column, data type,
 * status, sensitivity type, generator (buf holds the last). */
static void
fields(struct json_object *c, const char **f, char *buf, size_t size)
{
	f[0] = mstr(c, "column");
	f[1] = mstr(c, "dataType");
	f[2] = mstr(c, "status");
	f[3] = mstr(c, "sensitivityType");
	f[4] = generator_words(c, buf, size);
}

/* One table's columns, cols[first..first+n), under a heading. */
static void
text_table(FILE *fp, struct json_object *table, struct json_object *cols,
    size_t first, size_t n)
{
	static const char *const head[NFIELDS] = { "COLUMN", "DATA TYPE",
	    "STATUS", "SENSITIVITY", "GENERATOR" };
	const char *f[NFIELDS], *schema = mstr(table, "schema");
	char buf[160];
	size_t w[NFIELDS], i, k, len;

	fprintf(fp, "%s%s%s: %zu column%s, ", schema != NULL && *schema !=
	    '\0' ? schema : "", schema != NULL && *schema != '\0' ? "." : "",
	    mstr(table, "table"), mnum(table, "columns"),
	    mnum(table, "columns") == 1 ? "" : "s");
	counts(fp, table);
	fputc('\n', fp);
	for (k = 0; k < NFIELDS; k++)
		w[k] = strlen(head[k]);
	for (i = first; i < first + n; i++) {
		fields(json_object_array_get_idx(cols, i), f, buf, sizeof(buf));
		for (k = 0; k < NFIELDS; k++)
			if ((len = strlen(f[k] ? f[k] : "-")) > w[k])
				w[k] = len;
	}
	fputs(" ", fp);
	for (k = 0; k < NFIELDS; k++)
		fprintf(fp, " %-*s", k + 1 < NFIELDS ? (int)w[k] : 0, head[k]);
	fputc('\n', fp);
	for (i = first; i < first + n; i++) {
		fields(json_object_array_get_idx(cols, i), f, buf, sizeof(buf));
		fputs(" ", fp);
		for (k = 0; k < NFIELDS; k++)
			fprintf(fp, " %-*s", k + 1 < NFIELDS ? (int)w[k] : 0,
			    f[k] ? f[k] : "-");
		fputc('\n', fp);
	}
}

/* A table per schema and table, in the snapshot's order, then the
 * whole: the columns come grouped by table, in the order of the
 * summary's tables. */
static int
write_text(FILE *fp, struct json_object *report)
{
	struct json_object *summary, *cols = marr(report, "columns"),
	    *tables = NULL, *t;
	size_t i, at = 0, n, ncols;

	if (!json_object_object_get_ex(report, "summary", &summary) ||
	    cols == NULL || (tables = marr(summary, "tables")) == NULL)
		return 0;
	ncols = json_object_array_length(cols);
	for (i = 0; i < json_object_array_length(tables); i++) {
		t = json_object_array_get_idx(tables, i);
		n = mnum(t, "columns");
		if (n > ncols - at)
			n = ncols - at;
		text_table(fp, t, cols, at, n);
		fputc('\n', fp);
		at += n;
	}
	fprintf(fp, "%zu column%s: ", mnum(summary, "columns"),
	    mnum(summary, "columns") == 1 ? "" : "s");
	counts(fp, summary);
	fputc('\n', fp);
	return 0;
}

int
privacy_write(const struct dgs_options *o, const struct dgs_snapshot *s,
    const char *const *docs,
    const size_t *lens, size_t ndocs, struct output *out,
    const char *const *words, size_t n, const char *conninfo,
    unsigned long sample)
{
	const struct renderer *r;
	struct json_object *report, *summary = NULL;
	char *text;
	size_t len, at_risk, i;
	int rc;

	for (i = 0; i < n; i++)
		if ((r = renderer(words[i])) == NULL) {
			fprintf(stderr, "dgslint: --privacy-report writes text, "
			    "json or html, not %s\n", words[i]);
			return 2;
		} else if (r->write == NULL) {
			fprintf(stderr, "dgslint: --privacy-report: the %s "
			    "report is not built in this dgslint\n",
			    words[i]);
			return 2;
		}
	if ((rc = dgs_privacy_report(o, s, docs, lens, ndocs, &text, &len,
	    &at_risk)) != 0) {
		fprintf(stderr, "dgslint: --privacy-report: %s\n",
		    dgs_strerror(rc));
		return 2;
	}
	report = json_tokener_parse(text);
	free(text);
	if (report == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return 2;
	}
	if (sample > 0 && (rc = privacy_sample(report, conninfo,
	    sample)) != 0) {
		json_object_put(report);
		return rc;
	}
	json_object_object_get_ex(report, "summary", &summary);
	at_risk = mnum(summary, "atRisk");
	for (i = 0; i < n; i++) {
		errno = 0;
		if (renderer(words[i])->write(out[i].fp, report) != 0) {
			json_object_put(report);
			fprintf(stderr, "dgslint: out of memory\n");
			return 2;
		}
		if (ferror(out[i].fp) || fflush(out[i].fp) != 0) {
			out[i].failed = 1;
			out[i].err = errno != 0 ? errno : EIO;
		}
	}
	json_object_put(report);
	return at_risk > 0 ? 1 : 0;
}
