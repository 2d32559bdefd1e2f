/*
 * base.h: cli/'s ground floor (cli/base/), the helpers every room of
 * cli/ uses: allocations that end the program on exhausted memory, and
 * the growing string.  They call the library alone.
 */
#ifndef DGSLINT_BASE_H
#define DGSLINT_BASE_H

#include <stdarg.h>
#include <stddef.h>

#include "dgslint.h"

/* Not counted by a build for profile-guided optimisation (as
 * lib/dgs_util.h's DGS_UNPROFILED): a function whose branches follow
 * addresses or inode numbers, which differ from one training to the next. */
#if defined(__has_attribute)
#if __has_attribute(__no_profile_instrument_function__)
#define UNPROFILED	__attribute__((__no_profile_instrument_function__))
#endif
#endif
#ifndef UNPROFILED
#define UNPROFILED
#endif

/*
 * xalloc.c: allocations that end the program (status 2) when memory is
 * exhausted, and that ending for any failing system call.
 */
void	 die_errno(void) __attribute__((__noreturn__));
void	*xcalloc(size_t, size_t);
void	*xmalloc(size_t);
void	*xrealloc(void *, size_t);
char	*xstrdup(const char *);
/* The text fmt and ap make, in memory to free ("" when it cannot be
 * made). */
char	*xvasprintf(const char *fmt, va_list)
	    __attribute__((__format__(__printf__, 1, 0)));
char	*xasprintf(const char *fmt, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

/*
 * str.c: a growing string (also of bytes, which may hold NULs), kept
 * NUL-terminated; str_addn() exits on exhausted memory like the rest of
 * the program's allocations outside the library.
 */
struct str {
	char	*s;
	size_t	 len, cap;
};
void	 str_addn(struct str *, const char *, size_t);
void	 str_add(struct str *, const char *);
/* Appends the JSON text of a json-c tree, its strings by
 * dgs_json_quote(), laid out as json-c lays it out for flags (its
 * JSON_C_TO_STRING_SPACED and _PRETTY): what the program builds with
 * json-c (the language server's messages, --print-schema, --snapshot)
 * is written by the same writer as its reports. */
struct json_object;
void	 json_tree(struct str *, struct json_object *, int flags);
/* The members of a json-c object: o's string member name, or NULL; its
 * number, or 0; its array, or NULL. */
const char *mstr(struct json_object *o, const char *name);
size_t	 mnum(struct json_object *o, const char *name);
struct json_object *marr(struct json_object *o, const char *name);

#endif /* DGSLINT_BASE_H */
