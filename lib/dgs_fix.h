/*
 * dgs_fix.h: fixes inside the library (fix.c): as a rule states them,
 * the record a finding keeps, and its resolution against the text.  Not
 * installed.
 */
#ifndef DGS_FIX_H
#define DGS_FIX_H

#include <stddef.h>

#include "dgs_report.h"

struct dgs_ctx;
struct dgs_spans;

/*
 * Fixes (fix.c).  A rule that knows the edit states it before reporting:
 * the next dgs_report*() takes the fix for its finding (or drops it
 * with a finding that is not kept).  key names a member of the current
 * node (NULL: the current node itself).  Several calls before one report
 * make one fix of several edits; the description is a format.
 */
/* An edit as a rule states it: the span of the member name (at
 * DGS_AT_KEY) or of the value (DGS_AT_VALUE) the pointer names, or of
 * the code points [cp, cp_end) inside that string value when cp is not
 * -1, is replaced by text. */
struct dgs_edit_req {
	char		*pointer;
	char		*text;
	long		 cp, cp_end;
	enum dgs_at	 at;		/* DGS_AT_OFFSET: the bytes [off, end) */
	size_t		 off, end;
};

/* A fix as collected (fix.c), then resolved against the text. */
struct dgs_item_fix {
	char			*description;
	enum dgs_fix_safety	 safety;
	struct dgs_edit_req	*reqs;
	size_t			 nreqs;
	struct dgs_fix		 fix;		/* resolved */
	struct dgs_edit		*edits;
	int			 ok;		/* resolved, exactly */
};

/* Renames member key to name (a JSON string literal of it). */
void	dgs_fix_rename(struct dgs_ctx *, enum dgs_fix_safety,
	    const char *key, const char *name);
/* Replaces the value of member key by json, a JSON text. */
void	dgs_fix_value(struct dgs_ctx *, enum dgs_fix_safety, const char *key,
	    const char *json);
/* Replaces the code points [cp, cp_end) of the string value of member
 * key by raw, text already escaped for inside a JSON string. */
void	dgs_fix_in_string(struct dgs_ctx *, enum dgs_fix_safety,
	    const char *key, long cp, long cp_end, const char *raw);
void	dgs_fix_describe(struct dgs_ctx *, const char *fmt, ...)
	    DGS_PRINTF(2, 3);
/* The safety of replacing word by best, dgs_closest()'s pick among
 * cands: safe when no other candidate is as close (case ignored). */
enum dgs_fix_safety dgs_closest_safety(const char *word, const char *best,
	    const char *const *cands, size_t n);
/* The pending fix, taken by a report; frees. */
struct dgs_item_fix *dgs_fix_take(struct dgs_result *);
void	dgs_item_fix_free(struct dgs_item_fix *);
/* The fix of the JSON layer's next finding (the scanner's, at byte
 * offsets): replace buf[off..end) with text.  Safe: a byte-order mark, a
 * trailing comma, a comma missing between two members on separate
 * lines. */
void	dgs_fix_offset(struct dgs_result *, size_t off, size_t end,
	    const char *text, const char *what);
/* Resolves the fixes of res's items against the text, after
 * dgs_locate_spans() with the same spans (NULL when none), and points
 * each finding (findings[i] of items[i]) at its fix.  Returns 0 or
 * DGS_ENOMEM. */
int	dgs_fix_resolve(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);

#endif /* DGS_FIX_H */
