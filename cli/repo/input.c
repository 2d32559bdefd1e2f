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

static void
walk_dir(struct inputs *in, const char *dir, struct dirid *anc,
    size_t nanc, struct gitignore *gi)
{
	DIR *d;
	struct dirent *de;
	struct stat st;
	char **names = NULL, *path, *name;
	size_t n = 0, cap = 0, i, len;
	struct dirid *next;
	const char *why;
	unsigned type;

	if ((d = opendir(dir)) == NULL) {
		push_error(in, dir, errno);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		/* ., .., and hidden entries, but a configuration: checked
		 * as one (config_check()). */
		if (de->d_name[0] == '.' && !config_named(de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = xrealloc(names, cap * sizeof(*names));
		}
		/* The entry's type (DT_UNKNOWN when the file system does
		 * not say) before its name, so that a regular file needs no
		 * stat(2). */
		len = strlen(de->d_name);
		names[n] = xmalloc(len + 2);
		names[n][0] = (char)de->d_type;
		memcpy(names[n++] + 1, de->d_name, len + 1);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), name_cmp);
	next = xmalloc((nanc + 1) * sizeof(*next));
	if (nanc > 0)
		memcpy(next, anc, nanc * sizeof(*next));
	for (i = 0; i < n; i++) {
		type = (unsigned char)names[i][0];
		name = names[i] + 1;
		if (type != DT_UNKNOWN && type != DT_LNK && type != DT_DIR &&
		    !is_json_name(name)) {
			free(names[i]);
			continue;
		}
		len = strlen(dir) + strlen(name) + 2;
		path = xmalloc(len);
		if (strcmp(dir, ".") == 0)	/* "x.json", not "./x.json" */
			snprintf(path, len, "%s", name);
		else
			snprintf(path, len, "%s%s%s", dir,
			    dir[strlen(dir) - 1] == '/' ? "" : "/", name);
		if (gitignore_ignored(gi, path, type == DT_DIR))
			;	/* git ignores it: not ours either */
		else if (type == DT_REG)	/* not a link: nothing to follow */
			push(in, path, path, 0, 1);
		else if ((why = not_a_file(0, type)) != NULL)
			push_skip(in, path, why);
		else if (stat(path, &st) != 0) {
			/* A link to nothing is nothing to lint, unless its
			 * name says it was a document; anything else (a
			 * path too long, a loop of links, no permission)
			 * may hide documents, and is said. */
			if (is_json_name(name) || errno != ENOENT)
				push_error(in, path, errno);
		} else if (S_ISDIR(st.st_mode)) {
			size_t k;
			int loop = 0;

			for (k = 0; k < nanc; k++)
				if (anc[k].dev == st.st_dev &&
				    anc[k].ino == st.st_ino)
					loop = 1;
			if (loop)
				push_skip(in, path, "it links back to a "
				    "directory being searched");
			else if (type != DT_DIR &&
			    gitignore_ignored(gi, path, 1))
				;	/* a link to a directory git ignores */
			else {
				next[nanc].dev = st.st_dev;
				next[nanc].ino = st.st_ino;
				gitignore_enter(gi, path);
				walk_dir(in, path, next, nanc + 1, gi);
				gitignore_leave(gi);
			}
		} else if (!is_json_name(name))
			;
		else if (S_ISREG(st.st_mode))
			push(in, path, path, 0, 0);
		else if ((why = not_a_file(st.st_mode, 0)) != NULL)
			push_skip(in, path, why);
		free(path);
		free(names[i]);
	}
	free(next);
	free(names);
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
	size_t i;

	for (i = 0; i < in->n; i++) {
		free(in->v[i].text);
		free(in->v[i].path);
		free(in->v[i].name);
		free(in->v[i].error);
		free(in->v[i].skip);
	}
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}
