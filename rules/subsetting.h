/*
 * subsetting.h: the WHERE-clause scanner (sql_scan.c), which the
 * subsetting rules (subsetting.c) and their unit tests
 * (check_subsetting.c) use.
 */
#ifndef DGS_SUBSETTING_H
#define DGS_SUBSETTING_H

#include <stddef.h>

/* The first structural problem of a clause, in text order. */
enum dgs_sql_problem {
	DGS_SQL_OK = 0,
	DGS_SQL_OPEN_STRING,	/* a '...' literal is not closed */
	DGS_SQL_OPEN_IDENT,	/* a "..." identifier is not closed */
	DGS_SQL_OPEN_BRACKET,	/* a [...] identifier is not closed */
	DGS_SQL_OPEN_BACKTICK,	/* a `...` identifier is not closed */
	DGS_SQL_OPEN_COMMENT,	/* a block comment is not closed */
	DGS_SQL_CLOSE_PAREN,	/* a ')' closes no '(' */
	DGS_SQL_OPEN_PAREN	/* a '(' is never closed (the outermost) */
};

/* Byte offsets into the clause; -1 when there is none. */
struct dgs_sql_scan {
	enum dgs_sql_problem	 problem;
	long			 problem_at;
	long			 semicolon;	/* first ';' in code */
	long			 trailing_comment; /* -- to the very end */
};

/*
 * Scans a clause of len bytes (which may hold NUL bytes): string literals
 * with '' escapes, "quoted", [bracketed] and `backquoted` identifiers,
 * -- and block comments, parentheses.  A clause with an unclosed string
 * under the standard rules is scanned again with backslash escapes inside
 * strings (MySQL, PostgreSQL E'...'), or with PostgreSQL's $tag$...$tag$
 * strings; such a reading is kept when it closes every string, so that
 * 'it\'s' and $$it's$$ are not reported.
 */
void	dgs_sql_scan(const char *s, size_t len, struct dgs_sql_scan *out);

#endif /* DGS_SUBSETTING_H */
