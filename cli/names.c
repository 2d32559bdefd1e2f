/*
 * names.c: the words that the options taking one of a list take, each
 * list made from its table once: the formats from format/output.c's
 * table, the document kinds and the levels from the library's
 * (dgs_kind_name(), dgs_severity_name()), the licenses, the levels of
 * --fail-on and the colour modes from the tables below.  --help, the
 * messages of a word that is none of them, the configuration's, and
 * --list-values (which the shells' completions ask) read them here;
 * testdata/table-check checks the manual pages and the README against
 * --list-values.
 */
#include <stdio.h>
#include <string.h>

#include "main.h"

/* In the order of enum dgs_license. */
const char *const license_names[] = { "enterprise", "professional",
    "basic", NULL };
/* --fail-on and "failOn": the levels above off, the most severe first,
 * and none. */
const char *const fail_on_names[] = { "error", "warning", "info", "none",
    NULL };
const char *const color_names[] = { "auto", "always", "never", NULL };

/* Adds the words of a NULL-terminated list. */
static void
add_list(struct words *w, const char *const *v)
{
	for (; *v != NULL && w->n < WORDS_MAX; v++)
		w->v[w->n++] = *v;
}

/* The kinds, from the library's table. */
static void
add_kinds(struct words *w)
{
	int k;

	for (k = 1; k < DGS_KIND_MAX && w->n < WORDS_MAX; k++)
		w->v[w->n++] = dgs_kind_name((enum dgs_kind)k);
}

/* The lists, by the option that takes them. */
static const char *const options[] = { "format", "kind", "print-schema",
    "license", "fail-on", "severity", "color" };
#define NOPTIONS	(sizeof(options) / sizeof(options[0]))

int
words_of(const char *option, struct words *w)
{
	size_t i;

	memset(w, 0, sizeof(*w));
	if (strcmp(option, "format") == 0) {
		for (i = 0; i < format_count() && w->n < WORDS_MAX; i++) {
			w->help[w->n] = format_help((enum format)i);
			w->v[w->n++] = format_name((enum format)i);
		}
	} else if (strcmp(option, "kind") == 0)
		add_kinds(w);
	else if (strcmp(option, "print-schema") == 0) {
		add_kinds(w);
		w->help[w->n] = "the configuration file, .dgslint.json";
		w->v[w->n++] = "config";
	} else if (strcmp(option, "license") == 0)
		add_list(w, license_names);
	else if (strcmp(option, "fail-on") == 0)
		add_list(w, fail_on_names);
	else if (strcmp(option, "severity") == 0)
		for (i = DGS_SEV_OFF; i <= DGS_SEV_ERROR; i++)
			w->v[w->n++] = dgs_severity_name((enum dgs_severity)i);
	else if (strcmp(option, "color") == 0 || strcmp(option, "colour") == 0)
		add_list(w, color_names);
	else
		return -1;
	return 0;
}

/* v[0..n) joined by ", ", last before the last, " (default)" after
 * v[deflt], into buf. */
static const char *
join(char *buf, size_t size, const char *const *v, size_t n,
    const char *last, int deflt)
{
	size_t i, len = 0;
	int k;

	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++) {
		k = snprintf(buf + len, size - len, "%s%s%s", i == 0 ? "" :
		    i + 1 == n ? last : ", ", v[i], (int)i == deflt ?
		    " (default)" : "");
		if (k < 0)
			break;
		len += (size_t)k;
	}
	return buf;
}

const char *
words_list(char *buf, size_t size, const char *option, const char *last,
    int deflt)
{
	struct words w;

	if (words_of(option, &w) != 0)
		w.n = 0;
	return join(buf, size, w.v, w.n, last, deflt);
}

const char *
words_did_you_mean(char *buf, size_t size, const char *word,
    const char *option)
{
	struct words w;

	if (words_of(option, &w) != 0)
		return "";
	return did_you_mean(buf, size, word, w.v, w.n, "");
}

int
list_values(const char *option, char *msg, size_t size)
{
	struct words w;
	char buf[160], why[96];
	size_t i;

	if (words_of(option, &w) != 0) {
		snprintf(msg, size, "--list-values takes %s, not '%s'%s",
		    join(buf, sizeof(buf), options, NOPTIONS, " or ", -1), option,
		    did_you_mean(why, sizeof(why), option, options, NOPTIONS,
		    ""));
		return -1;
	}
	for (i = 0; i < w.n; i++)
		if (w.help[i] != NULL)
			printf("%s\t%s\n", w.v[i], w.help[i]);
		else
			printf("%s\n", w.v[i]);
	return 0;
}

/*
 * "Did you mean": the closest of the words a misspelt one could be
 * (dgs_suggest()), written "; did you mean 'WORD'?" into buf, or "" when
 * none is close.
 */
const char *
did_you_mean(char *buf, size_t size, const char *word,
    const char *const *cands, size_t n, const char *dashes)
{
	const char *best = dgs_suggest(word, cands, n);

	if (best == NULL)
		return "";
	snprintf(buf, size, "; did you mean '%s%s'?", dashes, best);
	return buf;
}
