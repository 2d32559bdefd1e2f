/*
 * testdata/rule-examples/check.c: the bad and the good example of every
 * rule record (the last two strings of its DGS_RULE() in rules/, which
 * --explain and dgslint-rules(7) show) are linted: the bad one must raise
 * its rule, the good one nothing at warning or above.  Built and run by
 * make check; -v also lists what it skipped.
 *
 * Each example is linted as it is, with its kind told from its shape and
 * as each kind its rule applies to, and, when it is a piece of a
 * replacement (a link: an object with "column"; a generator's metadata:
 * an object that starts with "generatorId" or "presetId"), in a
 * replacement of public.users; it passes when one of these does.  An
 * example that is no document (not JSON, as the text of a JSON-layer
 * rule or a fragment with "..." is, or JSON of no kind even wrapped) is
 * skipped, as are the examples of the rules that need more than one
 * document (a schema snapshot, the service's state, the other documents
 * of the run, a configuration file); the last line counts them.  A
 * presets list (empty) is loaded, so that a custom presetId is checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgslint.h"
#include "dgs_table.h"

enum outcome { PASS, FAIL, SKIP_FRAGMENT, SKIP_NEEDS };

/* Whether attempt() prints the findings (of an example that failed). */
static int show;

/* Lints text: whether it raised id; whether it raised nothing else at
 * warning or above; whether it is no document (a JSON-layer error:
 * syntax, encoding, empty, too deep; or JSON of no kind). */
static void
attempt(struct dgs_options *opts, enum dgs_kind kind, const char *id,
    const char *text, int *hit, int *quiet, int *notjson)
{
	struct dgs_result *res;
	size_t i, n;

	dgs_options_set_kind(opts, kind);
	if (dgs_lint(opts, "example", text, strlen(text), &res) != 0)
		exit(2);
	*hit = 0;
	*quiet = 1;
	*notjson = 0;
	n = dgs_result_count(res);
	for (i = 0; i < n; i++) {
		const struct dgs_finding *f = dgs_result_get(res, i);

		if (show)
			printf("\t%s %lu:%lu %s: %s\n", f->rule->id, f->line,
			    f->column, dgs_severity_name(f->severity),
			    f->message);
		if (strcmp(f->rule->id, id) == 0)
			*hit = 1;
		if (f->severity >= DGS_SEV_WARNING)
			*quiet = 0;
		if ((strncmp(f->rule->id, "DGS1", 4) == 0 &&
		    f->rule->severity == DGS_SEV_ERROR &&
		    strcmp(f->rule->id, "DGS102") != 0) ||
		    strcmp(f->rule->id, "DGS201") == 0)
			*notjson = 1;
	}
	dgs_result_free(res);
}

/* The example as its rule's kind has a document, when it is a piece of
 * one: a generator's metadata (an object with generatorId) in a link of
 * a replacement, a link (an object with column) in a replacement.  NULL
 * when it is not such a piece; free() it. */
static char *
wrap(const char *ex, unsigned kinds)
{
	const char *pre, *post;
	char *s;
	size_t n;

	if (kinds != 0 && (kinds & (1u << DGS_KIND_REPLACEMENTS)) == 0)
		return NULL;
	if (ex[0] != '{')
		return NULL;
	if (strstr(ex, "\"links\"") != NULL)
		return NULL;
	if (strstr(ex, "\"column\"") != NULL) {
		pre = "{\"schema\": \"public\", \"table\": \"users\", "
		    "\"links\": [";
		post = "]}";
	} else if (strncmp(ex, "{\"generatorId\"", 14) == 0 ||
	    strncmp(ex, "{\"presetId\"", 11) == 0) {
		pre = "{\"schema\": \"public\", \"table\": \"users\", "
		    "\"links\": [{\"schema\": \"public\", \"table\": "
		    "\"users\", \"column\": \"c\", \"metadata\": ";
		post = "}]}";
	} else
		return NULL;
	n = strlen(pre) + strlen(ex) + strlen(post) + 1;
	if ((s = malloc(n)) == NULL)
		exit(2);
	snprintf(s, n, "%s%s%s", pre, ex, post);
	return s;
}

/* Lints one example: want 1 for the bad one (it raises its rule), 0 for
 * the good one (nothing at warning or above), as it is and wrapped, with
 * its kind told from its shape and as each kind of its rule.  *why says
 * what went wrong. */
static enum outcome
lint_example(struct dgs_options *opts, const struct dgs_rule_info *ri,
    const char *ex, int want, char *why, size_t whylen)
{
	char *text[2];
	int hit, quiet, notjson, t, k, doc = 0, firstk = -1, firstt = 0;

	text[0] = (char *)ex;
	text[1] = wrap(ex, ri->kinds);
	for (t = 0; t < 2 && text[t] != NULL; t++)
		for (k = 0; k < DGS_KIND_MAX; k++) {
			if (k != DGS_KIND_UNKNOWN && (ri->kinds == 0 ||
			    (ri->kinds & (1u << k)) == 0))
				continue;
			attempt(opts, (enum dgs_kind)k, ri->id, text[t], &hit,
			    &quiet, &notjson);
			if (want ? hit : quiet) {
				free(text[1]);
				return PASS;
			}
			/* A document when its kind is told from its
			 * shape. */
			if (k == DGS_KIND_UNKNOWN && !notjson)
				doc = 1;
			if (!notjson && firstk < 0)
				firstk = k, firstt = t;
		}
	/* "..." stands for more: a piece, not a document. */
	if (!doc || strstr(ex, "...") != NULL) {
		free(text[1]);
		return SKIP_FRAGMENT;
	}
	show = 1;
	attempt(opts, (enum dgs_kind)firstk, ri->id, text[firstt], &hit,
	    &quiet, &notjson);
	show = 0;
	free(text[1]);
	snprintf(why, whylen, want ? "does not raise it" :
	    "raises a finding at warning or above");
	return FAIL;
}

int
main(int argc, char **argv)
{
	size_t r, n = dgs_rule_count(), count[4] = {0, 0, 0, 0};
	int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;

	for (r = 0; r < n; r++) {
		const struct dgs_rule_info *ri = dgs_rule_get(r);
		const char *bad = strstr(ri->explain, "\n\nBad:   ");
		const char *good = bad != NULL ? strstr(bad, "\nGood:  ") : NULL;
		struct dgs_options *opts;
		char *b, why[128];
		enum outcome o[2];
		int i;

		if (bad == NULL || good == NULL) {
			printf("rule-examples: %s: no Bad: and Good: example\n",
			    ri->id);
			count[FAIL]++;
			continue;
		}
		if ((dgs_rule_needs[r] & (DGS_NEEDS_SNAPSHOT |
		    DGS_NEEDS_SERVICE)) != 0 || strncmp(ri->id, "DGS88", 5) == 0 ||
		    strncmp(ri->id, "DGS0", 4) == 0) {
			if (verbose)
				printf("rule-examples: %s: skipped: needs a "
				    "snapshot, the service, other documents or "
				    "a configuration\n", ri->id);
			count[SKIP_NEEDS] += 2;
			continue;
		}
		if ((b = strndup(bad + 9, (size_t)(good - bad - 9))) == NULL ||
		    (opts = dgs_options_new()) == NULL)
			return 2;
		/* A presets list, even empty, makes a custom presetId
		 * checked. */
		if (dgs_options_load_presets(opts, "[]", 2, NULL) != 0)
			return 2;
		/* An example is a piece of a service document, never other
		 * JSON left alone. */
		dgs_options_set_presume(opts, 1);
		if (ri->severity == DGS_SEV_OFF)
			dgs_options_set_severity(opts, ri->id,
			    DGS_SEV_WARNING);
		for (i = 0; i < 2; i++) {
			const char *ex = i == 0 ? b : good + 8;

			o[i] = lint_example(opts, ri, ex, i == 0, why,
			    sizeof(why));
			count[o[i]]++;
			if (o[i] == FAIL)
				printf("rule-examples: %s (%s): its %s example "
				    "%s: %s\n", ri->id, ri->name,
				    i == 0 ? "bad" : "good", why, ex);
			else if (verbose && o[i] == SKIP_FRAGMENT)
				printf("rule-examples: %s: its %s example is "
				    "not a document: %s\n", ri->id,
				    i == 0 ? "bad" : "good", ex);
		}
		free(b);
		dgs_options_free(opts);
	}
	printf("rule-examples: %zu examples pass, %zu fail; skipped: %zu "
	    "not whole documents, %zu of rules that need a snapshot, the "
	    "service, other documents or a configuration\n", count[PASS],
	    count[FAIL], count[SKIP_FRAGMENT], count[SKIP_NEEDS]);
	return count[FAIL] != 0;
}
