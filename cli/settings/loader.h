/*
 * loader.h: inside cli/settings/, the state of one load of a
 * configuration, which read.c (the walk of its keys), sensitivity.c (the
 * columns' sensitivity) and loader.c (the faults and places, located)
 * share.
 */
#ifndef DGSLINT_LOADER_H
#define DGSLINT_LOADER_H

#include <json-c/json.h>

#include "config_int.h"

/*
 * What the loader wants located in the text: a place kept in the
 * configuration, an error to print there, or the "path:line:col" (or
 * "path:line") that a key or override is named by.  All are located at
 * the end of the load, in one pass over the text
 * (dgs_json_positions()): one pass each made loading quadratic, and a
 * configuration of 5,000 overrides of 10 pointers (1 MB) took 95 s.
 * Errors are printed then, in the order they were found.
 */
enum want_kind { WANT_PLACE, WANT_ERROR, WANT_NOTICE, WANT_AT, WANT_LINE };

struct want {
	enum want_kind		 kind;
	int			 at_key;
	char			*ptr;	/* own, but a place's (pl->ptr) */
	struct config_place	*pl;	/* WANT_PLACE */
	char			*msg;	/* WANT_ERROR, WANT_NOTICE */
	char			**where; /* WANT_AT, WANT_LINE */
};

struct loader {
	const char	*path;
	const char	*text;
	size_t		 len;
	int		 failed;
	/* config_check(): the faults as findings, not on stderr. */
	struct config_findings	*out;
	struct want	*w;
	size_t		 nw, cap;
};

/* A new want of kind at ptr (at its member name when at_key), located
 * by locate_all(). */
struct want	*want(struct loader *, enum want_kind, const char *ptr,
		    int at_key);
/* A fault at pointer, said at the end of the load (locate_all()); the
 * configuration is refused. */
void	config_error(struct loader *, const char *pointer, int at_key,
	    const char *fmt, ...) __attribute__((__format__(__printf__, 4, 5)));
/* A key that is read but not used: said as an error is, at the key (a
 * finding of DGS002 for config_check()), but the configuration is used,
 * without it. */
void	config_notice(struct loader *, const char *pointer,
	    const char *fmt, ...) __attribute__((__format__(__printf__, 3, 4)));
/* Adds a finding to out; takes pointer and message (allocated). */
void	finding_add(struct config_findings *out, unsigned long line,
	    unsigned long col, char *pointer, const struct dgs_rule_info *,
	    enum dgs_severity, char *message);
/* s on stderr, its control characters escaped. */
void	err_puts(const char *s);
/* The JSON Pointers base/key (escaped) and base/i, allocated. */
char	*ptr_join(const char *base, const char *key);
char	*ptr_index(const char *base, size_t i);
/* Where the value (or member name, at_key) that ptr names lies: pl is
 * filled by locate_all(). */
void	place_of(struct loader *, const char *ptr, int at_key,
	    struct config_place *pl);
/* Locates everything wanted, in one pass, and says the faults in the
 * order they were found. */
void	locate_all(struct loader *);
char	**read_globs(struct loader *, struct json_object *, const char *ptr,
	    const char *what, size_t *nout);

/*
 * sensitivity.c: the keys of the columns' sensitivity, read by
 * read.c's table of keys.
 */
/* "notSensitive" and "sensitive". */
void	read_marks(struct loader *, struct config *, struct json_object *,
	    const char *ptr, const struct config_key *);
/* "sensitivityRules". */
void	read_sens_rules(struct loader *, struct config *,
	    struct json_object *, const char *ptr, const struct config_key *);
/* Once the catalogues are read: each custom rule's generator known. */
void	check_sens_generators(struct loader *, struct config *);
/* Frees the n strings of v, and v. */
void	strings_free(char **v, size_t n);
void	sens_rule_free(struct sens_rule *);

#endif /* DGSLINT_LOADER_H */
