/*
 * git.c: running git, for the walk's ignore files (gitignore.c) and
 * --context's committed text (context_git.c), with nothing of the
 * repository's own configuration that could start a program.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "repo.h"

/*
 * What git reads from a repository's own configuration (.git/config, in
 * a checkout that is not the user's: an unpacked archive, a shared
 * directory) must run nothing: each setting by which the commands run
 * here (ls-files, cat-file --batch, config, rev-parse) could start a
 * program is given on git's command line, which wins over every file.
 * core.fsmonitor is run by ls-files as it reads the index; a partial
 * clone fetches an object it lacks through its promisor remote
 * (core.sshCommand, a remote helper, credential helpers): no protocol
 * is allowed; the pager is never started.  Filters (filter.*.process),
 * diff.external and hooks are not run by these commands.  The system's
 * and the user's configuration are theirs and kept (safe.directory).
 */
static const char *const git_safe[] = { "--no-pager",
	"-c", "core.fsmonitor=false",
	"-c", "protocol.allow=never",
	"-c", "core.sshCommand=false",
	"-c", "credential.helper=",
};
#define NGIT_SAFE	(sizeof(git_safe) / sizeof(git_safe[0]))

int
git_start(char *const argv[], int in_fd, struct git_run *g)
{
	int out[2], devnull;
	const char **args;
	size_t i, nargs;
	pid_t pid;

	/* argv[0], the safe settings, then the rest of argv. */
	for (nargs = 0; argv[nargs] != NULL; nargs++)
		continue;
	args = xcalloc(nargs + NGIT_SAFE + 1, sizeof(*args));
	args[0] = argv[0];
	for (i = 0; i < NGIT_SAFE; i++)
		args[1 + i] = git_safe[i];
	for (i = 1; i < nargs; i++)
		args[NGIT_SAFE + i] = argv[i];
	if (pipe(out) != 0) {
		free(args);
		return -1;
	}
	if ((pid = fork()) < 0) {
		close(out[0]);
		close(out[1]);
		free(args);
		return -1;
	}
	if (pid == 0) {
		devnull = open("/dev/null", O_RDWR);
		if (dup2(in_fd >= 0 ? in_fd : devnull, 0) < 0 ||
		    dup2(out[1], 1) < 0 || dup2(devnull, 2) < 0)
			_exit(127);
		close(out[0]);
		/* execvp(3) does not change the strings it is given. */
		execvp(args[0], (char *const *)args);
		_exit(127);
	}
	free(args);
	close(out[1]);
	g->pid = pid;
	g->fd = out[0];
	return 0;
}

char *
git_finish(struct git_run *g, size_t *len)
{
	char *buf = NULL;
	size_t n = 0, cap = 0;
	ssize_t got;
	int status;

	for (;;) {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap + 1);
		}
		got = read(g->fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	close(g->fd);
	while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
		continue;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

char *
git_output(char *const argv[], int in_fd, size_t *len)
{
	struct git_run g;

	if (git_start(argv, in_fd, &g) != 0)
		return NULL;
	return git_finish(&g, len);
}
