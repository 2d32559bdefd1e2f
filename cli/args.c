/*
 * args.c: the command line, read into struct args: the settings of every
 * document, the outputs, the paths and the mode of the run.  A value
 * that is not one of an option's is a usage error naming the closest
 * (did you mean); so is a misspelt long option.  args_parse() is
 * getopt_long()'s loop; take_option() takes each option, as given or
 * through the function that checks its value.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "main.h"
#include "privacy_sample.h"

enum {
	OPT_BASELINE = 256,
	OPT_COLOR,
	OPT_CONFIG,
	OPT_CONTEXT,
	OPT_DIFF,
	OPT_DISABLE,
	OPT_ENABLE,
	OPT_EXIT_ZERO,
	OPT_EXPLAIN,
	OPT_FAIL_ON,
	OPT_FIX,
	OPT_FORCE_EXCLUDE,
	OPT_GENERATORS,
	OPT_IGNORE,
	OPT_INIT,
	OPT_KIND,
	OPT_LICENSE,
	OPT_LIST_GENERATORS,
	OPT_LIST_RULES,
	OPT_LIST_VALUES,
	OPT_LSP,
	OPT_NO_CONFIG,
	OPT_NO_GITIGNORE,
	OPT_PRESETS,
	OPT_PRINT_CONFIG,
	OPT_PRINT_SCHEMA,
	OPT_PRINT_SCHEMA_DIFF,
	OPT_PRIVACY_REPORT,
	OPT_RULE_URL,
	OPT_SAMPLE,
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
	{ "exit-zero", no_argument, NULL, OPT_EXIT_ZERO },
	{ "explain", required_argument, NULL, OPT_EXPLAIN },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "fix", no_argument, NULL, OPT_FIX },
	{ "force-exclude", no_argument, NULL, OPT_FORCE_EXCLUDE },
	{ "format", required_argument, NULL, 'f' },
	{ "generators", required_argument, NULL, OPT_GENERATORS },
	{ "help", no_argument, NULL, 'h' },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "init", no_argument, NULL, OPT_INIT },
	{ "jobs", required_argument, NULL, 'j' },
	{ "kind", required_argument, NULL, OPT_KIND },
	{ "license", required_argument, NULL, OPT_LICENSE },
	{ "list-generators", no_argument, NULL, OPT_LIST_GENERATORS },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "list-values", required_argument, NULL, OPT_LIST_VALUES },
	{ "lsp", no_argument, NULL, OPT_LSP },
	{ "no-config", no_argument, NULL, OPT_NO_CONFIG },
	{ "no-gitignore", no_argument, NULL, OPT_NO_GITIGNORE },
	{ "output", required_argument, NULL, 'o' },
	{ "output-format", required_argument, NULL, 'f' },
	{ "presets", required_argument, NULL, OPT_PRESETS },
	{ "print-config", required_argument, NULL, OPT_PRINT_CONFIG },
	{ "print-schema", required_argument, NULL, OPT_PRINT_SCHEMA },
	{ "print-schema-diff", no_argument, NULL, OPT_PRINT_SCHEMA_DIFF },
	{ "privacy-report", no_argument, NULL, OPT_PRIVACY_REPORT },
	{ "rule-url", required_argument, NULL, OPT_RULE_URL },
	{ "sample", required_argument, NULL, OPT_SAMPLE },
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
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, 'V' },
	{ "workspace", required_argument, NULL, OPT_WORKSPACE },
	{ "workspace-id", required_argument, NULL, OPT_WORKSPACE_ID },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ NULL, 0, NULL, 0 }
};

/*
 * The options of other linters that a user types first, by what they
 * mean: their dgslint option, which no spelling is close to (--silent is
 * nearer --select than --quiet).  ruff's and biome's names; where they
 * mean what a dgslint option means, they are that option (--output-format,
 * --exit-zero), and these are the ones that do not quite.
 */
static const struct {
	const char	*theirs, *ours;
} meanings[] = {
	{ "silent", "quiet" },			/* eslint, make */
	{ "output-file", "output" },		/* ruff, eslint */
	{ "reporter", "format" },		/* biome */
	{ "show-settings", "print-config" },	/* ruff */
	{ "extend-select", "enable" },		/* ruff */
	{ "extend-ignore", "disable" },		/* ruff, flake8 */
	{ "no-color", "color never" },		/* eslint, biome */
	{ "no-colour", "color never" },
	{ "show-fixes", "diff" },		/* ruff */
	{ "add-noqa", "write-baseline" },	/* ruff: keep what is there */
	{ "max-warnings", "fail-on" },		/* eslint */
	{ "exit-non-zero-on-fix", "fail-on" },	/* ruff */
};

/* An unknown long option (--NAME or --NAME=VALUE), and the option of the
 * same meaning, or else the closest one. */
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
	for (i = 0; i < sizeof(meanings) / sizeof(meanings[0]); i++)
		if (strcmp(name, meanings[i].theirs) == 0)
			return bad_usage("unknown option %s; did you mean "
			    "'--%s'?", arg, meanings[i].ours);
	return bad_usage("unknown option %s%s", arg,
	    did_you_mean(buf, sizeof(buf), name, cands, n, "--"));
}

/* A rule list (rule_words()), into in; 0, or EXIT_TROUBLE after saying
 * which word is no rule. */
static int
rule_list(const char *opt, const char *arg, unsigned char *in)
{
	char *bad, buf[96];
	int rc = 0;

	if (rule_words(arg, in, &bad) != 0) {
		if (*bad == '\0')
			rc = bad_usage("%s takes rules separated by commas, "
			    "not '%s'", opt, arg);
		else
			rc = bad_usage("no rule '%s'%s (see --list-rules)", bad,
			    rule_prefix(bad) ? "" : rule_did_you_mean(buf,
			    sizeof(buf), bad));
		free(bad);
	}
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
	char *list, buf[96], words[96];
	const char *eq = NULL;
	size_t i;
	int rc;

	if (opt == OPT_SEVERITY) {
		if ((eq = strrchr(arg, '=')) == NULL)
			return bad_usage("--severity takes RULE=LEVEL, not "
			    "'%s'", arg);
		if (dgs_severity_from_name(eq + 1, &sev) != 0)
			return bad_usage("--severity %s: the level is %s%s",
			    arg, words_list(words, sizeof(words), "severity",
			    " or ", -1), words_did_you_mean(buf, sizeof(buf),
			    eq + 1, "severity"));
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

/* The rules that --select and --ignore name (rule_words()), until
 * args_parse() ends.  Static: still reachable (no leak) when a usage
 * error returns. */
static unsigned char *select_in, *ignore_in;

/* Where an option whose value is taken as given keeps it; NULL for the
 * others. */
static const char **
plain_value(struct args *a, int c)
{
	switch (c) {
	case OPT_BASELINE:
		return &a->baseline_file;
	case OPT_CONFIG:
		return &a->config_file;
	case OPT_EXPLAIN:
		return &a->explain_rule;
	case OPT_GENERATORS:
		return &a->cli.generators;
	case OPT_PRESETS:
		return &a->cli.presets;
	case OPT_PRINT_CONFIG:
		return &a->print_config;
	case OPT_PRINT_SCHEMA:
		return &a->print_schema;
	case OPT_SCHEMA:
		return &a->cli.snapshot_file;
	case OPT_SCHEMA_BEFORE:
		return &a->cli.snapshot_before_file;
	case OPT_SNAPSHOT:
		return &a->snapshot;
	case OPT_STDIN_FILENAME:
		return &a->stdin_name;
	case OPT_WORKSPACE:
		return &a->cli.service.workspace;
	case OPT_WORKSPACE_ID:
		return &a->cli.service.workspace_id;
	case OPT_WRITE_BASELINE:
		return &a->write_baseline;
	}
	return NULL;
}

/* The flag that an option without a value sets; NULL for the others. */
static int *
plain_flag(struct args *a, int c)
{
	switch (c) {
	case 'q':
		return &a->quiet;
	case 'v':
		return &a->verbose;
	case OPT_FORCE_EXCLUDE:
		return &a->force_exclude;
	case OPT_INIT:
		return &a->init;
	case OPT_LIST_GENERATORS:
		return &a->list_generators;
	case OPT_LIST_RULES:
		return &a->listing;
	case OPT_LSP:
		return &a->lsp;
	case OPT_NO_CONFIG:
		return &a->no_config;
	case OPT_NO_GITIGNORE:
		return &a->no_gitignore;
	case OPT_PRINT_SCHEMA_DIFF:
		return &a->print_schema_diff;
	case OPT_PRIVACY_REPORT:
		return &a->privacy_report;
	case OPT_STATISTICS:
		return &a->statistics;
	case OPT_UNSAFE_FIXES:
		return &a->unsafe_fixes;
	}
	return NULL;
}

/*
 * The options whose value is checked, each into a; 0, or EXIT_TROUBLE
 * after saying what is wrong.
 */

/* -f FORMAT: one more output, on standard output unless -o follows. */
static int
take_format(struct args *a, const char *arg)
{
	enum format fmt;
	char why[512], words[512];

	/* A format of --privacy-report alone (html) is taken as such, and
	 * refused by args_check() without it. */
	if (format_from_name(arg, &fmt) != 0 && !privacy_format_known(arg))
		return bad_usage("unknown format '%s' (%s)%s", arg,
		    words_list(words, sizeof(words), "format", ", ", -1),
		    words_did_you_mean(why, sizeof(why), arg, "format"));
	if (a->nout == MAX_OUTPUTS)
		return bad_usage("too many formats");
	if (format_from_name(arg, &fmt) != 0) {
		fmt = FMT_TEXT;
		a->report_format = arg;
	}
	a->words[a->nout] = arg;
	a->out[a->nout].format = fmt;
	a->out[a->nout++].path = NULL;
	return 0;
}

/* -o FILE: the file of the last -f (text when none is given yet). */
static int
take_output(struct args *a, const char *arg)
{
	if (a->nout == 0)
		a->out[a->nout++].format = FMT_TEXT;
	if (a->out[a->nout - 1].path != NULL)
		return bad_usage("--output %s needs a --format before it", arg);
	a->out[a->nout - 1].path = arg;
	return 0;
}

/* Whether arg is a number from min to max (decimal, nothing after),
 * into *out. */
static int
number_in(const char *arg, long min, long max, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(arg, &end, 10);
	return errno == 0 && *end == '\0' && end != arg && *out >= min &&
	    *out <= max;
}

/* -j N: the processes that lint, 0 for one per CPU. */
static int
take_jobs(struct args *a, const char *arg)
{
	long l;

	if (!number_in(arg, 0, 1024, &l))
		return bad_usage("-j takes a number from 0 (the number of "
		    "CPUs) to 1024, not '%s'", arg);
	a->jobs = (size_t)l;
	return 0;
}

/* The index of arg in names (NULL-terminated), the words of --option
 * (cli/names.c); -1 after saying that it takes none of them. */
static int
take_word(const char *option, const char *const *names, const char *arg)
{
	char why[512], words[512];
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	bad_usage("--%s takes %s, not '%s'%s", option,
	    words_list(words, sizeof(words), option, " or ", -1), arg,
	    words_did_you_mean(why, sizeof(why), arg, option));
	return -1;
}

/* --color WHEN. */
static int
take_color(struct args *a, const char *arg)
{
	if (take_word("color", color_names, arg) < 0)
		return EXIT_TROUBLE;
	a->color = arg;
	return 0;
}

/* --context PATH: a document read only for the rules across documents. */
static int
take_context(struct args *a, const char *arg)
{
	if (strcmp(arg, "-") == 0)
		return bad_usage("--context takes files or directories, not "
		    "standard input");
	if (a->ncontext == MAX_CONTEXT)
		return bad_usage("too many --context paths");
	a->context[a->ncontext++] = arg;
	return 0;
}

/* --select RULES, --ignore RULES (c says which), into select_in and
 * ignore_in, which args_parse() turns into a->cli.dropped. */
static int
take_selection(struct args *a, int c, const char *arg)
{
	if (ignore_in == NULL)
		ignore_in = xcalloc(dgs_rule_count(), 1);
	if (c == OPT_SELECT && select_in == NULL) {
		select_in = xcalloc(dgs_rule_count(), 1);
		a->cli.selected = 1;
	}
	if (rule_list(c == OPT_SELECT ? "--select" : "--ignore", arg,
	    c == OPT_SELECT ? select_in : ignore_in) != 0)
		return EXIT_TROUBLE;
	return 0;
}

/* --fail-on LEVEL. */
static int
take_fail_on(struct args *a, const char *arg)
{
	enum dgs_severity sev;
	char why[512], words[512];

	if (a->exit_zero && strcmp(arg, "none") != 0)
		return bad_usage("--exit-zero and --fail-on %s exclude each "
		    "other: --exit-zero is --fail-on none", arg);
	if (strcmp(arg, "none") == 0)
		a->cli.fail_on = FAIL_NONE;
	else if (dgs_severity_from_name(arg, &sev) != 0 || sev == DGS_SEV_OFF)
		return bad_usage("--fail-on takes %s, not '%s'%s",
		    words_list(words, sizeof(words), "fail-on", " or ", -1),
		    arg, words_did_you_mean(why, sizeof(why), arg,
		    "fail-on"));
	else
		a->cli.fail_on = (int)sev;
	return 0;
}

/* --exit-zero (ruff's): --fail-on none. */
static int
take_exit_zero(struct args *a)
{
	if (a->cli.fail_on != -1 && a->cli.fail_on != FAIL_NONE)
		return bad_usage("--exit-zero and --fail-on exclude each "
		    "other: --exit-zero is --fail-on none");
	a->exit_zero = 1;
	a->cli.fail_on = FAIL_NONE;
	return 0;
}

/* --fix, --diff (c says which), which exclude each other. */
static int
take_fix(struct args *a, int c)
{
	if (a->fix != FIX_NONE && a->fix != (c == OPT_FIX ? FIX_WRITE :
	    FIX_DIFF))
		return bad_usage("--fix and --diff exclude each other: --diff "
		    "shows the fixes, --fix applies them");
	a->fix = c == OPT_FIX ? FIX_WRITE : FIX_DIFF;
	return 0;
}

/* --kind KIND: every document linted as that kind. */
static int
take_kind(struct args *a, const char *arg)
{
	char why[512], words[512];

	if ((a->cli.kind = dgs_kind_from_name(arg)) == DGS_KIND_UNKNOWN)
		return bad_usage("unknown kind '%s' (%s)%s", arg,
		    words_list(words, sizeof(words), "kind", ", ", -1),
		    words_did_you_mean(why, sizeof(why), arg, "kind"));
	return 0;
}

/* --license LICENSE. */
static int
take_license(struct args *a, const char *arg)
{
	int i;

	if ((i = take_word("license", license_names, arg)) < 0)
		return EXIT_TROUBLE;
	a->cli.license = i;	/* in enum order */
	return 0;
}

/* --rule-url BASE: where the rule pages are published. */
static int
take_rule_url(struct args *a, const char *arg)
{
	if (!rule_url_valid(arg))
		return bad_usage("--rule-url takes the absolute URL where the "
		    "rule pages are published (https://...), not '%s'", arg);
	a->cli.rule_url = arg;
	return 0;
}

/* --service URL, said without a credential put there when it is wrong. */
static int
take_service(struct args *a, const char *arg)
{
	char why[512], *shown;
	int rc;

	if (service_url_check(arg, why, sizeof(why)) != 0) {
		shown = service_url_shown(arg);
		rc = bad_usage("--service %s: %s", shown, why);
		free(shown);
		return rc;
	}
	a->cli.service.url = arg;
	return 0;
}

/* --service-ca-file FILE (what), or DGSLINT_SERVICE_CA_FILE when no
 * option names one: the CA certificates of the service's, the user's
 * only. */
static int
take_ca_file(struct args *a, const char *what, const char *arg)
{
	const char *not_ca;

	if ((not_ca = path_not_ca_file(arg)) != NULL)
		return bad_usage("%s %s: %s", what, arg, not_ca);
	a->cli.service.ca_file = arg;
	return 0;
}

/* --sample N: the values read of each candidate column, 1 to
 * SAMPLE_MAX_VALUES. */
static int
take_sample(struct args *a, const char *arg)
{
	long l;

	if (!number_in(arg, 1, SAMPLE_MAX_VALUES, &l))
		return bad_usage("--sample takes the number of values to read "
		    "of a column, from 1 to %d, not '%s'", SAMPLE_MAX_VALUES,
		    arg);
	a->sample = (unsigned long)l;
	return 0;
}

/* --service-timeout SECONDS: a request's, in milliseconds (at least 1). */
static int
take_timeout(struct args *a, const char *arg)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(arg, &end);
	if (errno != 0 || *end != '\0' || end == arg || !(d > 0) ||
	    d > SERVICE_TIMEOUT_MAX)
		return bad_usage("--service-timeout takes the seconds a "
		    "request may take, above 0 and at most %d, not '%s'",
		    SERVICE_TIMEOUT_MAX, arg);
	a->cli.service.timeout_ms = d * 1000 < 1 ? 1 : (long)(d * 1000);
	return 0;
}

/* What getopt_long() did not take (it said nothing: opterr is 0): an
 * option without its argument, or one unknown.  EXIT_TROUBLE. */
static int
bad_option(char *argv[])
{
	if (optopt >= 256 || (optopt != 0 && strchr("fjo", optopt) != NULL))
		return bad_usage("%s needs an argument", argv[optind - 1]);
	if (optopt != 0)
		return bad_usage("unknown option -%c", optopt);
	if (strncmp(argv[optind - 1], "--", 2) == 0)
		return unknown_long_option(argv[optind - 1]);
	return bad_usage("unknown option %s", argv[optind - 1]);
}

/* Option c of getopt_long(), with its argument arg (or NULL), into a: as
 * given (plain_value(), plain_flag()), else checked.  0, or
 * EXIT_TROUBLE after saying what is wrong. */
static int
take_option(struct args *a, int c, const char *arg, char *argv[])
{
	const char **value;
	int *flag;

	if ((value = plain_value(a, c)) != NULL) {
		*value = arg;
		return 0;
	}
	if ((flag = plain_flag(a, c)) != NULL) {
		*flag = 1;
		return 0;
	}
	switch (c) {
	case 'f':
		return take_format(a, arg);
	case 'o':
		return take_output(a, arg);
	case 'j':
		return take_jobs(a, arg);
	case OPT_COLOR:
		return take_color(a, arg);
	case OPT_CONTEXT:
		return take_context(a, arg);
	case OPT_DISABLE:
	case OPT_ENABLE:
	case OPT_SEVERITY:
		return add_rule_setting(&a->cli, c, arg);
	case OPT_SELECT:
	case OPT_IGNORE:
		return take_selection(a, c, arg);
	case OPT_FAIL_ON:
		return take_fail_on(a, arg);
	case OPT_EXIT_ZERO:
		return take_exit_zero(a);
	case OPT_FIX:
	case OPT_DIFF:
		return take_fix(a, c);
	case OPT_KIND:
		return take_kind(a, arg);
	case OPT_LICENSE:
		return take_license(a, arg);
	case OPT_RULE_URL:
		return take_rule_url(a, arg);
	case OPT_SAMPLE:
		return take_sample(a, arg);
	case OPT_SERVICE:
		return take_service(a, arg);
	case OPT_SERVICE_CA_FILE:
		return take_ca_file(a, "--service-ca-file", arg);
	case OPT_SERVICE_TIMEOUT:
		return take_timeout(a, arg);
	}
	return bad_option(argv);
}

/*
 * ruff's first word: "dgslint check configs/" is "dgslint configs/" when
 * there is no file or directory named check (which is linted, as named),
 * and "dgslint check" alone lints the current directory, as "ruff check".
 */
static void
check_word(struct args *a)
{
	static char here[] = ".", *dot[] = { here, NULL };
	struct stat st;

	if (a->npaths == 0 || strcmp(a->paths[0], "check") != 0 ||
	    lstat(a->paths[0], &st) == 0 || errno != ENOENT)
		return;
	a->paths++;
	if (--a->npaths == 0) {
		a->paths = dot;
		a->npaths = 1;
	}
}

/* GO_ON, or the exit status when the program ends here (main.h). */
int
args_parse(struct args *a, int argc, char *argv[])
{
	const char *ca;
	int c, rc;

	memset(a, 0, sizeof(*a));
	a->color = "auto";
	a->cli.license = a->cli.fail_on = -1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "f:hj:o:qvV", longopts, NULL)) !=
	    -1) {
		if (c == 'h') {
			help();
			return 0;
		}
		if (c == 'V') {
			version();
			return 0;
		}
		if (c == OPT_LIST_VALUES) {
			char why[256];

			return list_values(optarg, why, sizeof(why)) == 0 ? 0 :
			    bad_usage("%s", why);
		}
		if ((rc = take_option(a, c, optarg, argv)) != 0)
			return rc;
	}
	a->paths = argv + optind;
	a->npaths = (size_t)(argc - optind);
	check_word(a);
	if (a->cli.service.ca_file == NULL &&
	    (ca = getenv(SERVICE_CA_ENV)) != NULL && *ca != '\0' &&
	    (rc = take_ca_file(a, SERVICE_CA_ENV, ca)) != 0)
		return rc;
	if (ignore_in != NULL)
		drop_rules(&a->cli, select_in, ignore_in);
	free(select_in);
	free(ignore_in);
	select_in = ignore_in = NULL;
	return GO_ON;
}

/* The format named name (for what), as -f reads it; -1 after saying
 * why. */
static int
format_arg(const char *what, const char *name, enum format *fmt)
{
	char why[96], words[512];

	if (format_from_name(name, fmt) == 0)
		return 0;
	bad_usage("%s: unknown format '%s' (%s)%s", what, name,
	    words_list(words, sizeof(words), "format", ", ", -1),
	    words_did_you_mean(why, sizeof(why), name, "format"));
	return -1;
}

/*
 * The environment, as ruff's RUFF_OUTPUT_FORMAT and hadolint's
 * HADOLINT_FORMAT: DGSLINT_FORMAT is the format of standard output when
 * the command line names none (-f); DGSLINT_OUTPUT adds reports to files,
 * "FORMAT:FILE" separated by commas, to what the command line asks, so
 * that a CI job adds a GitLab or SARIF report without changing a hook's
 * arguments.  Each is read as -f and -o read theirs.
 */
static int
env_outputs(struct args *a)
{
	const char *e = getenv("DGSLINT_FORMAT"), *gha;
	char *item, *next, *colon;
	enum format fmt = FMT_TEXT;

	if (a->nout == 0 && e != NULL && *e != '\0') {
		if (format_arg("DGSLINT_FORMAT", e, &fmt) != 0)
			return -1;
		a->out[a->nout].format = fmt;
		a->out[a->nout++].path = NULL;
	}
	if ((e = getenv("DGSLINT_OUTPUT")) == NULL || *e == '\0')
		return 0;
	if (a->nout == 0) {
		/* Standard output keeps what it would have had. */
		gha = getenv("GITHUB_ACTIONS");
		a->out[a->nout].format = !a->statistics && gha != NULL &&
		    strcmp(gha, "true") == 0 ? FMT_GITHUB : FMT_TEXT;
		a->out[a->nout++].path = NULL;
	}
	a->env_output = xstrdup(e);
	for (item = a->env_output; item != NULL; item = next) {
		if ((next = strchr(item, ',')) != NULL)
			*next++ = '\0';
		if ((colon = strchr(item, ':')) == NULL || colon[1] == '\0')
			return bad_usage("DGSLINT_OUTPUT: '%s' is not FORMAT:FILE "
			    "(such as gitlab:gl-code-quality-report.json)", item);
		*colon = '\0';
		if (format_arg("DGSLINT_OUTPUT", item, &fmt) != 0)
			return -1;
		if (a->nout == MAX_OUTPUTS)
			return bad_usage("too many formats");
		a->out[a->nout].format = fmt;
		a->out[a->nout++].path = colon + 1;
	}
	return 0;
}

/* Once the modes that take no paths have answered (main.h). */
int
args_check(struct args *a)
{
	size_t i;

	if (!a->lsp && a->print_schema == NULL && a->print_config == NULL &&
	    !a->privacy_report && env_outputs(a) != 0)
		return -1;
	if (a->report_format != NULL && !a->privacy_report)
		return bad_usage("the %s format is --privacy-report's: add "
		    "--privacy-report, or give a format of the findings",
		    a->report_format);
	if (a->privacy_report && (a->fix != FIX_NONE || a->lsp ||
	    a->print_schema != NULL || a->print_config != NULL ||
	    a->print_schema_diff || a->list_generators ||
	    a->explain_rule != NULL || a->statistics))
		return bad_usage("--privacy-report writes the report alone: "
		    "it takes no --fix, --diff, --statistics or other mode");
	if (a->privacy_report && a->cli.snapshot_file == NULL &&
	    a->snapshot == NULL)
		return bad_usage("--privacy-report needs the database: "
		    "--schema FILE or --snapshot URL");
	if (a->sample > 0 && (!a->privacy_report || a->snapshot == NULL))
		return bad_usage("--sample reads values of the database of "
		    "--snapshot URL for --privacy-report: it needs both");
	if (a->privacy_report && a->cli.snapshot_file != NULL &&
	    a->snapshot != NULL)
		return bad_usage("--schema and --snapshot exclude each other "
		    "with --privacy-report");

	if (a->config_file != NULL && a->no_config)
		return bad_usage("--config and --no-config exclude each "
		    "other");
	if (a->init && a->npaths > 1)
		return bad_usage("--init takes one directory, not '%s'",
		    a->paths[1]);
	if ((a->lsp || a->print_schema != NULL || a->list_generators ||
	    a->explain_rule != NULL) && a->npaths > 0)
		return bad_usage("%s takes no paths: '%s'", a->lsp ? "--lsp" :
		    a->print_schema != NULL ? "--print-schema" :
		    a->list_generators ? "--list-generators" : "--explain",
		    a->paths[0]);
	if (a->npaths == 0 && a->print_config == NULL && !a->lsp && !a->init &&
	    a->print_schema == NULL && !a->list_generators &&
	    a->explain_rule == NULL && !a->privacy_report)
		return bad_usage("no input: name files or directories, or - "
		    "for standard input");
	for (i = 0; i < a->npaths; i++)
		if (strcmp(a->paths[i], "-") == 0)
			a->nstdin++;
	if (a->nstdin > 1)
		return bad_usage("- (standard input) can be named only "
		    "once");
	if (a->stdin_name != NULL && a->nstdin == 0)
		return bad_usage("--stdin-filename needs - among the "
		    "paths");
	return 0;
}
