/*
 * baseline.h: findings recorded to be tolerated (--write-baseline,
 * --baseline).
 */
#ifndef DGSLINT_BASELINE_H
#define DGSLINT_BASELINE_H

#include "dgslint.h"

struct baseline;

/* Reads FILE; NULL after reporting a problem on stderr. */
struct baseline	*baseline_load(const char *path);
/* A new, empty baseline to be written to path. */
struct baseline	*baseline_new(const char *path);
void		 baseline_free(struct baseline *);
/* Whether the finding of the document at abs is in the baseline; each
 * recorded finding matches at most once. */
int		 baseline_match(struct baseline *, const char *abs,
		    const struct dgs_finding *);
/* Records a finding for baseline_write(). */
void		 baseline_add(struct baseline *, const char *abs,
		    const struct dgs_finding *);
/* Notes that the document at abs was linted in this run. */
void		 baseline_seen(struct baseline *, const char *abs);
/* Recorded findings of the documents linted that matched nothing: they
 * no longer occur. */
size_t		 baseline_unmatched(struct baseline *);
/* Recorded findings not yet matched, of any document. */
size_t		 baseline_count(const struct baseline *);
/* Writes the recorded findings; 0, or -1 after reporting on stderr. */
int		 baseline_write(struct baseline *);

#endif /* DGSLINT_BASELINE_H */
