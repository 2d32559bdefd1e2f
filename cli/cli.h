/*
 * cli.h: the program's internal interfaces.
 */
#ifndef DGSLINT_CLI_H
#define DGSLINT_CLI_H

#include <stdio.h>

#include "dgslint.h"

/*
 * input.c: paths to documents.
 */
struct input {
	char	*path;		/* as given or found; "-" for stdin */
	char	*name;		/* name in findings */
	int	 explicit;	/* named on the command line */
};

struct inputs {
	struct input	*v;
	size_t		 n, cap;
	int		 failed;	/* a path could not be used (exit 2) */
};

/* Adds path (a file, a directory searched for *.json in sorted order,
 * or "-"); problems are reported on stderr and set failed. */
void	inputs_add(struct inputs *, const char *path, const char *stdin_name);
void	inputs_free(struct inputs *);

/* Reads a whole document: a regular file, a pipe, or stdin for "-".
 * Returns 0 and a buffer (NUL-terminated, to free) or -1 after
 * reporting the reason on stderr. */
int	read_document(const char *path, char **buf, size_t *len);

/*
 * output.c: formats.
 */
enum format {
	FMT_TEXT,
	FMT_JSON,
	FMT_SARIF,
	FMT_GITHUB,
	FMT_CHECKSTYLE,
	FMT_JUNIT,
	FMT_MAX
};

struct summary {
	size_t	files;
	size_t	errors, warnings, infos;
	size_t	unreadable;
};

struct output {
	enum format	 format;
	FILE		*fp;
	const char	*path;		/* NULL: stdout */
	int		 color;
	enum dgs_severity min;		/* findings below are not shown */
	/* Format state. */
	size_t		 count;
	size_t		 shown[4];	/* github: per severity */
	void		*state;
};

int	format_from_name(const char *, enum format *);
const char *format_name(enum format);
void	output_begin(struct output *);
/* One document's findings, in order. */
void	output_file(struct output *, const char *name,
	    const struct dgs_result *);
void	output_end(struct output *, const struct summary *);

#endif /* DGSLINT_CLI_H */
