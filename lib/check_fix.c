/*
 * check_fix.c: unit tests of fixes: applying edits that overlap or
 * repeat, rounds, what the edits leave alone, and diffs.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

/* A result of n findings whose fixes are the given edits, one each. */
static struct dgs_result *
fake(const struct dgs_edit *e, const enum dgs_fix_safety *safety,
    struct dgs_fix *fx, size_t n)
{
	struct dgs_result *res = calloc(1, sizeof(*res));
	size_t i;

	ck_assert_ptr_nonnull(res);
	res->findings = calloc(n, sizeof(*res->findings));
	ck_assert_ptr_nonnull(res->findings);
	res->nfindings = n;
	for (i = 0; i < n; i++) {
		fx[i].description = "d";
		fx[i].safety = safety[i];
		fx[i].edits = &e[i];
		fx[i].nedits = 1;
		res->findings[i].fix = &fx[i];
	}
	return res;
}

static void
fake_free(struct dgs_result *res)
{
	free(res->findings);
	free(res);
}

START_TEST(test_apply_overlap)
{
	/* "abcdef": [1,3) -> "X" and [2,4) -> "Y" overlap: the first in
	 * the text wins, the other waits for a round; [4,5) -> "" applies;
	 * the same edit twice counts twice and applies once. */
	static const struct dgs_edit e[] = {
		{ 2, 4, "Y", 1, 0, 0, 0, 0 },
		{ 1, 3, "X", 1, 0, 0, 0, 0 },
		{ 4, 5, "", 0, 0, 0, 0, 0 },
		{ 4, 5, "", 0, 0, 0, 0, 0 },
		{ 5, 5, "!", 1, 0, 0, 0, 0 },
	};
	enum dgs_fix_safety s[] = { DGS_FIX_SAFE, DGS_FIX_SAFE, DGS_FIX_SAFE,
	    DGS_FIX_SAFE, DGS_FIX_UNSAFE };
	struct dgs_fix fx[5];
	struct dgs_result *res = fake(e, s, fx, 5);
	char *out;
	size_t len, n;

	ck_assert_int_eq(dgs_fix_apply(res, "abcdef", 6, 0, &out, &len, &n),
	    0);
	ck_assert_str_eq(out, "aXdf");
	ck_assert_uint_eq(len, 4);
	ck_assert_uint_eq(n, 3);
	free(out);
	ck_assert_int_eq(dgs_fix_apply(res, "abcdef", 6, 1, &out, &len, &n),
	    0);
	ck_assert_str_eq(out, "aXd!f");
	ck_assert_uint_eq(n, 4);
	free(out);
	fake_free(res);
}
END_TEST

START_TEST(test_fix_rounds_bytes)
{
	/* Two fixes of one member: its case, then the WHERE keyword in its
	 * value; CRLF, tabs, a number's spelling, escapes and no final
	 * newline stay as they were. */
	static const char in[] =
	    "{\r\n\t\"Schema\": \"p\\u0075blic\",\r\n\t\"table\": \"t\","
	    "\r\n\t\"Percent\": 5.0E0,\r\n\t\"IgnoreUpstreamTables\": false,"
	    "\r\n\t\"whereClause\": \"where\\tx = 1\"\r\n}";
	static const char want[] =
	    "{\r\n\t\"Schema\": \"p\\u0075blic\",\r\n\t\"Table\": \"t\","
	    "\r\n\t\"Percent\": 5.0E0,\r\n\t\"IgnoreUpstreamTables\": false,"
	    "\r\n\t\"WhereClause\": \"x = 1\"\r\n}";
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *res;
	char *out;
	size_t len, n, i;

	ck_assert_int_eq(dgs_fix(o, "s.json", in, sizeof(in) - 1, 0, &out,
	    &len, &n, &res), 0);
	ck_assert_str_eq(out, want);
	ck_assert_uint_eq(len, sizeof(want) - 1);
	ck_assert_uint_ge(n, 3);
	for (i = 0; i < dgs_result_count(res); i++)
		ck_assert_ptr_null(dgs_result_get(res, i)->fix);
	dgs_result_free(res);
	free(out);
	dgs_options_free(o);
}
END_TEST

START_TEST(test_fix_located)
{
	/* The edit of a fix is where the finding is, and its text is a
	 * JSON string literal. */
	static const char in[] = "{\"workspaceId\": "
	    "\"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\",\n \"strictmode\": "
	    "\"NotStrict\"}";
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *res;
	const struct dgs_finding *f;

	ck_assert_int_eq(dgs_lint(o, "j.json", in, sizeof(in) - 1, &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	f = dgs_result_get(res, 0);
	ck_assert_ptr_nonnull(f->fix);
	ck_assert_int_eq(f->fix->safety, DGS_FIX_SAFE);
	ck_assert_uint_eq(f->fix->nedits, 1);
	ck_assert_uint_eq(f->fix->edits[0].offset, 57);
	ck_assert_uint_eq(f->fix->edits[0].end, 69);
	ck_assert_str_eq(f->fix->edits[0].text, "\"strictMode\"");
	ck_assert_uint_eq(f->fix->edits[0].line, 2);
	ck_assert_uint_eq(f->fix->edits[0].column, 2);
	ck_assert_uint_eq(f->fix->edits[0].end_column, 14);
	ck_assert_uint_eq(dgs_rule_fixes(f->rule), 1u << DGS_FIX_SAFE);
	ck_assert_uint_eq(dgs_rule_fixes(dgs_rule_find("json-empty")), 0);
	dgs_result_free(res);
	/* Turned off: no finding, and no fix left over for the next. */
	ck_assert_int_eq(dgs_options_set_severity(o, "member-case",
	    DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_lint(o, "j.json", in, sizeof(in) - 1, &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	ck_assert_ptr_null(res->pending);
	dgs_result_free(res);
	dgs_options_free(o);
}
END_TEST

START_TEST(test_diff)
{
	char *d;
	size_t len;

	ck_assert_int_eq(dgs_diff("f", "a\nb\n", 4, "a\nb\n", 4, &d, &len), 0);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(d, "");
	free(d);
	ck_assert_int_eq(dgs_diff("f", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10", 20,
	    "1\n2\nX\n4\n5\n6\n7\n8\n9\nY", 19, &d, &len), 0);
	ck_assert_str_eq(d, "--- f\n+++ f\n@@ -1,10 +1,10 @@\n 1\n 2\n-3\n"
	    "+X\n 4\n 5\n 6\n 7\n 8\n 9\n-10\n\\ No newline at end of file\n"
	    "+Y\n\\ No newline at end of file\n");
	free(d);
	ck_assert_int_eq(dgs_diff("f", "", 0, "x\r\n", 3, &d, &len), 0);
	ck_assert_str_eq(d, "--- f\n+++ f\n@@ -0,0 +1,1 @@\n+x\r\n");
	free(d);
}
END_TEST

Suite *fix_suite(void);

Suite *
fix_suite(void)
{
	Suite *s = suite_create("fix");
	TCase *tc = tcase_create("fix");

	tcase_add_test(tc, test_apply_overlap);
	tcase_add_test(tc, test_fix_rounds_bytes);
	tcase_add_test(tc, test_fix_located);
	tcase_add_test(tc, test_diff);
	suite_add_tcase(s, tc);
	return s;
}
