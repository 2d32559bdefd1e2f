/*
 * output.h: the output formats (cli/format/), what they share.  Each
 * format is one file, FORMAT.c, exporting one struct format_ops;
 * output.c holds the table of them and the dispatch, shared.c the
 * helpers below.  The formats call the library, the ground floor's
 * helpers (cli/base/) and shared.c, nothing else of cli/: they write what run.c
 * hands them through output.c, which the rest of cli/ calls.
 */
#ifndef DGSLINT_OUTPUT_H
#define DGSLINT_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "../cli.h"

/*
 * What dgslint recognises as a report of a format, never by its first
 * bytes alone (own_output() in cli/outpath.c): first is the member name the
 * format writes first (of the array's first object when array), which
 * says only whether the document is worth parsing; is() then tests the
 * parsed report's whole shape; what names it in the messages ("a report
 * of dgslint --format json").  A format whose report is not JSON has
 * first NULL.
 */
struct json_object;
struct format_sig {
	const char	*first;
	int		 array;
	int		(*is)(struct json_object *);
	const char	*what;
};

/* One format: its row in output.c's table, exported by its file (and
 * declared there, beside the table, which alone calls it).  A
 * NULL hook has nothing to do.  end is called only while no write has
 * failed; done is called last in any case, to free the format's state
 * (o->state). */
struct format_ops {
	const char	*name;		/* as --format takes it */
	const char	*help;		/* --list-values format: what it is */
	void		(*begin)(struct output *);
	void		(*file)(struct output *, const char *name,
			    const struct findings *);
	void		(*unreadable)(struct output *, const char *name,
			    const char *why);
	void		(*end)(struct output *, const struct summary *);
	void		(*done)(struct output *);
	struct format_sig own;		/* its report, recognised */
	int		 needs_text;	/* shows the document's lines
					   (struct findings' text) */
	int		 colors;	/* coloured on a terminal (--color) */
};

/*
 * The shapes of a parsed report (format_sig's is(), and outpath.c's of the
 * other files dgslint writes).  members_among(): o is an object whose
 * members are all among names (n of them); member_is(): o's member name
 * is the string s; member_type(): o's member name is of type t;
 * array_of(): a non-empty array of objects each with members among
 * names, the first nneed of them in each.
 */
int	 members_among(struct json_object *o, const char *const *names,
	    size_t n);
int	 member_is(struct json_object *o, const char *name, const char *s);
int	 member_type(struct json_object *o, const char *name, int json_type);
int	 array_of(struct json_object *a, const char *const *names, size_t n,
	    size_t nneed);

/* Writes s (or s[0..n)) as a JSON string literal: dgs_json_quote(). */
void	 json_str(FILE *, const char *);
void	 json_strn(FILE *, const char *, size_t);
/* A string json-c read (a pointer of a baseline or an override) as the
 * library holds strings: U+0000 as the bytes C0 80, never a cut; to
 * free. */
char	*json_held(struct json_object *);
/* Writes s escaped for XML character data, or for an attribute value in
 * double quotes when attr is set. */
void	 xml_str(FILE *, const char *, int attr);
/* Writes s (or s[0..n)) through the escaper esc (dgs_text_escape()),
 * whose arg gives flag to esc_flag(). */
void	 text_write(FILE *, const char *s, dgs_escape_fn esc, int flag);
void	 text_nwrite(FILE *, const char *s, size_t n, dgs_escape_fn esc,
	    int flag);
int	 esc_flag(const void *arg);
/* The escaper of the text format and of standard error (term.c): C0, C1
 * and DEL as \n, \t, \r or \uXXXX, a newline kept when flag is set. */
const char *text_esc(unsigned long cp, char buf[16], void *arg);
/*
 * Fingerprints (sarif, gitlab): a finding's hash of its path, rule and
 * JSON Pointer, and its occurrence among the findings of its document
 * with the same hash (1, 2...), so that two findings of one rule at one
 * place, or two whose hashes collide, differ.  Neither the line, nor the
 * message (which may name a line, and whose words may change from one
 * version to the next), so that it holds across runs, line moves and
 * upgrades.  fp_start() begins a document of n findings.
 */
struct fingerprints {
	uint64_t	*hash;
	size_t		*count;
	size_t		 cap;
};
void	 fp_start(struct fingerprints *, size_t n);
uint64_t fp_hash(const char *path, const char *rule, const char *pointer);
size_t	 fp_occurrence(struct fingerprints *, uint64_t);
void	 fp_free(struct fingerprints *);
/* Iterates over the findings the output shows: i starts at 0. */
const struct dgs_finding *shown_next(const struct output *,
	    const struct findings *, size_t *i);
size_t	 count_shown(const struct output *, const struct findings *);
/* The text format's line of a finding (url: its rule's page, or NULL);
 * text_str() writes s as that line does; sev_color() a level's colour. */
void	 text_line(struct output *, const char *name,
	    const struct dgs_finding *, const char *url);
void	 text_str(FILE *, const char *s);
const char *sev_color(enum dgs_severity);
/* "error", "warning", or lowest for any other level. */
const char *level_word(enum dgs_severity, const char *lowest);

#endif /* DGSLINT_OUTPUT_H */
