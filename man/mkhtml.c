/*
 * mkhtml.c: the rule pages of make html, made from the rule records
 * (rules.def) as dgslint-rules(7) is by mkman.c, so that a rule's page,
 * its manual entry and its --explain are one text.
 *
 *	mkhtml DIR
 *
 * writes DIR/rules/ID.html for every rule (the names --rule-url and
 * "ruleUrl" link to), DIR/rules/index.html (every rule, in id order)
 * and DIR/index.html (the rules and the manual pages, which make html
 * writes beside it with mandoc -T html).  A page: the id and name; the
 * summary; the default severity, the kinds it applies to, what it needs
 * (a snapshot), its fix; the explanation in paragraphs, `code` as
 * <code>; the bad and the good example; the facts of the generator
 * catalogue it rests on, with their sources.  HTML5, every text escaped,
 * no script, no style, no address of its own: the pages link to one
 * another only.  Built and run by make html, never installed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rules.h"

static FILE *out;

/* Text escaped for HTML character data and attribute values. */
static void
esc(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		switch (s[i]) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			putc(s[i], out);
		}
}

static void
escs(const char *s)
{
	esc(s, strlen(s));
}

/* A paragraph of plain text, `code` as <code>. */
static void
paragraph(const char *p, const char *end)
{
	const char *q;

	fputs("<p>", out);
	while (p < end) {
		if (*p == '`' && (q = memchr(p + 1, '`', (size_t)(end - p -
		    1))) != NULL) {
			fputs("<code>", out);
			esc(p + 1, (size_t)(q - p - 1));
			fputs("</code>", out);
			p = q + 1;
			continue;
		}
		for (q = p + 1; q < end && *q != '`'; q++)
			continue;
		esc(p, (size_t)(q - p));
		p = q;
	}
	fputs("</p>\n", out);
}

/* Plain text in paragraphs (a blank line between two). */
static void
prose(const char *s, size_t n)
{
	const char *p = s, *end = s + n, *e;

	while (p < end) {
		for (e = p; e + 1 < end && !(e[0] == '\n' && e[1] == '\n');
		    e++)
			continue;
		if (e + 1 >= end)
			e = end;
		paragraph(p, e);
		p = e + 2;
	}
}

/* An example: its lines, each without the record's indentation. */
static void
example(const char *title, const char *s, size_t n)
{
	const char *end = s + n, *e;

	fprintf(out, "<h2>%s</h2>\n<pre><code>", title);
	while (s < end) {
		for (e = s; e < end && *e != '\n'; e++)
			continue;
		while (s < e && *s == ' ')
			s++;
		esc(s, (size_t)(e - s));
		if (e < end)
			putc('\n', out);
		s = e + 1;
	}
	fputs("</code></pre>\n", out);
}

static void
head(const char *title, const char *up)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>", out);
	escs(title);
	fputs("</title>\n</head>\n<body>\n", out);
	if (up != NULL)
		fprintf(out, "<nav><a href=\"index.html\">All rules</a> | "
		    "<a href=\"%sdgslint-rules.7.html\">dgslint-rules(7)</a>"
		    "</nav>\n", up);
	fputs("<main>\n", out);
}

static void
foot(void)
{
	fprintf(out, "</main>\n<footer><p>dgslint %s</p></footer>\n"
	    "</body>\n</html>\n", dgs_version());
}

static const char *
fix_word(size_t r)
{
	return dgs_rule_fix[r] == (1u << DGS_FIX_SAFE) ? "safe" :
	    dgs_rule_fix[r] == (1u << DGS_FIX_UNSAFE) ? "unsafe" :
	    "safe or unsafe";
}

static FILE *
open_page(const char *dir, const char *name)
{
	char path[4096];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((fp = fopen(path, "w")) == NULL) {
		fprintf(stderr, "mkhtml: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	return fp;
}

static int
close_page(FILE *fp)
{
	int bad = ferror(fp);

	return fclose(fp) != 0 || bad;
}

static int
page(const char *dir, size_t r)
{
	const struct dgs_rule_info *ri = &dgs_rules[r];
	const char *bad, *good;
	char name[64], kinds[256], *src;

	snprintf(name, sizeof(name), "%s.html", ri->id);
	out = open_page(dir, name);
	snprintf(name, sizeof(name), "%s %s (dgslint)", ri->id, ri->name);
	head(name, "../");
	fprintf(out, "<h1 id=\"%s\"><code>%s</code> %s</h1>\n", ri->id,
	    ri->id, ri->name);
	fputs("<p>", out);
	putc(toupper((unsigned char)ri->summary[0]), out);
	escs(ri->summary + 1);
	fputs(".</p>\n<dl>\n<dt>Default severity</dt><dd>", out);
	escs(dgs_severity_name(ri->severity));
	fputs("</dd>\n<dt>Applies to</dt><dd>", out);
	escs(dgs_kinds_words(ri->kinds, kinds, sizeof(kinds)));
	fputs("</dd>\n", out);
	if (dgs_rule_needs[r] & DGS_NEEDS_BEFORE)
		fputs("<dt>Runs with</dt><dd><code>--schema</code> and "
		    "<code>--schema-before</code></dd>\n", out);
	else if (dgs_rule_needs[r] & DGS_NEEDS_SNAPSHOT)
		fputs("<dt>Runs with</dt><dd><code>--schema</code></dd>\n",
		    out);
	if (dgs_rule_fix_text[r] != NULL) {
		fprintf(out, "<dt>Fix</dt><dd>%s: ", fix_word(r));
		escs(dgs_rule_fix_text[r]);
		fputs(dgs_rule_fix[r] == (1u << DGS_FIX_SAFE) ?
		    " (applied by <code>--fix</code>)" :
		    dgs_rule_fix[r] == (1u << DGS_FIX_UNSAFE) ?
		    " (applied by <code>--fix --unsafe-fixes</code>)" :
		    " (<code>--fix</code>; the unsafe ones with "
		    "<code>--unsafe-fixes</code>)", out);
		fputs("</dd>\n", out);
	}
	fputs("</dl>\n", out);
	bad = strstr(ri->explain, "\n\nBad:   ");
	good = bad != NULL ? strstr(bad, "\nGood:  ") : NULL;
	if (bad == NULL || good == NULL) {
		fprintf(stderr, "mkhtml: %s: no Bad: and Good: examples\n",
		    ri->id);
		exit(1);
	}
	prose(ri->explain, (size_t)(bad - ri->explain));
	example("Bad", bad + 9, (size_t)(good - bad - 9));
	example("Good", good + 8, strlen(good + 8));
	if ((src = dgs_rule_sources(ri)) != NULL) {
		fputs("<h2>Sources</h2>\n<pre>", out);
		escs(src);
		fputs("</pre>\n", out);
		free(src);
	}
	foot();
	return close_page(out);
}

static int
rules_index(const char *dir)
{
	const struct dgs_rule_info *ri;
	size_t r;

	out = open_page(dir, "index.html");
	head("The rules of dgslint", "../");
	fprintf(out, "<h1>The rules of dgslint</h1>\n<p>%d rules; "
	    "<code>dgslint --explain RULE</code> gives the same text.</p>\n"
	    "<table>\n<thead><tr><th>id</th><th>name</th><th>severity</th>"
	    "<th>fix</th><th>what it finds</th></tr></thead>\n<tbody>\n",
	    (int)DGS_R_MAX);
	for (r = 0; r < DGS_R_MAX; r++) {
		ri = &dgs_rules[r];
		fprintf(out, "<tr><td><a href=\"%s.html\">%s</a></td>"
		    "<td>%s</td><td>%s</td><td>%s</td><td>", ri->id, ri->id,
		    ri->name, dgs_severity_name(ri->severity),
		    dgs_rule_fix_text[r] != NULL ? fix_word(r) : "");
		escs(ri->summary);
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	foot();
	return close_page(out);
}

static int
top_index(const char *dir)
{
	static const char *const pages[][2] = {
		{ "dgslint.1", "the program" },
		{ "dgslint.json.5", "the configuration, .dgslint.json" },
		{ "dgslint-schema.5", "schema snapshots of the source "
		    "database" },
		{ "dgslint-rules.7", "every rule, in one page" },
	};
	size_t i;

	out = open_page(dir, "index.html");
	head("dgslint", NULL);
	fputs("<h1>dgslint</h1>\n<p>A validator and linter for the JSON "
	    "documents of the Data Generation Service API.</p>\n<ul>\n"
	    "<li><a href=\"rules/index.html\">The rules</a>, a page "
	    "each</li>\n", out);
	for (i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		fprintf(out, "<li><a href=\"%s.html\">%s</a>: %s</li>\n",
		    pages[i][0], pages[i][0], pages[i][1]);
	fputs("</ul>\n", out);
	foot();
	return close_page(out);
}

int
main(int argc, char *argv[])
{
	char dir[4096];
	size_t r;
	int bad = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: mkhtml dir\n");
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s/rules", argv[1]);
	if (mkdir(argv[1], 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "mkhtml: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "mkhtml: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	for (r = 0; r < DGS_R_MAX; r++)
		bad |= page(dir, r);
	bad |= rules_index(dir);
	bad |= top_index(argv[1]);
	if (bad)
		fprintf(stderr, "mkhtml: a page could not be written\n");
	return bad;
}
