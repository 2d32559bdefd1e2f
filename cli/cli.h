/*
 * cli.h: the program's internal interfaces: those of cli/'s top level
 * (a run's files), of the formats' dispatch, and the rooms' headers
 * (the ground floor, base/; what reads the repository, repo/; what
 * talks to a service or a database, remote/), which the rooms include
 * themselves, never this one.
 */
#ifndef DGSLINT_CLI_H
#define DGSLINT_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include "dgslint.h"
#include "base/base.h"
#include "repo/repo.h"
#include "remote/remote.h"

/*
 * term.c: standard error made to write every control character escaped
 * (C0, C1, DEL as \uXXXX; a newline kept), whatever a message quotes;
 * term_open() is such a stream over fp (NULL when none can be made),
 * to fclose() before fp.
 */
void	 term_init(void);
FILE	*term_open(FILE *fp);

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
/* What dgslint itself wrote, recognised by its whole shape, parsed
 * (its first member name only says whether to parse it): a report of a
 * format or statistics, by the signature in the format's row
 * (format_own()), a baseline, a JSON Schema of --print-schema, a
 * snapshot of --snapshot; NULL for anything else. */
const char *own_output(const char *buf, size_t len);

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
 * it), 0; or -1 and why, into msg, when option takes no word.
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
int	list_values(const char *option, char *msg, size_t size);
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
