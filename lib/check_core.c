/*
 * check_core.c: unit tests of the scanner, the locator, pointers, kind
 * detection, shapes and the engine.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "check_help.h"

/*
 * Syntax errors: position and wording.
 */
static const struct {
	const char	*text;
	unsigned long	 line, col;
	const char	*words;
	const char	*pointer;
} syntax_cases[] = {
	{ "{\"a\": 1,}", 1, 8, "trailing comma", "/a" },
	{ "[1, 2,]", 1, 6, "trailing comma", "/1" },
	{ "{\n  // note\n  \"a\": 1\n}", 2, 3, "comments", "" },
	{ "{\"a\": NaN}", 1, 7, "NaN is not a JSON value", "/a" },
	{ "{'a': 1}", 1, 2, "double quotes", "" },
	{ "{a: 1}", 1, 2, "double quotes", "" },
	{ "{\"a\": True}", 1, 7, "write true", "/a" },
	{ "{\"a\": 01}", 1, 7, "leading zero", "/a" },
	{ "{\"a\": \"x\n\"}", 1, 9, "line break inside a string", "/a" },
	{ "{\"a\": \"\\x\"}", 1, 8, "invalid escape", "/a" },
	{ "{\"a\": 1 \"b\": 2}", 1, 9, "a ',' is missing", "/a" },
	{ "{\"a\": [1, 2}", 1, 12, "does not match", "/a/1" },
	{ "{\"a\": 1", 1, 8, "not closed", "/a" },
	{ "{\"a\": 1} x", 1, 10, "after the end of the document", "" },
	{ "{\"\xc3\xa9\": tru}", 1, 7, "is not a JSON value", "/\xc3\xa9" },
	{ "{\"a\": \"unterminated}", 1, 7, "unterminated string", "/a" },
	{ "{\"a\": +1}", 1, 7, "cannot start with '+'", "/a" },
	{ "{\"a\": .5}", 1, 7, "digit before the '.'", "/a" },
	{ "{\"a\": 0x1F}", 1, 7, "hexadecimal", "/a" },
	{ "{\"a\": 1.}", 1, 7, "digit after the '.'", "/a" },
};

START_TEST(test_syntax)
{
	struct dgs_result *res = t_lint(syntax_cases[_i].text);
	const struct dgs_finding *f = t_only(res, "DGS101");

	ck_assert_uint_eq(f->line, syntax_cases[_i].line);
	ck_assert_uint_eq(f->column, syntax_cases[_i].col);
	ck_assert_msg(strstr(f->message, syntax_cases[_i].words) != NULL,
	    "message \"%s\" lacks \"%s\"", f->message, syntax_cases[_i].words);
	ck_assert_str_eq(f->pointer, syntax_cases[_i].pointer);
	ck_assert_int_eq(f->severity, DGS_SEV_ERROR);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_valid_json_variants)
{
	static const char *const ok[] = {
		"{\"workspaceId\": \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\"}",
		"  {\"workspaceId\":\"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\"}\n\n",
		"[]", "{\"workspaceId\": \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\", \"strictMode\": "
		"\"Not\\u0053trict\"}",
		"{\"workspaceId\": \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\", \"diagnosticLogging\": false}",
	};
	struct dgs_result *res;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		res = t_lint(ok[i]);
		ck_assert_msg(dgs_result_count(res) == 0, "%s: %s", ok[i],
		    dgs_result_count(res) ? dgs_result_get(res, 0)->message :
		    "");
		dgs_result_free(res);
	}
}
END_TEST

START_TEST(test_duplicate_keys)
{
	struct dgs_result *res;
	const struct dgs_finding *f;

	/* An escaped name equals the plain one. */
	res = t_lint("{\"workspaceId\": \"a\",\n \"workspace\\u0049d\": \"b\"}");
	f = t_only(res, "DGS102");
	ck_assert_uint_eq(f->line, 2);
	ck_assert_uint_eq(f->column, 2);
	ck_assert_str_eq(f->pointer, "/workspaceId");
	ck_assert_ptr_nonnull(strstr(f->message, "line 1"));
	dgs_result_free(res);

	/* Same name in different objects is fine. */
	res = t_lint("[{\"schemaName\": \"s\", \"tableName\": \"t\", "
	    "\"issueCode\": \"new_table\"}, {\"schemaName\": \"s\", "
	    "\"tableName\": \"u\", \"issueCode\": \"new_table\"}]");
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_duplicate_keys_many)
{
	/* A large object goes through the hashed path. */
	struct dgs_buf b = { 0 };
	struct dgs_result *res;
	size_t i, n = 0;
	const struct dgs_finding *f;

	dgs_buf_adds(&b, "{");
	for (i = 0; i < 500; i++)
		dgs_buf_addf(&b, "%s\"k%zu\": 1", i ? "," : "", i % 400);
	dgs_buf_adds(&b, "}");
	dgs_options_set_kind(t_opts, DGS_KIND_JOB_START);
	res = t_lint(b.s);
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		n += strcmp(f->rule->id, "DGS102") == 0;
	ck_assert_uint_eq(n, 100);
	dgs_result_free(res);
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_encoding)
{
	struct dgs_result *res;
	const struct dgs_finding *f;
	static const char bom[] = "\xef\xbb\xbf{\"workspaceId\": "
	    "\"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\"}";
	static const char utf16[] = "{\0\"\0a\0\"\0}\0";
	static const char latin1[] = "{\"workspaceId\": \"caf\xe9\"}";

	res = t_lint(bom);
	f = t_only(res, "DGS104");
	ck_assert_uint_eq(f->line, 1);
	ck_assert_uint_eq(f->column, 1);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	dgs_result_free(res);

	ck_assert_int_eq(dgs_lint(t_opts, "t", utf16, sizeof(utf16) - 1, &res),
	    0);
	f = t_only(res, "DGS103");
	ck_assert_ptr_nonnull(strstr(f->message, "UTF-16"));
	dgs_result_free(res);

	res = t_lint(latin1);
	f = t_only(res, "DGS103");
	ck_assert_uint_eq(f->column, 21);
	dgs_result_free(res);

	res = t_lint("  \n\t ");
	t_only(res, "DGS105");
	dgs_result_free(res);

	ck_assert_int_eq(dgs_lint(t_opts, "t", "", 0, &res), 0);
	t_only(res, "DGS105");
	dgs_result_free(res);
}
END_TEST

START_TEST(test_depth)
{
	struct dgs_buf b = { 0 };
	struct dgs_result *res;
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; i < 100000; i++)
		dgs_buf_addc(&b, '[');
	for (i = 0; i < 100000; i++)
		dgs_buf_addc(&b, ']');
	res = t_lint(b.s);
	f = t_only(res, "DGS106");
	ck_assert_uint_eq(f->column, DGS_MAX_DEPTH + 1);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	dgs_result_free(res);
	dgs_buf_free(&b);

	/* Exactly at the limit is fine. */
	for (i = 0; i < DGS_MAX_DEPTH; i++)
		dgs_buf_addc(&b, '[');
	for (i = 0; i < DGS_MAX_DEPTH; i++)
		dgs_buf_addc(&b, ']');
	dgs_options_set_kind(t_opts, DGS_KIND_SCHEMA_CHANGES);
	res = t_lint(b.s);
	for (i = 0; i < dgs_result_count(res); i++)
		ck_assert_str_ne(dgs_result_get(res, i)->rule->id, "DGS106");
	dgs_result_free(res);
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_numbers)
{
	struct dgs_result *res;
	const struct dgs_finding *f;
	size_t i, n = 0;

	res = t_lint("[1e400, -0, 9223372036854775807, -9223372036854775808, "
	    "9223372036854775808, 1.5e10, -9223372036854775809]");
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++) {
		if (strcmp(f->rule->id, "DGS107") != 0)
			continue;
		switch (n++) {
		case 0:
			ck_assert_uint_eq(f->column, 2);
			ck_assert_str_eq(f->pointer, "/0");
			break;
		case 1:
			ck_assert_uint_eq(f->column, 56);
			ck_assert_str_eq(f->pointer, "/4");
			break;
		default:
			ck_assert_str_eq(f->pointer, "/6");
			break;
		}
	}
	ck_assert_uint_eq(n, 3);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_lone_surrogate)
{
	struct dgs_result *res;
	const struct dgs_finding *f;

	res = t_lint("{\"workspaceId\": \"a\\ud800b\"}");
	f = t_only(res, "DGS108");
	ck_assert_uint_eq(f->column, 19);
	dgs_result_free(res);
}
END_TEST

/*
 * Locations of findings on parsed documents.
 */
START_TEST(test_locate_key_and_value)
{
	struct dgs_result *res;
	const struct dgs_finding *f;

	/* Non-ASCII text before the finding counts as one column each. */
	res = t_lint("{\"workspaceId\": \"\xc3\xa9\xc3\xa9\",\n"
	    "  \"strictMode\": 7,\n  \"diagnosticLoging\": true}");
	f = t_only(res, "DGS203");
	ck_assert_uint_eq(f->line, 2);
	ck_assert_uint_eq(f->column, 17);
	ck_assert_uint_eq(f->end_line, 2);
	ck_assert_uint_eq(f->end_column, 18);
	ck_assert_str_eq(f->pointer, "/strictMode");
	f = t_only(res, "DGS204");
	ck_assert_uint_eq(f->line, 3);
	ck_assert_uint_eq(f->column, 3);	/* the name, not the value */
	ck_assert_str_eq(f->pointer, "/diagnosticLoging");
	dgs_result_free(res);
}
END_TEST

START_TEST(test_locate_escaped_pointer)
{
	struct dgs_result *res;
	const struct dgs_finding *f;

	dgs_options_set_kind(t_opts, DGS_KIND_JOB_START);
	res = t_lint("{\"workspaceId\": \"w\", \"a/b~c\": 1}");
	f = t_only(res, "DGS204");
	ck_assert_str_eq(f->pointer, "/a~1b~0c");
	ck_assert_uint_eq(f->column, 22);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_locate_missing_member)
{
	struct dgs_result *res;
	const struct dgs_finding *f;

	/* A required member that is absent: the finding is at its object. */
	res = t_lint("[\n {\"schemaName\": \"s\", \"issueCode\": \"new_table\"}]");
	f = t_only(res, "DGS202");
	ck_assert_str_eq(f->pointer, "/0");
	ck_assert_uint_eq(f->line, 2);
	ck_assert_uint_eq(f->column, 2);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_sorted_and_many)
{
	struct dgs_buf b = { 0 };
	struct dgs_result *res;
	const struct dgs_finding *f, *prev = NULL;
	size_t i;

	/* 10,000 findings, each at the right place, in order. */
	dgs_buf_adds(&b, "[");
	for (i = 0; i < 10000; i++)
		dgs_buf_addf(&b, "%s\n{\"schemaName\": \"s\", \"tableName\": "
		    "\"t%05zu\", \"issueCode\": \"new_table\", \"bogus\": 1}",
		    i ? "," : "", i);
	dgs_buf_adds(&b, "]");
	res = t_lint(b.s);
	ck_assert_uint_eq(dgs_result_count(res), 10000);
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++) {
		ck_assert_uint_eq(f->line, i + 2);
		ck_assert_uint_eq(f->column, 70);
		if (prev != NULL)
			ck_assert_uint_gt(f->line, prev->line);
		prev = f;
	}
	dgs_result_free(res);
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_severity_override)
{
	struct dgs_result *res;

	ck_assert_int_eq(dgs_options_set_severity(t_opts, "unknown-member",
	    DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity(t_opts, "no-such-rule",
	    DGS_SEV_OFF), DGS_EINVAL);
	res = t_lint("{\"workspaceId\": \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\", \"bogus\": 1}");
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS204",
	    DGS_SEV_ERROR), 0);
	res = t_lint("{\"workspaceId\": \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\", \"bogus\": 1}");
	ck_assert_int_eq(dgs_result_get(res, 0)->severity, DGS_SEV_ERROR);
	dgs_result_free(res);
}
END_TEST


START_TEST(test_scoped_severity)
{
	struct dgs_options *dup;
	struct dgs_result *res;
	const char *doc = "[{\"schemaName\": \"s\", \"tableName\": \"a\", "
	    "\"issueCode\": \"new_table\", \"x\": 1},\n"
	    " {\"schemaName\": \"s\", \"tableName\": \"b\", "
	    "\"issueCode\": \"new_table\", \"x\": 1},\n"
	    " {\"schemaName\": \"s\", \"tableName\": \"c\", "
	    "\"issueCode\": \"new_table\", \"x\": 1}]";

	/* Off under /1, an error under /2, the default elsewhere. */
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "unknown-member",
	    "/1", DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204", "/2",
	    DGS_SEV_ERROR), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204", "1",
	    DGS_SEV_ERROR), DGS_EINVAL);
	dup = dgs_options_dup(t_opts);
	ck_assert_ptr_nonnull(dup);
	ck_assert_int_eq(dgs_lint(dup, "t", doc, strlen(doc), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 2);
	ck_assert_str_eq(dgs_result_get(res, 0)->pointer, "/0/x");
	ck_assert_int_eq(dgs_result_get(res, 0)->severity, DGS_SEV_WARNING);
	ck_assert_str_eq(dgs_result_get(res, 1)->pointer, "/2/x");
	ck_assert_int_eq(dgs_result_get(res, 1)->severity, DGS_SEV_ERROR);
	dgs_result_free(res);
	dgs_options_free(dup);

	/* A scope can turn on a rule that is off elsewhere; a prefix is
	 * matched on whole tokens. */
	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS204",
	    DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204", "/0/x",
	    DGS_SEV_INFO), 0);
	ck_assert_int_eq(dgs_lint(t_opts, "t", doc, strlen(doc), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 2);
	ck_assert_int_eq(dgs_result_get(res, 0)->severity, DGS_SEV_INFO);
	dgs_result_free(res);
}
END_TEST

/* What each scope did: one that suppressed a finding, one that its later
 * twin shadows, one under which nothing lies, one whose rule does not
 * run on this kind, and one of a rule turned off. */
START_TEST(test_scope_state)
{
	struct dgs_result *res;
	const char *doc = "[{\"schemaName\": \"s\", \"tableName\": \"a\", "
	    "\"issueCode\": \"new_table\", \"x\": 1}]";
	const char *bad = "[{\"schemaName\": \"s\",]";

	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204",
	    "/0/x", DGS_SEV_INFO), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204",
	    "/0", DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS204",
	    "/1", DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS510",
	    "/0", DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS205",
	    DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS205",
	    "/0", DGS_SEV_OFF), 0);
	ck_assert_int_eq(dgs_options_get_severity(t_opts, "DGS205"),
	    DGS_SEV_OFF);
	ck_assert_int_eq(dgs_options_get_severity(t_opts, "unknown-member"),
	    DGS_SEV_WARNING);
	ck_assert_int_eq(dgs_options_get_severity(t_opts, "nope"),
	    DGS_SEV_OFF);
	ck_assert_int_eq(dgs_lint(t_opts, "t", doc, strlen(doc), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	ck_assert_int_eq(dgs_result_scope(res, 0), DGS_SCOPE_UNUSED);
	ck_assert_int_eq(dgs_result_scope(res, 1), DGS_SCOPE_USED);
	ck_assert_int_eq(dgs_result_scope(res, 2), DGS_SCOPE_UNUSED);
	ck_assert_int_eq(dgs_result_scope(res, 3), DGS_SCOPE_IDLE);
	ck_assert_int_eq(dgs_result_scope(res, 4), DGS_SCOPE_IDLE);
	ck_assert_int_eq(dgs_result_scope(res, 5), DGS_SCOPE_IDLE);
	ck_assert_int_eq(dgs_result_scope(NULL, 0), DGS_SCOPE_IDLE);
	dgs_result_free(res);
	/* A document whose JSON is not read runs no rule of a kind. */
	ck_assert_int_eq(dgs_lint(t_opts, "t", bad, strlen(bad), &res), 0);
	ck_assert_int_eq(dgs_result_scope(res, 2), DGS_SCOPE_IDLE);
	dgs_result_free(res);
}
END_TEST

START_TEST(test_string_index)
{
	/* "a\ud83d\ude00\n\xc3\xa9b": a, U+1F600, LF, e-acute, b. */
	const char *s = "\"a\\ud83d\\ude00\\n\xc3\xa9" "b\"";
	size_t end, len = strlen(s);

	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 0, &end), 1);
	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 1, &end), 2);
	ck_assert_uint_eq(end, 14);
	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 2, &end), 14);
	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 3, &end), 16);
	ck_assert_uint_eq(end, 18);
	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 4, &end), 18);
	/* Past the end: the closing quote. */
	ck_assert_uint_eq(dgs_string_index_offset(s, len, 0, 9, &end), 19);
}
END_TEST

/* The lexer both the scanner and the builder read with: each string
 * body's findings in order (kind and offset), each number's outcome. */
static const struct {
	const char	*text;		/* from the opening quote */
	const char	*events;	/* kind digits, then '.' */
	size_t		 at[4];
} lex_strings[] = {
	{ "\"abc\"", "0", { 4 } },
	{ "\"a\\n\\u00e9\\ud83d\\ude00\"", "0", { 22 } },
	{ "\"\\ud800x\\udc00\"", "120", { 1, 8, 14 } },
	{ "\"\\ud800\\u0041\"", "10", { 1, 13 } },
	{ "\"\xc0\xe9\"", "330", { 1, 2, 3 } },
	{ "\"abc", "4", { 4 } },
	{ "\"ab\\", "4", { 3 } },
	{ "\"\\x\"", "5", { 1 } },
	{ "\"\\u12\"", "6", { 1 } },
	{ "\"\\u12g4\"", "6", { 1 } },
	{ "\"a\tb\"", "7", { 2 } },
	{ "\"0123456789abcdef0123456789\x01\"", "7", { 27 } },
};

START_TEST(test_lex_string)
{
	const unsigned char *s = (const unsigned char *)lex_strings[_i].text;
	const char *ev = lex_strings[_i].events;
	size_t len = strlen((const char *)s), pos = 1, k;
	struct dgs_lexstr x;
	enum dgs_lex_str r;

	x.esc = 0;
	for (k = 0;; k++) {
		ck_assert_int_ne(ev[k], '\0');
		r = dgs_lex_string(s, pos, len, &x);
		ck_assert_int_eq(r, ev[k] - '0');
		ck_assert_uint_eq(x.at, lex_strings[_i].at[k]);
		if (r == DGS_STR_END || r > DGS_STR_BAD_UTF8)
			break;
		pos = x.next;
	}
	ck_assert_int_eq(ev[k + 1], '\0');
}
END_TEST

static const struct {
	const char		*text;
	enum dgs_lex_num	 r;
	size_t			 end;
	int			 big;	/* json-number-range (a double:
					 * enum dgs_num_range) */
} lex_numbers[] = {
	{ "0", DGS_NUM_OK, 1, 0 }, { "-12,", DGS_NUM_OK, 3, 0 },
	{ "1.5e+3]", DGS_NUM_OK, 6, 0 }, { "-1--", DGS_NUM_OK, 2, 0 },
	{ "-", DGS_NUM_NO_DIGIT, 2, 0 }, { "-a", DGS_NUM_NO_DIGIT, 2, 0 },
	{ "0x10", DGS_NUM_HEX, 2, 0 }, { "01", DGS_NUM_LEADING_ZERO, 1, 0 },
	{ "1.", DGS_NUM_NO_FRACTION, 2, 0 }, { "1e+", DGS_NUM_NO_EXPONENT, 3, 0 },
	{ "9223372036854775807", DGS_NUM_OK, 19, 0 },
	{ "9223372036854775808", DGS_NUM_OK, 19, 1 },
	{ "-9223372036854775808", DGS_NUM_OK, 20, 0 },
	{ "-9223372036854775809", DGS_NUM_OK, 20, 1 },
	{ "18446744073709551616", DGS_NUM_OK, 20, 1 },
	{ "1e308", DGS_NUM_OK, 5, 0 }, { "1e309", DGS_NUM_OK, 5, 1 },
	{ "-1E999", DGS_NUM_OK, 6, 1 }, { "1e-999", DGS_NUM_OK, 6, 2 },
	{ "4.9e-324", DGS_NUM_OK, 8, 0 }, { "2e-324", DGS_NUM_OK, 6, 2 },
	{ "1e-310", DGS_NUM_OK, 6, 0 }, { "0e999999999999", DGS_NUM_OK, 14, 0 },
	{ "-0.0e-99999", DGS_NUM_OK, 11, 0 },
	{ "1e-99999999999999999999", DGS_NUM_OK, 23, 2 },
	{ "1e+99999999999999999999", DGS_NUM_OK, 23, 1 },
	{ "1.7976931348623157e308", DGS_NUM_OK, 22, 0 },
	{ "1.7976931348623159e308", DGS_NUM_OK, 22, 1 },
	{ "0.0000000000000000000000000000001e-290", DGS_NUM_OK, 38, 0 },
	{ "1000000000000000000000000000000e-353", DGS_NUM_OK, 36, 0 },
	{ "1000000000000000000000000000000e-356", DGS_NUM_OK, 36, 2 },
};

START_TEST(test_lex_number)
{
	const unsigned char *s = (const unsigned char *)lex_numbers[_i].text;
	struct dgs_lexnum n;

	ck_assert_int_eq(dgs_lex_number(s, 0, strlen((const char *)s), &n),
	    lex_numbers[_i].r);
	ck_assert_uint_eq(n.end, lex_numbers[_i].end);
	if (lex_numbers[_i].r == DGS_NUM_OK)
		ck_assert_int_eq(n.isfloat ? (int)dgs_lex_double_range(s, 0,
		    &n) : dgs_lex_int_big(&n), lex_numbers[_i].big);
}
END_TEST

/* The decimal digits of 5^k (for 2^-k = 5^k / 10^k), into d. */
static size_t
pow5_digits(char *d, size_t size, unsigned k)
{
	size_t n = 1, i;
	unsigned c, v;

	d[0] = 1;	/* least significant first, as values */
	while (k-- > 0) {
		for (i = 0, c = 0; i < n; i++) {
			v = (unsigned)d[i] * 5 + c;
			d[i] = (char)(v % 10);
			c = v / 10;
		}
		if (c > 0 && n < size)
			d[n++] = (char)c;
	}
	for (i = 0; i < n / 2; i++) {
		c = (unsigned)d[i];
		d[i] = d[n - 1 - i];
		d[n - 1 - i] = (char)c;
	}
	for (i = 0; i < n; i++)
		d[i] = (char)('0' + d[i]);
	return n;
}

/* Numbers of many digits are judged by their value: the limits of a
 * double exactly, and past them by a digit after the 800th. */
START_TEST(test_double_range)
{
	/* 2^1024 - 2^970, halfway from DBL_MAX to 2^1024: a tie, which
	 * rounds to 2^1024 (even), infinity. */
	static const char over_tie[] = "1797693134862315807937289714053034150"
	    "7993413271003782693617377898044496829276475094664901797758720709"
	    "6330286416692887910946555547851940402630657488671505820681908902"
	    "0007083836762738548458177115317644757302700698555713669596228429"
	    "1481986083493647529271907416844436551070434271155969950809304288"
	    "0177904174497792";
	struct dgs_buf b = { 0 };
	struct dgs_lexnum n;
	char d[800];
	size_t nd, i;
	enum dgs_num_range want;
	int k;

	for (k = 0; k < 9; k++) {
		b.len = 0;
		dgs_buf_add(&b, "", 0);
		switch (k) {
		case 0:	/* 1 with 600 zeros after the point */
			dgs_buf_adds(&b, "1.");
			for (i = 0; i < 600; i++)
				dgs_buf_addc(&b, '0');
			want = DGS_RANGE_OK;
			break;
		case 1:	/* a 1 at the 401st digit after the point */
			dgs_buf_adds(&b, "-0.");
			for (i = 0; i < 400; i++)
				dgs_buf_addc(&b, '0');
			dgs_buf_adds(&b, "1");
			want = DGS_RANGE_UNDER;
			break;
		case 2:	/* 10^400 */
			dgs_buf_adds(&b, "1");
			for (i = 0; i < 400; i++)
				dgs_buf_addc(&b, '0');
			dgs_buf_adds(&b, ".5");
			want = DGS_RANGE_OVER;
			break;
		case 3:
			dgs_buf_adds(&b, over_tie);
			dgs_buf_adds(&b, ".0");
			want = DGS_RANGE_OVER;
			break;
		case 4:	/* just below the tie: 900 nines after ...791. */
			dgs_buf_add(&b, over_tie, sizeof(over_tie) - 2);
			dgs_buf_adds(&b, "1.");
			for (i = 0; i < 900; i++)
				dgs_buf_addc(&b, '9');
			want = DGS_RANGE_OK;
			break;
		case 5:	/* 2^-1075, half the least double: a tie, to 0 */
		case 6:	/* a little more: a digit past the 800th */
			nd = pow5_digits(d, sizeof(d), 1075);
			ck_assert_uint_eq(nd, 752);
			dgs_buf_adds(&b, "0.");
			for (i = 0; i < 1075 - nd; i++)
				dgs_buf_addc(&b, '0');
			dgs_buf_add(&b, d, nd);
			if (k == 6) {
				for (i = 0; i < 100; i++)
					dgs_buf_addc(&b, '0');
				dgs_buf_addc(&b, '1');
			}
			want = k == 5 ? DGS_RANGE_UNDER : DGS_RANGE_OK;
			break;
		case 7:	/* the same two, as an integer and an exponent */
		case 8:
			nd = pow5_digits(d, sizeof(d), 1075);
			dgs_buf_add(&b, d, nd);
			if (k == 8) {
				for (i = 0; i < 100; i++)
					dgs_buf_addc(&b, '0');
				dgs_buf_addc(&b, '1');
			}
			dgs_buf_adds(&b, k == 7 ? "e-1075" : "E-1176");
			want = k == 7 ? DGS_RANGE_UNDER : DGS_RANGE_OK;
			break;
		}
		ck_assert(!b.oom);
		ck_assert_int_eq(dgs_lex_number((const unsigned char *)b.s, 0,
		    b.len, &n), DGS_NUM_OK);
		ck_assert_uint_eq(n.end, b.len);
		ck_assert_msg(dgs_lex_double_range((const unsigned char *)b.s,
		    0, &n) == want, "case %d", k);
	}
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_lex_word)
{
	const unsigned char *s = (const unsigned char *)"true false,nullx tru";

	ck_assert_uint_eq(dgs_lex_word(s, 0, 20), 4);
	ck_assert_uint_eq(dgs_lex_word(s, 5, 20), 5);
	ck_assert_uint_eq(dgs_lex_word(s, 11, 20), 0);
	ck_assert_uint_eq(dgs_lex_word(s, 17, 20), 0);
	ck_assert_uint_eq(dgs_lex_word(s, 0, 3), 0);
	ck_assert_uint_eq(dgs_lex_ws(s, 4, 20), 5);
}
END_TEST

START_TEST(test_json_position)
{
	const char *doc = "{\n  \"a\": [1,\n    {\"b~/c\": \"\xc3\xa9x\"}]}";
	unsigned long line, col;

	ck_assert_int_eq(dgs_json_position(doc, strlen(doc), "/a/1/b~0~1c",
	    0, &line, &col), 0);
	ck_assert_uint_eq(line, 3);
	ck_assert_uint_eq(col, 14);
	dgs_json_position(doc, strlen(doc), "/a/1/b~0~1c", 1, &line, &col);
	ck_assert_uint_eq(col, 6);
	dgs_json_position(doc, strlen(doc), "/a/7", 0, &line, &col);
	ck_assert_uint_eq(line, 2);	/* the nearest ancestor: /a */
	ck_assert_uint_eq(col, 8);
}
END_TEST

/*
 * Kind detection.
 */
static const struct {
	const char	*text;
	enum dgs_kind	 kind;
} kind_cases[] = {
	{ "{\"schema\":\"s\",\"table\":\"t\",\"links\":[]}",
	    DGS_KIND_REPLACEMENTS },
	{ "[{\"schema\":\"s\",\"table\":\"t\",\"links\":[]}]",
	    DGS_KIND_REPLACEMENTS },
	{ "{\"replacements\":[]}", DGS_KIND_REPLACEMENTS },
	{ "{\"id-1\":{\"schema\":\"s\",\"table\":\"t\",\"links\":[]}}",
	    DGS_KIND_REPLACEMENTS },
	{ "{\"Schema\":\"s\",\"Table\":\"t\",\"Percent\":5}",
	    DGS_KIND_SUBSETTING },
	{ "{\"Percent\":5,\"IgnoreUpstreamTables\":false}",
	    DGS_KIND_SUBSETTING },
	{ "[{\"Schema\":\"s\",\"Table\":\"t\",\"WhereClause\":\"a=1\"}]",
	    DGS_KIND_SUBSETTING },
	{ "[{\"schemaName\":\"s\",\"tableName\":\"t\",\"issueCode\":\"new_table\"}]",
	    DGS_KIND_SCHEMA_CHANGES },
	{ "{\"workspaceId\":\"w\",\"issueCode\":\"new_table\","
	    "\"schemaName\":\"s\",\"tableName\":\"t\"}", DGS_KIND_RESOLUTION },
	{ "{\"issueCode\":\"new_table\",\"schemaName\":\"s\","
	    "\"tableName\":\"t\"}", DGS_KIND_RESOLUTION },
	{ "{\"workspaceId\":\"w\",\"resolutionOption\":\"All\"}",
	    DGS_KIND_RESOLUTION },
	{ "{\"workspaceId\":\"w\",\"strictMode\":\"NotStrict\"}",
	    DGS_KIND_JOB_START },
	{ "{\"name\":\"p\",\"generatorId\":\"NameGenerator\"}",
	    DGS_KIND_PRESET },
	{ "{\"hello\":1}", DGS_KIND_UNKNOWN },
	{ "42", DGS_KIND_UNKNOWN },
	{ "[]", DGS_KIND_UNKNOWN },
};

START_TEST(test_kinds)
{
	struct json_object *o = json_tokener_parse(kind_cases[_i].text);
	const char *why;

	ck_assert_int_eq(dgs_detect.doc(o, &why), kind_cases[_i].kind);
	json_object_put(o);
}
END_TEST

START_TEST(test_kind_unknown_finding)
{
	struct dgs_result *res;

	dgs_options_set_presume(t_opts, 0);
	/* Damaged beyond recognition: the service's words, misspelt. */
	res = t_lint("{\"schema\": \"public\", \"tabel\": \"users\", "
	    "\"lnks\": []}");
	ck_assert_str_eq(t_only(res, "DGS201")->pointer, "");
	ck_assert_int_eq(dgs_result_other(res), 0);
	dgs_result_free(res);
	res = t_lint("[]");	/* a valid empty list of any kind */
	ck_assert_uint_eq(dgs_result_count(res), 0);
	ck_assert_int_eq(dgs_result_other(res), 0);
	dgs_result_free(res);
	/* Other JSON: nothing, unless every document is presumed the
	 * service's. */
	res = t_lint("{\"hello\": 1}");
	ck_assert_uint_eq(dgs_result_count(res), 0);
	ck_assert_int_eq(dgs_result_other(res), 1);
	dgs_result_free(res);
	dgs_options_set_presume(t_opts, 1);
	res = t_lint("{\"hello\": 1}");
	ck_assert_str_eq(t_only(res, "DGS201")->pointer, "");
	ck_assert_int_eq(dgs_result_other(res), 0);
	dgs_result_free(res);
	dgs_options_set_presume(t_opts, 0);
	/* Not strict JSON, read leniently: other JSON, no syntax finding. */
	res = t_lint("{\n  // settings\n  \"strict\": true,\n}");
	ck_assert_uint_eq(dgs_result_count(res), 0);
	ck_assert_int_eq(dgs_result_other(res), 1);
	dgs_result_free(res);
	/* ...but a service document's syntax fault stays. */
	res = t_lint("{\"workspaceId\": \"w\", /* */ }");
	ck_assert_uint_ne(dgs_result_count(res), 0);
	ck_assert_int_eq(dgs_result_other(res), 0);
	dgs_result_free(res);
}
END_TEST

/* Documents that tell no kind: the service's, damaged (1), or other JSON
 * (0).  A real service document is never other JSON: both ways. */
static const struct {
	const char	*text;
	int		 service;
} like_cases[] = {
	{ "{\"lnks\": [], \"table\": \"users\"}", 1 },
	{ "{\"Shema\": \"public\", \"tabel\": \"users\"}", 1 },
	{ "[{\"shema\": \"public\", \"Tabel\": \"t\", \"Pecent\": 5}]", 1 },
	{ "{\"IgnoreUpstreamTable\": true}", 1 },
	{ "{\"workspaceI\": \"w\", \"strictMod\": \"NotStrict\"}", 1 },
	{ "{\"generatorIds\": \"x\", \"schema\": \"s\"}", 1 },
	{ "{\"schemaname\": \"s\", \"tablename\": \"t\"}", 1 },
	{ "{\"resolutionOptions\": \"All\"}", 1 },
	{ "{\"u1\": {\"tabel\": \"t\", \"schema\": \"s\"}}", 1 },
	{ "{\"name\": \"web\", \"version\": \"1.0.0\", \"private\": true, "
	  "\"workspaces\": [\"packages/*\"], \"scripts\": {\"b\": \"tsc\"}, "
	  "\"dependencies\": {\"react\": \"18\"}, \"description\": \"d\"}", 0 },
	{ "{\"compilerOptions\": {\"target\": \"es2020\", \"module\": "
	  "\"esnext\", \"strict\": true, \"paths\": {}}, \"include\": [\"src\"], "
	  "\"exclude\": []}", 0 },
	{ "{\"$schema\": \"https://docs.renovatebot.com/renovate-schema.json\", "
	  "\"extends\": [\"config:recommended\"], \"packageRules\": []}", 0 },
	{ "{\"editor.formatOnSave\": true, \"files.exclude\": {\"**/.git\": "
	  "true}, \"json.schemas\": []}", 0 },
	{ "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": "
	  "\"Feature\", \"id\": 1, \"geometry\": null, \"properties\": "
	  "{\"name\": \"Paris\"}}]}", 0 },
	{ "{\"name\": \"acme/site\", \"require\": {\"php\": \">=8.1\"}, "
	  "\"autoload\": {\"psr-4\": {}}}", 0 },
	{ "{}", 0 },
	{ "[1, 2, 3]", 0 },
	/* A JSON Schema, by its whole shape, whatever it describes. */
	{ "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", "
	  "\"type\": \"object\", \"properties\": {\"schema\": {\"type\": "
	  "\"string\"}, \"table\": {\"type\": \"string\"}, \"column\": "
	  "{\"type\": \"string\"}}, \"required\": [\"table\"]}", 0 },
	/* Not with a member no JSON Schema has. */
	{ "{\"$schema\": \"./replacement.schema.json\", \"type\": \"x\", "
	  "\"tabel\": \"users\", \"shema\": \"public\"}", 1 },
	{ "{\"file\": \"a.json\", \"configuration\": null, \"schema\": "
	  "{\"value\": null, \"from\": \"default\"}, \"excluded\": false, "
	  "\"rules\": [{\"id\": \"DGS001\", \"name\": "
	  "\"unused-suppression\", \"level\": \"warning\"}]}", 0 },
};

START_TEST(test_kind_service_like)
{
	struct json_object *o = json_tokener_parse(like_cases[_i].text);
	const char *why;

	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(dgs_detect.doc(o, &why), DGS_KIND_UNKNOWN);
	ck_assert_msg(dgs_detect.service_like(o) == like_cases[_i].service,
	    "%s", like_cases[_i].text);
	json_object_put(o);
}
END_TEST

/*
 * Utilities.
 */
/* The optimal string alignment distance, cell by cell: what
 * dgs_edit_distance() computes a column at a time. */
static size_t
osa_cells(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d, t[66][66];

	for (i = 0; i <= la; i++)
		t[i][0] = i;
	for (j = 0; j <= lb; j++)
		t[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			d = t[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (t[i - 1][j] + 1 < d)
				d = t[i - 1][j] + 1;
			if (t[i][j - 1] + 1 < d)
				d = t[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && t[i - 2][j - 2] + 1 < d)
				d = t[i - 2][j - 2] + 1;
			t[i][j] = d;
		}
	return t[la][lb];
}

/* Against the cells, on pairs of words of a few letters (so that
 * transpositions and repeats abound) of every length to 64, with every
 * cut-off. */
START_TEST(test_edit_distance_cells)
{
	char a[65], b[65];
	unsigned seed = 12345;
	size_t la, lb, i, n, want, max;

	for (n = 0; n < 20000; n++) {
		seed = seed * 1103515245u + 12345u;
		la = (seed >> 8) % (n % 7 == 0 ? 65 : 12);
		seed = seed * 1103515245u + 12345u;
		lb = n % 3 == 0 ? la : (seed >> 8) % (n % 7 == 0 ? 65 : 12);
		for (i = 0; i < la; i++) {
			seed = seed * 1103515245u + 12345u;
			a[i] = (char)("abcAB\xe9"[(seed >> 10) % 6]);
		}
		a[la] = '\0';
		for (i = 0; i < lb; i++) {
			seed = seed * 1103515245u + 12345u;
			/* b: often a edited a little. */
			b[i] = n % 2 == 0 && i < la && (seed >> 12) % 5 != 0 ?
			    a[i] : (char)("abcAB\xe9"[(seed >> 10) % 6]);
		}
		b[lb] = '\0';
		if (n % 2 == 0 && lb >= 2 && (seed >> 16) % 2 == 0) {
			i = (seed >> 17) % (lb - 1);	/* a transposition */
			a[la] = b[i], b[i] = b[i + 1], b[i + 1] = a[la];
			a[la] = '\0';
		}
		want = osa_cells(a, b);
		for (max = 0; max <= 66; max += max < 4 ? 1 : 31)
			ck_assert_msg(dgs_edit_distance(a, b, max) ==
			    (want > max ? max + 1 : want),
			    "\"%s\" \"%s\" max %zu: %zu, not %zu", a, b, max,
			    dgs_edit_distance(a, b, max), want);
	}
	ck_assert_uint_eq(dgs_edit_distance("ca", "abc", 3), 3);
	ck_assert_uint_eq(dgs_edit_distance("", "abc", 3), 3);
	ck_assert_uint_eq(dgs_edit_distance("abc", "", 3), 3);
	ck_assert_uint_eq(dgs_edit_distance("", "", 0), 0);
}
END_TEST

START_TEST(test_edit_distance)
{
	static const char *const names[] = { "generatorId", "isConsistent",
	    "fallBackLinks", "links" };

	ck_assert_uint_eq(dgs_edit_distance("abc", "abc", 3), 0);
	ck_assert_uint_eq(dgs_edit_distance("abc", "acb", 3), 1);
	ck_assert_uint_eq(dgs_edit_distance("kitten", "sitting", 5), 3);
	ck_assert_uint_eq(dgs_edit_distance("a", "abcdef", 2), 3);
	ck_assert_str_eq(dgs_closest("isConsistant", names, 4),
	    "isConsistent");
	ck_assert_str_eq(dgs_closest("fallBackLink", names, 4),
	    "fallBackLinks");
	ck_assert_str_eq(dgs_closest("GENERATORID", names, 4), "generatorId");
	ck_assert_ptr_null(dgs_closest("workspace", names, 4));
}
END_TEST

/* The public suggester: the command line's "did you mean". */
START_TEST(test_suggest)
{
	static const char *const opts[] = { "fix", NULL, "format", "fail-on",
	    "force-exclude" };

	ck_assert_str_eq(dgs_suggest("formt", opts, 5), "format");
	ck_assert_str_eq(dgs_suggest("FAIL-ON", opts, 5), "fail-on");
	ck_assert_str_eq(dgs_suggest("fxi", opts, 5), "fix");
	ck_assert_ptr_null(dgs_suggest("frobnicate", opts, 5));
	ck_assert_ptr_null(dgs_suggest("", opts, 5));
	ck_assert_ptr_null(dgs_suggest(NULL, opts, 5));
	ck_assert_ptr_null(dgs_suggest("fix", NULL, 0));
}
END_TEST

START_TEST(test_rule_table)
{
	const struct dgs_rule_info *r, *prev = NULL;
	size_t i;
	const char *p;

	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		ck_assert_msg(strlen(r->id) == 6 &&
		    strncmp(r->id, "DGS", 3) == 0, "%s", r->id);
		if (prev != NULL)
			ck_assert_msg(strcmp(prev->id, r->id) < 0,
			    "%s before %s", prev->id, r->id);
		for (p = r->name; *p != '\0'; p++)
			ck_assert_msg((*p >= 'a' && *p <= 'z') ||
			    (*p >= '0' && *p <= '9') || *p == '-', "%s",
			    r->name);
		ck_assert_ptr_eq(dgs_rule_find(r->id), r);
		ck_assert_ptr_eq(dgs_rule_find(r->name), r);
		ck_assert_msg(strlen(r->summary) > 10 &&
		    strchr(r->summary, '"') == NULL, "%s summary", r->id);
		ck_assert_msg(strstr(r->explain, "Bad:") != NULL &&
		    strstr(r->explain, "Good:") != NULL,
		    "%s explanation lacks examples", r->id);
		ck_assert_int_ne(r->severity, DGS_SEV_OFF);
		prev = r;
	}
	ck_assert_uint_eq(i, dgs_rule_count());
}
END_TEST

/*
 * Rules that share a check function: the engine calls it once per node,
 * whichever of them are on, and it reports each of those once.  DGS401,
 * DGS403 and DGS420 are three of the metadata rules sharing one check;
 * DGS401 is the first of them in the table.  Likewise the partition
 * rules.
 */
START_TEST(test_shared_check)
{
	struct dgs_result *res;
	const char *doc = "[{\"name\": \"a\", \"schema\": \"s\", \"table\": "
	    "\"t\", \"links\": [{\"schema\": \"s\", \"table\": \"t\", "
	    "\"column\": \"a\", \"metadata\": {\"generatorId\": "
	    "\"FindAndReplaceGenerator\", \"presetId\": "
	    "\"FindAndReplaceGenerator\", \"find\": \"[A-Z\", \"useRegex\": "
	    "true, \"replace\": \"X\"}}]},\n"
	    " {\"name\": \"b\", \"schema\": \"s\", \"table\": \"t\", "
	    "\"links\": [{\"schema\": \"s\", \"table\": \"t\", \"column\": "
	    "\"b\", \"metadata\": {\"generatorId\": \"NameGenerater\"}}]}]";
	const char *part = "[{\"name\": \"a\", \"schema\": \"s\", \"table\": "
	    "\"t\", \"partitions\": \" c,c\", \"links\": [{\"schema\": \"s\", "
	    "\"table\": \"t\", \"column\": \"a\", \"metadata\": "
	    "{\"generatorId\": \"NameGenerator\"}}]}]";

	dgs_options_set_license(t_opts, DGS_LICENSE_BASIC);
	res = t_lint(doc);
	ck_assert_str_eq(t_only(res, "DGS401")->pointer,
	    "/1/links/0/metadata/generatorId");
	ck_assert_str_eq(t_only(res, "DGS403")->pointer,
	    "/0/links/0/metadata/presetId");
	ck_assert_str_eq(t_only(res, "DGS420")->pointer,
	    "/0/links/0/metadata/find");
	dgs_result_free(res);

	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS401",
	    DGS_SEV_OFF), 0);
	res = t_lint(doc);
	ck_assert_uint_eq(t_count(res, "DGS401", NULL), 0);
	t_only(res, "DGS403");
	t_only(res, "DGS420");
	dgs_result_free(res);

	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS420",
	    DGS_SEV_OFF), 0);
	res = t_lint(doc);
	ck_assert_uint_eq(t_count(res, "DGS420", NULL), 0);
	t_only(res, "DGS403");
	dgs_result_free(res);

	/* On again under one pointer only. */
	ck_assert_int_eq(dgs_options_set_severity_at(t_opts, "DGS401", "/1",
	    DGS_SEV_ERROR), 0);
	res = t_lint(doc);
	ck_assert_int_eq(t_only(res, "DGS401")->severity, DGS_SEV_ERROR);
	t_only(res, "DGS403");
	dgs_result_free(res);

	/* DGS424-427 share the partition list; DGS424 is the first. */
	ck_assert_int_eq(dgs_options_set_severity(t_opts, "DGS424",
	    DGS_SEV_OFF), 0);
	res = t_lint(part);
	ck_assert_uint_eq(t_count(res, "DGS424", NULL), 0);
	t_only(res, "DGS425");
	t_only(res, "DGS426");
	dgs_result_free(res);
}
END_TEST

START_TEST(test_pointer_token)
{
	struct dgs_buf b = { 0 };

	dgs_buf_add_ptr_token(&b, "a/b~c", 5);
	ck_assert_str_eq(b.s, "/a~1b~0c");
	dgs_buf_free(&b);
}
END_TEST

Suite *core_suite(void);

Suite *
core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc;

	tc = tcase_create("json");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_loop_test(tc, test_syntax, 0,
	    sizeof(syntax_cases) / sizeof(syntax_cases[0]));
	tcase_add_test(tc, test_valid_json_variants);
	tcase_add_test(tc, test_duplicate_keys);
	tcase_add_test(tc, test_duplicate_keys_many);
	tcase_add_test(tc, test_encoding);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_lone_surrogate);
	tcase_add_loop_test(tc, test_lex_string, 0,
	    sizeof(lex_strings) / sizeof(lex_strings[0]));
	tcase_add_loop_test(tc, test_lex_number, 0,
	    sizeof(lex_numbers) / sizeof(lex_numbers[0]));
	tcase_add_test(tc, test_double_range);
	tcase_add_test(tc, test_lex_word);
	suite_add_tcase(s, tc);

	tc = tcase_create("locate");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_locate_key_and_value);
	tcase_add_test(tc, test_locate_escaped_pointer);
	tcase_add_test(tc, test_locate_missing_member);
	tcase_add_test(tc, test_sorted_and_many);
	tcase_add_test(tc, test_severity_override);
	tcase_add_test(tc, test_scoped_severity);
	tcase_add_test(tc, test_scope_state);
	tcase_add_test(tc, test_shared_check);
	tcase_add_test(tc, test_json_position);
	tcase_add_test(tc, test_string_index);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("kinds");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_loop_test(tc, test_kinds, 0,
	    sizeof(kind_cases) / sizeof(kind_cases[0]));
	tcase_add_test(tc, test_kind_unknown_finding);
	tcase_add_loop_test(tc, test_kind_service_like, 0,
	    (int)(sizeof(like_cases) / sizeof(like_cases[0])));
	suite_add_tcase(s, tc);

	tc = tcase_create("util");
	tcase_add_test(tc, test_edit_distance);
	tcase_add_test(tc, test_edit_distance_cells);
	tcase_add_test(tc, test_suggest);
	tcase_add_test(tc, test_rule_table);
	tcase_add_test(tc, test_pointer_token);
	suite_add_tcase(s, tc);
	return s;
}
