/*
 * main.c: dgslint [options] path ...: the run, from the command line
 * (args.c) to the exit status: the settings' files loaded (load.c), every
 * document with its configuration, the outputs opened, the documents
 * linted (run.c), the outputs closed and the summary; or one of the
 * modes that replace it (info.c, usage.c, lsp.c, --print-schema,
 * --print-config, --snapshot).
 *
 * Exit status: 0 no finding at or above the failure level, 1 findings at
 * or above it, 2 a usage error, an unreadable input or a write error.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "cli.h"
#include "config.h"
#include "lsp.h"
#include "main.h"
#include "run.h"

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

/* Whether path is the file, pipe or socket standard output is (by
 * device and inode; a device such as /dev/null takes any number). */
static int
is_stdout(const char *path)
{
	struct stat a, b;

	return strcmp(path, "-") != 0 && fstat(STDOUT_FILENO, &a) == 0 &&
	    (S_ISREG(a.st_mode) || S_ISFIFO(a.st_mode) ||
	    S_ISSOCK(a.st_mode)) && stat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The outputs' files (outpath.c): none an input, no two the same. */
static int
check_outputs(const struct output *out, size_t nout, const char *bl_out,
    struct inputs *in, const struct settings *cli,
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
	f[nf].path = cli->snapshot_file, f[nf++].what = "--schema";
	f[nf].path = cli->snapshot_before_file;
	f[nf++].what = "--schema-before";
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

/* The summary's end: the files skipped and the other JSON left alone. */
static void
summary_tail(const struct run *r)
{
	if (r->sum.skipped > 0)
		fprintf(stderr, "; %zu skipped", r->sum.skipped);
	if (r->sum.other > 0)
		fprintf(stderr, "; %zu other JSON file%s left alone%s",
		    r->sum.other, r->sum.other == 1 ? "" : "s",
		    r->verbose ? "" : " (-v names them)");
}

int
main(int argc, char *argv[])
{
	static struct args a;	/* reachable after a usage error */
	struct inputs in;
	struct run run;
	struct config *cfg;
	struct dgs_options *base = NULL;
	char *abs, why[512];
	size_t i, n, nstdout = 0, gone;
	char **names = NULL;
	size_t nnamed = 0;
	int rc, werr = 0;
	int err = 0, clash, k;
	const char *rule_base;

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
	memset(&in, 0, sizeof(in));
	memset(&run, 0, sizeof(run));
	if ((rc = args_parse(&a, argc, argv)) != -1)
		return rc;
	rc = 0;
	run.quiet = a.quiet;
	run.verbose = a.verbose && !a.quiet;
	run.fix = a.fix;
	run.unsafe_fixes = a.unsafe_fixes;
	in.no_gitignore = a.no_gitignore;

	/* A rule explained at once; a generator once the catalogues (and
	 * a --generators file) are loaded. */
	if (a.explain_rule != NULL && (rc = explain(a.explain_rule,
	    a.nout > 0 ? a.out[0].format : FMT_TEXT)) != -1)
		return rc;
	if (a.snapshot != NULL)
		return snapshot_pg_run(a.snapshot);
	if (a.listing)
		return list_rules(a.nout > 0 ? a.out[0].format : FMT_TEXT);
	if (args_check(&a) != 0)
		return EXIT_TROUBLE;

	/* The settings of the command line, and the options of documents
	 * that no configuration covers. */
	if ((base = dgs_options_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	if (a.cli.snapshot_before_file != NULL &&
	    a.cli.snapshot_file == NULL) {
		rc = bad_usage("--schema-before needs --schema: the database "
		    "as it is now");
		goto out;
	}
	if (a.print_schema_diff && a.cli.snapshot_before_file == NULL) {
		rc = bad_usage("--print-schema-diff needs --schema and "
		    "--schema-before");
		goto out;
	}
	/* Loaded while the first document is scanned when nothing but the
	 * run needs them. */
	if (load_snapshots(&a.cli, base, !a.lsp && a.print_schema == NULL &&
	    !a.print_schema_diff && a.print_config == NULL) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (load_catalogues(&a.cli, base) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (a.list_generators || a.explain_rule != NULL) {
		rc = describe_generators(base, a.list_generators ? NULL :
		    a.explain_rule, a.nout > 0 ? a.out[0].format : FMT_TEXT);
		goto out;
	}
	if ((rc = read_service(&a.cli, base, a.lsp ? SERVICE_BACKGROUND :
	    a.print_schema != NULL || a.print_schema_diff ||
	    a.print_config != NULL ? SERVICE_NONE : SERVICE_FETCH)) != 0)
		goto out;
	if (a.print_schema != NULL) {
		rc = jsonschema_print(a.print_schema, base);
		goto out;
	}
	if (a.lsp) {
		struct lsp_env env = { &a.cli, base, a.config_file,
		    a.no_config, a.baseline_file, a.force_exclude,
		    refresh_service, NULL };
		struct refresh_arg ra = { &a.cli, base };

		env.refresh_arg = &ra;
		rc = lsp_main(&env);
		goto out;
	}
	if ((run.cfgs = configs_new(a.config_file, a.no_config, &a.cli,
	    &err)) == NULL || err) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (a.print_config != NULL) {
		abs = path_absolute(a.print_config);
		if (configs_find(run.cfgs, abs, &cfg) != 0)
			rc = EXIT_TROUBLE;
		else
			config_print(stdout, cfg, &a.cli, a.print_config, abs,
			    a.nout > 0 && a.out[0].format == FMT_JSON);
		free(abs);
		goto out;
	}

	/* Every document and its configuration, before any output: a bad
	 * configuration stops the run. */
	for (i = 0; i < a.npaths; i++)
		inputs_add(&in, a.paths[i], a.stdin_name);
	nnamed = in.n;
	for (i = 0; i < a.ncontext; i++) {
		n = in.n;
		if (inputs_add_committed(&in, a.context[i]) != 0)
			inputs_add(&in, a.context[i], NULL);
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
	for (i = 0; a.ncontext > 0 && i < nnamed; i++)
		names[i] = input_abs(&in.v[i], a.stdin_name);
	if (a.ncontext > 0)
		qsort(names, nnamed, sizeof(*names), str_cmp);
	for (n = 0; n < in.n; n++) {
		i = n < in.n - nnamed ? nnamed + n : n - (in.n - nnamed);
		abs = input_abs(&in.v[i], a.stdin_name);
		/* A configuration is checked as one (DGS002): its own
		 * faults are its findings, not a stop. */
		if (config_named(abs)) {
			if (in.v[i].context) {
				free(abs);
				continue;
			}
			run.jobs[run.njobs].in = &in.v[i];
			run.jobs[run.njobs].cfg = NULL;
			run.jobs[run.njobs++].abs = abs;
			continue;
		}
		/* A --context document contacts no service. */
		configs_for_context(run.cfgs, in.v[i].context);
		if ((k = configs_find(run.cfgs, abs, &cfg)) == -2) {
			/* Too deep to be named: said in its turn, and the
			 * run goes on (issue 38). */
			if (in.v[i].error == NULL && in.v[i].skip == NULL)
				in.v[i].error = xstrdup("its directories' "
				    "paths are longer than the system's "
				    "longest (PATH_MAX): no .dgslint.json "
				    "can be looked for; not linted");
			cfg = NULL;
		} else if (k != 0) {
			free(abs);
			rc = EXIT_TROUBLE;
			goto out;
		}
		if (((!in.v[i].explicit || a.force_exclude ||
		    in.v[i].context) && (config_excluded(cfg, abs) ||
		    config_service(cfg, abs) < 0)) ||
		    (in.v[i].context && bsearch(&abs, names, nnamed,
		    sizeof(*names), str_cmp) != NULL)) {
			/* Named, it would be linted with the overrides
			 * whose "files" match it (config_unused()). */
			if (!in.v[i].context)
				config_note_file(cfg, abs);
			free(abs);
			continue;
		}
		run.jobs[run.njobs].in = &in.v[i];
		run.jobs[run.njobs].cfg = cfg;
		run.jobs[run.njobs++].abs = abs;
	}
	if (run.fix != FIX_NONE)
		run_fix_guard(&run);
	if (a.baseline_file != NULL &&
	    (run.baseline = baseline_load(a.baseline_file)) == NULL) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (a.write_baseline != NULL)
		run.record = baseline_new(a.write_baseline);

	if (a.print_schema_diff) {
		rc = schema_diff(&run, a.cli.snapshot_old, a.cli.snapshot_now);
		goto out;
	}
	if (check_outputs(a.out, a.nout, a.write_baseline, &in, &a.cli,
	    a.config_file, a.baseline_file, run.cfgs) != 0) {
		rc = EXIT_TROUBLE;
		goto out;
	}
	if (a.nout == 0) {
		const char *gha = getenv("GITHUB_ACTIONS");

		/* Statistics are to be read: text, under GitHub too. */
		a.out[a.nout++].format = !a.statistics && gha != NULL &&
		    strcmp(gha, "true") == 0 ? FMT_GITHUB : FMT_TEXT;
	}
	for (i = n = 0; i < a.nout; i++)
		n += a.out[i].statistics = a.statistics &&
		    (a.out[i].format == FMT_TEXT ||
		    a.out[i].format == FMT_JSON);
	if ((rule_base = run_rule_base(&run, &a.cli, &clash)) == NULL && clash)
		fprintf(stderr, "dgslint: the configurations of these documents "
		    "name different ruleUrl values: no rule links (give "
		    "--rule-url)\n");
	for (i = 0; i < a.nout; i++)
		a.out[i].rule_url = rule_base;
	if (a.statistics && n == 0) {
		rc = bad_usage("--statistics is written by the text and json "
		    "formats: add -f text or -f json");
		goto out;
	}
	for (i = 0; i < a.nout; i++) {
		/* /dev/stdout, /proc/self/fd/1, or the file standard
		 * output is: standard output, which a second format would
		 * interleave with or overwrite. */
		if (a.out[i].path != NULL && is_stdout(a.out[i].path))
			a.out[i].path = "-";
		if (a.out[i].path == NULL || strcmp(a.out[i].path, "-") == 0) {
			if (++nstdout > 1) {
				rc = bad_usage("only one format can go to "
				    "standard output; give the others "
				    "--output FILE");
				goto out;
			}
			a.out[i].fp = stdout;
			a.out[i].path = NULL;
			/* Standard output takes the diff, or the fixed
			 * document: the findings go to stderr. */
			if (run.fix == FIX_DIFF ||
			    (run.fix == FIX_WRITE && a.nstdin > 0))
				a.out[i].fp = stderr;
		} else if (wfile_open(&a.out[i].file, a.out[i].path, why,
		    sizeof(why)) != 0) {
			fprintf(stderr, "dgslint: %s: %s\n", a.out[i].path,
			    why);
			rc = EXIT_TROUBLE;
			goto out;
		} else
			a.out[i].fp = a.out[i].file.fp;
		a.out[i].color = a.out[i].format == FMT_TEXT &&
		    a.out[i].fp == stdout && use_color(a.color, stdout);
		a.out[i].min = DGS_SEV_INFO;
		a.out[i].unsafe_fixes = run.unsafe_fixes;
	}

	run.threads = a.jobs == 0 ? default_jobs() : a.jobs;
	run.cli = &a.cli;
	run.base = base;
	run.out = a.out;
	run.nout = a.nout;
	run_jobs(&run);
	run.sum.bad_paths = in.failed;
	for (i = 0; i < a.nout; i++) {
		output_end(&a.out[i], &run.sum);
		if (out_close(&a.out[i]) != 0)
			werr = 1;
	}
	n = run.sum.errors + run.sum.warnings + run.sum.infos;
	if (!run.quiet && n == 0 && run.sum.unreadable == 0) {
		/* A clean run says so, in one line (as ruff's "All checks
		 * passed!"). */
		fprintf(stderr, "dgslint: all checks passed: %zu file%s "
		    "linted", run.sum.files, run.sum.files == 1 ? "" : "s");
		summary_tail(&run);
		fputc('\n', stderr);
	} else if (!run.quiet) {
		fprintf(stderr, "dgslint: %zu file%s linted: %zu error%s, "
		    "%zu warning%s, %zu info%s", run.sum.files,
		    run.sum.files == 1 ? "" : "s", run.sum.errors,
		    run.sum.errors == 1 ? "" : "s", run.sum.warnings,
		    run.sum.warnings == 1 ? "" : "s", run.sum.infos,
		    run.sum.infos == 1 ? "" : "s");
		summary_tail(&run);
		fprintf(stderr, "%s\n", run.sum.unreadable ?
		    "; some inputs could not be read" : "");
	}
	gone = run.baseline != NULL ? baseline_unmatched(run.baseline) : 0;
	if (run.baseline != NULL && !run.quiet &&
	    (run.baselined > 0 || gone > 0))
		fprintf(stderr, "dgslint: baseline %s: %zu finding%s not "
		    "shown; %zu no longer occur%s\n", a.baseline_file,
		    run.baselined, run.baselined == 1 ? "" : "s", gone,
		    gone == 0 ? "" : gone == 1 ? "s (shrink the baseline with "
		    "--write-baseline)" : " (shrink the baseline with "
		    "--write-baseline)");
	if (run.record != NULL) {
		if (baseline_write(run.record) != 0)
			werr = 1;
		else if (!run.quiet)
			fprintf(stderr, "dgslint: %s: %zu finding%s "
			    "recorded\n", a.write_baseline,
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
	for (i = 0; i < a.nout; i++)
		if (a.out[i].fp != NULL && a.out[i].fp != stdout &&
		    a.out[i].fp != stderr)
			wfile_abort(&a.out[i].file);
	for (i = 0; i < run.njobs; i++) {
		free(run.jobs[i].abs);
		free(run.jobs[i].nofix);
	}
	for (i = 0; names != NULL && a.ncontext > 0 && i < nnamed; i++)
		free(names[i]);
	free(names);
	free(run.jobs);
	baseline_free(run.baseline);
	baseline_free(run.record);
	inputs_free(&in);
	configs_free(run.cfgs);
	dgs_options_free(base);
	free(a.cli.generators_text);
	free(a.cli.presets_text);
	dgs_snapshot_free(a.cli.snapshot_now);
	dgs_snapshot_free(a.cli.snapshot_old);
	for (i = 0; i < 2; i++)
		if (a.cli.snapshot_text[i].buf != NULL)
			unmap_document(a.cli.snapshot_text[i].buf,
			    a.cli.snapshot_text[i].len,
			    a.cli.snapshot_text[i].mapped);
	free(a.cli.rules);
	free(a.cli.dropped);
	free(a.env_output);
	service_cleanup();
	return rc;
}
