/*
 * fix.h: what --fix and --diff do with a document's fixes (fix.c): the
 * fixed file written, or the diff or the fixed text made for standard
 * output, and which files may be written at all.
 *
 * The files depend one way: main.c -> run.c -> fix.c.  main.c names the
 * modes and has run.c guard the jobs (run_fix_guard()); run.c calls
 * fix.c, which knows no job nor run: it is given the document it works
 * on (its input, its texts) and returns what the caller needs to know,
 * and it includes cli.h and this header alone.  The lint of a fixed
 * document (dgs_fix()) and of one left as it was are run.c's.
 */
#ifndef DGSLINT_FIX_H
#define DGSLINT_FIX_H

#include <stddef.h>

#include "cli.h"

/* What --fix and --diff do with the fixes. */
enum fix_mode {
	FIX_NONE = 0,
	FIX_WRITE,	/* --fix: in place; the text on stdout for "-" */
	FIX_DIFF	/* --diff: a unified diff on stdout */
};

/* One document's fix: the text as read and as fixed (dgs_fix()), the
 * findings fixed, and what fix_prepare() made of them: the text for
 * standard output (a diff, or the fixed document of "-"), whether the
 * document changed, and why a file was not written. */
struct fix_doc {
	char		*orig, *fixed;
	size_t		 orig_len, fixed_len, nfixed;
	char		*out;
	size_t		 out_len;
	int		 changed;
	int		 write_failed;
	char		 why[256];
};

/* In whichever process linted the document in, with --fix (FIX_WRITE)
 * or --diff (FIX_DIFF): writes the fixed file (unless nofix says why it
 * must not be written), or makes the diff or the text for stdout ("-").
 * Returns 0, or -1 when the file was not written (d->why says why; no
 * finding counts as fixed): the caller then lints the text as it was,
 * d->orig, whose findings are those to show.  The texts stay the
 * caller's to free. */
int	fix_prepare(enum fix_mode, const struct input *in, const char *nofix,
	    struct fix_doc *d);
/* In the calling process, in the order of the documents: prints what
 * fix_prepare() made, or says on stderr that the file was not fixed,
 * and why, and returns -1. */
int	fix_emit(const struct input *in, const struct fix_doc *d);

/* A document of a run with --fix or --diff, as fix_guard() judges it. */
struct fix_target {
	const struct input	*in;
	const char		*abs;		/* its absolute path */
	/* Set by fix_guard(): why the file must not be written (to
	 * free), or NULL; the earlier target of the same file plus one,
	 * which fixes it, or 0. */
	char			*nofix;
	size_t			 twin;
};
/* Before the run: a file named twice, by any names, is fixed once (its
 * later targets are given their twin); --fix writes no file that a
 * directory's walk reached through a symbolic link to outside the
 * directory. */
void	fix_guard(enum fix_mode, struct fix_target *, size_t n);

#endif /* DGSLINT_FIX_H */
