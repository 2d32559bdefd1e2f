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

/*
 * The formats, in --help order: a row each, the format's struct
 * format_ops (its name, help line, hooks and the signature of its
 * report), which its file FORMAT.c exports.  --help, the messages of an
 * unknown format, --list-values format (which the shells' completions
 * ask) and own_output() read this table; testdata/names-check checks
 * that dgslint(1) and the README name every row.  The formats that the
 * rest of cli/ names (enum format in cli.h) are at their places.  A new
 * format is its file and its row: its declaration and its place below
 * (testdata/new-format adds one in a copy of the tree).
 */
extern const struct format_ops out_text, out_json, out_sarif, out_github,
    out_checkstyle, out_junit, out_gitlab, out_rdjson, out_full;

static const struct format_ops *const formats[] = {
	[FMT_TEXT] = &out_text,
	[FMT_JSON] = &out_json,
	[FMT_SARIF] = &out_sarif,
	[FMT_GITHUB] = &out_github,
	&out_checkstyle,
	&out_junit,
	&out_gitlab,
	&out_rdjson,
	&out_full,
};
#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))
_Static_assert(NFORMATS < FMT_ROWS, "enum format holds every row");

/* The other writer whose output own_output() recognises. */
extern const struct format_ops out_statistics;	/* --statistics */
static const struct format_ops *const modes[] = { &out_statistics };
#define NMODES		(sizeof(modes) / sizeof(modes[0]))

/* The hooks of an output: its format's, or --statistics' for text and
 * json. */
static const struct format_ops *
ops(const struct output *o)
{
	return o->statistics ? &out_statistics : formats[o->format];
}

size_t
format_count(void)
{
	return NFORMATS;
}

int
format_from_name(const char *s, enum format *out)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		if (strcmp(formats[i]->name, s) == 0) {
			*out = (enum format)i;
			return 0;
		}
	return -1;
}

const char *
format_name(enum format f)
{
	return (size_t)f < NFORMATS ? formats[f]->name : NULL;
}

const char *
format_help(enum format f)
{
	return (size_t)f < NFORMATS ? formats[f]->help : NULL;
}

/* The i-th of the formats and modes, or NULL after the last. */
static const struct format_ops *
writer(size_t i)
{
	return i < NFORMATS ? formats[i] : i < NFORMATS + NMODES ?
	    modes[i - NFORMATS] : NULL;
}

int
format_writes_first(const char *name, int array)
{
	const struct format_ops *f;
	size_t i;

	for (i = 0; (f = writer(i)) != NULL; i++)
		if (f->own.first != NULL && f->own.array == array &&
		    strcmp(f->own.first, name) == 0)
			return 1;
	return 0;
}

const char *
format_own(struct json_object *o)
{
	const struct format_ops *f;
	size_t i;

	for (i = 0; (f = writer(i)) != NULL; i++)
		if (f->own.is != NULL && f->own.is(o))
			return f->own.what;
	return NULL;
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

int
format_colors(enum format f)
{
	return formats[f]->colors;
}

int
output_needs_text(const struct output *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ops(&o[i])->needs_text)
			return 1;
	return 0;
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
