/*
 * check_help.h: what the unit tests (the check_*.c files, run by
 * check_main.c) share: options made before each test of a fixture and
 * freed after it, and linting a text and picking its findings.
 */
#ifndef DGS_CHECK_HELP_H
#define DGS_CHECK_HELP_H

#include <stddef.h>

#include "dgslint.h"

/* The options of the current test: made by t_setup(), freed by
 * t_teardown() (tcase_add_checked_fixture(tc, t_setup, t_teardown)). */
extern struct dgs_options *t_opts;
void	t_setup(void);
void	t_teardown(void);

/* Lints text with t_opts as "t.json"; the caller frees the result. */
struct dgs_result *t_lint(const char *text);
/* The number of findings of rule id in res; *first (when first is not
 * NULL) the first of them, or NULL. */
size_t	t_count(const struct dgs_result *res, const char *id,
	    const struct dgs_finding **first);
/* The number of findings of rule id when linting text with t_opts. */
size_t	t_count_in(const char *text, const char *id);
/* The only finding of rule id in res, which must exist. */
const struct dgs_finding *t_only(const struct dgs_result *res,
	    const char *id);

#endif /* DGS_CHECK_HELP_H */
