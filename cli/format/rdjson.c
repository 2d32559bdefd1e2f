/*
 * rdjson.c: the rdjson format, reviewdog's Diagnostic Format as JSON
 * (a DiagnosticResult), which reviewdog posts as review comments on
 * GitHub, GitLab, Bitbucket and Gitea.  One diagnostic a finding: the
 * message, a location with a 1-based range (the end exclusive), the
 * severity, the rule's id as its code, and each edit of the fix as a
 * suggestion.
 *
 * reviewdog counts columns in bytes of UTF-8 (proto/rdf/reviewdog.proto,
 * Position), dgslint in characters: the document is read again to turn
 * one into the other.  When it cannot be (standard input, a FIFO, a
 * file gone), or when its text does not hold the findings' places (it
 * changed since it was linted), the ranges give lines only, which reviewdog takes for
 * whole lines, and there are no suggestions: never a column that may be
 * wrong.  A document that cannot be read is a diagnostic without a
 * range.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output.h"

/* A document's text as read again, and where its lines start. */
struct rdtext {
	char	*s;
	size_t	 len;
	size_t	*line;		/* line[i]: the offset of line i + 1 */
	size_t	 nlines;
};

/* Reads the regular file name whole; -1 when it cannot, or when it is
 * no regular file. */
static int
rd_read(const char *name, struct rdtext *t)
{
	struct stat st;
	ssize_t r;
	size_t cap, i, n = 0;
	int fd;

	/* Only a regular file: a FIFO (or a device) was read once, and
	 * opening it again waited for a writer forever (issue 38); it is
	 * not opened at all, and O_NONBLOCK in case it became one since. */
	if (stat(name, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (fd = open(name, O_RDONLY | O_NOCTTY | O_NONBLOCK)) == -1)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	cap = (size_t)st.st_size + 1;
	t->s = xmalloc(cap);
	for (;;) {
		if (n + 1 >= cap)
			t->s = xrealloc(t->s, cap *= 2);
		if ((r = read(fd, t->s + n, cap - n - 1)) == 0)
			break;
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			free(t->s);
			t->s = NULL;
			return -1;
		}
		n += (size_t)r;
	}
	close(fd);
	t->len = n;
	for (i = 0, t->nlines = 1; i < n; i++)
		t->nlines += t->s[i] == '\n';
	t->line = xcalloc(t->nlines, sizeof(*t->line));
	for (i = 0, t->nlines = 1; i < n; i++)
		if (t->s[i] == '\n')
			t->line[t->nlines++] = i + 1;
	return 0;
}

static void
rd_free(struct rdtext *t)
{
	free(t->s);
	free(t->line);
	memset(t, 0, sizeof(*t));
}

/* The end of line (1-based) l: its newline, or the end of the text. */
static size_t
rd_line_end(const struct rdtext *t, unsigned long l)
{
	const char *nl;
	size_t start = t->line[l - 1];

	nl = memchr(t->s + start, '\n', t->len - start);
	return nl != NULL ? (size_t)(nl - t->s) : t->len;
}

/* The byte column of the character column col of line l, counted as the
 * library counts (a character is a byte that does not continue a UTF-8
 * sequence), or 0 when the line has no such column. */
static unsigned long
rd_bytecol(const struct rdtext *t, unsigned long l, unsigned long col)
{
	size_t p, end;
	unsigned long k;

	if (l == 0 || l > t->nlines || col == 0)
		return 0;
	p = t->line[l - 1];
	end = rd_line_end(t, l);
	for (k = 1; k < col; k++) {
		if (p >= end)
			return 0;
		for (p++; p < end && ((unsigned char)t->s[p] & 0xc0) == 0x80;
		    p++)
			continue;
	}
	return (unsigned long)(p - t->line[l - 1]) + 1;
}

/* The byte column of an edit's offset on line l, if the text holds it
 * there at character column col; else 0. */
static unsigned long
rd_editcol(const struct rdtext *t, size_t off, unsigned long l,
    unsigned long col)
{
	unsigned long b = rd_bytecol(t, l, col);

	return b != 0 && t->line[l - 1] + b - 1 == off ? b : 0;
}

/* Whether the text holds every place of the findings shown (it is the
 * text they were found in, as far as can be told). */
static int
rd_holds(const struct output *o, const struct rdtext *t,
    const struct findings *res)
{
	const struct dgs_finding *f;
	const struct dgs_edit *e;
	size_t i, k;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		if (rd_bytecol(t, f->line, f->column) == 0 ||
		    (f->end_line != 0 &&
		    rd_bytecol(t, f->end_line, f->end_column) == 0))
			return 0;
		for (k = 0; f->fix != NULL && k < f->fix->nedits; k++) {
			e = &f->fix->edits[k];
			if (rd_editcol(t, e->offset, e->line, e->column) == 0 ||
			    rd_editcol(t, e->end, e->end_line,
			    e->end_column) == 0)
				return 0;
		}
	}
	return 1;
}

/* "start" or "end": a line, and its byte column when t is known. */
static void
rd_pos(FILE *fp, const char *what, const struct rdtext *t, unsigned long l,
    unsigned long col)
{
	fprintf(fp, "\"%s\":{\"line\":%lu", what, l);
	if (t != NULL)
		fprintf(fp, ",\"column\":%lu", rd_bytecol(t, l, col));
	putc('}', fp);
}

static void
rd_range(FILE *fp, const struct rdtext *t, unsigned long l, unsigned long c,
    unsigned long el, unsigned long ec)
{
	fputs("\"range\":{", fp);
	rd_pos(fp, "start", t, l, c);
	if (el != 0) {
		putc(',', fp);
		rd_pos(fp, "end", t, el, ec);
	}
	putc('}', fp);
}

static const char *
rd_severity(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "ERROR";
	case DGS_SEV_WARNING:
		return "WARNING";
	default:
		return "INFO";
	}
}

static void
rd_begin(struct output *o)
{
	fputs("{\"source\":{\"name\":\"dgslint\"},\"diagnostics\":[", o->fp);
}

static void
rd_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	const struct dgs_edit *e;
	struct rdtext text, *t = NULL;
	char *url;
	size_t i, k;

	if (count_shown(o, res) == 0)
		return;
	memset(&text, 0, sizeof(text));
	if (rd_read(name, &text) == 0 && rd_holds(o, &text, res))
		t = &text;
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fputs(o->count++ ? ",\n" : "\n", o->fp);
		fputs("{\"message\":", o->fp);
		json_str(o->fp, f->message);
		fputs(",\"location\":{\"path\":", o->fp);
		json_str(o->fp, name);
		if (f->line != 0) {
			putc(',', o->fp);
			rd_range(o->fp, t, f->line, f->column,
			    f->end_line >= f->line ? f->end_line : 0,
			    f->end_column);
		}
		fprintf(o->fp, "},\"severity\":\"%s\",\"code\":{\"value\":",
		    rd_severity(f->severity));
		json_str(o->fp, f->rule->id);
		if ((url = rule_url(o->rule_url, f->rule)) != NULL) {
			fputs(",\"url\":", o->fp);
			json_str(o->fp, url);
			free(url);
		}
		putc('}', o->fp);
		/* Suggestions where the columns are known. */
		for (k = 0; t != NULL && f->fix != NULL && k < f->fix->nedits;
		    k++) {
			e = &f->fix->edits[k];
			fputs(k ? ",{" : ",\"suggestions\":[{", o->fp);
			rd_range(o->fp, t, e->line, e->column, e->end_line,
			    e->end_column);
			fputs(",\"text\":", o->fp);
			json_str(o->fp, e->text);
			fputs(k + 1 == f->fix->nedits ? "}]" : "}", o->fp);
		}
		putc('}', o->fp);
	}
	rd_free(&text);
}

static void
rd_unreadable(struct output *o, const char *name, const char *why)
{
	struct str msg = { NULL, 0, 0 };

	str_add(&msg, "cannot be read: ");
	str_add(&msg, why);
	fputs(o->count++ ? ",\n" : "\n", o->fp);
	fputs("{\"message\":", o->fp);
	json_str(o->fp, msg.s);
	fputs(",\"location\":{\"path\":", o->fp);
	json_str(o->fp, name);
	fputs("},\"severity\":\"ERROR\"}", o->fp);
	free(msg.s);
}

static void
rd_end(struct output *o, const struct summary *sum)
{
	(void)sum;
	fputs(o->count ? "\n]}\n" : "]}\n", o->fp);
}

/* {"source": {"name": "dgslint", ...}, "diagnostics": [...], ...} */
static int
rd_is(struct json_object *o)
{
	static const char *const names[] = { "source", "diagnostics",
	    "severity" };
	struct json_object *v;

	return members_among(o, names, 3) &&
	    member_type(o, "diagnostics", json_type_array) &&
	    json_object_object_get_ex(o, "source", &v) &&
	    member_is(v, "name", "dgslint");
}

const struct format_ops out_rdjson = {
	.name = "rdjson",
	.help = "reviewdog's Diagnostic Format (rdjson)",
	.begin = rd_begin,
	.file = rd_file,
	.unreadable = rd_unreadable,
	.end = rd_end,
	.own = { "source", 0, rd_is,
	    "a report of dgslint --format rdjson" },
};
