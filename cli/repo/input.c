/*
 * input.c: from command-line paths to documents.  Directories are
 * searched for *.json in sorted order (hidden entries skipped), symbolic
 * links are followed but a link back to a directory being searched is
 * not, and anything that cannot be read is reported on stderr without
 * stopping the others.
 */
#define _DEFAULT_SOURCE		/* d_type */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

static struct input *
push(struct inputs *in, const char *path, const char *name, int explicit,
    int plain)
{
	struct input *v;

	if (in->n == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 16;
		in->v = xrealloc(in->v, in->cap * sizeof(*in->v));
	}
	v = &in->v[in->n++];
	memset(v, 0, sizeof(*v));
	v->path = xstrdup(path);
	v->name = xstrdup(name);
	v->explicit = explicit;
	v->plain = plain;
	return v;
}

/* Something a walk found that it cannot read (err) or does not lint
 * (skip): an input, so that it is reported and counted in its turn. */
static void
push_error(struct inputs *in, const char *path, int err)
{
	push(in, path, path, 0, 0)->error = xstrdup(strerror(err));
}

static void
push_skip(struct inputs *in, const char *path, const char *why)
{
	push(in, path, path, 0, 0)->skip = xstrdup(why);
}

/* Why a file of mode m (or directory entry type t, when m is 0) named
 * *.json is not read: NULL for a regular file. */
static const char *
not_a_file(mode_t m, unsigned t)
{
	if (S_ISFIFO(m) || (m == 0 && t == DT_FIFO))
		return "a FIFO (named pipe), not a file: not read, since "
		    "reading it could wait forever";
	if (S_ISSOCK(m) || (m == 0 && t == DT_SOCK))
		return "a socket, not a file: not read";
	if (S_ISCHR(m) || S_ISBLK(m) || (m == 0 && (t == DT_CHR ||
	    t == DT_BLK)))
		return "a device, not a file: not read";
	return NULL;
}

struct dirid {
	dev_t	dev;
	ino_t	ino;
};

/* For walk_dir()'s names, which have their type first. */
static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static int
is_json_name(const char *s)
{
	size_t n = strlen(s);

	return n > 5 && strcmp(s + n - 5, ".json") == 0;
}

/* The entries of dir, sorted: every name but ., .. and hidden ones (a
 * configuration is kept: checked as one, config_check()), each after
 * its type (DT_UNKNOWN when the file system does not say), so that a
 * regular file needs no stat(2).  0, or -1 with errno when dir cannot
 * be opened. */
static int
dir_names(const char *dir, char ***namesp, size_t *np)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, len;

	if ((d = opendir(dir)) == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' && !config_named(de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = xrealloc(names, cap * sizeof(*names));
		}
		len = strlen(de->d_name);
		names[n] = xmalloc(len + 2);
		names[n][0] = (char)de->d_type;
		memcpy(names[n++] + 1, de->d_name, len + 1);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), name_cmp);
	*namesp = names;
	*np = n;
	return 0;
}

static void walk_dir(struct inputs *, const char *, struct dirid *, size_t,
    struct gitignore *);

/* A directory at path (st), found by the walk of the directories
 * anc[0..nanc) (anc has room for one more): walked, unless it is one
 * of them (a link back up the tree) or git ignores a link to it. */
static void
walk_subdir(struct inputs *in, const char *path, unsigned type,
    const struct stat *st, struct dirid *anc, size_t nanc,
    struct gitignore *gi)
{
	size_t k;

	for (k = 0; k < nanc; k++)
		if (anc[k].dev == st->st_dev && anc[k].ino == st->st_ino) {
			push_skip(in, path, "it links back to a directory "
			    "being searched");
			return;
		}
	if (type != DT_DIR && gitignore_ignored(gi, path, 1))
		return;		/* a link to a directory git ignores */
	anc[nanc].dev = st->st_dev;
	anc[nanc].ino = st->st_ino;
	gitignore_enter(gi, path);
	walk_dir(in, path, anc, nanc + 1, gi);
	gitignore_leave(gi);
}

/* The entry path (named name, of the type its directory said) of a
 * walk: a document, a directory to walk, or what is said of it. */
static void
walk_entry(struct inputs *in, const char *path, const char *name, unsigned type,
    struct dirid *anc, size_t nanc, struct gitignore *gi)
{
	struct stat st;
	const char *why;

	if (gitignore_ignored(gi, path, type == DT_DIR))
		;	/* git ignores it: not ours either */
	else if (type == DT_REG)	/* not a link: nothing to follow */
		push(in, path, path, 0, 1);
	else if ((why = not_a_file(0, type)) != NULL)
		push_skip(in, path, why);
	else if (stat(path, &st) != 0) {
		/* A link to nothing is nothing to lint, unless its name
		 * says it was a document; anything else (a path too long, a
		 * loop of links, no permission) may hide documents, and is
		 * said. */
		if (is_json_name(name) || errno != ENOENT)
			push_error(in, path, errno);
	} else if (S_ISDIR(st.st_mode))
		walk_subdir(in, path, type, &st, anc, nanc, gi);
	else if (!is_json_name(name))
		;
	else if (S_ISREG(st.st_mode))
		push(in, path, path, 0, 0);
	else if ((why = not_a_file(st.st_mode, 0)) != NULL)
		push_skip(in, path, why);
}

static void
walk_dir(struct inputs *in, const char *dir, struct dirid *anc,
    size_t nanc, struct gitignore *gi)
{
	char **names, *path, *name;
	size_t n, i, len, dlen, nlen;
	struct dirid *next;
	unsigned type;

	if (dir_names(dir, &names, &n) != 0) {
		push_error(in, dir, errno);
		return;
	}
	next = xmalloc((nanc + 1) * sizeof(*next));
	if (nanc > 0)
		memcpy(next, anc, nanc * sizeof(*next));
	/* "x.json", not "./x.json"; "d/x.json" whether d ends in / or not.
	 * (snprintf() took a third of the walk's instructions.) */
	dlen = strcmp(dir, ".") == 0 ? 0 : strlen(dir);
	for (i = 0; i < n; i++) {
		type = (unsigned char)names[i][0];
		name = names[i] + 1;
		if (type != DT_UNKNOWN && type != DT_LNK && type != DT_DIR &&
		    !is_json_name(name)) {
			free(names[i]);
			continue;
		}
		nlen = strlen(name);
		path = xmalloc(dlen + nlen + 2);
		memcpy(path, dir, dlen);
		len = dlen;
		if (dlen > 0 && dir[dlen - 1] != '/')
			path[len++] = '/';
		memcpy(path + len, name, nlen + 1);
		walk_entry(in, path, name, type, next, nanc, gi);
		free(path);
		free(names[i]);
	}
	free(next);
	free(names);
}

/* Drops the inputs from the n-th on. */
static void
inputs_drop(struct inputs *in, size_t n)
{
	for (; in->n > n; in->n--) {
		free(in->v[in->n - 1].text);
		free(in->v[in->n - 1].path);
		free(in->v[in->n - 1].name);
		free(in->v[in->n - 1].error);
		free(in->v[in->n - 1].skip);
	}
}

void
inputs_add(struct inputs *in, const char *path, const char *stdin_name)
{
	struct stat st;
	struct dirid self;
	struct gitignore *gi;
	size_t before, k;

	if (strcmp(path, "-") == 0) {
		push(in, "-", stdin_name ? stdin_name : "<stdin>", 1,
		    0)->stdin_named = stdin_name != NULL;
		return;
	}
	if (stat(path, &st) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, strerror(errno));
		in->failed = 1;
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		before = in->n;
		self.dev = st.st_dev;
		self.ino = st.st_ino;
		gi = in->no_gitignore ? NULL : gitignore_open(path);
		walk_dir(in, path, &self, 1, gi);
		if (gitignore_settle(gi) != 0) {
			/* git's configuration says other than its files
			 * seemed to: again, as git says.  (For the tests:
			 * DGSLINT_TEST_WALKS says so.) */
			if (getenv("DGSLINT_TEST_WALKS") != NULL)
				fprintf(stderr, "dgslint: test: %s walked "
				    "again\n", path);
			inputs_drop(in, before);
			walk_dir(in, path, &self, 1, gi);
		}
		gitignore_close(gi);
		for (k = before; k < in->n; k++)
			in->v[k].root = path;
		if (in->n == before)
			fprintf(stderr, "dgslint: %s: no *.json files found\n",
			    path);
		return;
	}
	push(in, path, path, 1, 0);
}

void
inputs_add_text(struct inputs *in, const char *path, const char *name,
    char *text, size_t len)
{
	struct input *v = push(in, path, name, 0, 1);

	v->text = text;
	v->len = len;
}

void
inputs_free(struct inputs *in)
{
	inputs_drop(in, 0);
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}
