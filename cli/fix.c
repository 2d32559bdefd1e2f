/*
 * fix.c: what --fix and --diff do with a fixed document: write it over
 * the file, safely, or to standard output for "-", or show the diff.
 *
 * A file is written the one way dgslint writes files (wfile.c): a reader
 * sees the old text or the new, never half of one, and a failure leaves
 * the original as it was.  A file that is not writable, or whose text
 * changed on disk since it was read, is not written.
 */
#define _DEFAULT_SOURCE		/* realpath */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

/* Writes text over path (wfile.c), unless the file no longer holds
 * orig.  Returns 0, or -1 with the reason in why. */
static int
write_over(const char *path, const char *orig, size_t orig_len,
    const char *text, size_t len, char *why, size_t whysize)
{
	struct wfile w;
	struct stat st;
	char *now = NULL;
	size_t nowlen;
	int rc = -1;

	if (stat(path, &st) != 0) {
		snprintf(why, whysize, "%s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whysize, "not a regular file");
		return -1;
	}
	if (read_document(path, &now, &nowlen, why, whysize) != 0)
		return -1;
	if (nowlen != orig_len || memcmp(now, orig, orig_len) != 0)
		snprintf(why, whysize, "the file changed since it was read");
	else if (wfile_open(&w, path, why, whysize) == 0) {
		if (fwrite(text, 1, len, w.fp) != len) {
			snprintf(why, whysize, "%s", strerror(errno));
			wfile_abort(&w);
		} else
			rc = wfile_commit(&w, why, whysize);
	}
	free(now);
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

/* The name a diff's header shows: as it is, or, when it holds a space, a
 * control character, a double quote or a backslash, in double quotes with C's
 * escapes (\t, \n, \", \\, octal for the others), as git writes such
 * names and GNU patch and git apply read them; raw, a tab or a newline
 * would end the name early, and patch would change another file.  To
 * free. */
static char *
diff_name(const char *name)
{
	const unsigned char *p;
	struct str b = { NULL, 0, 0 };
	char oct[8];

	for (p = (const unsigned char *)name; *p != '\0'; p++)
		if (*p <= ' ' || *p == 0x7f || *p == '"' || *p == '\\')
			break;
	if (*p == '\0')
		return xstrdup(name);
	str_addn(&b, "\"", 1);
	for (p = (const unsigned char *)name; *p != '\0'; p++) {
		if (*p == '\t')
			str_addn(&b, "\\t", 2);
		else if (*p == '\n')
			str_addn(&b, "\\n", 2);
		else if (*p == '"' || *p == '\\') {
			oct[0] = '\\';
			oct[1] = (char)*p;
			str_addn(&b, oct, 2);
		} else if (*p < 0x20 || *p == 0x7f) {
			snprintf(oct, sizeof(oct), "\\%03o", *p);
			str_addn(&b, oct, 4);
		} else
			str_addn(&b, (const char *)p, 1);
	}
	str_addn(&b, "\"", 1);
	return b.s;
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
			char *name = diff_name(j->in->name);

			if (dgs_diff(name, j->orig, j->orig_len, j->fixed,
			    j->fixed_len, &d, &dlen) != 0)
				die_errno();
			free(name);
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
		if (j->nofix != NULL)
			snprintf(why, sizeof(why), "%s", j->nofix);
		if (j->nofix != NULL || write_over(j->in->path, j->orig,
		    j->orig_len, j->fixed, j->fixed_len, why,
		    sizeof(why)) != 0) {
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

struct ident {
	dev_t		 dev;
	ino_t		 ino;
	size_t		 job;
};

static int
ident_cmp(const void *a, const void *b)
{
	const struct ident *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->job < y->job ? -1 : x->job > y->job;
}

/* Whether abs (real) lies in the directory whose real path is dir. */
static int
inside(const char *abs, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return 1;
	return strncmp(abs, dir, n) == 0 && abs[n] == '/';
}

void
fix_guard(struct run *r)
{
	struct ident *id;
	struct stat st;
	const char *root = NULL;
	char *real = NULL;
	size_t i, n = 0, len;
	struct job *j;

	id = xcalloc(r->njobs ? r->njobs : 1, sizeof(*id));
	for (i = 0; i < r->njobs; i++) {
		j = &r->jobs[i];
		if (strcmp(j->in->path, "-") == 0 || j->in->error != NULL ||
		    j->in->skip != NULL || stat(j->in->path, &st) != 0)
			continue;
		id[n].dev = st.st_dev;
		id[n].ino = st.st_ino;
		id[n++].job = i;
		if (r->fix != FIX_WRITE || j->in->root == NULL)
			continue;
		if (root != j->in->root) {
			free(real);
			root = j->in->root;
			real = realpath(root, NULL);
		}
		if (real != NULL && !inside(j->abs, real)) {
			len = strlen(root) + 96;
			j->nofix = xmalloc(len);
			snprintf(j->nofix, len, "reached through a symbolic link "
			    "to outside %s; name the file itself to fix it",
			    root);
		}
	}
	free(real);
	if (n > 1)
		qsort(id, n, sizeof(*id), ident_cmp);
	for (i = 1; i < n; i++)
		if (id[i].dev == id[i - 1].dev && id[i].ino == id[i - 1].ino)
			r->jobs[id[i].job].twin = r->jobs[id[i - 1].job].twin ?
			    r->jobs[id[i - 1].job].twin : &r->jobs[id[i - 1].job];
	free(id);
}
