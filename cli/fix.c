/*
 * fix.c: what --fix and --diff do with a fixed document: write it over
 * the file, safely, or to standard output for "-", or show the diff.
 *
 * A file is written as a temporary file in its directory, with the
 * original's mode, renamed over it: a reader sees the old text or the
 * new, never half of one, and a failure leaves the original as it was.
 * A file that is not writable, or whose text changed on disk since it
 * was read, is not written.
 */
#define _DEFAULT_SOURCE		/* mkstemp, fchmod, realpath */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

/* Writes text over path, unless the file no longer holds orig.  Returns
 * 0, or -1 with the reason in why. */
static int
write_over(const char *path, const char *orig, size_t orig_len,
    const char *text, size_t len, char *why, size_t whysize)
{
	struct stat st;
	char *target, *tmp = NULL, *now = NULL, *slash;
	size_t nowlen;
	int fd = -1, rc = -1;

	/* Through a symbolic link, to the file it names. */
	if ((target = realpath(path, NULL)) == NULL) {
		snprintf(why, whysize, "%s", strerror(errno));
		return -1;
	}
	if (stat(target, &st) != 0) {
		snprintf(why, whysize, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whysize, "not a regular file");
		goto out;
	}
	if (!(st.st_mode & S_IWUSR) || access(target, W_OK) != 0) {
		snprintf(why, whysize, "the file is read-only");
		goto out;
	}
	if (read_document(target, &now, &nowlen, why, whysize) != 0)
		goto out;
	if (nowlen != orig_len || memcmp(now, orig, orig_len) != 0) {
		snprintf(why, whysize, "the file changed since it was read");
		goto out;
	}
	tmp = xmalloc(strlen(target) + sizeof(".dgslint-XXXXXX"));
	strcpy(tmp, target);
	slash = strrchr(tmp, '/');
	sprintf(slash != NULL ? slash + 1 : tmp, ".dgslint-XXXXXX");
	if (slash == NULL || (fd = mkstemp(tmp)) == -1) {
		snprintf(why, whysize, "cannot make a temporary file: %s",
		    strerror(errno));
		free(tmp);
		tmp = NULL;
		goto out;
	}
	if (fchmod(fd, st.st_mode & 07777) != 0 ||
	    write_all(fd, text, len) != 0 || fsync(fd) != 0) {
		snprintf(why, whysize, "%s", strerror(errno));
		goto out;
	}
	if (close(fd) != 0) {
		fd = -1;
		snprintf(why, whysize, "%s", strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(tmp, target) != 0) {
		snprintf(why, whysize, "%s", strerror(errno));
		goto out;
	}
	free(tmp);
	tmp = NULL;
	rc = 0;
out:
	if (fd != -1)
		close(fd);
	if (tmp != NULL) {
		(void)unlink(tmp);
		free(tmp);
	}
	free(now);
	free(target);
	return rc;
}

/* The findings of the text as it was, for a file left as it was. */
static void
relint(const struct run *r, struct job *j)
{
	struct dgs_options *o;
	struct dgs_result *res;

	o = config_options(j->cfg, r->cli, r->base, j->abs, &j->fail_on);
	if (dgs_lint(o, j->in->name, j->orig, j->orig_len, &res) != 0)
		die_errno();
	dgs_options_free(o);
	dgs_result_free(j->res);
	j->res = res;
}

static void
set_out(struct job *j, const char *s, size_t n)
{
	j->fix_out = xmalloc(n + 1);
	memcpy(j->fix_out, s, n);
	j->fix_out[n] = '\0';
	j->fix_out_len = n;
}

void
fix_prepare(const struct run *r, struct job *j)
{
	char *d = NULL, why[256];
	size_t dlen;
	int is_stdin = strcmp(j->in->path, "-") == 0;

	if (j->fixed == NULL)
		return;
	j->changed = j->fixed_len != j->orig_len ||
	    memcmp(j->fixed, j->orig, j->orig_len) != 0;
	if (r->fix == FIX_DIFF) {
		if (j->changed) {
			if (dgs_diff(j->in->name, j->orig, j->orig_len,
			    j->fixed, j->fixed_len, &d, &dlen) != 0)
				die_errno();
			j->fix_out = d;
			j->fix_out_len = dlen;
		}
	} else if (is_stdin)
		/* Format-on-save: the document, fixed or not. */
		set_out(j, j->fixed, j->fixed_len);
	else if (j->changed) {
		/* For the tests: the file changes after it was read. */
		if (getenv("DGSLINT_TEST_CHANGE_BEFORE_WRITE") != NULL) {
			FILE *fp = fopen(j->in->path, "a");

			if (fp != NULL) {
				fputc('\n', fp);
				fclose(fp);
			}
		}
		if (write_over(j->in->path, j->orig, j->orig_len, j->fixed,
		    j->fixed_len, why, sizeof(why)) != 0) {
			snprintf(j->fix_why, sizeof(j->fix_why), "%s", why);
			j->write_failed = 1;
			j->changed = 0;
			j->nfixed = 0;
			relint(r, j);
		}
	}
	free(j->orig);
	free(j->fixed);
	j->orig = j->fixed = NULL;
}

void
fix_emit(struct run *r, struct job *j)
{
	if (j->write_failed) {
		fprintf(stderr, "dgslint: %s: not fixed: %s\n", j->in->name,
		    j->fix_why);
		r->write_failed = 1;
		return;
	}
	if (j->fix_out != NULL)
		fwrite(j->fix_out, 1, j->fix_out_len, stdout);
	if (j->changed) {
		r->fixed += j->nfixed;
		r->fixed_files++;
	}
}
