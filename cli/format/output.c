/*
 * output.c: the table of the output formats, and the dispatch to them.
 * Every format streams: begin, then each document's findings in order (or
 * the reason a document could not be read), then the end with the
 * summary.  Only JUnit holds its suites in memory, to put the totals on
 * the root element.  Each format is one file, FORMAT.c, exporting one
 * struct format_ops (output.h) registered in the table below; the
 * formats call shared.c, never this file.  Text is written as it comes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output.h"

/* In --help order. */
static const struct format_ops *const formats[FMT_MAX] = {
	[FMT_TEXT] = &out_text,
	[FMT_JSON] = &out_json,
	[FMT_SARIF] = &out_sarif,
	[FMT_GITHUB] = &out_github,
	[FMT_CHECKSTYLE] = &out_checkstyle,
	[FMT_JUNIT] = &out_junit,
	[FMT_GITLAB] = &out_gitlab,
	[FMT_RDJSON] = &out_rdjson,
};

/* The hooks of an output: its format's, or --statistics' for text and
 * json. */
static const struct format_ops *
ops(const struct output *o)
{
	return o->statistics ? &out_statistics : formats[o->format];
}

int
format_from_name(const char *s, enum format *out)
{
	size_t i;

	for (i = 0; i < FMT_MAX; i++)
		if (strcmp(formats[i]->name, s) == 0) {
			*out = (enum format)i;
			return 0;
		}
	return -1;
}

const char *
format_name(enum format f)
{
	return formats[f]->name;
}

/*
 * Dispatch.  A write error is remembered (with its errno) and stops the
 * output; the caller reports it.
 */
static void
check_write(struct output *o)
{
	if (!o->failed && ferror(o->fp)) {
		o->failed = 1;
		o->err = errno != 0 ? errno : EIO;
	}
}

void
output_begin(struct output *o)
{
	const struct format_ops *f = ops(o);

	errno = 0;
	if (f->begin != NULL)
		f->begin(o);
	check_write(o);
}

void
output_file(struct output *o, const char *name, const struct findings *r)
{
	if (o->failed)
		return;
	ops(o)->file(o, name, r);
	check_write(o);
}

/* Text and json: the reason is on stderr only. */
void
output_unreadable(struct output *o, const char *name, const char *why)
{
	const struct format_ops *f = ops(o);

	if (o->failed)
		return;
	if (f->unreadable != NULL)
		f->unreadable(o, name, why);
	check_write(o);
}

void
output_end(struct output *o, const struct summary *s)
{
	const struct format_ops *f = ops(o);

	if (!o->failed && f->end != NULL)
		f->end(o, s);
	if (f->done != NULL)
		f->done(o);
	check_write(o);
	o->state = NULL;
}

/*
 * Standard output, whatever the mode (findings, a fixed document, a diff,
 * --list-rules, --explain, --print-schema, --print-config, --snapshot,
 * --help): a write that failed anywhere, or a failing close, is said once
 * and makes the exit status 2, never a success.
 */
static int stdout_said;

void
stdout_failed(int err)
{
	if (stdout_said)
		return;
	stdout_said = 1;
	if (err != 0)
		fprintf(stderr, "dgslint: standard output: write error: %s\n",
		    strerror(err));
	else
		fprintf(stderr, "dgslint: standard output: write error\n");
}

void
stdout_check(void)
{
	int bad, e;

	errno = 0;
	bad = fflush(stdout) != 0;
	e = errno;
	if (!bad && ferror(stdout)) {
		bad = 1;	/* the reason went with the failed write */
		e = 0;
	}
	errno = 0;
	if (fclose(stdout) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (!bad)
		return;
	stdout_failed(e);
	_exit(2);
}
