/*
 * main.c: dgslint [options] path ...: the run, from the command line
 * (args.c) to the exit status: the settings' files loaded (load.c), every
 * document with its configuration, the outputs opened, the documents
 * linted (run.c), the outputs closed and the summary; or one of the
 * modes that replace it (info.c, usage.c, lsp/server.c, --print-schema,
 * --print-config, --snapshot).  main(), at the end, is the list of
 * these steps, each a function above it.
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
#include "settings/config.h"
#include "lsp/lsp.h"
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

/* What main() holds from the settings to the exit status (session_free()
 * lets it go). */
struct session {
	/* The options of the documents that no configuration covers. */
	struct dgs_options	*base;
	struct inputs		 in;
	struct run		 run;
	int			 werr;	/* an output or the baseline failed */
};

/* The process before the command line is read: the standard descriptors
 * guarded, standard error escaping control characters (term.c),
 * standard output checked at the exit, half-written files
 * removed on a signal (wfile.c), and glibc's allocator tuned. */
static void
prepare_process(void)
{
	guard_descriptors();
	term_init();
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
}

/* The format that the modes which print write: the first -f, else text. */
static enum format
asked_format(const struct args *a)
{
	return a->nout > 0 ? a->out[0].format : FMT_TEXT;
}

/* The modes that answer before any setting is loaded (--explain RULE,
 * --snapshot, --list-rules), then the paths checked against the mode
 * (args_check()).  GO_ON, or the exit status. */
static int
answer_early(struct args *a)
{
	int rc;

	/* A rule explained at once; a generator once the catalogues (and
	 * a --generators file) are loaded. */
	if (a->explain_rule != NULL && (rc = explain(a->explain_rule,
	    asked_format(a))) != -1)
		return rc;
	if (a->snapshot != NULL && !a->privacy_report)
		return snapshot_pg_run(a->snapshot);
	if (a->listing)
		return list_rules(asked_format(a));
	if (args_check(a) != 0)
		return EXIT_TROUBLE;
	return GO_ON;
}

/* The run's part of the command line, before anything is loaded. */
static void
session_init(struct session *s, const struct args *a)
{
	memset(s, 0, sizeof(*s));
	s->run.quiet = a->quiet;
	s->run.verbose = a->verbose && !a->quiet;
	s->run.fix = a->fix;
	s->run.unsafe_fixes = a->unsafe_fixes;
	s->in.no_gitignore = a->no_gitignore;
}

/* The settings of the command line, loaded into the options of documents
 * that no configuration covers (s->base): the database snapshots
 * (--schema, --schema-before) and the catalogues (--generators,
 * --presets).  GO_ON, or the exit status. */
static int
load_settings(struct args *a, struct session *s)
{
	if ((s->base = dgs_options_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	if (a->cli.snapshot_before_file != NULL &&
	    a->cli.snapshot_file == NULL)
		return bad_usage("--schema-before needs --schema: the database "
		    "as it is now");
	if (a->print_schema_diff && a->cli.snapshot_before_file == NULL)
		return bad_usage("--print-schema-diff needs --schema and "
		    "--schema-before");
	/* Loaded while the first document is scanned when nothing but the
	 * run needs them; but not for PGO's training
	 * (testdata/bench/pgo-train.sh), whose counts must not follow which
	 * of two threads calls a function first. */
	if (load_snapshots(&a->cli, s->base, !a->lsp &&
	    a->print_schema == NULL && !a->print_schema_diff &&
	    !a->privacy_report && a->print_config == NULL &&
	    getenv("DGSLINT_TEST_SNAPSHOT_SYNC") == NULL) != 0)
		return EXIT_TROUBLE;
	if (load_catalogues(&a->cli, s->base) != 0)
		return EXIT_TROUBLE;
	return GO_ON;
}

/* --lsp: the language server (lsp/server.c), with the settings of the
 * command line; it reads the service again when a configuration
 * changes. */
static int
serve_lsp(struct args *a, struct dgs_options *base)
{
	struct lsp_env env = { &a->cli, base, a->config_file,
	    a->no_config, a->baseline_file, a->force_exclude,
	    refresh_service, NULL };
	struct refresh_arg ra = { &a->cli, base };

	env.refresh_arg = &ra;
	return lsp_main(&env);
}

/* The modes that answer from the settings, before any document is read:
 * --list-generators and --explain GENERATOR from the catalogues, then
 * --print-schema and --lsp once the service is read (the language
 * server reads it on a thread of its own).  GO_ON, or the exit
 * status. */
static int
answer_from_settings(struct args *a, struct session *s)
{
	int rc;

	if (a->list_generators || a->explain_rule != NULL)
		return describe_generators(s->base, a->list_generators ? NULL :
		    a->explain_rule, asked_format(a));
	if ((rc = read_service(&a->cli, s->base, a->lsp ? SERVICE_BACKGROUND :
	    a->print_schema != NULL || a->print_schema_diff ||
	    a->print_config != NULL || a->init ? SERVICE_NONE :
	    SERVICE_FETCH)) != 0)
		return rc;
	if (a->print_schema != NULL)
		return jsonschema_print(a->print_schema, s->base);
	if (a->init)
		return init_run(a->npaths > 0 ? a->paths[0] : ".", s->base,
		    a->no_gitignore);
	if (a->lsp)
		return serve_lsp(a, s->base);
	return GO_ON;
}

/* The configurations that the documents are found with (--config,
 * --no-config, else each directory's .dgslint.json), into s->run.cfgs;
 * --print-config answers with the one of its file.  GO_ON, or the exit
 * status. */
static int
load_configurations(struct args *a, struct session *s)
{
	struct config *cfg;
	FILE *fp;
	char *abs;
	int err = 0, rc = 0;

	if ((s->run.cfgs = configs_new(a->config_file, a->no_config, NULL,
	    &a->cli, &err)) == NULL || err)
		return EXIT_TROUBLE;
	if (a->print_config == NULL)
		return GO_ON;
	abs = path_absolute(a->print_config);
	if (configs_find(s->run.cfgs, abs, &cfg) != 0)
		rc = EXIT_TROUBLE;
	else if (asked_format(a) == FMT_JSON)
		config_print(stdout, cfg, &a->cli, a->print_config, abs, 1);
	else {
		/* Text lines: a name's control characters escaped. */
		fp = term_open(stdout);
		config_print(fp != NULL ? fp : stdout, cfg, &a->cli,
		    a->print_config, abs, 0);
		if (fp != NULL)
			fclose(fp);
	}
	free(abs);
	return rc;
}

/* Reads standard input into v's text; left as it is when it cannot be
 * read, for the run to say why. */
static void
stdin_text(struct input *v)
{
	char why[256], *buf;
	size_t len;

	if (read_document("-", &buf, &len, why, sizeof(why)) == 0) {
		v->text = buf;
		v->len = len;
	}
}

/* The inputs: the paths named, then the --context documents, marked so.
 * Returns how many the paths named. */
static size_t
add_inputs(const struct args *a, struct inputs *in)
{
	size_t i, n, nnamed;
	int rc;

	for (i = 0; i < a->npaths; i++)
		inputs_add(in, a->paths[i], a->stdin_name);
	nnamed = in->n;
	/* Standard input, read once: kept for an output that shows the
	 * documents' lines (a file is read again for it). */
	for (i = 0; i < nnamed && output_needs_text(a->out, a->nout); i++)
		if (strcmp(in->v[i].path, "-") == 0 && in->v[i].text == NULL)
			stdin_text(&in->v[i]);
	for (i = 0; i < a->ncontext; i++) {
		n = in->n;
		if ((rc = inputs_add_committed(in, a->context[i])) == -1)
			inputs_add(in, a->context[i], NULL);
		else if (rc == -2) {
			fprintf(stderr, "dgslint: --context %s: in a git work "
			    "tree, but git could not be run to read what is "
			    "committed (is git installed, and does it read "
			    "this repository?); the untracked files there "
			    "are not the commit's, so nothing is walked: lint "
			    "where git runs, or without --context\n",
			    a->context[i]);
			in->failed = 1;
		}
		while (n < in->n)
			in->v[n++].context = 1;
	}
	return nnamed;
}

/* With --context, the absolute paths of the nnamed inputs that the
 * paths named, sorted (to free with their array); else NULL. */
static char **
named_paths(const struct args *a, const struct inputs *in, size_t nnamed)
{
	char **names;
	size_t i;

	if (a->ncontext == 0)
		return NULL;
	names = xcalloc(nnamed ? nnamed : 1, sizeof(*names));
	for (i = 0; i < nnamed; i++)
		names[i] = input_abs(&in->v[i], a->stdin_name);
	qsort(names, nnamed, sizeof(*names), str_cmp);
	return names;
}

/* One more job: input v, at abs (taken), linted under cfg (or NULL). */
static void
job_add(struct run *r, struct input *v, struct config *cfg, char *abs)
{
	r->jobs[r->njobs].in = v;
	r->jobs[r->njobs].cfg = cfg;
	r->jobs[r->njobs++].abs = abs;
}

/* Whether input v, at abs, is left out of the run: by its configuration
 * cfg's "exclude" or "include" unless named (or with --force-exclude),
 * or, a --context document, because the paths name it too (names). */
static int
left_out(const struct args *a, const struct input *v,
    const struct config *cfg, char *abs, char **names, size_t nnamed)
{
	return ((!v->explicit || a->force_exclude || v->context) &&
	    (config_excluded(cfg, abs) || config_service(cfg, abs) < 0)) ||
	    (v->context && bsearch(&abs, names, nnamed, sizeof(*names),
	    str_cmp) != NULL);
}

/* The job of input v with the configuration it is linted under, unless
 * it is left out (left_out()); names as left_out() takes them.  GO_ON,
 * or EXIT_TROUBLE after a configuration that cannot be used. */
static int
find_job(const struct args *a, struct session *s, struct input *v,
    char **names, size_t nnamed)
{
	struct config *cfg;
	char *abs;
	int k;

	abs = input_abs(v, a->stdin_name);
	/* A configuration is checked as one (DGS002): its own faults are
	 * its findings, not a stop. */
	if (config_named(abs)) {
		if (v->context)
			free(abs);
		else
			job_add(&s->run, v, NULL, abs);
		return GO_ON;
	}
	/* A --context document contacts no service. */
	configs_for_context(s->run.cfgs, v->context);
	if ((k = configs_find(s->run.cfgs, abs, &cfg)) == -2) {
		/* Too deep to be named: said in its turn, and the run goes
		 * on (issue 38). */
		if (v->error == NULL && v->skip == NULL)
			v->error = xstrdup("its directories' paths are longer "
			    "than the system's longest (PATH_MAX): no "
			    ".dgslint.json can be looked for; not linted");
		cfg = NULL;
	} else if (k != 0) {
		free(abs);
		return EXIT_TROUBLE;
	}
	if (left_out(a, v, cfg, abs, names, nnamed)) {
		/* Named, it would be linted with the overrides whose
		 * "files" match it (config_unused()). */
		if (!v->context)
			config_note_file(cfg, abs);
		free(abs);
		return GO_ON;
	}
	job_add(&s->run, v, cfg, abs);
	return GO_ON;
}

/* Every document and its configuration, before any output: a bad
 * configuration stops the run.  GO_ON, or EXIT_TROUBLE. */
static int
find_documents(const struct args *a, struct session *s)
{
	struct inputs *in = &s->in;
	char **names;
	size_t i, n, nnamed;
	int rc = GO_ON;

	nnamed = add_inputs(a, in);
	if ((s->run.jobs = calloc(in->n ? in->n : 1,
	    sizeof(*s->run.jobs))) == NULL) {
		perror("dgslint");
		return EXIT_TROUBLE;
	}
	/* The context first: a finding across documents is on the later
	 * document, which is then always one named; a document named is
	 * linted as named, not as context. */
	names = named_paths(a, in, nnamed);
	for (n = 0; rc == GO_ON && n < in->n; n++) {
		i = n < in->n - nnamed ? nnamed + n : n - (in->n - nnamed);
		rc = find_job(a, s, &in->v[i], names, nnamed);
	}
	for (i = 0; names != NULL && i < nnamed; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* What the jobs are held against: --fix's and --diff's guard
 * (run_fix_guard()), --baseline's findings, --write-baseline's record.
 * GO_ON, or EXIT_TROUBLE. */
static int
load_baselines(const struct args *a, struct session *s)
{
	if (s->run.fix != FIX_NONE)
		run_fix_guard(&s->run);
	if (a->baseline_file != NULL &&
	    (s->run.baseline = baseline_load(a->baseline_file)) == NULL)
		return EXIT_TROUBLE;
	if (a->write_baseline != NULL)
		s->run.record = baseline_new(a->write_baseline);
	return GO_ON;
}

/* The outputs, checked (check_outputs()): standard output's format when
 * none is asked for, which write --statistics, the rule pages' base URL.
 * GO_ON, or EXIT_TROUBLE. */
static int
choose_outputs(struct args *a, struct session *s)
{
	const char *gha, *rule_base;
	size_t i, n;
	int clash;

	if (check_outputs(a->out, a->nout, a->write_baseline, &s->in, &a->cli,
	    a->config_file, a->baseline_file, s->run.cfgs) != 0)
		return EXIT_TROUBLE;
	if (a->nout == 0) {
		gha = getenv("GITHUB_ACTIONS");
		/* Statistics are to be read: text, under GitHub too. */
		a->out[a->nout++].format = !a->statistics && gha != NULL &&
		    strcmp(gha, "true") == 0 ? FMT_GITHUB : FMT_TEXT;
	}
	for (i = n = 0; i < a->nout; i++)
		n += a->out[i].statistics = a->statistics &&
		    (a->out[i].format == FMT_TEXT ||
		    a->out[i].format == FMT_JSON);
	if ((rule_base = run_rule_base(&s->run, &a->cli, &clash)) == NULL &&
	    clash)
		fprintf(stderr, "dgslint: the configurations of these "
		    "documents name different ruleUrl values: no rule links "
		    "(give --rule-url)\n");
	for (i = 0; i < a->nout; i++)
		a->out[i].rule_url = rule_base;
	if (a->statistics && n == 0)
		return bad_usage("--statistics is written by the text and json "
		    "formats: add -f text or -f json");
	return GO_ON;
}

/* Opens output o: standard output when it names no file (*nstdout counts
 * them), else its file, written whole or not at all (wfile.c).  GO_ON,
 * or EXIT_TROUBLE. */
static int
open_output(struct output *o, const struct args *a, const struct run *r,
    size_t *nstdout)
{
	char why[512];

	/* /dev/stdout, /proc/self/fd/1, or the file standard output is:
	 * standard output, which a second format would interleave with or
	 * overwrite. */
	if (o->path != NULL && is_stdout(o->path))
		o->path = "-";
	if (o->path == NULL || strcmp(o->path, "-") == 0) {
		if (++*nstdout > 1)
			return bad_usage("only one format can go to standard "
			    "output; give the others --output FILE");
		o->fp = stdout;
		o->path = NULL;
		/* Standard output takes the diff, or the fixed document:
		 * the findings go to stderr. */
		if (r->fix == FIX_DIFF ||
		    (r->fix == FIX_WRITE && a->nstdin > 0))
			o->fp = stderr;
	} else if (wfile_open(&o->file, o->path, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", o->path, why);
		return EXIT_TROUBLE;
	} else
		o->fp = o->file.fp;
	o->color = format_colors(o->format) && o->fp == stdout &&
	    use_color(a->color, stdout);
	o->min = DGS_SEV_INFO;
	o->unsafe_fixes = r->unsafe_fixes;
	return GO_ON;
}

/* Every output opened, in the order asked for.  GO_ON, or EXIT_TROUBLE. */
static int
open_outputs(struct args *a, struct session *s)
{
	size_t i, nstdout = 0;
	int rc;

	for (i = 0; i < a->nout; i++)
		if ((rc = open_output(&a->out[i], a, &s->run, &nstdout)) !=
		    GO_ON)
			return rc;
	return GO_ON;
}

/* The documents linted (run.c) into the outputs, which are then ended
 * and closed (s->werr when one could not be written). */
static void
lint_documents(struct args *a, struct session *s)
{
	size_t i;

	s->run.threads = a->jobs == 0 ? default_jobs() : a->jobs;
	s->run.threads_auto = a->jobs == 0;
	s->run.cli = &a->cli;
	s->run.base = s->base;
	s->run.out = a->out;
	s->run.nout = a->nout;
	run_jobs(&s->run);
	s->run.sum.bad_paths = s->in.failed;
	for (i = 0; i < a->nout; i++) {
		output_end(&a->out[i], &s->run.sum);
		if (out_close(&a->out[i]) != 0)
			s->werr = 1;
	}
}

/* The marks of the configurations of the report's documents (arg: the
 * run): a column one calls not sensitive is not, else one one calls
 * sensitive is. */
static int
report_mark(void *arg, const char *schema, const char *table,
    const char *column, const char *data_type, struct dgs_column_mark *out)
{
	const struct run *r = arg;
	struct dgs_column_mark m1;
	size_t i;
	int m, mark = DGS_MARK_NONE;

	for (i = 0; i < r->njobs; i++) {
		if (i > 0 && r->jobs[i].cfg == r->jobs[i - 1].cfg)
			continue;
		memset(&m1, 0, sizeof(m1));
		m = config_mark((void *)r->jobs[i].cfg, schema, table, column,
		    data_type, &m1);
		if (m == DGS_MARK_NOT_SENSITIVE)
			return m;
		if (m == DGS_MARK_SENSITIVE && (mark == DGS_MARK_NONE ||
		    (out->type == NULL && m1.type != NULL))) {
			mark = m;
			*out = m1;
		}
	}
	return mark;
}

/* --privacy-report: the report of the snapshot (--schema, or the
 * database of --snapshot URL, read now) for the documents found, written
 * to the outputs; exit status 1 when a column is at risk, 0 when none
 * is, 2 when the report could not be made or written. */
static int
privacy_report(struct args *a, struct session *s)
{
	struct dgs_snapshot *own = NULL;
	const struct dgs_snapshot *snap = a->cli.snapshot_now;
	struct dgs_options *o;
	char **docs = NULL;
	size_t *lens = NULL, i, n = 0;
	int rc;

	if (a->snapshot != NULL &&
	    (snap = own = privacy_snapshot(a->snapshot)) == NULL)
		return EXIT_TROUBLE;
	if ((o = dgs_options_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		dgs_snapshot_free(own);
		return EXIT_TROUBLE;
	}
	dgs_options_set_column_mark(o, report_mark, &s->run);
	if ((rc = choose_outputs(a, s)) == GO_ON &&
	    (rc = open_outputs(a, s)) == GO_ON &&
	    (rc = read_jobs(&s->run, &docs, &lens, &n)) == 0)
		rc = privacy_write(o, snap, (const char *const *)docs, lens, n,
		    a->out, a->words, a->nout, a->snapshot, a->sample);
	/* A report not made leaves its files as they were (session_free()
	 * gives them up). */
	for (i = 0; rc != EXIT_TROUBLE && i < a->nout; i++)
		if (a->out[i].fp != NULL && out_close(&a->out[i]) != 0)
			rc = EXIT_TROUBLE;
	free_jobs(docs, lens, n);
	dgs_options_free(o);
	dgs_snapshot_free(own);
	return rc;
}

/* The summary line on stderr: the files linted and the findings. */
static void
say_summary(const struct run *r)
{
	size_t n = r->sum.errors + r->sum.warnings + r->sum.infos;

	if (r->quiet)
		return;
	if (n == 0 && r->sum.unreadable == 0 && !r->sum.bad_paths) {
		/* A clean run says so, in one line (as ruff's "All checks
		 * passed!"); one with an input that could not be read, or a
		 * path named that could not be used, is not clean. */
		fprintf(stderr, "dgslint: all checks passed: %zu file%s "
		    "linted", r->sum.files, r->sum.files == 1 ? "" : "s");
		summary_tail(r);
		fputc('\n', stderr);
		return;
	}
	fprintf(stderr, "dgslint: %zu file%s linted: %zu error%s, "
	    "%zu warning%s, %zu info%s", r->sum.files,
	    r->sum.files == 1 ? "" : "s", r->sum.errors,
	    r->sum.errors == 1 ? "" : "s", r->sum.warnings,
	    r->sum.warnings == 1 ? "" : "s", r->sum.infos,
	    r->sum.infos == 1 ? "" : "s");
	summary_tail(r);
	fprintf(stderr, "%s\n", r->sum.unreadable || r->sum.bad_paths ?
	    "; some inputs could not be read" : "");
}

/* --baseline: the findings it hid and those that no longer occur, said;
 * --write-baseline: the record written (s->werr when it was not). */
static void
end_baselines(const struct args *a, struct session *s)
{
	const struct run *r = &s->run;
	size_t gone;

	gone = r->baseline != NULL ? baseline_unmatched(r->baseline) : 0;
	if (r->baseline != NULL && !r->quiet && (r->baselined > 0 || gone > 0))
		fprintf(stderr, "dgslint: baseline %s: %zu finding%s not "
		    "shown; %zu no longer occur%s\n", a->baseline_file,
		    r->baselined, r->baselined == 1 ? "" : "s", gone,
		    gone == 0 ? "" : gone == 1 ? "s (shrink the baseline with "
		    "--write-baseline)" : " (shrink the baseline with "
		    "--write-baseline)");
	if (r->record == NULL)
		return;
	if (baseline_write(r->record) != 0)
		s->werr = 1;
	else if (!r->quiet)
		fprintf(stderr, "dgslint: %s: %zu finding%s recorded\n",
		    a->write_baseline, baseline_count(r->record),
		    baseline_count(r->record) == 1 ? "" : "s");
}

/* The fixes on stderr: those made (--fix) or shown (--diff), else how
 * many findings --fix would fix. */
static void
say_fixes(const struct run *r)
{
	if (r->quiet)
		return;
	if (r->fix != FIX_NONE) {
		if (r->fixed > 0)
			fprintf(stderr, "dgslint: %s %zu finding%s in %zu "
			    "file%s\n", r->fix == FIX_DIFF ? "would fix" :
			    "fixed", r->fixed, r->fixed == 1 ? "" : "s",
			    r->fixed_files, r->fixed_files == 1 ? "" : "s");
		return;
	}
	if (r->fixable > 0 && r->unsafe_fixable > 0)
		fprintf(stderr, "dgslint: %zu fixable with --fix (%zu more "
		    "with --unsafe-fixes)\n", r->fixable, r->unsafe_fixable);
	else if (r->fixable > 0)
		fprintf(stderr, "dgslint: %zu fixable with --fix\n",
		    r->fixable);
	else if (r->unsafe_fixable > 0)
		fprintf(stderr, "dgslint: %zu fixable with --fix "
		    "--unsafe-fixes\n", r->unsafe_fixable);
}

/* The exit status of a run that linted (main.c's first comment). */
static int
exit_status(const struct session *s)
{
	if (s->in.failed || s->run.sum.unreadable > 0 || s->werr ||
	    s->run.write_failed)
		return EXIT_TROUBLE;
	return s->run.failed ? EXIT_FINDINGS : 0;
}

/* Everything the run held, let go; an output not closed is removed. */
static void
session_free(struct args *a, struct session *s)
{
	size_t i;

	for (i = 0; i < a->nout; i++)
		if (a->out[i].fp != NULL && a->out[i].fp != stdout &&
		    a->out[i].fp != stderr)
			wfile_abort(&a->out[i].file);
	for (i = 0; i < s->run.njobs; i++) {
		free(s->run.jobs[i].abs);
		free(s->run.jobs[i].nofix);
	}
	free(s->run.jobs);
	baseline_free(s->run.baseline);
	baseline_free(s->run.record);
	inputs_free(&s->in);
	configs_free(s->run.cfgs);
	dgs_options_free(s->base);
	free(a->cli.generators_text);
	free(a->cli.presets_text);
	dgs_snapshot_free(a->cli.snapshot_now);
	dgs_snapshot_free(a->cli.snapshot_old);
	for (i = 0; i < 2; i++)
		if (a->cli.snapshot_text[i].buf != NULL)
			unmap_document(a->cli.snapshot_text[i].buf,
			    a->cli.snapshot_text[i].len,
			    a->cli.snapshot_text[i].mapped);
	free(a->cli.rules);
	free(a->cli.dropped);
	free(a->env_output);
	service_cleanup();
}

/*
 * The steps, each GO_ON or the exit status: the command line read, a
 * mode that needs no setting answered; the settings loaded, a mode that
 * needs only them answered; the configurations and the documents found;
 * the baselines loaded; the outputs chosen and opened; the documents
 * linted, the run said on stderr, and its exit status.
 */
int
main(int argc, char *argv[])
{
	static struct args a;	/* reachable after a usage error */
	struct session s;
	int rc;

	prepare_process();
	if ((rc = args_parse(&a, argc, argv)) != GO_ON ||
	    (rc = answer_early(&a)) != GO_ON)
		return rc;
	session_init(&s, &a);
	rc = load_settings(&a, &s);
	if (rc == GO_ON)
		rc = answer_from_settings(&a, &s);
	if (rc == GO_ON)
		rc = load_configurations(&a, &s);
	if (rc == GO_ON)
		rc = find_documents(&a, &s);
	if (rc == GO_ON)
		rc = load_baselines(&a, &s);
	if (rc == GO_ON && a.print_schema_diff)
		rc = schema_diff(&s.run, a.cli.snapshot_old,
		    a.cli.snapshot_now);
	if (rc == GO_ON && a.privacy_report)
		rc = privacy_report(&a, &s);
	if (rc == GO_ON)
		rc = choose_outputs(&a, &s);
	if (rc == GO_ON)
		rc = open_outputs(&a, &s);
	if (rc == GO_ON) {
		lint_documents(&a, &s);
		say_summary(&s.run);
		end_baselines(&a, &s);
		say_fixes(&s.run);
		rc = exit_status(&s);
	}
	session_free(&a, &s);
	return rc;
}
