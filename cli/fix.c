/*
 * fix.c: what --fix and --diff do with a fixed document: write it over
 * the file, safely, or to standard output for "-", or show the diff.
 *
 * A file is written the one way dgslint writes files (wfile.c): a reader
 * sees the old text or the new, never half of one, and a failure leaves
 * the original as it was.  A file that is not writable, or whose text
 * changed on disk since it was read, is not written.
 *
 * run.c calls this file, which calls nothing of the run (fix.h).
 */
#define _DEFAULT_SOURCE		/* realpath */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fix.h"
#include "settings/config.h"

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

static void
set_out(struct fix_doc *d, const char *s, size_t n)
{
	d->out = xmalloc(n + 1);
	memcpy(d->out, s, n);
	d->out[n] = '\0';
	d->out_len = n;
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

int
fix_prepare(enum fix_mode mode, const struct input *in, const char *nofix,
    struct fix_doc *fd)
{
	char *d = NULL, why[256];
	size_t dlen;
	int is_stdin = strcmp(in->path, "-") == 0;

	if (fd->fixed == NULL)
		return 0;
	fd->changed = fd->fixed_len != fd->orig_len ||
	    memcmp(fd->fixed, fd->orig, fd->orig_len) != 0;
	if (mode == FIX_DIFF) {
		if (fd->changed) {
			char *name = diff_name(in->name);

			if (dgs_diff(name, fd->orig, fd->orig_len, fd->fixed,
			    fd->fixed_len, &d, &dlen) != 0)
				die_errno();
			free(name);
			fd->out = d;
			fd->out_len = dlen;
		}
	} else if (is_stdin)
		/* Format-on-save: the document, fixed or not. */
		set_out(fd, fd->fixed, fd->fixed_len);
	else if (fd->changed) {
		/* For the tests: the file changes after it was read. */
		if (getenv("DGSLINT_TEST_CHANGE_BEFORE_WRITE") != NULL) {
			FILE *fp = fopen(in->path, "a");

			if (fp != NULL) {
				fputc('\n', fp);
				fclose(fp);
			}
		}
		if (nofix != NULL)
			snprintf(why, sizeof(why), "%s", nofix);
		if (nofix != NULL || write_over(in->path, fd->orig,
		    fd->orig_len, fd->fixed, fd->fixed_len, why,
		    sizeof(why)) != 0) {
			snprintf(fd->why, sizeof(fd->why), "%s", why);
			fd->write_failed = 1;
			fd->changed = 0;
			fd->nfixed = 0;
			return -1;
		}
	}
	return 0;
}

int
fix_emit(const struct input *in, const struct fix_doc *fd)
{
	if (fd->write_failed) {
		fprintf(stderr, "dgslint: %s: not fixed: %s\n", in->name,
		    fd->why);
		return -1;
	}
	if (fd->out != NULL)
		fwrite(fd->out, 1, fd->out_len, stdout);
	return 0;
}

struct ident {
	dev_t		 dev;
	ino_t		 ino;
	size_t		 target;
};

/* The order of files by device and inode; not counted by a PGO build
 * (UNPROFILED): which branch runs follows the numbers the file system
 * gave, which another program creating files changes. */
static UNPROFILED int
ident_cmp(const void *a, const void *b)
{
	const struct ident *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->target < y->target ? -1 : x->target > y->target;
}

void
fix_guard(enum fix_mode mode, struct fix_target *v, size_t nv)
{
	struct ident *id;
	struct stat st;
	const char *root = NULL;
	char *real = NULL;
	size_t i, n = 0, len;
	struct fix_target *t;

	id = xcalloc(nv ? nv : 1, sizeof(*id));
	for (i = 0; i < nv; i++) {
		t = &v[i];
		/* The --context is not fixed: read only. */
		if (strcmp(t->in->path, "-") == 0 || t->in->error != NULL ||
		    t->in->skip != NULL || t->in->context ||
		    stat(t->in->path, &st) != 0)
			continue;
		id[n].dev = st.st_dev;
		id[n].ino = st.st_ino;
		id[n++].target = i;
		if (mode != FIX_WRITE || t->in->root == NULL)
			continue;
		if (root != t->in->root) {
			free(real);
			root = t->in->root;
			real = realpath(root, NULL);
		}
		if (real != NULL && !path_below(t->abs, real)) {
			len = strlen(root) + 96;
			t->nofix = xmalloc(len);
			snprintf(t->nofix, len, "reached through a symbolic "
			    "link to outside %s; name the file itself to fix "
			    "it", root);
		}
	}
	free(real);
	if (n > 1)
		qsort(id, n, sizeof(*id), ident_cmp);
	for (i = 1; i < n; i++)
		if (id[i].dev == id[i - 1].dev && id[i].ino == id[i - 1].ino)
			v[id[i].target].twin = v[id[i - 1].target].twin ?
			    v[id[i - 1].target].twin : id[i - 1].target + 1;
	free(id);
}
