/*
 * dgs_fix.h: the fix module's own header (fix.c): the record of a fix a
 * rule stated (dgs_report.h says how a rule states one), which the next
 * report takes for its finding, and its resolution against the text once
 * the findings are located.  Only reporting (report.c) and the fix
 * module include it; the engine (lint.c) and the rules do not.
 *
 * The files depend one way: fix_apply.c (applying, rounds, diffs) calls
 * dgs_lint() in lint.c and reads the public result; lint.c calls
 * report.c; report.c calls fix.c (this header) and the locator; fix.c
 * calls the locator, and none of them back.  Not installed.
 */
#ifndef DGS_FIX_H
#define DGS_FIX_H

#include <stddef.h>

#include "dgs_report.h"

struct dgs_spans;

/* An edit as a rule states it: the span of the member name (at
 * DGS_AT_KEY) or of the value (DGS_AT_VALUE) the pointer names, or of
 * the code points [cp, cp_end) inside that string value when cp is not
 * -1, is replaced by text; or, with append, text is added to the array
 * value the pointer names as its last element (dgs_fix_append()). */
struct dgs_edit_req {
	char		*pointer;
	char		*text;
	long		 cp, cp_end;
	enum dgs_at	 at;		/* DGS_AT_OFFSET: the bytes [off, end) */
	size_t		 off, end;
	unsigned char	 append;
};

/* A fix as collected, then resolved against the text. */
struct dgs_item_fix {
	char			*description;
	enum dgs_fix_safety	 safety;
	struct dgs_edit_req	*reqs;
	size_t			 nreqs;
	struct dgs_fix		 fix;		/* resolved */
	struct dgs_edit		*edits;
	int			 ok;		/* resolved, exactly */
};

/* The pending fix, taken by a report (NULL: none). */
struct dgs_item_fix *dgs_fix_take(struct dgs_result *);
void	dgs_item_fix_free(struct dgs_item_fix *);
/* Resolves the fixes of res's items against the text, after
 * dgs_locate_spans() with the same spans (NULL when none), and points
 * each finding (findings[i] of items[i]) at its fix.  Returns 0 or
 * DGS_ENOMEM. */
int	dgs_fix_resolve(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);

#endif /* DGS_FIX_H */
