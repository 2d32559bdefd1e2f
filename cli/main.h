/*
 * main.h: what main.c and the files that begin a run share.
 *
 * main.c is the run, from the command line to the exit status; it calls
 * the four others.  args.c reads the command line into struct args;
 * load.c reads what its settings name (catalogues, snapshots, the
 * service's workspace); info.c writes what is asked for instead of
 * findings (the rules, a rule explained, the schema changes); usage.c
 * says how dgslint is used (--help, --version) and what is wrong with a
 * command line, and calls none of them.
 */
#ifndef DGSLINT_MAIN_H
#define DGSLINT_MAIN_H

#include <stddef.h>

#include "cli.h"
#include "settings/config.h"
#include "fix.h"
#include "remote/service.h"
#include "privacy.h"

/* The exit statuses (but 0): findings at or above the failure level; a
 * usage error, an unreadable input or a write error. */
#define EXIT_FINDINGS	1
#define EXIT_TROUBLE	2
/* What args_parse() and the steps of main() return when the program goes
 * on: no exit status yet. */
#define GO_ON		(-1)

#define MAX_OUTPUTS	8	/* -f, each with its -o */
#define MAX_CONTEXT	64	/* --context */

/*
 * args.c
 */

/* What the command line says. */
struct args {
	struct settings	 cli;		/* over every configuration */
	struct output	 out[MAX_OUTPUTS];	/* -f and -o, in order */
	size_t		 nout;
	char		**paths;	/* the operands */
	size_t		 npaths;
	size_t		 nstdin;	/* how many are "-" (args_check()) */
	const char	*context[MAX_CONTEXT];	/* --context */
	size_t		 ncontext;
	size_t		 jobs;		/* -j; 0: the online CPUs */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v */
	char		*env_output;	/* DGSLINT_OUTPUT, cut into paths */
	const char	*color;		/* --color: auto, always, never */
	const char	*stdin_name;	/* --stdin-filename, or NULL */
	const char	*config_file;	/* --config, or NULL */
	int		 no_config;	/* --no-config */
	const char	*baseline_file;	/* --baseline, or NULL */
	const char	*write_baseline;	/* --write-baseline, or NULL */
	int		 force_exclude;	/* --force-exclude */
	int		 no_gitignore;	/* --no-gitignore */
	enum fix_mode	 fix;		/* --fix, --diff */
	int		 unsafe_fixes;	/* --unsafe-fixes */
	int		 exit_zero;	/* --exit-zero (--fail-on none) */
	int		 statistics;	/* --statistics */
	/* The modes that replace the run: */
	const char	*explain_rule;	/* --explain RULE|GENERATOR */
	int		 listing;	/* --list-rules */
	int		 list_generators;	/* --list-generators */
	const char	*snapshot;	/* --snapshot URL */
	const char	*print_config;	/* --print-config FILE */
	const char	*print_schema;	/* --print-schema KIND */
	int		 print_schema_diff;	/* --print-schema-diff */
	int		 privacy_report;	/* --privacy-report */
	unsigned long	 sample;	/* --sample N; 0: none */
	const char	*words[MAX_OUTPUTS];	/* each -f as given */
	const char	*report_format;	/* a -f of --privacy-report
					   alone (html), or NULL */
	int		 lsp;		/* --lsp */
	int		 init;		/* --init [DIR] */
};

/* Reads the options into a, in their order, with the rules that
 * --select and --ignore leave out (a->cli.dropped).  Returns GO_ON when
 * the program goes on, else its exit status: 0 after --help or
 * --version, EXIT_TROUBLE after saying what is wrong. */
int	args_parse(struct args *a, int argc, char *argv[]);
/* The paths against the modes, once no mode that takes none has
 * answered (--explain RULE, --snapshot, --list-rules); counts nstdin.  0, or
 * EXIT_TROUBLE after saying what is wrong. */
int	args_check(struct args *a);

/*
 * load.c: each returns 0, or EXIT_TROUBLE after saying why.
 */

/* --generators and --presets, read into the settings, loaded into base. */
int	load_catalogues(struct settings *, struct dgs_options *base);
/* --schema and --schema-before, loaded into the settings and base, or
 * (async) loading on threads, which run_jobs() waits for. */
int	load_snapshots(struct settings *, struct dgs_options *base,
	    int async);
/* --service: its options checked, and the workspace's state read in
 * mode m into the settings and base. */
int	read_service(struct settings *, struct dgs_options *base,
	    enum service_mode m);

/* The language server's refresh (struct lsp_env): takes the states
 * read since (service_adopt()), reads every state again when reread (a
 * configuration changed), and sets --service's on base. */
struct refresh_arg {
	struct settings		*cli;
	struct dgs_options	*base;
};
void	refresh_service(void *refresh_arg, int reread);

/*
 * info.c: each returns the exit status.
 */

/* --list-rules, --explain RULE: as text, or JSON with -f json.
 * explain() returns -1, saying nothing, when no rule has that id or
 * name (it may be a generator's). */
int	list_rules(enum format);
int	explain(const char *rule, enum format);
/* --list-generators (id NULL), --explain GENERATOR: the generators the
 * options' catalogue knows, as text or JSON with -f json; an id that is
 * neither a rule's nor a generator's is said as not found. */
int	describe_generators(const struct dgs_options *, const char *id,
	    enum format);
/* --print-schema-diff: the documents' predicted GET /api/SchemaDiff
 * list on standard output. */
struct run;
int	schema_diff(const struct run *, const struct dgs_snapshot *before,
	    const struct dgs_snapshot *now);
/* The text of every job's document, read in order into docs[0..n) and
 * lens[0..n) (free them with free_jobs()): 0, or EXIT_TROUBLE after
 * saying which could not be read (n then counts those read). */
int	read_jobs(const struct run *, char ***docs, size_t **lens,
	    size_t *n);
void	free_jobs(char **docs, size_t *lens, size_t n);

/*
 * usage.c
 */

/* --help, --version: on standard output. */
void	help(void);
void	version(void);
/* A usage error: "dgslint: MESSAGE" and where to find help, on stderr;
 * returns EXIT_TROUBLE. */
int	bad_usage(const char *fmt, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
/* "; did you mean 'DASHESWORD'?", written into buf, with the closest of
 * cands[0..n) to word (dgs_suggest()), or "" when none is close. */
const char *did_you_mean(char *buf, size_t size, const char *word,
	    const char *const *cands, size_t n, const char *dashes);
/* The same, with the closest rule id or name. */
const char *rule_did_you_mean(char *buf, size_t size, const char *word);

#endif /* DGSLINT_MAIN_H */
