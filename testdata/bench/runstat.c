/*
 * runstat.c: runs a command with its standard output sent to a file and
 * prints "WALL_SECONDS MAX_RSS_KB EXIT_STATUS CPU_SECONDS" (wait4 rusage,
 * monotonic clock; CPU: user and system time of the command and the
 * children it waited for), so the benchmark needs no GNU time.
 *
 *   runstat OUTFILE command [arg ...]
 */
#define _DEFAULT_SOURCE
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct timespec t0, t1;
	struct rusage ru;
	pid_t pid;
	int status, fd;

	if (argc < 3) {
		fprintf(stderr, "usage: runstat OUTFILE command [arg ...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == 0) {
		if ((fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0666))
		    == -1 || dup2(fd, 1) == -1)
			_exit(127);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	if (pid == -1 || wait4(pid, &status, 0, &ru) == -1) {
		perror("runstat");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.6f %ld %d %.6f\n", (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, ru.ru_maxrss,
	    WIFEXITED(status) ? WEXITSTATUS(status) : 128,
	    (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	return 0;
}
