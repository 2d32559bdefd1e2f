/*
 * info.c: what dgslint writes instead of findings when asked: its rules
 * (--list-rules), one rule explained (--explain), each as text or JSON,
 * and the schema changes the documents make (--print-schema-diff: the
 * list GET /api/SchemaDiff would return).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "main.h"
#include "format/output.h"
#include "run.h"

static void
kinds_words(FILE *fp, unsigned kinds)
{
	int k, n = 0;

	if (kinds == 0) {
		fputs("all", fp);
		return;
	}
	for (k = 1; k < DGS_KIND_MAX; k++)
		if (kinds & (1u << k))
			fprintf(fp, "%s%s", n++ ? ", " : "", dgs_kind_name(k));
}

/* How a rule fixes: NULL when it does not. */
static const char *
fix_words(const struct dgs_rule_info *r)
{
	switch (dgs_rule_fixes(r)) {
	case 1u << DGS_FIX_SAFE:
		return "safe";
	case 1u << DGS_FIX_UNSAFE:
		return "unsafe";
	case (1u << DGS_FIX_SAFE) | (1u << DGS_FIX_UNSAFE):
		return "safe or unsafe";
	}
	return NULL;
}

int
list_rules(enum format fmt)
{
	const struct dgs_rule_info *r;
	const char *fix;
	size_t i;

	/* A write that fails once the list outgrows stdout's buffer leaves
	 * its reason in errno: said here, not lost by the check at exit. */
	errno = 0;
	if (fmt == FMT_JSON)
		putchar('[');
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		if (fmt == FMT_JSON) {
			printf("%s\n{\"id\":", i ? "," : "");
			json_str(stdout, r->id);
			fputs(",\"name\":", stdout);
			json_str(stdout, r->name);
			printf(",\"severity\":\"%s\",\"summary\":",
			    dgs_severity_name(r->severity));
			json_str(stdout, r->summary);
			if ((fix = fix_words(r)) != NULL)
				printf(",\"fix\":\"%s\"", fix);
			putchar('}');
		} else if ((fix = fix_words(r)) != NULL)
			printf("%-7s %-32s %-8s %s (fix: %s)\n", r->id, r->name,
			    dgs_severity_name(r->severity), r->summary, fix);
		else
			printf("%-7s %-32s %-8s %s\n", r->id, r->name,
			    dgs_severity_name(r->severity), r->summary);
	}
	if (fmt == FMT_JSON)
		puts("\n]");
	if (fflush(stdout) != 0 || ferror(stdout))
		stdout_failed(errno);
	return 0;
}

/* --explain -f json: the rule as one object. */
static void
explain_json(const struct dgs_rule_info *r, const char *src)
{
	int k, n = 0;

	fputs("{\"id\":", stdout);
	json_str(stdout, r->id);
	fputs(",\"name\":", stdout);
	json_str(stdout, r->name);
	printf(",\"severity\":\"%s\",\"kinds\":[",
	    dgs_severity_name(r->severity));
	for (k = 1; k < DGS_KIND_MAX; k++)
		if (r->kinds == 0 || (r->kinds & (1u << k))) {
			fputs(n++ ? "," : "", stdout);
			json_str(stdout, dgs_kind_name((enum dgs_kind)k));
		}
	fputs("],\"summary\":", stdout);
	json_str(stdout, r->summary);
	fputs(",\"explanation\":", stdout);
	json_str(stdout, r->explain);
	fputs(",\"fix\":", stdout);
	if (fix_words(r) == NULL)
		fputs("null", stdout);
	else {
		printf("{\"safety\":\"%s\",\"text\":", fix_words(r));
		if (r->fix != NULL)
			json_str(stdout, r->fix);
		else
			fputs("null", stdout);
		putchar('}');
	}
	fputs(",\"sources\":", stdout);
	if (src != NULL)
		json_str(stdout, src);
	else
		fputs("null", stdout);
	puts("}");
}

int
explain(const char *name, enum format fmt)
{
	const struct dgs_rule_info *r;
	char *src;

	if ((r = dgs_rule_find(name)) == NULL)
		return -1;
	if (fmt == FMT_JSON) {
		src = dgs_rule_sources(r);
		explain_json(r, src);
		free(src);
		return 0;
	}
	printf("%s %s (default severity: %s; kinds: ", r->id, r->name,
	    dgs_severity_name(r->severity));
	kinds_words(stdout, r->kinds);
	printf(")\n%s.\n", r->summary);
	switch (dgs_rule_fixes(r)) {
	case 1u << DGS_FIX_SAFE:
		printf("Fix: safe, applied by --fix");
		break;
	case 1u << DGS_FIX_UNSAFE:
		printf("Fix: unsafe, applied by --fix --unsafe-fixes");
		break;
	case (1u << DGS_FIX_SAFE) | (1u << DGS_FIX_UNSAFE):
		printf("Fix: safe when there is one candidate (--fix), "
		    "else unsafe (--fix --unsafe-fixes)");
		break;
	}
	if (r->fix != NULL)
		printf(": %s.\n", r->fix);
	printf("\n%s\n", r->explain);
	if ((src = dgs_rule_sources(r)) != NULL)
		printf("\n%s", src);
	free(src);
	return 0;
}

/* The rule id or name, or the generator id, closest to word, as
 * did_you_mean() writes it: "" when none is near. */
static const char *
explain_did_you_mean(char *buf, size_t size, const struct dgs_options *o,
    const char *word)
{
	const struct dgs_rule_info *r;
	struct dgs_generator_info g;
	const char **cands;
	size_t i, n = 0, nr, ng;
	const char *s;

	for (nr = 0; dgs_rule_get(nr) != NULL; nr++)
		continue;
	for (ng = 0; dgs_generator_get(o, ng, &g) == 0; ng++)
		continue;
	cands = xcalloc(2 * nr + ng + 1, sizeof(*cands));
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		cands[n++] = r->id;
		cands[n++] = r->name;
	}
	for (i = 0; dgs_generator_get(o, i, &g) == 0; i++)
		cands[n++] = g.id;
	s = did_you_mean(buf, size, word, cands, n, "");
	free(cands);
	return s;
}

int
describe_generators(const struct dgs_options *o, const char *id,
    enum format fmt)
{
	char *s, buf[128];
	int rc;

	rc = dgs_generator_describe(o, id, fmt == FMT_JSON ?
	    DGS_DESCRIBE_JSON : DGS_DESCRIBE_TEXT, &s);
	if (rc == DGS_EINVAL) {
		fprintf(stderr, "dgslint: --explain: no rule or generator "
		    "%s%s (see --list-rules and --list-generators)\n", id,
		    explain_did_you_mean(buf, sizeof(buf), o, id));
		return EXIT_TROUBLE;
	}
	if (rc != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	/* Past a buffer's worth, the reason of a failed write is said
	 * now: it would be gone by the exit. */
	if (fputs(s, stdout) == EOF)
		stdout_failed(errno);
	free(s);
	return 0;
}

int
read_jobs(const struct run *run, char ***docs, size_t **lens, size_t *n)
{
	char why[256];
	size_t i;

	*docs = xcalloc(run->njobs ? run->njobs : 1, sizeof(**docs));
	*lens = xcalloc(run->njobs ? run->njobs : 1, sizeof(**lens));
	for (*n = 0; *n < run->njobs; ++*n) {
		i = *n;
		if (read_document(run->jobs[i].in->path, &(*docs)[i],
		    &(*lens)[i], why, sizeof(why)) != 0) {
			fprintf(stderr, "dgslint: %s: %s\n",
			    run->jobs[i].in->name, why);
			return EXIT_TROUBLE;
		}
	}
	return 0;
}

void
free_jobs(char **docs, size_t *lens, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(docs[i]);
	free(docs);
	free(lens);
}

/* --print-schema-diff: the documents' predicted GET /api/SchemaDiff
 * list on standard output. */
int
schema_diff(const struct run *run, const struct dgs_snapshot *before,
    const struct dgs_snapshot *now)
{
	char **docs, *out;
	size_t *lens, n = 0, outlen;
	int rc;

	rc = read_jobs(run, &docs, &lens, &n);
	if (rc == 0 && dgs_snapshot_diff(before, now, (const char *const *)docs,
	    lens, n, &out, &outlen) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		rc = EXIT_TROUBLE;
	} else if (rc == 0) {
		errno = 0;
		if (fwrite(out, 1, outlen, stdout) != outlen ||
		    fflush(stdout) != 0) {
			stdout_failed(errno);
			rc = EXIT_TROUBLE;
		}
		free(out);
	}
	free_jobs(docs, lens, n);
	return rc;
}
