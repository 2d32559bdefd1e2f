/*
 * privacy_html.h: --privacy-report --format html (privacy_html.c).
 */
#ifndef DGSLINT_PRIVACY_HTML_H
#define DGSLINT_PRIVACY_HTML_H

#include <stdio.h>

struct json_object;

/*
 * Writes the report (the object --privacy-report -f json prints:
 * "columns" and "summary") to fp as one HTML page that needs nothing
 * else: its style inline, no script, no font, no image, no link out.  A
 * bar a table of its columns protected, not sensitive and At Risk (the
 * tables with an At Risk column first, the most first), then the list
 * of At Risk columns in the same order.  Every text of the report is
 * escaped.  A member missing or of another type reads as null or 0.
 * Returns 0, or -1 when a write failed (ferror(fp)).
 */
int	 privacy_html(FILE *fp, struct json_object *report);

/* The report's members: o's member key (NULL when o is no object or has
 * none); its string, or NULL; its count, or 0 (for none, another type,
 * or less than 0). */
struct json_object *report_member(struct json_object *o, const char *key);
const char *report_str(struct json_object *o, const char *key);
long	 report_count(struct json_object *o, const char *key);

#endif
