/*
 * dgs_report.h: findings, as the rules and the JSON layer report them
 * (report.c), with the fix a rule states for one, and the result that
 * hands them to the caller.  Not installed.
 */
#ifndef DGS_REPORT_H
#define DGS_REPORT_H

#include <stdarg.h>
#include <stddef.h>

#include "dgslint.h"
#include "dgs_util.h"

struct dgs_ctx;
struct dgs_item_fix;
struct dgs_options;
struct dgs_spans;
struct dgs_dskey;

/*
 * Findings as collected, before locations are resolved.
 */
enum dgs_at {
	DGS_AT_VALUE = 0,	/* the value the pointer names */
	DGS_AT_KEY,		/* the member name of that value */
	DGS_AT_OFFSET		/* a byte offset found by the scanner */
};

struct dgs_item {
	struct dgs_item_fix *fix;	/* or NULL */
	char		*pointer;
	char		*message;
	size_t		 offset;	/* DGS_AT_OFFSET; else filled by locate */
	size_t		 end;		/* byte just past the span */
	long		 str_index;	/* code point inside a string value, or -1 */
	enum dgs_at	 at;
	int		 rule;		/* enum dgs_rule_index */
	enum dgs_severity severity;
};

struct dgs_result {
	struct dgs_item_fix	*pending;	/* for the next report */
	struct dgs_dskey	*dskeys;	/* dgs_ds_key() */
	size_t			 ndskeys, dscap;
	struct dgs_buf		 dstext;		/* their texts */
	/* Keys loaded without their texts (DGS_KEYS_HASHES): 1, or 2 when
	 * another process hashed them. */
	int			 dshashes;
	char			*file;
	struct dgs_item		*items;
	size_t			 nitems;
	size_t			 cap;
	struct dgs_finding	*findings;
	size_t			 nfindings;
	enum dgs_kind		 kind;
	int			 other;		/* other JSON, left alone */
	int			 oom;
	/* dgs_result_scope(): a state per scope of the options, or NULL
	 * (none marked yet). */
	unsigned char		*scope;
	size_t			 nscope;
};

/*
 * Reporting.  Every finding goes through one of these; they do nothing
 * for a rule that is turned off.  The pointer is the current node's,
 * extended by the member name or array index given.
 */
void	dgs_report(struct dgs_ctx *, int rule, const char *fmt, ...)
	    DGS_PRINTF(3, 4);
/* At the value of member key of the current node. */
void	dgs_report_member(struct dgs_ctx *, int rule, const char *key,
	    const char *fmt, ...) DGS_PRINTF(4, 5);
/* At the name of member key of the current node. */
void	dgs_report_key(struct dgs_ctx *, int rule, const char *key,
	    const char *fmt, ...) DGS_PRINTF(4, 5);
/* At character index (code point) inside the string value of member key
 * of the current node; key NULL means the current node itself. */
void	dgs_report_in_string(struct dgs_ctx *, int rule, const char *key,
	    long index, const char *fmt, ...) DGS_PRINTF(5, 6);
/* The general form: pointer suffix tokens already escaped. */
void	dgs_report_at(struct dgs_ctx *, int rule, enum dgs_at,
	    const char *suffix, long index, const char *fmt, va_list);
/* The same with the message's arguments: what the families that report
 * below the current node (the database, generator and job rules) call. */
void	dgs_report_suffix(struct dgs_ctx *, int rule, enum dgs_at,
	    const char *suffix, long index, const char *fmt, ...)
	    DGS_PRINTF(6, 7);
/* A finding at a byte offset (the JSON layer). */
void	dgs_report_offset(struct dgs_result *, const struct dgs_options *,
	    int rule, const char *pointer, size_t off, size_t end,
	    const char *fmt, ...) DGS_PRINTF(7, 8);
int	dgs_rule_enabled(const struct dgs_ctx *, int rule);

/*
 * How a rule states a fix (fix.c keeps it; dgs_fix.h).  A rule that knows
 * the edit states it before reporting: the next dgs_report*() takes the
 * fix for its finding (or drops it with a finding that is not kept).
 * key names a member of the current node (NULL: the current node
 * itself).  Several calls before one report make one fix of several
 * edits; the description is a format.
 */
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
/* Adds json, a JSON text, as the last element of the array that suffix
 * (pointer tokens already escaped, below the current node) names, laid
 * out as the array's elements are: on a line of its own at their
 * indentation when they are on lines of their own, after ", " when
 * not; an empty array becomes [json].  No fix when the pointer names no
 * array.  Several such fixes of one array compose: each adds its
 * element after the last. */
void	dgs_fix_append(struct dgs_ctx *, enum dgs_fix_safety,
	    const char *suffix, const char *json);
void	dgs_fix_describe(struct dgs_ctx *, const char *fmt, ...)
	    DGS_PRINTF(2, 3);
/* The safety of replacing word by best, dgs_closest()'s pick among
 * cands: safe when no other candidate is as close (case ignored). */
enum dgs_fix_safety dgs_closest_safety(const char *word, const char *best,
	    const char *const *cands, size_t n);
/* The fix of the JSON layer's next finding (the scanner's, at byte
 * offsets): replace buf[off..end) with text.  Safe: a byte-order mark, a
 * trailing comma, a comma missing between two members on separate
 * lines. */
void	dgs_fix_offset(struct dgs_result *, size_t off, size_t end,
	    const char *text, const char *what);
/* Drops the fix stated for the next report, which is not to be made. */
void	dgs_fix_forget(struct dgs_result *);

/*
 * The result.
 */
/* Drops the findings from index from on. */
void	dgs_result_drop(struct dgs_result *, size_t from);
/* Records that scope (dgs_options_severity_at()'s; -1: none) decided the
 * severity of a finding, for dgs_result_scope(); at the end of a lint,
 * dgs_result_scopes_ran() records which scopes' rules ran.  Return 0 or
 * DGS_ENOMEM. */
int	dgs_result_scope_used(struct dgs_result *, const struct dgs_options *,
	    long scope);
int	dgs_result_scopes_ran(struct dgs_result *, const struct dgs_options *);
/* Makes the findings of res's items (findings[i] of items[i]), locates
 * them in buf[0..len), whose value starts at start, given the spans of
 * the root array's elements (NULL when none), resolves their fixes
 * against the text, and sorts them.  0, or DGS_ENOMEM. */
int	dgs_result_finish(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);
/* The order of findings in a result. */
int	dgs_finding_cmp(const void *, const void *);

#endif /* DGS_REPORT_H */
