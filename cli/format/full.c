/*
 * full.c: the full format, ruff's "full" for people at a terminal: each
 * finding's text line (the text format's, text_line()), then the line of
 * the document it is on with its span underlined, its JSON Pointer, the
 * fix it carries and its rule's page, and a blank line:
 *
 *	doc.json:16:11: warning: unknown member ... [DGS204 unknown-member]
 *	   |
 *	16 |           "isConsistant": true
 *	   |           ^^^^^^^^^^^^^^
 *	   = pointer: /replacements/0/links/0/metadata/isConsistant
 *	   = fix (--fix): rename `isConsistant` to `isConsistent`
 *
 * In colour on a terminal (--color), where the rule's id is an OSC 8
 * hyperlink to its page when a rule URL is known.  The document's text
 * is what the run linted (struct findings' text); where it is not at
 * hand, the finding has no snippet.  A line is shown as at most
 * SNIP_WIDTH characters around the span, so a minified document of one
 * long line shows a window, not the document; no control character of
 * the document reaches the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

#define SNIP_WIDTH	100	/* characters of a line shown at most */
#define SNIP_BEFORE	30	/* of them before the span, when cut */

/* Where the last finding's line started, and the last place walked to
 * in it (character k at byte b): findings come in order, so the lines,
 * and the places on a long line, are found in one pass over the text. */
struct cursor {
	size_t		 off;	/* the start of line */
	unsigned long	 line;
	size_t		 k, b;
};

/* The byte offset of the start of line (from 1), or (size_t)-1. */
static size_t
line_start(const char *t, size_t len, unsigned long line, struct cursor *c)
{
	const char *nl;

	if (line < c->line) {
		c->off = 0;
		c->line = 1;
		c->k = c->b = 0;
	}
	while (c->line < line) {
		if ((nl = memchr(t + c->off, '\n', len - c->off)) == NULL)
			return (size_t)-1;
		c->off = (size_t)(nl - t) + 1;
		c->line++;
		c->k = c->b = 0;
	}
	return c->off;
}

/* Whether byte i of line (rem bytes to the text's end) ends it. */
static int
eol(const char *line, size_t rem, size_t i)
{
	return i >= rem || line[i] == '\n' || (line[i] == '\r' &&
	    (i + 1 >= rem || line[i + 1] == '\n'));
}

/* One character of a line as shown: its bytes, or an escape, and the
 * columns it takes (a tab is kept, so that the marks below line up). */
struct shown {
	const char	*s;
	size_t		 n;
	char		 buf[16];
};

static size_t
char_at(const char *p, size_t n, struct shown *sh)
{
	unsigned long cp;
	size_t k;

	if ((k = dgs_utf8_decode(p, n, &cp)) == 0) {
		k = 1;
		sh->s = "\xef\xbf\xbd";	/* U+FFFD */
		sh->n = 3;
	} else if (cp != '\t' && dgs_text_control(cp)) {
		sh->s = dgs_text_uescape(cp, sh->buf);
		sh->n = strlen(sh->s);
	} else {
		sh->s = p;
		sh->n = k;
	}
	return k;
}

/* The columns a shown character takes: one, or its escape's length. */
static size_t
width(const struct shown *sh)
{
	return sh->s == sh->buf ? sh->n : 1;
}

/* The byte offset of character k of line (rem bytes to the text's end),
 * walked to from c's last place when it is not past k, else from the
 * line's start; the offset of the line's end when it is shorter (*ended
 * set).  c keeps the place. */
static size_t
walk(const char *line, size_t rem, size_t k, struct cursor *c, int *ended)
{
	struct shown sh;
	size_t i = 0, n = 0;

	if (c->k <= k) {
		i = c->b;
		n = c->k;
	}
	for (; n < k && !eol(line, rem, i); n++)
		i += char_at(line + i, rem - i, &sh);
	c->k = n;
	c->b = i;
	*ended = n < k;
	return i;
}

static void
snippet(struct output *o, const char *t, size_t len, struct cursor *cur,
    const struct dgs_finding *f, int gw)
{
	const char *line, *mark = o->color ? sev_color(f->severity) : "",
	    *gut = o->color ? "\033[1;34m" : "", *off = o->color ? "\033[0m" :
	    "";
	struct cursor head = { 0, 0, 0, 0 };
	struct shown sh;
	size_t start, rem, i, k, from, to, a, b, w;
	int ended;

	if (f->line == 0 || (start = line_start(t, len, f->line, cur)) ==
	    (size_t)-1)
		return;
	line = t + start;
	rem = len - start;
	a = f->column > 0 ? f->column - 1 : 0;
	b = f->end_line == f->line && f->end_column > f->column ?
	    f->end_column - 1 : f->end_line > f->line ? a + SNIP_WIDTH : a + 1;
	/* The window shown: the whole line when it is short (a walk of
	 * SNIP_WIDTH characters at most tells), else SNIP_WIDTH characters
	 * from SNIP_BEFORE before the span, found from the last place. */
	(void)walk(line, rem, SNIP_WIDTH + 1, &head, &ended);
	if (ended) {
		from = 0;
		to = head.k;
		i = 0;
	} else {
		from = a > SNIP_BEFORE ? a - SNIP_BEFORE : 0;
		to = from + SNIP_WIDTH;
		i = walk(line, rem, from, cur, &ended);
		if (ended)	/* the span lies past the line's end */
			from = to = cur->k;
	}
	fprintf(o->fp, "%s%*s |%s\n%s%*lu |%s ", gut, gw, "", off, gut, gw,
	    f->line, off);
	if (from > 0)
		fputs("...", o->fp);
	for (k = from; k < to && !eol(line, rem, i); k++) {
		i += char_at(line + i, rem - i, &sh);
		fwrite(sh.s, 1, sh.n, o->fp);
	}
	fprintf(o->fp, "%s\n%s%*s |%s ", !eol(line, rem, i) ? "..." : "",
	    gut, gw, "", off);
	if (from > 0)
		fputs("   ", o->fp);
	/* Under the span: the characters before it as blanks (a tab as a
	 * tab, an escape as wide as it is shown), then its marks. */
	i = from > 0 ? walk(line, rem, from, cur, &ended) : 0;
	for (k = from; k < a && k < to && !eol(line, rem, i); k++) {
		i += char_at(line + i, rem - i, &sh);
		if (sh.n == 1 && *sh.s == '\t')
			fputc('\t', o->fp);
		else
			for (w = width(&sh); w > 0; w--)
				fputc(' ', o->fp);
	}
	fputs(mark, o->fp);
	if (b <= a)
		b = a + 1;
	for (k = a; k < b && (k < to || k == a); k++) {
		w = 1;
		if (!eol(line, rem, i)) {
			i += char_at(line + i, rem - i, &sh);
			w = width(&sh);
		} else if (k > a)
			break;
		for (; w > 0; w--)
			fputc('^', o->fp);
	}
	fprintf(o->fp, "%s\n", off);
}

/* A pointer's or a fix's text: a document's names, any bytes; one that
 * is not UTF-8 is shown as U+FFFD, as the messages show it (text_esc()
 * keeps it, for the file names). */
static const char *
doc_esc(unsigned long cp, char buf[16], void *arg)
{
	return cp >= DGS_TEXT_NOT_UTF8 ? "\xef\xbf\xbd" :
	    text_esc(cp, buf, arg);
}

static void
full_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	struct cursor cur = { 0, 1, 0, 0 };
	char *url;
	size_t i;
	int gw;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		url = rule_url(o->rule_url, f->rule);
		text_line(o, name, f, url);
		gw = snprintf(NULL, 0, "%lu", f->line);
		if (res->text != NULL)
			snippet(o, res->text, res->len, &cur, f, gw);
		if (f->pointer != NULL) {
			fprintf(o->fp, "%*s = pointer: ", gw, "");
			text_write(o->fp, *f->pointer != '\0' ? f->pointer :
			    "\"\" (the whole document)", doc_esc, 0);
			fputc('\n', o->fp);
		}
		if (f->fix != NULL) {
			fprintf(o->fp, "%*s = fix (%s): ", gw, "",
			    f->fix->safety == DGS_FIX_SAFE ? "--fix" :
			    "--fix --unsafe-fixes");
			text_write(o->fp, f->fix->description, doc_esc, 0);
			fputc('\n', o->fp);
		}
		if (url != NULL)
			fprintf(o->fp, "%*s = rule: %s\n", gw, "", url);
		fputc('\n', o->fp);
		free(url);
	}
}

const struct format_ops out_full = {
	.name = "full",
	.help = "ruff's full: each finding's text line, then its line of "
	    "the document with the span marked, its pointer, fix and page",
	.file = full_file,
	.needs_text = 1,
	.colors = 1,
};
