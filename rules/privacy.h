/*
 * privacy.h: inside rules/, the sensitivity types (sensitivity.def) and
 * the decision of each column's protection (privacy.c), which the
 * privacy report (dgs_privacy_report()) and the rules of privacy
 * coverage share.
 */
#ifndef DGS_PRIVACY_H
#define DGS_PRIVACY_H

#include "database.h"

/* The families of data types a sensitivity type allows (a record's
 * FAMILIES), as bits of enum db_family. */
#define F_TEXT		((1u << DB_TEXT) | (1u << DB_OTHER))
#define F_INT		((1u << DB_INT) | (1u << DB_NUMERIC))
#define F_DATE		((1u << DB_DATE) | (1u << DB_TIMESTAMP))
#define F_BINARY	(1u << DB_BINARY)
/* A record's WITH: only in a table with a location column. */
#define F_LOCATION	0x1u

enum dgs_sensitivity {
#define DGS_SENSITIVITY(e, ...)	DGS_ST_##e,
#include "sensitivity.def"
#undef DGS_SENSITIVITY
	DGS_ST_MAX
};

struct dgs_sensitivity_info {
	const char	*name;		/* the sensitivityType */
	unsigned	 families;	/* F_* */
	unsigned	 with;		/* 0 or F_LOCATION */
	const char	*generator;	/* recommended, or NULL */
	const char	*metadata;	/* its metadata (JSON), or NULL */
	const char	*rec_page, *rec_sentence;
	const char	*pattern;	/* on the column's name, as words */
	const char	*page, *sentence;
};

extern const struct dgs_sensitivity_info dgs_sensitivity[DGS_ST_MAX];

/* The type of a column no built-in type names that the user calls
 * sensitive (dgs_options_set_column_mark(): the configuration's
 * "sensitive", or a custom sensitivity rule): the mark's type, or
 * "Marked sensitive"; the mark's generator, or none; no pattern.
 * privacy_type(): the record of type t, DGS_ST_* or DGS_ST_MARKED (then
 * made in *tmp from mark m). */
#define DGS_ST_MARKED	DGS_ST_MAX
const struct dgs_sensitivity_info *privacy_type(int t,
	    const struct dgs_column_mark *m, struct dgs_sensitivity_info *tmp);

/* Protection statuses, as Tonic's Privacy Hub shows them. */
enum privacy_status {
	PRIV_NOT_SENSITIVE,
	PRIV_PROTECTED,
	PRIV_AT_RISK
};

/* What is decided of a column. */
struct privacy_col {
	enum privacy_status	 status;
	int			 type;	/* DGS_ST_*, or -1 */
	const char		*generator;	/* assigned (or inherited), or
						 * NULL */
	uint32_t		 from;	/* the column a foreign key inherits
					 * from, or DGS_SNAPSHOT_NONE */
	unsigned char		 named;	/* a link names it */
	unsigned char		 marked;	/* DGS_MARK_*: the user's word */
	struct dgs_column_mark	 mark;		/* with DGS_MARK_SENSITIVE */
};

/* The decision for every column of snapshot s (cols[i] for s->cols[i];
 * ncols of them), from what cf configures and the marks of o (or NULL:
 * none).  Returns 0, DGS_ENOMEM. */
/* Whether every top-level alternative of the PCRE2 pattern starts with
 * "^" or "(?:^|_)" (then it is matched at a name's start and its
 * underscores alone). */
int	privacy_word_anchored(const char *pattern);
int	privacy_decide(const struct dgs_options *o, const struct dgs_snapshot *s,
	    const struct db_configured *cf, struct privacy_col *cols);

/* The fix of privacy-at-risk (DGS821) for column c of table t, of type
 * st, with the current node the root: a replacement of t whose link
 * assigns c the generator Tonic recommends for st, added to the root
 * array (privacy_fix.c).  None without a recommendation, nor when the
 * document is a single replacement. */
void	privacy_fix_at_risk(struct dgs_ctx *, int single,
	    const struct dgs_snapshot *, const struct dgs_snapshot_table *,
	    const struct dgs_snapshot_col *,
	    const struct dgs_sensitivity_info *);

#endif /* DGS_PRIVACY_H */
