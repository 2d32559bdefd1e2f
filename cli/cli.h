/*
 * cli.h: the program's internal interfaces.
 */
#ifndef DGSLINT_CLI_H
#define DGSLINT_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include "dgslint.h"

/*
 * xalloc.c: allocations that end the program (status 2) when memory is
 * exhausted, and that ending for any failing system call.
 */
void	 die_errno(void) __attribute__((__noreturn__));
void	*xcalloc(size_t, size_t);
void	*xmalloc(size_t);
void	*xrealloc(void *, size_t);
char	*xstrdup(const char *);
/* The text fmt and ap make, in memory to free ("" when it cannot be
 * made). */
char	*xvasprintf(const char *fmt, va_list)
	    __attribute__((__format__(__printf__, 1, 0)));
char	*xasprintf(const char *fmt, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

/*
 * term.c: standard error made to write every control character escaped
 * (C0, C1, DEL as \uXXXX; a newline kept), whatever a message quotes;
 * term_open() is such a stream over fp (NULL when none can be made),
 * to fclose() before fp.
 */
void	 term_init(void);
FILE	*term_open(FILE *fp);

/*
 * input.c: paths to documents.
 */
struct input {
	char	*path;		/* as given or found; "-" for stdin */
	char	*name;		/* name in findings */
	int	 explicit;	/* named on the command line */
	int	 stdin_named;	/* "-" named by --stdin-filename */
	int	 plain;		/* a regular file, not a symbolic link */
	/* What a directory's walk found that is not linted, and why:
	 * error, what could not be read (the run fails); skip, what is
	 * no document (a FIFO, a device, a link back up the tree). */
	char	*error;
	char	*skip;
	const char *root;	/* the directory walked (its path as
				   inputs_add() had it), or NULL */
	int	 context;	/* --context: read for the rules across
				   documents only, never reported */
	/* Its text as committed (git's index), read instead of path; or
	 * NULL. */
	char	*text;
	size_t	 len;
};

struct inputs {
	struct input	*v;
	size_t		 n, cap;
	int		 failed;	/* a path could not be used (exit 2) */
	int		 no_gitignore;	/* --no-gitignore */
};

/* Adds path (a file, a directory searched for *.json in sorted order,
 * or "-"); a path named that cannot be used is reported on stderr and
 * sets failed; what a walk cannot read or skips is an input with its
 * error or skip set, reported in its turn. */
void	inputs_add(struct inputs *, const char *path, const char *stdin_name);
void	inputs_free(struct inputs *);
/* Adds the file at path, named name, whose text (taken) is read instead
 * of the file. */
void	inputs_add_text(struct inputs *, const char *path, const char *name,
	    char *text, size_t len);
/* context_git.c: --context PATH inside a git work tree: the *.json files
 * git tracks below path, their text as its index has it (what is
 * committed), never an untracked file; 0, or -1 outside a work tree,
 * where inputs_add() walks the directory, or -2 inside one where git
 * could not be run (the run cannot read what is committed). */
int	inputs_add_committed(struct inputs *, const char *path);
/* Runs git with argv (argv[0] "git"), its standard input in_fd (or
 * /dev/null when -1), and returns what it wrote on standard output (NUL
 * terminated, *len bytes; to free), or NULL when it could not run or
 * failed. */
char	*git_output(char *const argv[], int in_fd, size_t *len);

/*
 * gitignore.c: what git ignores, passed over by a directory's walk (see
 * there).  gitignore_open() returns NULL outside a git work tree (nothing
 * is ignored); enter and leave follow the walk into a subdirectory.
 */
struct gitignore;
struct gitignore *gitignore_open(const char *dir);
void	gitignore_enter(struct gitignore *, const char *dir);
void	gitignore_leave(struct gitignore *);
int	gitignore_ignored(const struct gitignore *, const char *path,
	    int is_dir);
void	gitignore_close(struct gitignore *);

/* Reads a whole document: a regular file, a pipe, or stdin for "-".
 * Returns 0 and a buffer (NUL-terminated, to free), or -1 with the reason
 * in why (such as "Permission denied"); it prints nothing, so that the
 * caller reports in the order of the inputs. */
/* readfile.c.  The most a document may be (json-c's bound). */
#define MAX_DOCUMENT	((size_t)INT32_MAX - 1)
/* Set when the caller closed standard input: "-" then reads as closed. */
extern int stdin_closed;
/* Reads fd, whose fstat(2) is *st, into *buf, at most max bytes; closes
 * it when own.  0, or -1 with the reason in why (unreadable() keeps it). */
struct stat;
int	read_fd(int fd, int own, const struct stat *st, size_t max,
	    char **buf, size_t *len, char *why, size_t whysize);
void	unreadable(char *why, size_t whysize, const char *reason);
int	read_document(const char *path, char **buf, size_t *len,
	    char *why, size_t whysize);
/* A file dgslint finds for itself, not one it is given (an ignore file,
 * a list of trusted services): read as read_document() does, but only a
 * regular file of at most max bytes, and never by waiting: a FIFO, a
 * device or a socket, or a link to one, is refused without blocking in
 * open(2) or read(2); no_link: a symbolic link is refused too.  0; 1
 * when there is no such file, or the system will not open it (not
 * readable by this user: as before, a file not there); or -1 with the
 * reason it is refused in why. */
int	read_found(const char *path, int no_link, size_t max, char **buf,
	    size_t *len, char *why, size_t whysize);
/* As read_document(), but a regular file of MAP_MIN bytes or more is
 * memory-mapped (*mapped set; not NUL-terminated), for
 * dgs_lint_mapped(); free it with unmap_document().  regular: the
 * directory's walk found path to be a regular file (struct input's
 * plain), which is then opened without a stat(2) first. */
#define MAP_MIN	(1024 * 1024)
int	map_document(const char *path, int regular, char **buf, size_t *len,
	    int *mapped, char *why, size_t whysize);
void	unmap_document(char *buf, size_t len, int mapped);
/* Whether a mapped document changed while it was read (cut short, which
 * would otherwise end the process with SIGBUS, or written again): its
 * findings are then of no text that ever was.  Before unmap_document(). */
int	map_changed(const char *buf, int mapped);
/* What dgslint itself wrote, recognised by its whole shape, parsed
 * (its first member name only says whether to parse it): a report of a
 * format or statistics, by the signature in the format's row
 * (format_own()), a baseline, a JSON Schema of --print-schema, a
 * snapshot of --snapshot; NULL for anything else. */
const char *own_output(const char *buf, size_t len);

/*
 * wfile.c: every file dgslint writes, one way: a temporary file beside
 * the target, flushed to disk and renamed over it, with the old file's
 * mode, owner, group and extended attributes; a device or a pipe is
 * written in place.  On any failure, and on a signal that ends the
 * program, the temporary file is removed and the old file stays whole.
 */
struct wfile {
	FILE	*fp;		/* write here */
	char	*target;	/* the file replaced, links resolved */
	char	*tmp;		/* the temporary file; NULL: in place */
	int	 slot;		/* wfile.c's, for the signal handler */
};

/* Once, first thing: the umask, and the handlers of SIGINT, SIGTERM,
 * SIGHUP, SIGPIPE and SIGXFSZ that remove temporary files. */
void	wfile_init(void);
/* Starts writing path; 0, or -1 with the reason in why (nothing made). */
int	wfile_open(struct wfile *, const char *path, char *why, size_t);
/* Ends it: the new text takes the old one's place; 0, or -1 with the
 * reason (the old file whole, nothing left behind). */
int	wfile_commit(struct wfile *, char *why, size_t);
/* Gives it up: the old file stays as it was. */
void	wfile_abort(struct wfile *);

/*
 * outpath.c: the files a run writes, checked before any is opened.
 * what names the option ("--output", "--write-baseline", "--config"...);
 * same_ok, for an output, the what of an input it may replace (the
 * --baseline that --write-baseline shrinks).  Returns 0, or -1 after
 * saying which output is another output or an input.
 */
struct outpath {
	const char	*path;
	const char	*what;
	const char	*same_ok;
};
int	outpaths_check(const struct outpath *out, size_t nout,
	    struct inputs *, const struct outpath *files,
	    size_t nfiles);

/*
 * redact.c: secrets (passwords, keys) kept out of every message: added
 * once from where the user gave them, masked wherever they occur.
 */
struct secrets {
	char	**v;
	size_t	  n;
};
/* Adds p[0..n), as written and percent-decoded. */
void	 secrets_add(struct secrets *, const char *p, size_t n);
/* Adds the passwords of a libpq connection string or URI. */
void	 secrets_from_conninfo(struct secrets *, const char *conninfo);
void	 secrets_free(struct secrets *);
/* text with every secret, and any URL's password, as "********": the
 * secrets as they are, and as JSON escapes (\u002B, \/...) and percent-
 * encoding (either letter case) spell them; linear in the text.  To
 * free. */
char	*redact(const struct secrets *, const char *text);
/* The run's secrets (the service's API key), set before any thread or
 * process of -j starts, and masked in everything printed. */
struct secrets *secrets_run(void);
/* text masked with the run's secrets; NULL when there is none (text is
 * then shown as it is). */
char	*redact_run(const char *text);

/*
 * snapshot_pg.c: --snapshot URL writes the columns of a PostgreSQL
 * database, as JSON, to stdout; returns the exit status (0, or 2 with a
 * message on stderr).
 */
int	snapshot_pg_run(const char *conninfo);
/* The same snapshot written to fp (what names it in a message): 0, or
 * 2 with a message on stderr. */
int	snapshot_pg_write(const char *conninfo, FILE *fp, const char *what);

/*
 * snapshot_pg.c: --sample N reads at most n values (not null) of each
 * column of cols[0..ncols) in the database of conninfo, in a read-only
 * session, each query bounded in time; a value is classified (into the
 * column's tally, dgs_values_add()) and its bytes wiped, never kept,
 * written or said.  A column that cannot be read is skipped (read stays
 * 0), with a message naming it.  Returns 0, or 2 after saying why (no
 * connection).
 */
struct sample_col {
	const char		*schema, *table, *column;
	struct dgs_value_tally	 tally;
	int			 read;	/* its values were read */
};
int	snapshot_pg_sample(const char *conninfo, struct sample_col *cols,
	    size_t ncols, unsigned long n);

/* jsonschema.c: --print-schema KIND: writes a JSON Schema of the kind
 * named on standard output; returns the exit status. */
int	jsonschema_print(const char *kind, const struct dgs_options *);
/* The text --print-schema config writes, appended to text; 0. */
struct str;
int	jsonschema_config_text(struct str *text);

/* init.c: --init DIR: writes DIR/.dgslint.json (never over one) and
 * its JSON Schema beside it; returns the exit status. */
int	init_run(const char *dir, const struct dgs_options *base,
	    int no_gitignore);

/*
 * format/output.c: the formats (format/output.h says what they share).
 */

/* A growing string (also of bytes, which may hold NULs), kept
 * NUL-terminated; str_addn() exits on exhausted memory like the rest of
 * the program's allocations outside the library. */
struct str {
	char	*s;
	size_t	 len, cap;
};
void	str_addn(struct str *, const char *, size_t);

/* A format: its row in format/output.c's table, in --help order.  Only
 * the formats the rest of cli/ names are named here; the others are
 * their rows alone (format_count() of them in all). */
enum format {
	FMT_TEXT,
	FMT_JSON,
	FMT_SARIF,
	FMT_GITHUB,
	FMT_ROWS = 64		/* more than the table holds */
};

struct summary {
	size_t	files;
	size_t	errors, warnings, infos;
	size_t	unreadable;
	size_t	skipped;	/* not documents (FIFOs, dgslint's reports) */
	size_t	other;		/* other JSON than the service's, left alone */
	int	bad_paths;	/* a path named could not be used at all */
};

struct output {
	enum format	 format;
	FILE		*fp;
	const char	*path;		/* NULL: stdout */
	struct wfile	 file;		/* path's, while it is written */
	int		 color;
	enum dgs_severity min;		/* findings below are not shown */
	int		 statistics;	/* --statistics (text, json) */
	int		 unsafe_fixes;	/* --unsafe-fixes: what is fixable */
	const char	*rule_url;	/* rule pages' base URL, or NULL */
	/* Format state. */
	size_t		 count;
	size_t		 shown[4];	/* github: per severity */
	void		*state;
	int		 failed;	/* a write failed; output stopped */
	int		 err;		/* errno of that failure */
};

/* The findings of one document to show, in order, and its text when
 * an output shows its lines (output_needs_text()), else NULL. */
struct findings {
	const struct dgs_finding	**v;
	size_t				  n;
	const char			 *text;
	size_t				  len;
};

/* Rule pages.  rule_url_valid(): whether base is an absolute URL
 * (scheme ":" and printable ASCII that a URI may hold).  rule_url():
 * the page of rule r under base, base/ID.html as make html names it
 * (a "/" added when base does not end with one), to free; NULL when
 * base is NULL: no link is ever invented. */
int	 rule_url_valid(const char *base);
char	*rule_url(const char *base, const struct dgs_rule_info *r);
/* config.c: c's "ruleUrl", or NULL. */
struct config;
const char *config_rule_base(const struct config *c);

/* The formats: format_count() of them, numbered from 0; the name and
 * the help line of each (NULL past the last); the one named s (-1 when
 * none is). */
size_t	format_count(void);
const char *format_name(enum format);
const char *format_help(enum format);
int	format_from_name(const char *s, enum format *);
/* Whether a format is coloured on a terminal (--color). */
int	format_colors(enum format);
/* own_output()'s: whether a format (or --statistics) writes name as its
 * report's first member name (of the array's first object when array),
 * and what report the parsed JSON o is ("a report of dgslint --format
 * json"), or NULL. */
struct json_object;
int	format_writes_first(const char *name, int array);
const char *format_own(struct json_object *o);
/*
 * names.c: the words the options that take one of a list take, each
 * list once (names.c says where from).  words_of(): the words of option
 * ("format", "kind", "print-schema", "license", "fail-on", "severity",
 * "color"; help[i] a line for some, else NULL), or -1 for another.
 * words_list(): them joined by ", " and last before the last (" or "),
 * the deflt-th followed by " (default)" (-1: none), into buf.
 * words_did_you_mean(): did_you_mean() among them.  list_values():
 * --list-values option, a word a line (a tab and its help line after
 * it); the exit status.
 */
#define WORDS_MAX	32
struct words {
	const char	*v[WORDS_MAX];
	const char	*help[WORDS_MAX];
	size_t		 n;
};
extern const char *const license_names[];	/* enum dgs_license's order */
extern const char *const fail_on_names[];
extern const char *const color_names[];
int	words_of(const char *option, struct words *);
const char *words_list(char *buf, size_t size, const char *option,
	    const char *last, int deflt);
const char *words_did_you_mean(char *buf, size_t size, const char *word,
	    const char *option);
int	list_values(const char *option);
void	output_begin(struct output *);
/* Whether any of the n outputs shows the documents' lines: the text of
 * a document with findings is then handed to output_file(). */
int	output_needs_text(const struct output *, size_t n);
/* One document's findings, in order. */
void	output_file(struct output *, const char *name,
	    const struct findings *);
/* A document that could not be read, and why (strerror-like text). */
void	output_unreadable(struct output *, const char *name,
	    const char *why);
/* Ends the document; check failed (and err) then for a write error. */
void	output_end(struct output *, const struct summary *);
/* Says, once, that a write to standard output failed (err: its errno, or
 * 0 when it is not known). */
void	stdout_failed(int err);
/* For atexit(3), registered first thing: flushes and closes standard
 * output, and ends the program with exit status 2 (having said so) when
 * any write to it failed. */
void	stdout_check(void);

#endif /* DGSLINT_CLI_H */
