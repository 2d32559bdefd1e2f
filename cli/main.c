/*
 * main.c: dgslint [options] path ...
 *
 * Exit status: 0 no finding at or above the failure level, 1 findings at
 * or above it, 2 a usage error, an unreadable input or a write error.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "baseline.h"
#include "cli.h"
#include "config.h"
#include "lsp.h"
#include "output.h"
#include "run.h"

#define EXIT_FINDINGS	1
#define EXIT_TROUBLE	2
#define MAX_OUTPUTS	8
#define MAX_CONTEXT	64

enum {
	OPT_BASELINE = 256,
	OPT_COLOR,
	OPT_CONFIG,
	OPT_CONTEXT,
	OPT_DIFF,
	OPT_DISABLE,
	OPT_ENABLE,
	OPT_EXPLAIN,
	OPT_FAIL_ON,
	OPT_FIX,
	OPT_FORCE_EXCLUDE,
	OPT_GENERATORS,
	OPT_IGNORE,
	OPT_KIND,
	OPT_LICENSE,
	OPT_LIST_RULES,
	OPT_LSP,
	OPT_NO_CONFIG,
	OPT_NO_GITIGNORE,
	OPT_PRESETS,
	OPT_PRINT_CONFIG,
	OPT_PRINT_SCHEMA,
	OPT_PRINT_SCHEMA_DIFF,
	OPT_RULE_URL,
	OPT_SCHEMA,
	OPT_SCHEMA_BEFORE,
	OPT_SELECT,
	OPT_SERVICE,
	OPT_SERVICE_CA_FILE,
	OPT_SERVICE_TIMEOUT,
	OPT_SEVERITY,
	OPT_SNAPSHOT,
	OPT_STATISTICS,
	OPT_STDIN_FILENAME,
	OPT_UNSAFE_FIXES,
	OPT_WORKSPACE,
	OPT_WORKSPACE_ID,
	OPT_WRITE_BASELINE
};

static const struct option longopts[] = {
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "colour", required_argument, NULL, OPT_COLOR },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "context", required_argument, NULL, OPT_CONTEXT },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "disable", required_argument, NULL, OPT_DISABLE },
	{ "enable", required_argument, NULL, OPT_ENABLE },
	{ "explain", required_argument, NULL, OPT_EXPLAIN },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "fix", no_argument, NULL, OPT_FIX },
	{ "force-exclude", no_argument, NULL, OPT_FORCE_EXCLUDE },
	{ "format", required_argument, NULL, 'f' },
	{ "generators", required_argument, NULL, OPT_GENERATORS },
	{ "help", no_argument, NULL, 'h' },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "jobs", required_argument, NULL, 'j' },
	{ "kind", required_argument, NULL, OPT_KIND },
	{ "license", required_argument, NULL, OPT_LICENSE },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "lsp", no_argument, NULL, OPT_LSP },
	{ "no-config", no_argument, NULL, OPT_NO_CONFIG },
	{ "no-gitignore", no_argument, NULL, OPT_NO_GITIGNORE },
	{ "output", required_argument, NULL, 'o' },
	{ "presets", required_argument, NULL, OPT_PRESETS },
	{ "print-config", required_argument, NULL, OPT_PRINT_CONFIG },
	{ "print-schema", required_argument, NULL, OPT_PRINT_SCHEMA },
	{ "print-schema-diff", no_argument, NULL, OPT_PRINT_SCHEMA_DIFF },
	{ "rule-url", required_argument, NULL, OPT_RULE_URL },
	{ "schema", required_argument, NULL, OPT_SCHEMA },
	{ "schema-before", required_argument, NULL, OPT_SCHEMA_BEFORE },
	{ "select", required_argument, NULL, OPT_SELECT },
	{ "quiet", no_argument, NULL, 'q' },
	{ "service", required_argument, NULL, OPT_SERVICE },
	{ "service-ca-file", required_argument, NULL, OPT_SERVICE_CA_FILE },
	{ "service-timeout", required_argument, NULL, OPT_SERVICE_TIMEOUT },
	{ "severity", required_argument, NULL, OPT_SEVERITY },
	{ "snapshot", required_argument, NULL, OPT_SNAPSHOT },
	{ "statistics", no_argument, NULL, OPT_STATISTICS },
	{ "stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME },
	{ "unsafe-fixes", no_argument, NULL, OPT_UNSAFE_FIXES },
	{ "version", no_argument, NULL, 'V' },
	{ "workspace", required_argument, NULL, OPT_WORKSPACE },
	{ "workspace-id", required_argument, NULL, OPT_WORKSPACE_ID },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ NULL, 0, NULL, 0 }
};

static void
usage(FILE *fp)
{
	fprintf(fp,
"usage: dgslint [-hqV] [-f format [-o file]]... [-j jobs] [--kind kind]\n"
"               [--license tier] [--generators file] [--presets file]\n"
"               [--config file | --no-config] [--select rules]\n"
"               [--ignore rules] [--enable rules] [--disable rules]\n"
"               [--severity rules=level] [--fail-on level]\n"
"               [--baseline file] [--write-baseline file] [--force-exclude]\n"
"               [--no-gitignore] [--context path]\n"
"               [--color when] [--stdin-filename name] [--statistics]\n"
"               [--fix | --diff] [--unsafe-fixes] [--rule-url base]\n"
"               [--schema file [--schema-before file]]\n"
"               [--service url --workspace name | --workspace-id id]\n"
"               [--service-timeout seconds] [--service-ca-file file]\n"
"               path ...\n"
"       dgslint --schema file --schema-before file --print-schema-diff\n"
"               path ...\n"
"       dgslint --print-config file [-f text|json]\n"
"       dgslint --list-rules [-f text|json]\n"
"       dgslint --explain rule [-f text|json]\n"
"       dgslint --lsp [options]\n"
"       dgslint --print-schema kind|config [--generators file]\n"
"       dgslint --snapshot url\n");
}

static void
help(void)
{
	usage(stdout);
	printf(
"\n"
"Lints the JSON documents of the Data Generation Service API: generator\n"
"assignments (replacements), subsetting configurations, schema-change lists,\n"
"resolution requests, job-start requests and generator presets.\n"
"\n"
"Paths are files, directories (searched for *.json, sorted, hidden entries\n"
"and what git ignores skipped) or - for standard input.\n"
"\n"
"Options:\n"
"  -f, --format FORMAT     text (default), json, sarif, github,\n"
"                          checkstyle, junit, gitlab or rdjson;\n"
"                          repeatable, each followed by its own -o\n"
"                          (default: github when GITHUB_ACTIONS is true,\n"
"                          else text)\n"
"  -o, --output FILE       write the preceding --format to FILE, whole or\n"
"                          not at all (never a file this run reads)\n"
"  -j, --jobs N            lint N documents at once, in N processes\n"
"                          (default: the number of online CPUs); when\n"
"                          there are fewer documents, the rest go to\n"
"                          them as threads, so one large document uses\n"
"                          two; the output is the same\n"
"      --kind KIND         lint every document as KIND: replacements,\n"
"                          subsetting, subsetting-put, schema-changes,\n"
"                          resolution, job-start, preset (default: told\n"
"                          from each document's shape)\n"
"      --license TIER      the service's license: enterprise (default),\n"
"                          professional, basic; presets and subsetting\n"
"                          need enterprise\n"
"      --generators FILE   the service's generators: a saved\n"
"                          GET /api/GeneratorMetadata response; its\n"
"                          capabilities override the built-in catalogue\n"
"      --presets FILE      the service's presets (a saved list with id\n"
"                          and generatorId), to check custom presetIds\n"
	);
	/* Split: C99 promises string literals of 4095 bytes only. */
	printf(
"      --schema FILE       check against the source database's columns:\n"
"                          a snapshot (CSV with a header, or JSON; see\n"
"                          dgslint-schema(5)); enables the DGS8xx rules\n"
"      --schema-before FILE\n"
"                          the snapshot the workspace was configured\n"
"                          against: also report new columns and changed\n"
"                          types\n"
"      --print-schema-diff write the list GET /api/SchemaDiff would return\n"
"                          for these documents (JSON), instead of findings\n"
"      --service URL       check against the workspace on the service at\n"
"                          URL (its base URL), read once: its subsetting\n"
"                          configurations, schema changes and generators;\n"
"                          the API key is read from DGSLINT_API_KEY\n"
"      --workspace NAME, --workspace-id ID\n"
"                          the workspace: by its exact name, or its id\n"
"      --service-timeout SECONDS\n"
"                          the bound of each request (default 10)\n"
"      --service-ca-file FILE\n"
"                          verify the service's TLS certificate against\n"
"                          the CA certificates in FILE, not the system's\n"
"      --config FILE       use FILE for every document instead of the\n"
"                          closest .dgslint.json above each one\n"
"      --no-config         use no configuration file\n"
"      --print-config FILE show the settings for FILE and where each comes\n"
"                          from (-f json: as one object), and exit\n"
	);
	/* Apart: one string literal is at most 4095 characters (C99). */
	printf(
"      --select RULES      report only RULES (ids, names or the start of\n"
"                          ids, DGS2 for every DGS2xx rule, separated by\n"
"                          commas), at the levels the configuration and\n"
"                          the options below give them; the others are off\n"
"      --ignore RULES      never report RULES (wins over --select)\n"
"      --enable RULES      report RULES at their default level\n"
"      --disable RULES     do not report RULES\n"
"      --severity RULES=LEVEL\n"
"                          report RULES at LEVEL: off, info, warning, error\n"
"      --fail-on LEVEL     exit 1 on findings at or above LEVEL: error,\n"
"                          warning (default), info, none\n"
"      --baseline FILE     do not report the findings recorded in FILE\n"
"      --write-baseline FILE\n"
"                          record every finding of this run in FILE\n"
"      --context PATH      read PATH's documents for the rules across\n"
"                          documents only, never reported (pre-commit)\n"
"      --force-exclude     apply the configuration's exclude to files\n"
"                          named on the command line too (for pre-commit)\n"
"      --no-gitignore      also lint what git ignores (.gitignore) in the\n"
"                          directories searched\n"
"  -q, --quiet             show only findings at or above the --fail-on\n"
"                          level, and no summary\n"
"      --color WHEN        auto (default: on a terminal, unless NO_COLOR\n"
"                          is set), always, never\n"
"      --fix               apply the safe fixes to the files (for -, write\n"
"                          the fixed document to standard output), then\n"
"                          report what remains; a file is replaced whole,\n"
"                          keeping its mode, owner and attributes\n"
"      --diff              print the fixes as a unified diff (for patch -p0)\n"
"                          and change nothing; findings go to stderr\n"
"      --unsafe-fixes      with --fix or --diff, apply the unsafe fixes too\n"
"      --stdin-filename NAME\n"
"                          the name of the document read from -\n"
"      --rule-url BASE     link each rule to its page BASE/ID.html (as\n"
"                          make html builds them): SARIF helpUri, a url\n"
"                          in json and rdjson findings (default: the\n"
"                          configuration's ruleUrl, else no link)\n"
"      --statistics        instead of the findings, one line a rule: its\n"
"                          count (most frequent first), id, name and [*]\n"
"                          when fixable (-f json: an array); other\n"
"                          formats are written as usual\n"
"      --list-rules        list every rule and exit\n"
"      --explain RULE      explain a rule (by id or name; -f json: as one\n"
"                          object) and exit\n");
	/* Apart: one string literal is at most 4095 characters (C99). */
	printf(
"      --lsp               be a language server on standard input and\n"
"                          output; the options above apply to each\n"
"                          document as to a file named on the command line\n"
"      --print-schema KIND write a JSON Schema (draft 2020-12) of documents\n"
"                          of KIND, or of .dgslint.json for config, made\n"
"                          from dgslint's own tables, and exit\n"
"      --snapshot URL      write the columns of the PostgreSQL database\n"
"                          at URL (a libpq connection string or URI) as\n"
"                          a JSON schema snapshot to standard output, and\n"
"                          exit\n"
"  -V, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"Text output: FILE:LINE:COLUMN: SEVERITY: MESSAGE [ID name]\n"
"Exit status: 0 no finding at or above the --fail-on level; 1 findings at\n"
"or above it (invalid JSON included); 2 usage error, unreadable input, or\n"
"an output that cannot be written.\n"
"\n"
"See dgslint(1), dgslint-rules(7) and dgslint-schema(5).\n");
}

/*
 * "Did you mean": the closest of the words a misspelt one could be
 * (dgs_suggest()), written "; did you mean 'WORD'?" into buf, or "" when
 * none is close.
 */
static const char *
did_you_mean(char *buf, size_t size, const char *word,
    const char *const *cands, size_t n, const char *dashes)
{
	const char *best = dgs_suggest(word, cands, n);

	if (best == NULL)
		return "";
	snprintf(buf, size, "; did you mean '%s%s'?", dashes, best);
	return buf;
}

/* The closest rule id or name to word, as did_you_mean() writes it. */
static const char *
rule_did_you_mean(char *buf, size_t size, const char *word)
{
	const char *cands[512];
	const struct dgs_rule_info *r;
	size_t i, n = 0;

	for (i = 0; (r = dgs_rule_get(i)) != NULL && n + 2 <= 512; i++) {
		cands[n++] = r->id;
		cands[n++] = r->name;
	}
	return did_you_mean(buf, size, word, cands, n, "");
}

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

static int
list_rules(enum format fmt)
{
	const struct dgs_rule_info *r;
	size_t i;

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
			if (fix_words(r) != NULL)
				printf(",\"fix\":\"%s\"", fix_words(r));
			putchar('}');
		} else if (fix_words(r) != NULL)
			printf("%-7s %-32s %-8s %s (fix: %s)\n", r->id, r->name,
			    dgs_severity_name(r->severity), r->summary,
			    fix_words(r));
		else
			printf("%-7s %-32s %-8s %s\n", r->id, r->name,
			    dgs_severity_name(r->severity), r->summary);
	}
	if (fmt == FMT_JSON)
		puts("\n]");
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

static int
explain(const char *name, enum format fmt)
{
	const struct dgs_rule_info *r;
	char *src;

	if ((r = dgs_rule_find(name)) == NULL) {
		char buf[96];

		fprintf(stderr, "dgslint: --explain: no rule %s%s (see "
		    "--list-rules)\n", name, rule_did_you_mean(buf,
		    sizeof(buf), name));
		return EXIT_TROUBLE;
	}
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

static int bad_usage(const char *, ...) __attribute__((__format__(__printf__, 1, 2)));

static int
bad_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("dgslint: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'dgslint --help' for more information.\n", stderr);
	return EXIT_TROUBLE;
}

/* The closest kind to word. */
static const char *
kind_did_you_mean(char *buf, size_t size, const char *word)
{
	const char *cands[DGS_KIND_MAX];
	size_t n = 0;
	int k;

	for (k = 1; k < DGS_KIND_MAX; k++)
		cands[n++] = dgs_kind_name((enum dgs_kind)k);
	return did_you_mean(buf, size, word, cands, n, "");
}

static const char *const colors[] = { "auto", "always", "never" };
static const char *const fail_levels[] = { "error", "warning", "info",
    "none" };
static const char *const licenses[] = { "enterprise", "professional",
    "basic" };
static const char *const levels[] = { "off", "info", "warning", "error" };

/* An unknown long option (--NAME or --NAME=VALUE), and the closest one. */
static int
unknown_long_option(const char *arg)
{
	const char *cands[sizeof(longopts) / sizeof(longopts[0])];
	char name[64], buf[96];
	size_t i, n = 0, len = strcspn(arg + 2, "=");

	for (i = 0; longopts[i].name != NULL; i++)
		cands[n++] = longopts[i].name;
	if (len >= sizeof(name))
		len = sizeof(name) - 1;
	memcpy(name, arg + 2, len);
	name[len] = '\0';
	return bad_usage("unknown option %s%s", arg,
	    did_you_mean(buf, sizeof(buf), name, cands, n, "--"));
}

static int
use_color(const char *when, FILE *fp)
{
	const char *nc;

	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0)
		return 0;
	nc = getenv("NO_COLOR");
	if (nc != NULL && nc[0] != '\0')
		return 0;
	return isatty(fileno(fp));
}

/*
 * Rule lists: RULE[,RULE]..., each an id (any case), a name, or the
 * beginning of ids ("DGS2": every DGS2xx rule; "dgs88": DGS881 to
 * DGS884).  rule_list() sets in[i] for the i-th rule (dgs_rule_get())
 * of each; 0, or EXIT_TROUBLE after saying which word is no rule.
 */
static int
rule_prefix(const char *w)
{
	size_t i, n = strlen(w);

	if (n < 4 || n > 5 || strncasecmp(w, "DGS", 3) != 0)
		return 0;
	for (i = 3; i < n; i++)
		if (w[i] < '0' || w[i] > '9')
			return 0;
	return 1;
}

static int
rule_list(const char *opt, const char *arg, unsigned char *in)
{
	const struct dgs_rule_info *r;
	const char *p = arg, *e;
	char *w, buf[96];
	size_t i, n;
	int rc = 0;

	do {
		e = p + strcspn(p, ",");
		w = xcalloc(1, (size_t)(e - p) + 1);
		memcpy(w, p, (size_t)(e - p));
		n = 0;
		if ((r = dgs_rule_find(w)) != NULL) {
			for (i = 0; dgs_rule_get(i) != r; i++)
				continue;
			in[i] = 1;
			n = 1;
		} else if (rule_prefix(w))
			for (i = 0; (r = dgs_rule_get(i)) != NULL; i++)
				if (strncasecmp(r->id, w, strlen(w)) == 0) {
					in[i] = 1;
					n++;
				}
		if (*w == '\0')
			rc = bad_usage("%s takes rules separated by commas, "
			    "not '%s'", opt, arg);
		else if (n == 0)
			rc = bad_usage("no rule '%s'%s (see --list-rules)", w,
			    rule_prefix(w) ? "" : rule_did_you_mean(buf,
			    sizeof(buf), w));
		free(w);
		p = *e == ',' ? e + 1 : e;
	} while (rc == 0 && *e != '\0');
	return rc;
}

/* Adds --enable, --disable or --severity (rule lists) to the command
 * line's rules, in the order given. */
static int
add_rule_setting(struct settings *cli, int opt, const char *arg)
{
	const struct dgs_rule_info *r;
	struct rule_setting *v;
	enum dgs_severity sev = DGS_SEV_OFF;
	unsigned char *in;
	char *list, buf[96];
	const char *eq = NULL;
	size_t i;
	int rc;

	if (opt == OPT_SEVERITY) {
		if ((eq = strrchr(arg, '=')) == NULL)
			return bad_usage("--severity takes RULE=LEVEL, not "
			    "'%s'", arg);
		if (dgs_severity_from_name(eq + 1, &sev) != 0)
			return bad_usage("--severity %s: the level is off, "
			    "info, warning or error%s", arg, did_you_mean(buf,
			    sizeof(buf), eq + 1, levels, 4, ""));
		list = xcalloc(1, (size_t)(eq - arg) + 1);
		memcpy(list, arg, (size_t)(eq - arg));
	} else
		list = xstrdup(arg);
	in = xcalloc(dgs_rule_count(), 1);
	rc = rule_list(opt == OPT_SEVERITY ? "--severity" : opt == OPT_ENABLE ?
	    "--enable" : "--disable", list, in);
	for (i = 0; rc == 0 && (r = dgs_rule_get(i)) != NULL; i++) {
		if (!in[i])
			continue;
		v = xrealloc(cli->rules, (cli->nrules + 1) * sizeof(*v));
		cli->rules = v;
		v[cli->nrules].rule = r;
		v[cli->nrules++].sev = opt == OPT_ENABLE ? r->severity : sev;
	}
	free(in);
	free(list);
	return rc;
}

/* --select and --ignore: which rules they leave out (cli->dropped). */
static void
drop_rules(struct settings *cli, const unsigned char *select,
    const unsigned char *ignore)
{
	size_t i, n = dgs_rule_count();

	cli->dropped = xcalloc(n, 1);
	for (i = 0; i < n; i++)
		cli->dropped[i] = ignore[i] ? DROP_IGNORED : select != NULL &&
		    !select[i] ? DROP_UNSELECTED : 0;
}

/* Reads --generators or --presets FILE into the settings and loads it
 * into opts; returns 0, or EXIT_TROUBLE after saying why. */
static int
load_catalogue(const char *path, char **text, size_t *len,
    struct dgs_options *opts,
    int (*load)(struct dgs_options *, const char *, size_t, const char **))
{
	const char *why = NULL;
	char err[256];
	int rc;

	if (path == NULL)
		return 0;
	if (read_document(path, text, len, err, sizeof(err)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, err);
		return EXIT_TROUBLE;
	}
	if ((rc = load(opts, *text, *len, &why)) == 0)
		return 0;
	fprintf(stderr, "dgslint: %s: %s\n", path,
	    why != NULL ? why : dgs_strerror(rc));
	return EXIT_TROUBLE;
}

/* Loads --schema and --schema-before into the settings and base, or
 * starts their loads on threads (async: run_jobs() waits for them before
 * the first output, so that a document is scanned while they load);
 * returns 0, or EXIT_TROUBLE after saying why. */
static int
load_schemas(struct settings *cli, struct dgs_options *base, int async)
{
	char why[1024];

	if (cli->schema != NULL && (cli->snapshot_now = async ?
	    snapshot_start(cli->schema, &cli->snapshot_text[0], why,
	    sizeof(why)) : snapshot_read(cli->schema, cli->schema, why,
	    sizeof(why))) == NULL) {
		fprintf(stderr, "dgslint: %s\n", why);
		return EXIT_TROUBLE;
	}
	if (cli->schema_before != NULL && (cli->snapshot_old = async ?
	    snapshot_start(cli->schema_before, &cli->snapshot_text[1], why,
	    sizeof(why)) : snapshot_read(cli->schema_before,
	    cli->schema_before, why, sizeof(why))) == NULL) {
		fprintf(stderr, "dgslint: %s\n", why);
		return EXIT_TROUBLE;
	}
	dgs_options_set_snapshots(base, cli->snapshot_now, cli->snapshot_old);
	return 0;
}

/* --print-schema-diff: the documents' predicted GET /api/SchemaDiff
 * list on standard output. */
static int
schema_diff(const struct run *run, const struct dgs_snapshot *before,
    const struct dgs_snapshot *now)
{
	char **docs, *out, why[256];
	size_t *lens, i, n = 0, outlen;
	int rc = 0;

	docs = xcalloc(run->njobs ? run->njobs : 1, sizeof(*docs));
	lens = xcalloc(run->njobs ? run->njobs : 1, sizeof(*lens));
	for (i = 0; i < run->njobs; i++, n++)
		if (read_document(run->jobs[i].in->path, &docs[i], &lens[i],
		    why, sizeof(why)) != 0) {
			fprintf(stderr, "dgslint: %s: %s\n",
			    run->jobs[i].in->name, why);
			rc = EXIT_TROUBLE;
			break;
		}
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
	for (i = 0; i < n; i++)
		free(docs[i]);
	free(docs);
	free(lens);
	return rc;
}

/*
 * Descriptors 0, 1 and 2 closed by the caller are taken with /dev/null,
 * so that no file opened here becomes standard output by accident; a
 * closed standard input reads as closed, and a closed standard output is
 * /dev/null opened for reading only, so that every write to it fails
 * (EBADF) and is reported as any other write error.
 */
static void
guard_descriptors(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		if (fd == 0)
			stdin_closed = 1;
		if (open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY) != fd)
			exit(EXIT_TROUBLE);
	}
}

/* Ends an output: a file's new text takes the old one's place, unless a
 * write failed (the old file then stays whole); standard output is
 * flushed.  0, or -1 after saying what failed. */
static int
out_close(struct output *o)
{
	char why[512];
	int e, whole;

	if (o->fp == stderr) {	/* findings beside a diff: nowhere to say */
		(void)fflush(stderr);
		o->fp = NULL;
		return 0;
	}
	if (o->fp == stdout) {
		errno = 0;
		if (!o->failed && (fflush(o->fp) != 0 || ferror(o->fp))) {
			o->failed = 1;
			o->err = errno != 0 ? errno : EIO;
		}
		o->fp = NULL;
		if (!o->failed)
			return 0;
		stdout_failed(o->err);
		return -1;
	}
	o->fp = NULL;
	/* Not a device or a pipe: replaced whole or not at all. */
	whole = o->file.tmp != NULL;
	if (o->failed) {
		e = o->err;
		wfile_abort(&o->file);
		snprintf(why, sizeof(why), "%s", strerror(e));
	} else if (wfile_commit(&o->file, why, sizeof(why)) == 0)
		return 0;
	fprintf(stderr, "dgslint: %s: write error: %s%s\n", o->path, why,
	    whole ? "; the file is left as it was" : "");
	return -1;
}

/* The outputs' files (outpath.c): none an input, no two the same. */
static int
check_outputs(const struct output *out, size_t nout, const char *bl_out,
    const struct inputs *in, const struct settings *cli,
    const char *config_file, const char *bl_in, const struct configs *cfgs)
{
	struct outpath o[MAX_OUTPUTS + 1], *f;
	const char *p;
	char **shown;
	size_t i, n = 0, nf = 0;
	int rc;

	for (i = 0; i < nout; i++)
		if (out[i].path != NULL && strcmp(out[i].path, "-") != 0) {
			o[n].path = out[i].path;
			o[n].what = "--output";
			o[n++].same_ok = NULL;
		}
	if (bl_out != NULL) {
		o[n].path = bl_out;
		o[n].what = "--write-baseline";
		o[n++].same_ok = "--baseline";
	}
	if (n == 0)
		return 0;
	for (i = 0; configs_path(cfgs, i) != NULL; i++)
		continue;
	f = xcalloc(i + 8, sizeof(*f));
	shown = xcalloc(i + 1, sizeof(*shown));
	f[nf].path = config_file, f[nf++].what = "--config";
	f[nf].path = bl_in, f[nf++].what = "--baseline";
	f[nf].path = cli->generators, f[nf++].what = "--generators";
	f[nf].path = cli->presets, f[nf++].what = "--presets";
	f[nf].path = cli->schema, f[nf++].what = "--schema";
	f[nf].path = cli->schema_before, f[nf++].what = "--schema-before";
	f[nf].path = cli->service.ca_file, f[nf++].what = "--service-ca-file";
	for (i = 0; (p = configs_path(cfgs, i)) != NULL; i++) {
		f[nf].path = shown[i] = path_display(p);
		f[nf++].what = "the configuration";
	}
	rc = outpaths_check(o, n, in, f, nf);
	while (i-- > 0)
		free(shown[i]);
	free(shown);
	free(f);
	return rc;
}

/* --service: checks its options, and reads the workspace's state into
 * the settings and base (its generators unless --generators names
 * them); returns 0, or EXIT_TROUBLE after saying why. */
static int
read_service(struct settings *cli, struct dgs_options *base,
    enum service_mode m)
{
	const struct service_state *st;
	const char *why = NULL;
	char *msg;

	service_set_mode(m);
	if (cli->service.url == NULL) {
		if (cli->service.workspace != NULL ||
		    cli->service.workspace_id != NULL)
			return bad_usage("%s needs --service, the service's "
			    "base URL", cli->service.workspace != NULL ?
			    "--workspace" : "--workspace-id");
		return 0;
	}
	if (cli->service.workspace != NULL && cli->service.workspace_id !=
	    NULL)
		return bad_usage("--workspace and --workspace-id exclude each "
		    "other: give the workspace's name or its id");
	if (cli->service.workspace == NULL && cli->service.workspace_id ==
	    NULL)
		return bad_usage("--service needs the workspace: --workspace "
		    "NAME or --workspace-id ID");
	if ((cli->service.workspace != NULL && *cli->service.workspace ==
	    '\0') || (cli->service.workspace_id != NULL &&
	    *cli->service.workspace_id == '\0'))
		return bad_usage("%s takes a non-empty value",
		    cli->service.workspace != NULL ? "--workspace" :
		    "--workspace-id");
	if ((st = service_get(&cli->service, &msg)) == NULL) {
		if (msg == NULL)	/* nothing is read */
			return 0;
		fprintf(stderr, "dgslint: --service %s\n", msg);
		free(msg);
		return EXIT_TROUBLE;
	}
	cli->service_state = st;
	dgs_options_set_service(base, st->svc);
	if (st->generators != NULL && cli->generators_text == NULL &&
	    dgs_options_load_generators(base, st->generators,
	    st->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	return 0;
}

/* The language server: reads every state again when a configuration
 * changes (lsp.c, with no lint running and no configuration loaded). */
struct refresh_arg {
	struct settings		*cli;
	struct dgs_options	*base;
};

static void
refresh_service(void *arg)
{
	struct refresh_arg *ra = arg;
	const struct service_state *st = ra->cli->service_state;
	const char *why = NULL;

	service_refresh();
	if (st == NULL)
		return;
	dgs_options_set_service(ra->base, st->svc);
	if (st->generators != NULL && ra->cli->generators_text == NULL &&
	    dgs_options_load_generators(ra->base, st->generators,
	    st->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
}

/* The base URL of the rule pages for the run: --rule-url, else the
 * "ruleUrl" that the documents' configurations name; NULL when none
 * does, or (*clash set) when they name different ones. */
static const char *
run_rule_base(const struct run *r, const struct settings *cli, int *clash)
{
	const char *base = NULL, *b;
	size_t i;

	*clash = 0;
	if (cli->rule_url != NULL)
		return cli->rule_url;
	for (i = 0; i < r->njobs; i++)
		if ((b = config_rule_base(r->jobs[i].cfg)) != NULL) {
			if (base != NULL && strcmp(base, b) != 0) {
				*clash = 1;
				return NULL;
			}
			base = b;
		}
	return base;
}

static size_t
default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (size_t)n;
}

/* The absolute path that configuration globs see for an input. */
static char *
input_abs(const struct input *in, const char *stdin_name)
{
	if (strcmp(in->path, "-") == 0)
		return path_absolute(stdin_name ? stdin_name : "<stdin>");
	return path_absolute_file(in->path, in->plain);
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char *argv[])
{
	struct output out[MAX_OUTPUTS];
	static struct settings cli;	/* reachable after a usage error */
	struct inputs in;
	struct run run;
	struct config *cfg;
	struct dgs_options *base = NULL;
	enum dgs_severity sev;
	enum format fmt;
	const char *color = "auto", *stdin_name = NULL, *explain_rule = NULL;
	const char *snapshot = NULL;
	const char *config_file = NULL, *print_config = NULL;
	const char *baseline_file = NULL, *write_baseline = NULL;
	char *abs, *end, why[512];
	size_t i, n, nout = 0, nstdout = 0, nstdin = 0, jobs = 0, gone;
	const char *context[MAX_CONTEXT];
	char **names = NULL;
	size_t ncontext = 0, nnamed = 0;
	int c, rc = 0, listing = 0, no_config = 0, force_exclude = 0, werr = 0;
	int err = 0, lsp = 0, print_schema_diff = 0, statistics = 0, clash;
	const char *print_schema = NULL, *rule_base;
	/* Static: still reachable (no leak) when a usage error returns. */
	static unsigned char *select, *ignore;
	double d;
	long l;

	guard_descriptors();
	(void)atexit(stdout_check);
	wfile_init();
#if defined(M_MXFAST)
	/* glibc: no fast bins.  Otherwise the first large allocation after
	 * a big document's tree is freed merges millions of small blocks at
	 * once, a fifth of the time of linting that document. */
	(void)mallopt(M_MXFAST, 0);
	/* Heaps grow 64 MB at a time (address space; pages are still
	 * touched as used).  A thread's heap otherwise grows by what each
	 * allocation needs, one mprotect(2) call at a time: 50,000 calls
	 * for a 16 MB document built on a second thread, each stalling the
	 * other thread's page faults. */
	(void)mallopt(M_TOP_PAD, 64 * 1024 * 1024);
#endif
	memset(out, 0, sizeof(out));
	memset(&cli, 0, sizeof(cli));
	memset(&in, 0, sizeof(in));
	memset(&run, 0, sizeof(run));
	cli.license = cli.fail_on = -1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "f:hj:o:qV", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'f':
			if (format_from_name(optarg, &fmt) != 0) {
				const char *f[FMT_MAX];

				for (i = 0; i < FMT_MAX; i++)
					f[i] = format_name((enum format)i);
				return bad_usage("unknown format '%s' (text, "
				    "json, sarif, github, checkstyle, junit, "
				    "gitlab, rdjson)%s", optarg, did_you_mean(
				    why, sizeof(why), optarg, f, FMT_MAX, ""));
			}
			if (nout == MAX_OUTPUTS)
				return bad_usage("too many formats");
			out[nout].format = fmt;
			out[nout++].path = NULL;
			break;
		case 'o':
			if (nout == 0)
				out[nout++].format = FMT_TEXT;
			if (out[nout - 1].path != NULL)
				return bad_usage("--output %s needs a --format "
				    "before it", optarg);
			out[nout - 1].path = optarg;
			break;
		case 'j':
			errno = 0;
			l = strtol(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || end == optarg ||
			    l < 0 || l > 1024)
				return bad_usage("-j takes a number from 0 "
				    "(the number of CPUs) to 1024, not '%s'",
				    optarg);
			jobs = (size_t)l;
			break;
		case 'q':
			run.quiet = 1;
			break;
		case 'V':
			printf("dgslint %s\n", dgs_version());
			return 0;
		case 'h':
			help();
			return 0;
		case OPT_BASELINE:
			baseline_file = optarg;
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") != 0 &&
			    strcmp(optarg, "always") != 0 &&
			    strcmp(optarg, "never") != 0)
				return bad_usage("--color takes auto, always "
				    "or never, not '%s'%s", optarg, did_you_mean(
				    why, sizeof(why), optarg, colors, 3, ""));
			color = optarg;
			break;
		case OPT_CONFIG:
			config_file = optarg;
			break;
		case OPT_CONTEXT:
			if (strcmp(optarg, "-") == 0)
				return bad_usage("--context takes files or "
				    "directories, not standard input");
			if (ncontext == MAX_CONTEXT)
				return bad_usage("too many --context paths");
			context[ncontext++] = optarg;
			break;
		case OPT_DISABLE:
		case OPT_ENABLE:
		case OPT_SEVERITY:
			if (add_rule_setting(&cli, c, optarg) != 0)
				return EXIT_TROUBLE;
			break;
		case OPT_SELECT:
		case OPT_IGNORE:
			if (ignore == NULL)
				ignore = xcalloc(dgs_rule_count(), 1);
			if (c == OPT_SELECT && select == NULL)
				select = xcalloc(dgs_rule_count(), 1);
			if (rule_list(c == OPT_SELECT ? "--select" : "--ignore",
			    optarg, c == OPT_SELECT ? select : ignore) != 0)
				return EXIT_TROUBLE;
			break;
		case OPT_EXPLAIN:
			explain_rule = optarg;
			break;
		case OPT_FAIL_ON:
			if (strcmp(optarg, "none") == 0)
				cli.fail_on = FAIL_NONE;
			else if (dgs_severity_from_name(optarg, &sev) != 0 ||
			    sev == DGS_SEV_OFF)
				return bad_usage("--fail-on takes error, "
				    "warning, info or none, not '%s'%s", optarg,
				    did_you_mean(why, sizeof(why), optarg,
				    fail_levels, 4, ""));
			else
				cli.fail_on = (int)sev;
			break;
		case OPT_FIX:
		case OPT_DIFF:
			if (run.fix != FIX_NONE && run.fix !=
			    (c == OPT_FIX ? FIX_WRITE : FIX_DIFF))
				return bad_usage("--fix and --diff exclude each "
				    "other: --diff shows the fixes, --fix "
				    "applies them");
			run.fix = c == OPT_FIX ? FIX_WRITE : FIX_DIFF;
			break;
		case OPT_UNSAFE_FIXES:
			run.unsafe_fixes = 1;
			break;
		case OPT_FORCE_EXCLUDE:
			force_exclude = 1;
			break;
		case OPT_GENERATORS:
			cli.generators = optarg;
			break;
		case OPT_KIND:
			if ((cli.kind = dgs_kind_from_name(optarg)) ==
			    DGS_KIND_UNKNOWN)
				return bad_usage("unknown kind '%s' "
				    "(replacements, subsetting, subsetting-put, "
				    "schema-changes, resolution, job-start, "
				    "preset)%s", optarg, kind_did_you_mean(why,
				    sizeof(why), optarg));
			break;
		case OPT_LICENSE:
			if (strcmp(optarg, "enterprise") == 0)
				cli.license = DGS_LICENSE_ENTERPRISE;
			else if (strcmp(optarg, "professional") == 0)
				cli.license = DGS_LICENSE_PROFESSIONAL;
			else if (strcmp(optarg, "basic") == 0)
				cli.license = DGS_LICENSE_BASIC;
			else
				return bad_usage("--license takes enterprise, "
				    "professional or basic, not '%s'%s", optarg,
				    did_you_mean(why, sizeof(why), optarg,
				    licenses, 3, ""));
			break;
		case OPT_LIST_RULES:
			listing = 1;
			break;
		case OPT_LSP:
			lsp = 1;
			break;
		case OPT_NO_CONFIG:
			no_config = 1;
			break;
		case OPT_NO_GITIGNORE:
			in.no_gitignore = 1;
			break;
		case OPT_PRESETS:
			cli.presets = optarg;
			break;
		case OPT_PRINT_CONFIG:
			print_config = optarg;
			break;
		case OPT_PRINT_SCHEMA:
			print_schema = optarg;
			break;
		case OPT_SNAPSHOT:
			snapshot = optarg;
			break;
		case OPT_STATISTICS:
			statistics = 1;
			break;
		case OPT_RULE_URL:
			if (!rule_url_valid(optarg))
				return bad_usage("--rule-url takes the absolute "
				    "URL where the rule pages are published "
				    "(https://...), not '%s'", optarg);
			cli.rule_url = optarg;
			break;
		case OPT_STDIN_FILENAME:
			stdin_name = optarg;
			break;
		case OPT_SCHEMA:
			cli.schema = optarg;
			break;
		case OPT_SCHEMA_BEFORE:
			cli.schema_before = optarg;
			break;
		case OPT_SERVICE:
			if (service_url_check(optarg, why, sizeof(why)) != 0)
				return bad_usage("--service %s: %s", optarg,
				    why);
			cli.service.url = optarg;
			break;
		case OPT_SERVICE_CA_FILE:
			cli.service.ca_file = optarg;
			break;
		case OPT_SERVICE_TIMEOUT:
			errno = 0;
			d = strtod(optarg, &end);
			if (errno != 0 || *end != '\0' || end == optarg ||
			    !(d > 0) || d > SERVICE_TIMEOUT_MAX)
				return bad_usage("--service-timeout takes the "
				    "seconds a request may take, above 0 and at "
				    "most %d, not '%s'", SERVICE_TIMEOUT_MAX,
				    optarg);
			cli.service.timeout_ms = d * 1000 < 1 ? 1 :
			    (long)(d * 1000);
			break;
		case OPT_WORKSPACE:
			cli.service.workspace = optarg;
			break;
		case OPT_WORKSPACE_ID:
			cli.service.workspace_id = optarg;
			break;
		case OPT_PRINT_SCHEMA_DIFF:
			print_schema_diff = 1;
			break;
		case OPT_WRITE_BASELINE:
			write_baseline = optarg;
			break;
		default:
			if (optopt >= 256 || (optopt != 0 &&
			    strchr("fjo", optopt) != NULL))
				return bad_usage("%s needs an argument",
				    argv[optind - 1]);
			if (optopt != 0)
				return bad_usage("unknown option -%c", optopt);
			if (strncmp(argv[optind - 1], "--", 2) == 0)
				return unknown_long_option(argv[optind - 1]);
			return bad_usage("unknown option %s",
			    argv[optind - 1]);
		}
	}
	argc -= optind;
	argv += optind;
	if (ignore != NULL)
		drop_rules(&cli, select, ignore);
	free(select);
	free(ignore);
	select = ignore = NULL;

	if (explain_rule != NULL)
		return explain(explain_rule, nout > 0 ? out[0].format :
		    FMT_TEXT);
	if (snapshot != NULL)
		return snapshot_pg_run(snapshot);
	if (listing)
		return list_rules(nout > 0 ? out[0].format : FMT_TEXT);
	if (config_file != NULL && no_config)
		return bad_usage("--config and --no-config exclude each "
		    "other");
	if ((lsp || print_schema != NULL) && argc > 0)
		return bad_usage("%s takes no paths: '%s'", lsp ? "--lsp" :
		    "--print-schema", argv[0]);
	if (argc == 0 && print_config == NULL && !lsp && print_schema == NULL)
		return bad_usage("no input: name files or directories, or - "
		    "for standard input");
	for (i = 0; i < (size_t)argc; i++)
		if (strcmp(argv[i], "-") == 0)
			nstdin++;
	if (nstdin > 1)
		return bad_usage("- (standard input) can be named only "
		    "once");
	if (stdin_name != NULL && nstdin == 0)
		return bad_usage("--stdin-filename needs - among the "
		    "paths");

	/* The settings of the command line, and the options of documents
	 * that no configuration covers. */
	if ((base = dgs_options_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	if (cli.schema_before != NULL && cli.schema == NULL) {
		rc = bad_usage("--schema-before needs --schema: the database "
		    "as it is now");
		goto out;
	}
	if (print_schema_diff && cli.schema_before == NULL) {
		rc = bad_usage("--print-schema-diff needs --schema and "
		    "--schema-before");
		goto out;
	}
	/* Loaded while the first document is scanned when nothing but the
	 * run needs them. */
	if (load_schemas(&cli, base, !lsp && print_schema == NULL &&
	    !print_schema_diff && print_config == NULL) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (load_catalogue(cli.generators, &cli.generators_text,
	    &cli.generators_len, base, dgs_options_load_generators) != 0 ||
	    load_catalogue(cli.presets, &cli.presets_text, &cli.presets_len,
	    base, dgs_options_load_presets) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if ((rc = read_service(&cli, base, lsp ? SERVICE_LENIENT :
	    print_schema != NULL || print_schema_diff || print_config != NULL ?
	    SERVICE_NONE : SERVICE_FETCH)) != 0)
		goto out;
	if (print_schema != NULL) {
		rc = jsonschema_print(print_schema, base);
		goto out;
	}
	if (lsp) {
		struct lsp_env env = { &cli, base, config_file, no_config,
		    baseline_file, force_exclude, refresh_service, NULL };
		struct refresh_arg ra = { &cli, base };

		env.refresh_arg = &ra;
		rc = lsp_main(&env);
		goto out;
	}
	if ((run.cfgs = configs_new(config_file, no_config, &cli,
	    &err)) == NULL || err) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (print_config != NULL) {
		abs = path_absolute(print_config);
		if (configs_find(run.cfgs, abs, &cfg) != 0)
			rc = EXIT_TROUBLE;
		else
			config_print(stdout, cfg, &cli, print_config, abs,
			    nout > 0 && out[0].format == FMT_JSON);
		free(abs);
		goto out;
	}

	/* Every document and its configuration, before any output: a bad
	 * configuration stops the run. */
	for (i = 0; i < (size_t)argc; i++)
		inputs_add(&in, argv[i], stdin_name);
	nnamed = in.n;
	for (i = 0; i < ncontext; i++) {
		n = in.n;
		inputs_add(&in, context[i], NULL);
		while (n < in.n)
			in.v[n++].context = 1;
	}
	if ((run.jobs = calloc(in.n ? in.n : 1, sizeof(*run.jobs))) == NULL) {
		perror("dgslint");
		rc = EXIT_TROUBLE;
		goto out;
	}
	/* The context first: a finding across documents is on the later
	 * document, which is then always one named; a document named is
	 * linted as named, not as context. */
	names = xcalloc(nnamed ? nnamed : 1, sizeof(*names));
	for (i = 0; ncontext > 0 && i < nnamed; i++)
		names[i] = input_abs(&in.v[i], stdin_name);
	if (ncontext > 0)
		qsort(names, nnamed, sizeof(*names), str_cmp);
	for (n = 0; n < in.n; n++) {
		i = n < in.n - nnamed ? nnamed + n : n - (in.n - nnamed);
		abs = input_abs(&in.v[i], stdin_name);
		if (configs_find(run.cfgs, abs, &cfg) != 0) {
			free(abs);
			rc = EXIT_TROUBLE;
			goto out;
		}
		if (((!in.v[i].explicit || force_exclude ||
		    in.v[i].context) && config_excluded(cfg, abs)) ||
		    (in.v[i].context && bsearch(&abs, names, nnamed,
		    sizeof(*names), str_cmp) != NULL)) {
			free(abs);
			continue;
		}
		run.jobs[run.njobs].in = &in.v[i];
		run.jobs[run.njobs].cfg = cfg;
		run.jobs[run.njobs++].abs = abs;
	}
	if (run.fix != FIX_NONE)
		run_fix_guard(&run);
	if (baseline_file != NULL &&
	    (run.baseline = baseline_load(baseline_file)) == NULL) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (write_baseline != NULL)
		run.record = baseline_new(write_baseline);

	if (print_schema_diff) {
		rc = schema_diff(&run, cli.snapshot_old, cli.snapshot_now);
		goto out;
	}
	if (check_outputs(out, nout, write_baseline, &in, &cli, config_file,
	    baseline_file, run.cfgs) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (nout == 0) {
		const char *gha = getenv("GITHUB_ACTIONS");

		/* Statistics are to be read: text, under GitHub too. */
		out[nout++].format = !statistics && gha != NULL &&
		    strcmp(gha, "true") == 0 ? FMT_GITHUB : FMT_TEXT;
	}
	for (i = n = 0; i < nout; i++)
		n += out[i].statistics = statistics &&
		    (out[i].format == FMT_TEXT || out[i].format == FMT_JSON);
	if ((rule_base = run_rule_base(&run, &cli, &clash)) == NULL && clash)
		fprintf(stderr, "dgslint: the configurations of these documents "
		    "name different ruleUrl values: no rule links (give "
		    "--rule-url)\n");
	for (i = 0; i < nout; i++)
		out[i].rule_url = rule_base;
	if (statistics && n == 0) {
		rc = bad_usage("--statistics is written by the text and json "
		    "formats: add -f text or -f json");
		goto out;
	}
	for (i = 0; i < nout; i++) {
		if (out[i].path == NULL || strcmp(out[i].path, "-") == 0) {
			if (++nstdout > 1) {
				rc = bad_usage("only one format can go to "
				    "standard output; give the others "
				    "--output FILE");
				goto out;
			}
			out[i].fp = stdout;
			out[i].path = NULL;
			/* Standard output takes the diff, or the fixed
			 * document: the findings go to stderr. */
			if (run.fix == FIX_DIFF ||
			    (run.fix == FIX_WRITE && nstdin > 0))
				out[i].fp = stderr;
		} else if (wfile_open(&out[i].file, out[i].path, why,
		    sizeof(why)) != 0) {
			fprintf(stderr, "dgslint: %s: %s\n", out[i].path, why);
			rc = EXIT_TROUBLE;
			goto out;
		} else
			out[i].fp = out[i].file.fp;
		out[i].color = out[i].format == FMT_TEXT &&
		    out[i].fp == stdout && use_color(color, stdout);
		out[i].min = DGS_SEV_INFO;
		out[i].unsafe_fixes = run.unsafe_fixes;
	}

	run.threads = jobs == 0 ? default_jobs() : jobs;
	run.cli = &cli;
	run.base = base;
	run.out = out;
	run.nout = nout;
	run_jobs(&run);
	run.sum.bad_paths = in.failed;
	for (i = 0; i < nout; i++) {
		output_end(&out[i], &run.sum);
		if (out_close(&out[i]) != 0)
			werr = 1;
	}
	n = run.sum.errors + run.sum.warnings + run.sum.infos;
	if (!run.quiet && (n > 0 || run.sum.unreadable > 0 ||
	    run.sum.skipped > 0)) {
		fprintf(stderr, "dgslint: %zu file%s linted: %zu error%s, "
		    "%zu warning%s, %zu info%s", run.sum.files,
		    run.sum.files == 1 ? "" : "s", run.sum.errors,
		    run.sum.errors == 1 ? "" : "s", run.sum.warnings,
		    run.sum.warnings == 1 ? "" : "s", run.sum.infos,
		    run.sum.infos == 1 ? "" : "s");
		if (run.sum.skipped > 0)
			fprintf(stderr, "; %zu skipped", run.sum.skipped);
		fprintf(stderr, "%s\n", run.sum.unreadable ?
		    "; some inputs could not be read" : "");
	}
	gone = run.baseline != NULL ? baseline_unmatched(run.baseline) : 0;
	if (run.baseline != NULL && !run.quiet &&
	    (run.baselined > 0 || gone > 0))
		fprintf(stderr, "dgslint: baseline %s: %zu finding%s not "
		    "shown; %zu no longer occur%s\n", baseline_file,
		    run.baselined, run.baselined == 1 ? "" : "s", gone,
		    gone == 0 ? "" : gone == 1 ? "s (shrink the baseline with "
		    "--write-baseline)" : " (shrink the baseline with "
		    "--write-baseline)");
	if (run.record != NULL) {
		if (baseline_write(run.record) != 0)
			werr = 1;
		else if (!run.quiet)
			fprintf(stderr, "dgslint: %s: %zu finding%s "
			    "recorded\n", write_baseline,
			    baseline_count(run.record),
			    baseline_count(run.record) == 1 ? "" : "s");
	}
	if (!run.quiet && run.fix != FIX_NONE && run.fixed > 0)
		fprintf(stderr, "dgslint: %s %zu finding%s in %zu file%s\n",
		    run.fix == FIX_DIFF ? "would fix" : "fixed", run.fixed,
		    run.fixed == 1 ? "" : "s", run.fixed_files,
		    run.fixed_files == 1 ? "" : "s");
	else if (!run.quiet && run.fix == FIX_NONE &&
	    (run.fixable > 0 || run.unsafe_fixable > 0)) {
		if (run.fixable == 0)
			fprintf(stderr, "dgslint: %zu fixable with --fix "
			    "--unsafe-fixes\n", run.unsafe_fixable);
		else if (run.unsafe_fixable > 0)
			fprintf(stderr, "dgslint: %zu fixable with --fix "
			    "(%zu more with --unsafe-fixes)\n", run.fixable,
			    run.unsafe_fixable);
		else
			fprintf(stderr, "dgslint: %zu fixable with --fix\n",
			    run.fixable);
	}
	rc = run.failed ? EXIT_FINDINGS : 0;
	if (in.failed || run.sum.unreadable > 0 || werr || run.write_failed)
		rc = EXIT_TROUBLE;
out:
	for (i = 0; i < nout; i++)
		if (out[i].fp != NULL && out[i].fp != stdout &&
		    out[i].fp != stderr)
			wfile_abort(&out[i].file);
	for (i = 0; i < run.njobs; i++) {
		free(run.jobs[i].abs);
		free(run.jobs[i].nofix);
	}
	for (i = 0; names != NULL && ncontext > 0 && i < nnamed; i++)
		free(names[i]);
	free(names);
	free(run.jobs);
	baseline_free(run.baseline);
	baseline_free(run.record);
	inputs_free(&in);
	configs_free(run.cfgs);
	dgs_options_free(base);
	free(cli.generators_text);
	free(cli.presets_text);
	dgs_snapshot_free(cli.snapshot_now);
	dgs_snapshot_free(cli.snapshot_old);
	for (i = 0; i < 2; i++)
		if (cli.snapshot_text[i].buf != NULL)
			unmap_document(cli.snapshot_text[i].buf,
			    cli.snapshot_text[i].len, cli.snapshot_text[i].mapped);
	free(cli.rules);
	free(cli.dropped);
	service_cleanup();
	return rc;
}
