/*
 * xalloc.c: the program's allocations outside the library.  Exhausted
 * memory (or a failing memory stream) is reported with perror(3) and
 * ends the program with exit status 2; callers never check for NULL.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

void
die_errno(void)
{
	perror("dgslint");
	exit(2);
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		die_errno();
	return p;
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		die_errno();
	return p;
}

void *
xrealloc(void *p, size_t size)
{
	if ((p = realloc(p, size ? size : 1)) == NULL)
		die_errno();
	return p;
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		die_errno();
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list aq;
	char *s;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	s = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	*s = '\0';
	if (n > 0)
		(void)vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
