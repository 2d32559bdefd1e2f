/*
 * remote.h: what talks to a service or a database (cli/remote/): the
 * workspace on a service (service.h: service.c, service_trust.c,
 * http.c), the redaction of secrets in what is said of them (redact.c),
 * the PostgreSQL snapshot and sample (snapshot_pg.c), and the loader of
 * the libraries they use (dl.c).  They call the library, the ground
 * floor (cli/base/) and what reads the repository (cli/repo/): nothing
 * of the settings or of a run.
 */
#ifndef DGSLINT_REMOTE_H
#define DGSLINT_REMOTE_H

#include <stdio.h>

#include "dgslint.h"
#include "../base/base.h"
#include "service.h"

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
 * dl.c: loads a library with dlopen(3), the first of files (a NULL-
 * terminated list of sonames) that loads, and each of syms[0..n) from
 * it; 0, or -1 with the reason in why: "cannot load LIB (install
 * PACKAGE): ..." or "LIB has no SYMBOL: ...".  Called once a library
 * (pthread_once(3) or a run's one call).
 */
struct dl_sym {
	void		**fn;
	const char	 *name;
};
int	dl_load(const char *const *files, const char *lib,
	    const char *package, const struct dl_sym *syms, size_t n,
	    char *why, size_t whysize);

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

#endif /* DGSLINT_REMOTE_H */
