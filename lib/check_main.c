/*
 * check_main.c: the unit-test runner.  Every check_*.c file defines one or
 * more "Suite *NAME_suite(void)" functions; the Makefile lists them in
 * check_suites.h, so a new test file needs no registration.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

#define SUITE(name) Suite *name(void);
#include "check_suites.h"
#undef SUITE

int
main(int argc, char *argv[])
{
	SRunner *sr;
	int failed;

	/* check_index.c runs "check_dgslint --hash TEXT" twice: another
	 * process hashes with another key. */
	if (argc == 3 && strcmp(argv[1], "--hash") == 0) {
		printf("%016" PRIx64 " %016" PRIx64 "\n",
		    dgs_hash(argv[2], strlen(argv[2])), dgs_hash_tag());
		return 0;
	}
	sr = srunner_create(NULL);

#define SUITE(name) srunner_add_suite(sr, name());
#include "check_suites.h"
#undef SUITE
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
