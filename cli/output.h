/*
 * output.h: inside cli/, what the output formats share.  Each format is
 * one file, out_FORMAT.c, exporting one struct format_ops; output.c holds
 * the table of them, the dispatch and the helpers below.
 */
#ifndef DGSLINT_OUTPUT_H
#define DGSLINT_OUTPUT_H

#include <stdio.h>

#include "cli.h"

/* One format.  A NULL hook has nothing to do.  end is called only while
 * no write has failed; done is called last in any case, to free the
 * format's state (o->state). */
struct format_ops {
	const char	*name;		/* as --format takes it */
	void		(*begin)(struct output *);
	void		(*file)(struct output *, const char *name,
			    const struct findings *);
	void		(*unreadable)(struct output *, const char *name,
			    const char *why);
	void		(*end)(struct output *, const struct summary *);
	void		(*done)(struct output *);
};

extern const struct format_ops out_text;
extern const struct format_ops out_json;
extern const struct format_ops out_sarif;
extern const struct format_ops out_github;
extern const struct format_ops out_checkstyle;
extern const struct format_ops out_junit;

/* Writes s as a JSON string literal. */
void	 json_str(FILE *, const char *);
/* Writes s escaped for XML character data, or for an attribute value in
 * double quotes when attr is set. */
void	 xml_str(FILE *, const char *, int attr);
void	 str_add(struct str *, const char *);
/* Iterates over the findings the output shows: i starts at 0. */
const struct dgs_finding *shown_next(const struct output *,
	    const struct findings *, size_t *i);
size_t	 count_shown(const struct output *, const struct findings *);
/* "error", "warning", or lowest for any other level. */
const char *level_word(enum dgs_severity, const char *lowest);

#endif /* DGSLINT_OUTPUT_H */
