/*
 * junit.c: the junit format, one <testsuite> per document, one failing
 * <testcase> per finding (named by rule and JSON Pointer), a passing one
 * for a clean document, an <error> for a document that cannot be read.
 * The suites are held in memory so that the root carries the totals.
 * Times are 0: linting is not timed, and the report stays reproducible.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

struct junit {
	FILE	*mem;
	char	*buf;
	size_t	 len;
	size_t	 tests, failures, errors;
};

static void
junit_begin(struct output *o)
{
	struct junit *st = xcalloc(1, sizeof(*st));

	if ((st->mem = open_memstream(&st->buf, &st->len)) == NULL)
		die_errno();
	o->state = st;
}

/* The class name: the document's name without its extension. */
static void
junit_classname(FILE *fp, const char *name)
{
	const char *slash = strrchr(name, '/'), *dot = strrchr(name, '.');
	char *s;

	if (dot == NULL || (slash != NULL && dot < slash) || dot == name ||
	    dot[-1] == '/') {
		xml_str(fp, name, 1);
		return;
	}
	s = xstrdup(name);
	s[dot - name] = '\0';
	xml_str(fp, s, 1);
	free(s);
}

static void
junit_file(struct output *o, const char *name, const struct findings *res)
{
	struct junit *st = o->state;
	const struct dgs_finding *f;
	size_t i, n;

	n = count_shown(o, res);
	st->tests += n ? n : 1;
	st->failures += n;
	fputs("  <testsuite name=\"", st->mem);
	xml_str(st->mem, name, 1);
	fprintf(st->mem, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
	    "skipped=\"0\" time=\"0\">\n", n ? n : 1, n);
	if (n == 0) {
		fputs("    <testcase name=\"no findings\" classname=\"",
		    st->mem);
		junit_classname(st->mem, name);
		fputs("\" time=\"0\"/>\n", st->mem);
	}
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fprintf(st->mem, "    <testcase name=\"%s %s at ", f->rule->id,
		    f->rule->name);
		if (f->pointer[0] == '\0')
			fputs("the document root", st->mem);
		else
			xml_str(st->mem, f->pointer, 1);
		fputs("\" classname=\"", st->mem);
		junit_classname(st->mem, name);
		fprintf(st->mem, "\" time=\"0\">\n      <failure type=\"%s\" "
		    "message=\"", dgs_severity_name(f->severity));
		xml_str(st->mem, f->message, 1);
		fputs("\">", st->mem);
		xml_str(st->mem, name, 0);
		fprintf(st->mem, ":%lu:%lu: %s: ", f->line, f->column,
		    dgs_severity_name(f->severity));
		xml_str(st->mem, f->message, 0);
		fprintf(st->mem, " [%s %s]\npointer: ", f->rule->id,
		    f->rule->name);
		xml_str(st->mem, f->pointer[0] ? f->pointer :
		    "(the document root)", 0);
		fputs("</failure>\n    </testcase>\n", st->mem);
	}
	fputs("  </testsuite>\n", st->mem);
}

static void
junit_unreadable(struct output *o, const char *name, const char *why)
{
	struct junit *st = o->state;

	st->tests++;
	st->errors++;
	fputs("  <testsuite name=\"", st->mem);
	xml_str(st->mem, name, 1);
	fputs("\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" "
	    "time=\"0\">\n    <testcase name=\"read\" classname=\"", st->mem);
	junit_classname(st->mem, name);
	fputs("\" time=\"0\">\n      <error type=\"unreadable\" message=\"",
	    st->mem);
	xml_str(st->mem, why, 1);
	fputs("\">", st->mem);
	xml_str(st->mem, name, 0);
	fputs(": cannot be read: ", st->mem);
	xml_str(st->mem, why, 0);
	fputs("</error>\n    </testcase>\n  </testsuite>\n", st->mem);
}

/* Closes the memory stream of the suites, which makes its buffer
 * whole. */
static void
junit_close(struct junit *st)
{
	if (fclose(st->mem) != 0)
		die_errno();
	st->mem = NULL;
}

static void
junit_end(struct output *o, const struct summary *sum)
{
	struct junit *st = o->state;

	junit_close(st);
	fprintf(o->fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites name=\"dgslint\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" time=\"0\">\n", st->tests, st->failures,
	    st->errors);
	fwrite(st->buf, 1, st->len, o->fp);
	fputs("</testsuites>\n", o->fp);
}

static void
junit_free(struct output *o)
{
	struct junit *st = o->state;

	if (st->mem != NULL)
		junit_close(st);
	free(st->buf);
	free(st);
	o->state = NULL;
}

const struct format_ops out_junit = {
	.name = "junit",
	.help = "JUnit XML: a test suite a document, a failure a finding",
	.begin = junit_begin,
	.file = junit_file,
	.unreadable = junit_unreadable,
	.end = junit_end,
	.done = junit_free,
};
