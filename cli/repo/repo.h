/*
 * repo.h: what reads the repository (cli/repo/): the paths named and the
 * walk of directories (input.c), git's ignore files and committed text
 * (gitignore.c, context_git.c, git.c), glob patterns and paths (glob.c,
 * path.c), reading files whole or mapped (readfile.c, mapfile.c), and
 * the one way every file dgslint writes is written (wfile.c).  They
 * call the library and the ground floor (cli/base/) alone: nothing of
 * the settings, of a service or of a run.
 */
#ifndef DGSLINT_REPO_H
#define DGSLINT_REPO_H

#include <sys/types.h>

#include <stdint.h>
#include <stdio.h>

#include "../base/base.h"

/*
 * input.c: paths to documents.
 */
struct input {
	char	*path;		/* as given or found; "-" for stdin */
	char	*name;		/* name in findings */
	int	 explicit;	/* named on the command line */
	int	 stdin_named;	/* "-" named by --stdin-filename */
	int	 plain;		/* a regular file, not a symbolic link */
	/* What a directory's walk found that is not linted, and why:
	 * error, what could not be read (the run fails); skip, what is
	 * no document (a FIFO, a device, a link back up the tree). */
	char	*error;
	char	*skip;
	const char *root;	/* the directory walked (its path as
				   inputs_add() had it), or NULL */
	int	 context;	/* --context: read for the rules across
				   documents only, never reported */
	/* Its text as committed (git's index), read instead of path; or
	 * NULL. */
	char	*text;
	size_t	 len;
};

struct inputs {
	struct input	*v;
	size_t		 n, cap;
	int		 failed;	/* a path could not be used (exit 2) */
	int		 no_gitignore;	/* --no-gitignore */
};

/* Adds path (a file, a directory searched for *.json in sorted order,
 * or "-"); a path named that cannot be used is reported on stderr and
 * sets failed; what a walk cannot read or skips is an input with its
 * error or skip set, reported in its turn. */
void	inputs_add(struct inputs *, const char *path, const char *stdin_name);
void	inputs_free(struct inputs *);
/* Adds the file at path, named name, whose text (taken) is read instead
 * of the file. */
void	inputs_add_text(struct inputs *, const char *path, const char *name,
	    char *text, size_t len);
/* context_git.c: --context PATH inside a git work tree: the *.json files
 * git tracks below path, their text as its index has it (what is
 * committed), never an untracked file; 0, or -1 outside a work tree,
 * where inputs_add() walks the directory, or -2 inside one where git
 * could not be run (the run cannot read what is committed). */
int	inputs_add_committed(struct inputs *, const char *path);
/* git.c: runs git with argv (argv[0] "git"), its standard input in_fd (or
 * /dev/null when -1), and returns what it wrote on standard output (NUL
 * terminated, *len bytes; to free), or NULL when it could not run or
 * failed. */
char	*git_output(char *const argv[], int in_fd, size_t *len);
/* git_output() in two steps, for a caller with something else to do
 * while git runs: git_start() starts git (0, or -1 when it could not),
 * git_finish() reads what it wrote and waits for it, as git_output()
 * returns. */
struct git_run {
	pid_t	 pid;
	int	 fd;
};
int	git_start(char *const argv[], int in_fd, struct git_run *);
char	*git_finish(struct git_run *, size_t *len);

/*
 * gitignore.c: what git ignores, passed over by a directory's walk (see
 * there).  gitignore_open() returns NULL outside a git work tree (nothing
 * is ignored); enter and leave follow the walk into a subdirectory.
 */
struct gitignore;
struct gitignore *gitignore_open(const char *dir);
void	gitignore_enter(struct gitignore *, const char *dir);
void	gitignore_leave(struct gitignore *);
int	gitignore_ignored(const struct gitignore *, const char *path,
	    int is_dir);
/* At the end of a walk: 0 when it stands, or 1 when what git says of its
 * configuration differs from what the walk went on (gitignore_open()):
 * the walk is to be made again, as it then is. */
int	gitignore_settle(struct gitignore *);
void	gitignore_close(struct gitignore *);

/* Reads a whole document: a regular file, a pipe, or stdin for "-".
 * Returns 0 and a buffer (NUL-terminated, to free), or -1 with the reason
 * in why (such as "Permission denied"); it prints nothing, so that the
 * caller reports in the order of the inputs. */
/* readfile.c.  The most a document may be (json-c's bound). */
#define MAX_DOCUMENT	((size_t)INT32_MAX - 1)
/* Set when the caller closed standard input: "-" then reads as closed. */
extern int stdin_closed;
/* Reads fd, whose fstat(2) is *st, into *buf, at most max bytes; closes
 * it when own.  0, or -1 with the reason in why (unreadable() keeps it). */
struct stat;
int	read_fd(int fd, int own, const struct stat *st, size_t max,
	    char **buf, size_t *len, char *why, size_t whysize);
void	unreadable(char *why, size_t whysize, const char *reason);
int	read_document(const char *path, char **buf, size_t *len,
	    char *why, size_t whysize);
/* A file dgslint finds for itself, not one it is given (an ignore file,
 * a list of trusted services): read as read_document() does, but only a
 * regular file of at most max bytes, and never by waiting: a FIFO, a
 * device or a socket, or a link to one, is refused without blocking in
 * open(2) or read(2); no_link: a symbolic link is refused too.  0; 1
 * when there is no such file, or the system will not open it (not
 * readable by this user: as before, a file not there); or -1 with the
 * reason it is refused in why. */
int	read_found(const char *path, int no_link, size_t max, char **buf,
	    size_t *len, char *why, size_t whysize);
/* mapfile.c: as read_document(), but a regular file of MAP_MIN bytes or more is
 * memory-mapped (*mapped set; not NUL-terminated), for
 * dgs_lint_mapped(); free it with unmap_document().  regular: the
 * directory's walk found path to be a regular file (struct input's
 * plain), which is then opened without a stat(2) first.  st, unless
 * NULL: the fstat(2) of the file read, or st_mode 0 when none was taken
 * (standard input, a file read as read_document() reads it). */
#define MAP_MIN	(1024 * 1024)
int	map_document(const char *path, int regular, char **buf, size_t *len,
	    int *mapped, struct stat *st, char *why, size_t whysize);
void	unmap_document(char *buf, size_t len, int mapped);
/* Whether a mapped document changed while it was read (cut short, which
 * would otherwise end the process with SIGBUS, or written again): its
 * findings are then of no text that ever was.  Before unmap_document(). */
int	map_changed(const char *buf, int mapped);

/*
 * wfile.c: every file dgslint writes, one way: a temporary file beside
 * the target, flushed to disk and renamed over it, with the old file's
 * mode, owner, group and extended attributes; a device or a pipe is
 * written in place.  On any failure, and on a signal that ends the
 * program, the temporary file is removed and the old file stays whole.
 */
struct wfile {
	FILE	*fp;		/* write here */
	char	*target;	/* the file replaced, links resolved */
	char	*tmp;		/* the temporary file; NULL: in place */
	int	 slot;		/* wfile.c's, for the signal handler */
};

/* Once, first thing: the umask, and the handlers of SIGINT, SIGTERM,
 * SIGHUP, SIGPIPE and SIGXFSZ that remove temporary files. */
void	wfile_init(void);
/* Starts writing path; 0, or -1 with the reason in why (nothing made). */
int	wfile_open(struct wfile *, const char *path, char *why, size_t);
/* Ends it: the new text takes the old one's place; 0, or -1 with the
 * reason (the old file whole, nothing left behind). */
int	wfile_commit(struct wfile *, char *why, size_t);
/* Gives it up: the old file stays as it was. */
void	wfile_abort(struct wfile *);

/* glob.c: glob patterns: *, **, ?, [...]; see dgslint.json(5). */
int	 glob_valid(const char *pattern, const char **why);
int	 glob_match(const char *pattern, const char *relpath);

/* path.c: whether the file at path is named CONFIG_NAME: a
 * configuration. */
#define CONFIG_NAME	".dgslint.json"
int	 config_named(const char *path);
/* path.c: an absolute, clean path (realpath when it exists); to free.
 * path_absolute_file() is told that path names a regular file, not a
 * symbolic link (readdir(3) said so), and does not ask the kernel. */
char	*path_absolute(const char *);
char	*path_absolute_file(const char *, int not_link);
/* abs as messages show it: relative to the working directory below it. */
char	*path_display(const char *abs);
/* The directory of abs (absolute), to free: "/" for a name in the root. */
char	*path_dir(const char *abs);
/* Whether abs is dir or lies below it (both absolute, links resolved). */
int	 path_below(const char *abs, const char *dir);
/* Whether path, its links followed, is dir or lies below it (both
 * exist); realpath(3) each time, so any thread may ask. */
int	path_within(const char *path, const char *dir);
/* The root of the git work tree that holds dir (absolute): the nearest
 * directory from dir up holding .git; NULL when none does.  To free. */
char	*path_work_tree(const char *dir);
/* Why path, a CA file for --service-ca-file or DGSLINT_SERVICE_CA_FILE, cannot
 * be one: it exists and is neither a regular file nor a pipe or FIFO
 * (<(cat ca.pem), read once: http_ca_read()); NULL otherwise. */
const char *path_not_ca_file(const char *path);

#endif /* DGSLINT_REPO_H */
