/*
 * parse.c: the benchmark's baseline: read each file and parse it with
 * json-c exactly as dgslint does (strict, same depth), nothing else.  It
 * stands for the limit json-c sets on any linter built on it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

int
main(int argc, char *argv[])
{
	struct json_tokener *tok;
	struct json_object *o;
	struct stat st;
	char *buf;
	ssize_t r;
	size_t len;
	int i, fd, bad = 0;

	for (i = 1; i < argc; i++) {
		if ((fd = open(argv[i], O_RDONLY)) == -1 ||
		    fstat(fd, &st) != 0) {
			perror(argv[i]);
			return 2;
		}
		if ((buf = malloc((size_t)st.st_size + 1)) == NULL)
			return 2;
		for (len = 0; len < (size_t)st.st_size; len += (size_t)r)
			if ((r = read(fd, buf + len,
			    (size_t)st.st_size - len)) <= 0)
				break;
		close(fd);
		buf[len] = '\0';
		tok = json_tokener_new_ex(513);
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
		o = json_tokener_parse_ex(tok, buf, (int)len);
		if (o == NULL && json_tokener_get_error(tok) !=
		    json_tokener_success)
			bad++;
		json_object_put(o);
		json_tokener_free(tok);
		free(buf);
	}
	return bad ? 1 : 0;
}
