/*
 * gitignore.c: what a directory's walk passes over because git ignores
 * it, as git's gitignore(5) says, so that "dgslint ." does not lint
 * node_modules/ or a build directory.
 *
 * Only inside a git work tree (a directory above holds .git): the
 * patterns of core.excludesFile and of the repository's info/exclude
 * (push_git_files()), and of each .gitignore from the work
 * tree's root down to the directory being walked, the deeper file, and
 * the later line, deciding.  What is judged is what the walk finds below
 * a directory named on the command line: a path named is linted even if
 * git ignores it, and so is a tree whose ancestor git ignores (it was
 * named).  Git's negation (!), directory-only patterns (a trailing /),
 * patterns anchored by a /, and *, **, ?, [...] and \ are those of
 * glob.c, which has git's meanings for them.  A file git tracks is not
 * told from one it ignores (as ripgrep and ruff do not).  --no-gitignore
 * turns this off.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

struct gi_pattern {
	char	*pat;		/* without !, trailing / and escapes' \ */
	int	 negate;
	int	 dir_only;
};

/* The patterns of one file, and the directory they are relative to. */
struct gi_file {
	char			*base;		/* absolute */
	struct gi_pattern	*v;
	size_t			 n;
};

struct gitignore {
	struct gi_file	*files;		/* a stack: the walk's depth */
	size_t		 n, cap;
	char		*start;		/* the directory named, as named */
	char		*start_abs;	/* and absolute */
};

/* One line of a .gitignore: 0 and *p filled, or -1 for a line that is
 * no pattern (blank, a comment). */
static int
parse_line(char *line, struct gi_pattern *p)
{
	size_t n = strlen(line);

	while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	/* Trailing spaces, unless the last is quoted with \. */
	while (n > 0 && line[n - 1] == ' ' && !(n > 1 && line[n - 2] == '\\'))
		line[--n] = '\0';
	if (n == 0 || line[0] == '#')
		return -1;
	memset(p, 0, sizeof(*p));
	if (line[0] == '!') {
		p->negate = 1;
		line++;
		n--;
	} else if (line[0] == '\\' && (line[1] == '!' || line[1] == '#')) {
		line++;
		n--;
	}
	if (n > 0 && line[n - 1] == '/') {
		p->dir_only = 1;
		line[--n] = '\0';
	}
	if (n == 0)
		return -1;
	p->pat = xstrdup(line);
	return 0;
}

/* The most of an ignore file read: thousands of times any real one. */
#define GI_MAX	(16 * 1024 * 1024)

/* Lines of any length: a line cut at a buffer's size made the tail of a
 * long comment a pattern ("*.json" hid every document, issue 38); the
 * patterns' array grows by doubling.  The file is read within GI_MAX
 * and never by waiting (read_found()): a .gitignore that links to
 * /dev/zero grew the run to 4 GB, one to /dev/urandom never ended, and a
 * FIFO waited forever (issue 45).  A .gitignore of the work tree that is
 * a symbolic link is not followed, as git does not follow one
 * (https://git-scm.com/docs/gitignore, NOTES); the files of git's own
 * configuration (core.excludesFile, info/exclude) are the user's, and
 * may be links.  A file not read is said on stderr, its patterns
 * unused. */
static void
read_file(struct gi_file *f, const char *path, int in_tree)
{
	const char *bad;
	char *buf, *line, *end, why[256], *shown;
	size_t len, cap = 0;
	struct gi_pattern p;
	int rc;

	if ((rc = read_found(path, in_tree, GI_MAX, &buf, &len, why,
	    sizeof(why))) != 0) {
		if (rc < 0) {
			shown = path_display(path);
			fprintf(stderr, "dgslint: note: %s: %s: its patterns "
			    "are not used%s\n", shown, why, in_tree &&
			    strstr(why, "symbolic link") != NULL ?
			    " (git does not follow a .gitignore that is a "
			    "link either)" : "");
			free(shown);
		}
		return;
	}
	for (line = buf; line < buf + len; line = end + 1) {
		if ((end = memchr(line, '\n', (size_t)(buf + len - line))) ==
		    NULL)
			end = buf + len;
		*end = '\0';
		if (parse_line(line, &p) != 0)
			continue;
		if (!glob_valid(p.pat, &bad)) {	/* as git: no match */
			free(p.pat);
			continue;
		}
		if (f->n == cap) {
			cap = cap ? cap * 2 : 16;
			f->v = xrealloc(f->v, cap * sizeof(*f->v));
		}
		f->v[f->n++] = p;
	}
	free(buf);
}

static char *
join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *s = xmalloc(n);

	snprintf(s, n, "%s%s%s", a, strcmp(a, "/") == 0 ? "" : "/", b);
	return s;
}

/* Pushes the patterns of file (dir/name, or name when absolute),
 * relative to dir (absolute); in_tree: a .gitignore of the work tree. */
static void
push_file(struct gitignore *g, const char *dir, const char *name,
    int in_tree)
{
	struct gi_file *f;
	char *path = name[0] == '/' ? xstrdup(name) : join(dir, name);

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 8;
		g->files = xrealloc(g->files, g->cap * sizeof(*g->files));
	}
	f = &g->files[g->n++];
	memset(f, 0, sizeof(*f));
	f->base = xstrdup(dir);
	read_file(f, path, in_tree);
	free(path);
}

/* The absolute path of a path the walk gives: below start. */
static char *
absolute(const struct gitignore *g, const char *path)
{
	size_t n = strlen(g->start);

	if (strcmp(g->start, ".") == 0)
		return join(g->start_abs, path);
	if (strncmp(path, g->start, n) == 0)
		return join(g->start_abs, path + n + (path[n] == '/'));
	return path_absolute(path);
}

/* What git asks of key (git config --path), or NULL; to free. */
static char *
git_ask(const char *root, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { xstrdup("git"), xstrdup("-C"), xstrdup(root),
	    xstrdup(a1), xstrdup(a2), xstrdup(a3), NULL };
	char *out;
	size_t len, i;

	out = git_output(argv, -1, &len);
	for (i = 0; argv[i] != NULL; i++)
		free(argv[i]);
	if (out != NULL && len > 0 && out[len - 1] == '\n')
		out[--len] = '\0';
	if (out != NULL && len == 0) {
		free(out);
		out = NULL;
	}
	return out;
}

/* Where git keeps the repository of the work tree at root, when that is
 * plainly root/.git (as `git rev-parse --git-path` would say, without
 * starting git, two milliseconds): a directory, not a linked worktree's
 * .git file nor a directory with a commondir, and no GIT_DIR or
 * GIT_COMMON_DIR in the environment to say otherwise.  1 when so. */
static int
plain_git_dir(const char *root)
{
	struct stat st;
	char *dir, *common;
	int plain;

	if (getenv("GIT_DIR") != NULL || getenv("GIT_COMMON_DIR") != NULL)
		return 0;
	dir = join(root, ".git");
	common = join(dir, "commondir");
	plain = stat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
	    access(common, F_OK) != 0 && errno == ENOENT;
	free(common);
	free(dir);
	return plain;
}

/*
 * The files git reads before the .gitignore files, which win over them:
 * core.excludesFile (by default $XDG_CONFIG_HOME/git/ignore, or
 * ~/.config/git/ignore), then the repository's info/exclude (in the
 * common directory of a worktree, whose .git is a file).  Their patterns
 * are relative to the work tree's root.  Without git, the defaults.
 */
static void
push_git_files(struct gitignore *g, const char *root)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char *path, *p;

	if ((path = git_ask(root, "config", "--path",
	    "core.excludesFile")) == NULL) {
		if (xdg != NULL && xdg[0] == '/')
			path = join(xdg, "git/ignore");
		else if (home != NULL && home[0] == '/')
			path = join(home, ".config/git/ignore");
	}
	if (path != NULL && path[0] == '~' && path[1] == '/' &&
	    home != NULL) {
		p = join(home, path + 2);
		free(path);
		path = p;
	}
	if (path != NULL)
		push_file(g, root, path, 0);
	free(path);
	if (plain_git_dir(root) || (path = git_ask(root, "rev-parse",
	    "--git-path", "info/exclude")) == NULL)
		path = xstrdup(".git/info/exclude");
	push_file(g, root, path, 0);
	free(path);
}

struct gitignore *
gitignore_open(const char *dir)
{
	struct gitignore *g;
	char *abs, *root, *p, *q;
	char **chain = NULL;
	size_t n = 0, i;

	/* The work tree's root: the nearest directory above holding .git. */
	abs = path_absolute(dir);
	if ((root = path_work_tree(abs)) == NULL) {
		free(abs);
		return NULL;	/* no work tree: nothing ignored */
	}
	g = xcalloc(1, sizeof(*g));
	g->start = xstrdup(dir);
	g->start_abs = xstrdup(abs);
	/* The directories from the root down to the one named. */
	p = xstrdup(abs);
	for (;;) {
		chain = xrealloc(chain, (n + 1) * sizeof(*chain));
		chain[n++] = xstrdup(p);
		if (strcmp(p, root) == 0)
			break;
		q = strrchr(p, '/');
		q == p ? (void)(q[1] = '\0') : (void)(*q = '\0');
	}
	free(p);
	push_git_files(g, root);
	for (i = n; i-- > 0;)
		push_file(g, chain[i], ".gitignore", 1);
	for (i = 0; i < n; i++)
		free(chain[i]);
	free(chain);
	free(root);
	free(abs);
	return g;
}

void
gitignore_enter(struct gitignore *g, const char *dir)
{
	char *abs;

	if (g == NULL)
		return;
	abs = absolute(g, dir);
	push_file(g, abs, ".gitignore", 1);
	free(abs);
}

static void
pop(struct gitignore *g)
{
	struct gi_file *f = &g->files[--g->n];
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->v[i].pat);
	free(f->v);
	free(f->base);
}

void
gitignore_leave(struct gitignore *g)
{
	if (g != NULL && g->n > 0)
		pop(g);
}

int
gitignore_ignored(const struct gitignore *g, const char *path, int is_dir)
{
	const struct gi_file *f;
	const struct gi_pattern *p;
	const char *rel;
	char *abs;
	size_t i, k, n;
	int hit = -1;

	if (g == NULL)
		return 0;
	abs = absolute(g, path);
	/* The deepest file first, its last line first: the first match
	 * decides. */
	for (i = g->n; i-- > 0 && hit < 0;) {
		f = &g->files[i];
		n = strlen(f->base);
		if (strcmp(f->base, "/") == 0)
			rel = abs + 1;
		else if (strncmp(abs, f->base, n) == 0 && abs[n] == '/')
			rel = abs + n + 1;
		else
			continue;
		for (k = f->n; k-- > 0;) {
			p = &f->v[k];
			if (p->dir_only && !is_dir)
				continue;
			if (glob_match(p->pat, rel)) {
				hit = !p->negate;
				break;
			}
		}
	}
	free(abs);
	return hit > 0;
}

void
gitignore_close(struct gitignore *g)
{
	if (g == NULL)
		return;
	while (g->n > 0)
		pop(g);
	free(g->files);
	free(g->start);
	free(g->start_abs);
	free(g);
}
