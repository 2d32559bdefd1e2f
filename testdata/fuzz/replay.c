/*
 * replay.c: runs the fuzzing harness (fuzz.c) once on each file named,
 * without libFuzzer, so that any compiler can check its invariants over
 * the regression cases and the corpus ("make fuzz-replay").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
main(int argc, char *argv[])
{
	FILE *fp;
	char *buf;
	size_t len, cap, n;
	int i;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			return 2;
		}
		buf = NULL;
		len = cap = 0;
		do {
			if (len == cap) {
				cap = cap ? cap * 2 : 4096;
				if ((buf = realloc(buf, cap)) == NULL) {
					perror("replay");
					return 2;
				}
			}
			n = fread(buf + len, 1, cap - len, fp);
			len += n;
		} while (n > 0);
		if (ferror(fp)) {
			perror(argv[i]);
			return 2;
		}
		fclose(fp);
		/* Exactly len bytes, as libFuzzer gives them. */
		if ((buf = realloc(buf, len ? len : 1)) == NULL) {
			perror("replay");
			return 2;
		}
		LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
		free(buf);
	}
	printf("replay: %d input%s, no broken invariant\n", argc - 1,
	    argc == 2 ? "" : "s");
	return 0;
}
