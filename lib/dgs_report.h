/*
 * dgs_report.h: findings, as the rules and the JSON layer report them
 * (report.c) and as the result hands them to the caller.  Not
 * installed.
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
struct dgs_wskey;

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
	struct dgs_wskey	*wskeys;	/* dgs_ws_key() */
	size_t			 nwskeys, wscap;
	struct dgs_buf		 wstext;		/* their texts */
	char			*file;
	struct dgs_item		*items;
	size_t			 nitems;
	size_t			 cap;
	struct dgs_finding	*findings;
	size_t			 nfindings;
	enum dgs_kind		 kind;
	int			 oom;
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
/* A finding at a byte offset (the JSON layer). */
void	dgs_report_offset(struct dgs_result *, const struct dgs_options *,
	    int rule, const char *pointer, size_t off, size_t end,
	    const char *fmt, ...) DGS_PRINTF(7, 8);
int	dgs_rule_enabled(const struct dgs_ctx *, int rule);
/* The order of findings in a result. */
int	dgs_finding_cmp(const void *, const void *);

#endif /* DGS_REPORT_H */
