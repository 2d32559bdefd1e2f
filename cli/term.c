/*
 * term.c: standard error, which a terminal shows.  Its messages quote
 * what dgslint was given (file names, option values, a configuration's
 * strings, a service's answers, libpq's messages), and any of them may
 * hold a terminal's control sequence (ESC [ 2 J, an OSC that sets the
 * window's title, a BEL).  Rather than each of the messages escaping
 * what it quotes, standard error is one stream that writes to
 * descriptor 2 through the text format's escaper (text_esc()): C0 and C1
 * controls and DEL as \uXXXX, a tab and a carriage return as \t and \r,
 * a newline kept; every other byte as it is, so a line keeps its shape.
 * The stream is unbuffered, as standard error is.  The text lines that
 * --print-config writes on standard output go through such a stream too.
 */
#define _GNU_SOURCE	/* fopencookie(3), glibc and musl */

#include <stdio.h>
#include <sys/types.h>

#include "cli.h"
#include "format/output.h"

/* Writes buf[0..n) escaped on the stream cookie. */
static ssize_t
term_write(void *cookie, const char *buf, size_t n)
{
	FILE *fp = cookie;

	/* Into fp's own buffer (none for standard error), whatever failed
	 * before: a failure is fp's, said where fp is checked, with its
	 * reason (stdout_check()). */
	text_nwrite(fp, buf, n, text_esc, 1);
	return (ssize_t)n;
}

FILE *
term_open(FILE *fp)
{
	cookie_io_functions_t io = { NULL, term_write, NULL, NULL };
	FILE *t;

	/* A line at a time into fp, as printing to fp would write it: a
	 * write of fp that fails leaves the lines after it in fp's buffer,
	 * and the reason is said when it is flushed. */
	if ((t = fopencookie(fp, "w", io)) != NULL)
		(void)setvbuf(t, NULL, _IOLBF, BUFSIZ);
	return t;
}

void
term_init(void)
{
	FILE *fp;

	if ((fp = term_open(stderr)) == NULL)
		return;		/* standard error as it is */
	(void)setvbuf(fp, NULL, _IONBF, 0);
	stderr = fp;
}
