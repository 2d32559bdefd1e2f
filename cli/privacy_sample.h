/*
 * privacy_sample.h: --privacy-report --sample N (privacy_sample.c).
 */
#ifndef DGSLINT_PRIVACY_SAMPLE_H
#define DGSLINT_PRIVACY_SAMPLE_H

struct json_object;

/* The most columns --sample reads, and the most values of each. */
#define SAMPLE_MAX_COLUMNS	2000
#define SAMPLE_MAX_VALUES	10000

/*
 * Reads at most n values of the candidate columns of report (the object
 * of --privacy-report: "columns" and "summary") from the database of
 * conninfo, and changes the report by what they look like
 * (dgs_values_decide()): a column At Risk by its name gains the count in
 * its reason when its values confirm it, and is not sensitive when
 * almost none bears the type its name suggested; a column of text that
 * no name marked is At Risk when most values are surely of a type.  The
 * summary's counts follow.  No value is kept: the reasons hold counts.
 * Returns 0, or 2 after saying why (the database could not be read).
 */
int	privacy_sample(struct json_object *report, const char *conninfo,
	    unsigned long n);

#endif
