/*
 * context_git.c: --context PATH inside a git work tree reads what is
 * committed: the *.json files that git tracks below PATH, as
 * "git ls-files --stage" lists them, with their text as the index has
 * it ("git cat-file --batch"), the text a commit records.  An untracked
 * file, which pre-commit leaves in the work tree, is never read, and
 * neither is a change not staged.  Outside a work tree the directory is
 * walked as for a path linted; inside one where git cannot be run, the
 * run says so and stops (work_tree()).
 */
#define _XOPEN_SOURCE 700	/* realpath */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

/* Whether git would list name in a walk's place: *.json, no component
 * hidden (but .dgslint.json, which --context passes over anyway). */
static int
wanted(const char *name)
{
	size_t n = strlen(name);

	while (strncmp(name, "../", 3) == 0)	/* PATH above: as named */
		name += 3;
	return n >= 5 && strcmp(name + n - 5, ".json") == 0 &&
	    name[0] != '.' && strstr(name, "/.") == NULL;
}

/*
 * Whether path lies in a git work tree, told without git: a .git (the
 * repository's directory, or the file of a worktree or submodule) in its
 * directory or one above.  When git cannot say what is committed there
 * (no git program, as in dgslint's image; a repository git will not read,
 * such as one of another owner, "dubious ownership"), walking the
 * directory would judge the untracked files a commit leaves out: the
 * caller says so and stops instead.
 */
static int
work_tree(const char *path)
{
	struct stat st;
	char *dir, *slash, *root;
	int found;

	if ((dir = realpath(path, NULL)) == NULL)
		return 0;
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (slash = strrchr(dir, '/')) != NULL)
		slash[slash == dir] = '\0';
	root = path_work_tree(dir);
	found = root != NULL;
	free(root);
	free(dir);
	return found;
}

int
inputs_add_committed(struct inputs *in, const char *path)
{
	static char git[] = "git", ls_files[] = "ls-files",
	    stage[] = "--stage", z[] = "-z", dashes[] = "--",
	    cat_file[] = "cat-file", batch[] = "--batch";
	char *ls_argv[] = { git, ls_files, stage, z, dashes, NULL, NULL };
	char *cat_argv[] = { git, cat_file, batch, NULL };
	char tmpl[] = "/tmp/dgslint-context-XXXXXX";
	char *ls, *cat, *p, *end, *tab, *name, *text, **names = NULL;
	size_t len, catlen, n = 0, i, size;
	int fd;
	FILE *fp;

	ls_argv[5] = xstrdup(path);
	ls = git_output(ls_argv, -1, &len);
	free(ls_argv[5]);
	if (ls == NULL)
		return work_tree(path) ? -2 : -1;
	/* The object ids of the files wanted, one a line, for cat-file. */
	if ((fd = mkstemp(tmpl)) < 0 || (fp = fdopen(fd, "w+")) == NULL) {
		if (fd >= 0) {
			close(fd);
			unlink(tmpl);
		}
		free(ls);
		return -1;
	}
	unlink(tmpl);
	for (p = ls, end = ls + len; p < end; p += strlen(p) + 1) {
		/* "MODE OBJECT STAGE\tPATH": regular files, merged. */
		if ((tab = strchr(p, '\t')) == NULL || strncmp(p, "100", 3) ||
		    tab[-1] != '0' || tab[-2] != ' ' || !wanted(tab + 1))
			continue;
		fprintf(fp, "%.*s\n", (int)(tab - 2 - (p + 7)), p + 7);
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = tab + 1;
	}
	if (fflush(fp) != 0 || fseek(fp, 0, SEEK_SET) != 0) {
		fclose(fp);
		free(names);
		free(ls);
		return -1;
	}
	cat = n > 0 ? git_output(cat_argv, fileno(fp), &catlen) : NULL;
	fclose(fp);
	if (n > 0 && cat == NULL) {
		free(names);
		free(ls);
		return -1;
	}
	/* "OBJECT blob SIZE\n" then SIZE bytes and "\n", in order. */
	for (i = 0, p = cat; i < n; i++) {
		if (p == NULL || (end = strchr(p, '\n')) == NULL)
			break;
		for (tab = end; tab > p && tab[-1] != ' '; tab--)
			continue;
		/* "OBJECT missing" when the index names what is not there. */
		if (tab == p || strncmp(tab - 6, " blob ", 6) != 0)
			break;
		size = strtoul(tab, NULL, 10);
		if ((size_t)(end + 1 - cat) + size > catlen)
			break;
		text = xmalloc(size + 1);
		memcpy(text, end + 1, size);
		text[size] = '\0';
		name = names[i];
		inputs_add_text(in, name, name, text, size);
		p = end + 1 + size + 1;
	}
	free(cat);
	free(names);
	free(ls);
	return 0;
}
