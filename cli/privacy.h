/*
 * privacy.h: --privacy-report (privacy.c): the library's report of each
 * column's protection status (dgs_privacy_report()), one JSON object,
 * written by the renderer of the format asked for.
 */
#ifndef DGSLINT_PRIVACY_H
#define DGSLINT_PRIVACY_H

#include <stdio.h>

#include "cli.h"

struct json_object;

/* Whether name is a format of --privacy-report (text, json, html). */
int	privacy_format_known(const char *name);
/* The snapshot of the PostgreSQL database at conninfo (--snapshot URL
 * with --privacy-report), loaded; NULL after saying why on stderr. */
struct dgs_snapshot *privacy_snapshot(const char *conninfo);
/* The report of snapshot s for the documents docs[i] (lens[i] bytes),
 * written to each of the n outputs out[i] in the format words[i] (NULL:
 * text); a write that fails sets the output's failed and err.  With
 * sample above 0 (--sample), the report is first changed by at most
 * that many values of each candidate column of the database of conninfo
 * (privacy_sample()).  Returns 0 (no column at risk), 1 (some at risk),
 * or 2 after saying why (out of memory, a format not built, a database
 * that cannot be read). */
int	privacy_write(const struct dgs_options *o,
	    const struct dgs_snapshot *s, const char *const *docs,
	    const size_t *lens, size_t ndocs, struct output *out,
	    const char *const *words, size_t n, const char *conninfo,
	    unsigned long sample);

/* The renderers: each writes the report (the object
 * dgs_privacy_report() describes) to fp; 0, or -1 when out of memory.
 * privacy_html() is one self-contained HTML page (privacy_html.c). */
int	privacy_html(FILE *fp, struct json_object *report);

#endif /* DGSLINT_PRIVACY_H */
