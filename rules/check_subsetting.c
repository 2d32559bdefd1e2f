/*
 * check_subsetting.c: unit tests of the WHERE-clause scanner and of the
 * subsetting rules' positions inside strings.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "check_help.h"
#include "subsetting.h"

#define NONE	(-1)

static const struct {
	const char		*text;
	enum dgs_sql_problem	 problem;
	long			 at, semicolon, comment;
} scan_cases[] = {
	{ "amount < 100", DGS_SQL_OK, NONE, NONE, NONE },
	{ "", DGS_SQL_OK, NONE, NONE, NONE },
	{ "created_at > NOW() - INTERVAL '90 days'", DGS_SQL_OK, NONE, NONE,
	    NONE },
	{ "state = \"Alabama\" OR random() < 0.05", DGS_SQL_OK, NONE, NONE,
	    NONE },
	/* Quotes hide what they hold. */
	{ "a = 'x;y'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a = ')' AND b = '('", DGS_SQL_OK, NONE, NONE, NONE },
	{ "x = '--'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "\"a;b\" = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "[a;b] = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "`a;b` = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "[it's] = 1", DGS_SQL_OK, NONE, NONE, NONE },
	/* Doubled quotes escape. */
	{ "name = 'it''s'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "\"a\"\"b\" = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "[a]]b] = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "'' = ''", DGS_SQL_OK, NONE, NONE, NONE },
	/* Backslash escapes, when they are what balances the clause. */
	{ "name = 'O\\'Brien'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "path = 'C:\\'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "name = 'O\\'Brien' AND (x = 1", DGS_SQL_OPEN_PAREN, 22, NONE,
	    NONE },
	/* PostgreSQL dollar quoting, when it is what balances the clause. */
	{ "note = $$it's$$", DGS_SQL_OK, NONE, NONE, NONE },
	{ "note = $q$it's; (a$q$ AND b = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "note = $$it's", DGS_SQL_OPEN_STRING, 11, NONE, NONE },
	{ "x = f($1, 'a''b') AND y = $tag$a'b$tag$", DGS_SQL_OK, NONE, NONE,
	    NONE },
	/* [ as an array subscript. */
	{ "tags[1] = 'a'", DGS_SQL_OK, NONE, NONE, NONE },
	{ "ARRAY['a]b'] @> tags", DGS_SQL_OK, NONE, NONE, NONE },
	/* Unclosed quotes, at the opening quote. */
	{ "a = 'open", DGS_SQL_OPEN_STRING, 4, NONE, NONE },
	{ "a = 'x'; b = 'y", DGS_SQL_OPEN_STRING, 13, 7, NONE },
	{ "\"col = 1", DGS_SQL_OPEN_IDENT, 0, NONE, NONE },
	{ "[col = 1", DGS_SQL_OPEN_BRACKET, 0, NONE, NONE },
	{ "`col = 1", DGS_SQL_OPEN_BACKTICK, 0, NONE, NONE },
	{ "\xc3\xa9 = 'x", DGS_SQL_OPEN_STRING, 5, NONE, NONE },
	{ "a = 'it''s", DGS_SQL_OPEN_STRING, 4, NONE, NONE },
	/* Comments. */
	{ "a = 1 -- note", DGS_SQL_OK, NONE, NONE, 6 },
	{ "a = 1 -- note\n", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a = 1 -- note\r\nAND b = 2", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a = 1 -- x;\nAND b = 2 -- y", DGS_SQL_OK, NONE, NONE, 22 },
	{ "a /* ; ( ' */ = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "/**/ a = 1", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a /* c = 1", DGS_SQL_OPEN_COMMENT, 2, NONE, NONE },
	{ "/*/", DGS_SQL_OPEN_COMMENT, 0, NONE, NONE },
	{ "a - -1 = b", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a = 1 - 2 / 3 * 4", DGS_SQL_OK, NONE, NONE, NONE },
	/* Parentheses. */
	{ "(a = 1", DGS_SQL_OPEN_PAREN, 0, NONE, NONE },
	{ "(a) AND (b = 1 AND (c)", DGS_SQL_OPEN_PAREN, 8, NONE, NONE },
	{ "((a = 1) OR (b = 2))", DGS_SQL_OK, NONE, NONE, NONE },
	{ "a = 1)", DGS_SQL_CLOSE_PAREN, 5, NONE, NONE },
	{ "a) AND (b", DGS_SQL_CLOSE_PAREN, 1, NONE, NONE },
	/* Semicolons. */
	{ "a = 1;", DGS_SQL_OK, NONE, 5, NONE },
	{ "a = ';' ; b", DGS_SQL_OK, NONE, 8, NONE },
	{ "a = 1; -- x", DGS_SQL_OK, NONE, 5, 7 },
	{ "a = 1 -- ;", DGS_SQL_OK, NONE, NONE, 6 },
	{ "a = 1 /* ; */", DGS_SQL_OK, NONE, NONE, NONE },
};

START_TEST(test_scan)
{
	struct dgs_sql_scan sc;
	const char *t = scan_cases[_i].text;

	dgs_sql_scan(t, strlen(t), &sc);
	ck_assert_msg(sc.problem == scan_cases[_i].problem,
	    "%s: problem %d", t, (int)sc.problem);
	ck_assert_msg(sc.problem_at == scan_cases[_i].at, "%s: at %ld", t,
	    sc.problem_at);
	ck_assert_msg(sc.semicolon == scan_cases[_i].semicolon,
	    "%s: semicolon %ld", t, sc.semicolon);
	ck_assert_msg(sc.trailing_comment == scan_cases[_i].comment,
	    "%s: comment %ld", t, sc.trailing_comment);
}
END_TEST

START_TEST(test_scan_nul)
{
	static const char t[] = "a = 'x\0y' \0 ; b";
	struct dgs_sql_scan sc;

	dgs_sql_scan(t, sizeof(t) - 1, &sc);
	ck_assert_int_eq(sc.problem, DGS_SQL_OK);
	ck_assert_int_eq(sc.semicolon, 12);
}
END_TEST

static const struct {
	const char	*text;
	const char	*id;
	unsigned long	 column;
} pos_cases[] = {
	/* The column of the character inside the string (code points). */
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"\xc3\xa9t\xc3\xa9 = 'x\"}", "DGS512", 53 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"a = 1\\n;\"}", "DGS511", 54 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"  where a = 1\"}", "DGS510", 49 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"/* x */ WHERE(a = 1)\"}", "DGS510", 55 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"-- c\\nWhere a\"}", "DGS510", 53 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"WhereClause\": "
	    "\"a = 1 -- c\"}", "DGS513", 53 },
	{ "{\"Schema\": \"s\", \"Table\": \"t\", \"whereClause\": "
	    "\"(a = 1\"}", "DGS512", 47 },
};

START_TEST(test_positions)
{
	struct dgs_result *res = t_lint(pos_cases[_i].text);
	const struct dgs_finding *f;

	ck_assert_msg(t_count(res, pos_cases[_i].id, &f) == 1, "%s: no %s",
	    pos_cases[_i].text, pos_cases[_i].id);
	ck_assert_uint_eq(f->line, 1);
	ck_assert_msg(f->column == pos_cases[_i].column, "%s: column %lu",
	    pos_cases[_i].text, f->column);
	dgs_result_free(res);
}
END_TEST

static const char *const not_where[] = {
	"whereabouts = 'x'",
	"where_id = 1",
	"\"where\" = 1",
	"nowhere = 1",
	"a = 'WHERE'",
};

START_TEST(test_where_keyword_near_misses)
{
	struct dgs_buf b = { 0 };
	struct dgs_result *res;
	const struct dgs_finding *f;

	dgs_buf_adds(&b, "{\"Schema\": \"s\", \"Table\": \"t\", "
	    "\"WhereClause\": ");
	dgs_buf_add_json_str(&b, not_where[_i], strlen(not_where[_i]));
	dgs_buf_adds(&b, "}");
	res = t_lint(b.s);
	ck_assert_msg(t_count(res, "DGS510", &f) == 0, "%s", not_where[_i]);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_license)
{
	static const char doc[] = "[{\"Schema\": \"public\", \"Table\": "
	    "\"sales\", \"Percent\": 5, \"IgnoreUpstreamTables\": false}, "
	    "{\"Schema\": \"public\", \"Table\": \"states\", \"Percent\": 100, "
	    "\"IgnoreUpstreamTables\": true}]";
	struct dgs_result *res;
	const struct dgs_finding *f;

	res = t_lint(doc);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	dgs_options_set_license(t_opts, DGS_LICENSE_PROFESSIONAL);
	res = t_lint(doc);
	ck_assert_uint_eq(t_count(res, "DGS501", &f), 1);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	ck_assert_int_eq(f->severity, DGS_SEV_WARNING);
	ck_assert_str_eq(f->pointer, "");
	dgs_result_free(res);
}
END_TEST

START_TEST(test_put_kind)
{
	static const char doc[] = "{\"Schema\": \"public\", \"Table\": "
	    "\"sales\", \"Percent\": 5}";
	struct dgs_result *res;
	const struct dgs_finding *f;

	res = t_lint("{\"Percent\": 5, \"IgnoreUpstreamTables\": false}");
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	res = t_lint("{\"Table\": \"sales\", \"Percent\": 5}");
	ck_assert_uint_eq(t_count(res, "DGS502", &f), 1);
	dgs_result_free(res);
	dgs_options_set_kind(t_opts, DGS_KIND_SUBSETTING_PUT);
	res = t_lint(doc);
	ck_assert_uint_eq(t_count(res, "DGS503", &f), 2);
	ck_assert_str_eq(f->pointer, "/Schema");
	ck_assert_uint_eq(t_count(res, "DGS502", &f), 0);
	dgs_result_free(res);
	res = t_lint("{\"Table\": \"sales\", \"Percent\": 5}");
	ck_assert_uint_eq(t_count(res, "DGS502", &f), 0);
	dgs_result_free(res);
}
END_TEST

/* Many duplicates: each names its first, and the walk stays linear. */
START_TEST(test_duplicates_many)
{
	struct dgs_buf b = { 0 };
	struct dgs_result *res;
	const struct dgs_finding *f;
	size_t i, n = 20000, d = 0;

	dgs_buf_adds(&b, "[");
	for (i = 0; i < n; i++)
		dgs_buf_addf(&b, "%s{\"Schema\": \"s\", \"Table\": \"t%zu\", "
		    "\"Percent\": 5}", i ? "," : "", i % 1000);
	dgs_buf_adds(&b, "]");
	ck_assert(!b.oom);
	res = t_lint(b.s);
	ck_assert_uint_eq(t_count(res, "DGS514", &f), n - 1000);
	ck_assert_str_eq(f->pointer, "/1000");
	ck_assert_ptr_nonnull(strstr(f->message, "at /0;"));
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		if (strcmp(f->pointer, "/19999") == 0) {
			ck_assert_ptr_nonnull(strstr(f->message, "at /999;"));
			d++;
		}
	ck_assert_uint_eq(d, 1);
	dgs_result_free(res);
	dgs_buf_free(&b);
}
END_TEST

Suite *subsetting_suite(void);

Suite *
subsetting_suite(void)
{
	Suite *s = suite_create("subsetting");
	TCase *tc;

	tc = tcase_create("where-scanner");
	tcase_add_loop_test(tc, test_scan, 0,
	    sizeof(scan_cases) / sizeof(scan_cases[0]));
	tcase_add_test(tc, test_scan_nul);
	suite_add_tcase(s, tc);
	tc = tcase_create("subsetting-rules");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_loop_test(tc, test_positions, 0,
	    sizeof(pos_cases) / sizeof(pos_cases[0]));
	tcase_add_loop_test(tc, test_where_keyword_near_misses, 0,
	    sizeof(not_where) / sizeof(not_where[0]));
	tcase_add_test(tc, test_license);
	tcase_add_test(tc, test_put_kind);
	tcase_add_test(tc, test_duplicates_many);
	suite_add_tcase(s, tc);
	return s;
}
