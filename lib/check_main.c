/*
 * check_main.c: the unit-test runner.  Every check_*.c file defines one or
 * more "Suite *NAME_suite(void)" functions; the Makefile lists them in
 * check_suites.h, so a new test file needs no registration.
 */
#include <check.h>
#include <stdlib.h>

#define SUITE(name) Suite *name(void);
#include "check_suites.h"
#undef SUITE

int
main(void)
{
	SRunner *sr = srunner_create(NULL);
	int failed;

#define SUITE(name) srunner_add_suite(sr, name());
#include "check_suites.h"
#undef SUITE
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
