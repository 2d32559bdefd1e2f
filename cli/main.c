/*
 * main.c: dgslint [options] path ...
 *
 * Exit status: 0 no finding at or above the failure level, 1 findings at
 * or above it, 2 a usage error, an unreadable input or a write error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define EXIT_FINDINGS	1
#define EXIT_TROUBLE	2
#define MAX_OUTPUTS	8

enum {
	OPT_COLOR = 256,
	OPT_EXPLAIN,
	OPT_FAIL_ON,
	OPT_GENERATORS,
	OPT_KIND,
	OPT_LICENSE,
	OPT_LIST_RULES,
	OPT_PRESETS,
	OPT_STDIN_FILENAME
};

static const struct option longopts[] = {
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "colour", required_argument, NULL, OPT_COLOR },
	{ "explain", required_argument, NULL, OPT_EXPLAIN },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "format", required_argument, NULL, 'f' },
	{ "generators", required_argument, NULL, OPT_GENERATORS },
	{ "help", no_argument, NULL, 'h' },
	{ "kind", required_argument, NULL, OPT_KIND },
	{ "license", required_argument, NULL, OPT_LICENSE },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "output", required_argument, NULL, 'o' },
	{ "presets", required_argument, NULL, OPT_PRESETS },
	{ "quiet", no_argument, NULL, 'q' },
	{ "stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static void
usage(FILE *fp)
{
	fprintf(fp,
"usage: dgslint [-hqV] [-f format [-o file]]... [--kind kind]\n"
"               [--license tier] [--generators file] [--presets file]\n"
"               [--fail-on level] [--color when] [--stdin-filename name]\n"
"               path ...\n"
"       dgslint --list-rules [-f text|json]\n"
"       dgslint --explain rule\n");
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
"skipped) or - for standard input.\n"
"\n"
"Options:\n"
"  -f, --format FORMAT     text (default), json, sarif, github,\n"
"                          checkstyle or junit; repeatable, each\n"
"                          followed by its own -o (default: github when\n"
"                          GITHUB_ACTIONS is true, else text)\n"
"  -o, --output FILE       write the preceding --format to FILE\n"
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
"      --fail-on LEVEL     exit 1 on findings at or above LEVEL: error,\n"
"                          warning (default), info, none\n"
"  -q, --quiet             show only findings at or above the --fail-on\n"
"                          level, and no summary\n"
"      --color WHEN        auto (default: on a terminal, unless NO_COLOR\n"
"                          is set), always, never\n"
"      --stdin-filename NAME\n"
"                          the name of the document read from -\n"
"      --list-rules        list every rule and exit\n"
"      --explain RULE      explain a rule (by id or name) and exit\n"
"  -V, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"Text output: FILE:LINE:COLUMN: SEVERITY: MESSAGE [ID name]\n"
"Exit status: 0 no finding at or above the --fail-on level; 1 findings at\n"
"or above it (invalid JSON included); 2 usage error, unreadable input, or\n"
"an output that cannot be written.\n"
"\n"
"See dgslint(1) and dgslint-rules(7).\n");
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

static int
list_rules(enum format fmt)
{
	const struct dgs_rule_info *r;
	size_t i;

	if (fmt == FMT_JSON)
		putchar('[');
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		if (fmt == FMT_JSON) {
			printf("%s\n{\"id\":\"%s\",\"name\":\"%s\","
			    "\"severity\":\"%s\",\"summary\":\"", i ? "," : "",
			    r->id, r->name, dgs_severity_name(r->severity));
			/* Summaries are plain ASCII without quotes. */
			fputs(r->summary, stdout);
			fputs("\"}", stdout);
		} else
			printf("%-7s %-32s %-8s %s\n", r->id, r->name,
			    dgs_severity_name(r->severity), r->summary);
	}
	if (fmt == FMT_JSON)
		puts("\n]");
	return 0;
}

static int
explain(const char *name)
{
	const struct dgs_rule_info *r;

	if ((r = dgs_rule_find(name)) == NULL) {
		fprintf(stderr, "dgslint: --explain: no rule %s (see "
		    "--list-rules)\n", name);
		return EXIT_TROUBLE;
	}
	printf("%s %s (default severity: %s; kinds: ", r->id, r->name,
	    dgs_severity_name(r->severity));
	kinds_words(stdout, r->kinds);
	printf(")\n%s.\n\n%s\n", r->summary, r->explain);
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
	fputc('\n', stderr);
	usage(stderr);
	return EXIT_TROUBLE;
}

/* Loads --generators or --presets FILE; returns 0, or EXIT_TROUBLE
 * after saying why. */
static int
load_file(struct dgs_options *opts, const char *path,
    int (*load)(struct dgs_options *, const char *, size_t, const char **))
{
	const char *why = NULL;
	char *buf, err[256];
	size_t len;
	int rc;

	if (path == NULL)
		return 0;
	if (read_document(path, &buf, &len, err, sizeof(err)) != 0)
		return EXIT_TROUBLE;
	rc = load(opts, buf, len, &why);
	free(buf);
	if (rc == 0)
		return 0;
	fprintf(stderr, "dgslint: %s: %s\n", path,
	    why != NULL ? why : dgs_strerror(rc));
	return EXIT_TROUBLE;
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

int
main(int argc, char *argv[])
{
	struct output out[MAX_OUTPUTS];
	struct summary sum;
	struct inputs in;
	struct dgs_options *opts;
	struct dgs_result *res;
	const struct dgs_finding *f;
	enum dgs_severity fail_on = DGS_SEV_WARNING;
	enum dgs_kind kind = DGS_KIND_UNKNOWN;
	enum dgs_license license = DGS_LICENSE_ENTERPRISE;
	enum format fmt;
	const char *color = "auto", *stdin_name = NULL, *explain_rule = NULL;
	const char *generators_file = NULL, *presets_file = NULL;
	char *buf, why[256];
	size_t len, i, j, nout = 0, nstdout = 0, nstdin = 0;
	int c, quiet = 0, listing = 0, rc = 0, fail_none = 0, werr = 0;

	memset(out, 0, sizeof(out));
	memset(&sum, 0, sizeof(sum));
	memset(&in, 0, sizeof(in));
	opterr = 0;
	while ((c = getopt_long(argc, argv, "f:ho:qV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (format_from_name(optarg, &fmt) != 0)
				return bad_usage("unknown format '%s' (text, "
				    "json, sarif, github, checkstyle, junit)",
				    optarg);
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
		case 'q':
			quiet = 1;
			break;
		case 'V':
			printf("dgslint %s\n", dgs_version());
			return 0;
		case 'h':
			help();
			return 0;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") != 0 &&
			    strcmp(optarg, "always") != 0 &&
			    strcmp(optarg, "never") != 0)
				return bad_usage("--color takes auto, always "
				    "or never, not '%s'", optarg);
			color = optarg;
			break;
		case OPT_EXPLAIN:
			explain_rule = optarg;
			break;
		case OPT_FAIL_ON:
			if (strcmp(optarg, "none") == 0)
				fail_none = 1;
			else if (dgs_severity_from_name(optarg, &fail_on) != 0 ||
			    fail_on == DGS_SEV_OFF)
				return bad_usage("--fail-on takes error, "
				    "warning, info or none, not '%s'", optarg);
			break;
		case OPT_KIND:
			if ((kind = dgs_kind_from_name(optarg)) ==
			    DGS_KIND_UNKNOWN)
				return bad_usage("unknown kind '%s' "
				    "(replacements, subsetting, subsetting-put, "
				    "schema-changes, resolution, job-start, "
				    "preset)", optarg);
			break;
		case OPT_LICENSE:
			if (strcmp(optarg, "enterprise") == 0)
				license = DGS_LICENSE_ENTERPRISE;
			else if (strcmp(optarg, "professional") == 0)
				license = DGS_LICENSE_PROFESSIONAL;
			else if (strcmp(optarg, "basic") == 0)
				license = DGS_LICENSE_BASIC;
			else
				return bad_usage("--license takes enterprise, "
				    "professional or basic, not '%s'", optarg);
			break;
		case OPT_LIST_RULES:
			listing = 1;
			break;
		case OPT_GENERATORS:
			generators_file = optarg;
			break;
		case OPT_PRESETS:
			presets_file = optarg;
			break;
		case OPT_STDIN_FILENAME:
			stdin_name = optarg;
			break;
		default:
			if (optopt >= 256 || (optopt != 0 &&
			    strchr("fo", optopt) != NULL))
				return bad_usage("%s needs an argument",
				    argv[optind - 1]);
			if (optopt != 0)
				return bad_usage("unknown option -%c", optopt);
			return bad_usage("unknown option %s",
			    argv[optind - 1]);
		}
	}
	argc -= optind;
	argv += optind;

	if (explain_rule != NULL)
		return explain(explain_rule);
	if (listing)
		return list_rules(nout > 0 ? out[0].format : FMT_TEXT);
	if (argc == 0)
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

	if (nout == 0) {
		const char *gha = getenv("GITHUB_ACTIONS");

		out[nout++].format = gha != NULL && strcmp(gha, "true") == 0 ?
		    FMT_GITHUB : FMT_TEXT;
	}
	for (i = 0; i < nout; i++) {
		if (out[i].path == NULL || strcmp(out[i].path, "-") == 0) {
			if (++nstdout > 1)
				return bad_usage("only one format can go to "
				    "standard output; give the others "
				    "--output FILE");
			out[i].fp = stdout;
			out[i].path = NULL;
		} else if ((out[i].fp = fopen(out[i].path, "w")) == NULL) {
			fprintf(stderr, "dgslint: %s: %s\n", out[i].path,
			    strerror(errno));
			return EXIT_TROUBLE;
		}
		out[i].color = out[i].format == FMT_TEXT &&
		    out[i].fp == stdout && use_color(color, stdout);
		out[i].min = quiet ? (fail_none ? DGS_SEV_ERROR : fail_on) :
		    DGS_SEV_INFO;
	}

	if ((opts = dgs_options_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	dgs_options_set_kind(opts, kind);
	dgs_options_set_license(opts, license);
	if (load_file(opts, generators_file,
	    dgs_options_load_generators) != 0 ||
	    load_file(opts, presets_file, dgs_options_load_presets) != 0) {
		dgs_options_free(opts);
		return EXIT_TROUBLE;
	}

	for (i = 0; i < (size_t)argc; i++)
		inputs_add(&in, argv[i], stdin_name);

	for (i = 0; i < nout; i++)
		output_begin(&out[i]);
	for (i = 0; i < in.n; i++) {
		if (read_document(in.v[i].path, &buf, &len, why,
		    sizeof(why)) != 0) {
			sum.unreadable++;
			for (j = 0; j < nout; j++)
				output_unreadable(&out[j], in.v[i].name, why);
			continue;
		}
		if (dgs_lint(opts, in.v[i].name, buf, len, &res) != 0) {
			fprintf(stderr, "dgslint: %s: out of memory\n",
			    in.v[i].name);
			free(buf);
			sum.unreadable++;
			for (j = 0; j < nout; j++)
				output_unreadable(&out[j], in.v[i].name,
				    "out of memory");
			continue;
		}
		free(buf);
		sum.files++;
		for (j = 0; (f = dgs_result_get(res, j)) != NULL; j++) {
			if (f->severity == DGS_SEV_ERROR)
				sum.errors++;
			else if (f->severity == DGS_SEV_WARNING)
				sum.warnings++;
			else
				sum.infos++;
			if (!fail_none && f->severity >= fail_on)
				rc = EXIT_FINDINGS;
		}
		for (j = 0; j < nout; j++)
			output_file(&out[j], in.v[i].name, res);
		dgs_result_free(res);
	}
	sum.bad_paths = in.failed;
	for (i = 0; i < nout; i++) {
		output_end(&out[i], &sum);
		/* A write error anywhere (the first is remembered), at the
		 * last flush, or at close: the document is incomplete. */
		errno = 0;
		if (!out[i].failed && (fflush(out[i].fp) != 0 ||
		    ferror(out[i].fp))) {
			out[i].failed = 1;
			out[i].err = errno != 0 ? errno : EIO;
		}
		errno = 0;
		if (out[i].fp != stdout && fclose(out[i].fp) != 0 &&
		    !out[i].failed) {
			out[i].failed = 1;
			out[i].err = errno != 0 ? errno : EIO;
		}
		if (out[i].failed) {
			fprintf(stderr, "dgslint: %s: write error: %s\n",
			    out[i].path ? out[i].path : "standard output",
			    strerror(out[i].err));
			werr = 1;
		}
	}
	if (!quiet && (sum.errors + sum.warnings + sum.infos > 0 ||
	    sum.unreadable > 0))
		fprintf(stderr, "dgslint: %zu file%s linted: %zu error%s, "
		    "%zu warning%s, %zu info%s%s\n", sum.files,
		    sum.files == 1 ? "" : "s", sum.errors,
		    sum.errors == 1 ? "" : "s", sum.warnings,
		    sum.warnings == 1 ? "" : "s", sum.infos,
		    sum.infos == 1 ? "" : "s",
		    sum.unreadable ? "; some inputs could not be read" : "");
	if (in.failed || sum.unreadable > 0 || werr)
		rc = EXIT_TROUBLE;
	inputs_free(&in);
	dgs_options_free(opts);
	return rc;
}
