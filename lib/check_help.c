/*
 * check_help.c: the unit tests' shared helpers (check_help.h).
 */
#include <check.h>
#include <string.h>

#include "check_help.h"

struct dgs_options *t_opts;

void
t_setup(void)
{
	t_opts = dgs_options_new();
	ck_assert_ptr_nonnull(t_opts);
	/* The snippets are the service's, however small. */
	dgs_options_set_presume(t_opts, 1);
}

void
t_teardown(void)
{
	dgs_options_free(t_opts);
	t_opts = NULL;
}

struct dgs_result *
t_lint(const char *text)
{
	struct dgs_result *res = NULL;

	ck_assert_int_eq(dgs_lint(t_opts, "t.json", text, strlen(text),
	    &res), 0);
	ck_assert_ptr_nonnull(res);
	return res;
}

size_t
t_count(const struct dgs_result *res, const char *id,
    const struct dgs_finding **first)
{
	const struct dgs_finding *f;
	size_t i, n = 0;

	if (first != NULL)
		*first = NULL;
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		if (strcmp(f->rule->id, id) == 0 && n++ == 0 && first != NULL)
			*first = f;
	return n;
}

size_t
t_count_in(const char *text, const char *id)
{
	struct dgs_result *res = t_lint(text);
	size_t n = t_count(res, id, NULL);

	dgs_result_free(res);
	return n;
}

const struct dgs_finding *
t_only(const struct dgs_result *res, const char *id)
{
	const struct dgs_finding *f;

	ck_assert_msg(t_count(res, id, &f) == 1, "%zu %s findings, not one",
	    t_count(res, id, NULL), id);
	return f;
}
