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

START_TEST(test_apply_inserts_one_offset)
{
	/* Insertions at one offset (dgs_fix_append()'s, after an array's
	 * last element) all apply, in the order of their texts whatever
	 * the order of their findings. */
	static const struct dgs_edit e[] = {
		{ 2, 2, ",c", 2, 0, 0, 0, 0 },
		{ 2, 2, ",b", 2, 0, 0, 0, 0 },
		{ 2, 2, ",c", 2, 0, 0, 0, 0 },
	};
	enum dgs_fix_safety s[] = { DGS_FIX_UNSAFE, DGS_FIX_UNSAFE,
	    DGS_FIX_UNSAFE };
	struct dgs_fix fx[3];
	struct dgs_result *res = fake(e, s, fx, 3);
	char *out;
	size_t len, n;

	ck_assert_int_eq(dgs_fix_apply(res, "[a]", 3, 1, &out, &len, &n), 0);
	ck_assert_str_eq(out, "[a,b,c]");
	ck_assert_uint_eq(n, 3);
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

/*
 * The diff before it took linear time (a search of every pair of lines
 * by rising distance after each difference, and each hunk's line numbers
 * counted from the start): dgs_diff() must give the same bytes.
 */
struct ref_line {
	const char	*s;
	size_t		 n;
};

static size_t
ref_split(const char *s, size_t len, struct ref_line *v)
{
	const char *nl;
	size_t n = 0, pos = 0;

	while (pos < len) {
		nl = memchr(s + pos, '\n', len - pos);
		v[n].s = s + pos;
		v[n].n = nl != NULL ? (size_t)(nl - s) + 1 - pos : len - pos;
		pos += v[n++].n;
	}
	return n;
}

static int
ref_eq(const struct ref_line *a, const struct ref_line *b)
{
	return a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

static void
ref_line(struct dgs_buf *b, char op, const struct ref_line *l)
{
	dgs_buf_addc(b, op);
	dgs_buf_add(b, l->s, l->n);
	if (l->n == 0 || l->s[l->n - 1] != '\n')
		dgs_buf_adds(b, "\n\\ No newline at end of file\n");
}

static void
ref_diff(const char *name, const char *a, size_t alen, const char *b,
    size_t blen, struct dgs_buf *d)
{
	struct ref_line *x = calloc(alen + 1, sizeof(*x)),
	    *y = calloc(blen + 1, sizeof(*y));
	char *op = malloc(alen + blen + 1);
	size_t *ix = malloc((alen + blen + 1) * sizeof(*ix));
	size_t nx, ny, i = 0, j = 0, nops = 0, k, da, db, q;
	size_t h0, h1, c, xs, ys, xn, yn, e;
	int found;

	ck_assert(x != NULL && y != NULL && op != NULL && ix != NULL);
	nx = ref_split(a, alen, x);
	ny = ref_split(b, blen, y);
	while (i < nx || j < ny) {
		if (i < nx && j < ny && ref_eq(&x[i], &y[j])) {
			op[nops] = ' ';
			ix[nops++] = i;
			i++, j++;
			continue;
		}
		found = 0;
		da = nx - i, db = ny - j;
		for (k = 1; k <= 2048 && k <= da + db && !found; k++)
			for (q = 0; q <= k && !found; q++)
				if (q < da && k - q < db &&
				    ref_eq(&x[i + q], &y[j + k - q])) {
					da = q, db = k - q;
					found = 1;
				}
		for (q = 0; q < da; q++) {
			op[nops] = '-';
			ix[nops++] = i++;
		}
		for (q = 0; q < db; q++) {
			op[nops] = '+';
			ix[nops++] = j++;
		}
	}
	dgs_buf_add(d, "", 0);
	for (h0 = 0; h0 < nops; h0 = h1) {
		while (h0 < nops && op[h0] == ' ')
			h0++;
		if (h0 == nops)
			break;
		for (h1 = h0, e = h0; h1 < nops; h1++) {
			if (op[h1] != ' ') {
				e = h1;
				continue;
			}
			if (h1 - e > 6)
				break;
		}
		h1 = e + 1;
		h0 = h0 >= 3 ? h0 - 3 : 0;
		for (c = 0; c < 3 && h1 < nops && op[h1] == ' '; c++)
			h1++;
		xs = ys = 0;
		for (k = 0; k < h0; k++) {
			if (op[k] != '+')
				xs++;
			if (op[k] != '-')
				ys++;
		}
		xn = yn = 0;
		for (k = h0; k < h1; k++) {
			if (op[k] != '+')
				xn++;
			if (op[k] != '-')
				yn++;
		}
		if (d->len == 0)
			dgs_buf_addf(d, "--- %s\n+++ %s\n", name, name);
		dgs_buf_addf(d, "@@ -%zu,%zu +%zu,%zu @@\n",
		    xn ? xs + 1 : xs, xn, yn ? ys + 1 : ys, yn);
		for (k = h0; k < h1; k++)
			ref_line(d, op[k], op[k] == '+' ? &y[ix[k]] :
			    &x[ix[k]]);
	}
	free(x);
	free(y);
	free(op);
	free(ix);
}

/* Random texts of lines from a few (so that lines repeat and the nearest
 * equal pair is often not the first met), the second made from the first
 * by edits of every size, some past 2,048 lines; and texts whose lines
 * all differ. */
START_TEST(test_diff_same_as_before)
{
	static const char *const words[] = { "a\n", "b\n", "c\n", "{\n",
	    "}\n", "  \"x\": 1,\n", "\n", "d", "a\r\n" };
	struct dgs_buf a = { 0 }, b = { 0 }, want = { 0 };
	uint64_t r = 0x9e3779b97f4a7c15ULL ^ (uint64_t)_i;
	size_t n, i, len, m, w;
	char *got;

#define RND(k) \
	(r ^= r << 13, r ^= r >> 7, r ^= r << 17, (size_t)(r % (k)))
	n = _i < 40 ? 1 + RND(60) : 1000 + RND(5000);
	w = _i % 3 == 0 ? 3 : sizeof(words) / sizeof(words[0]);
	dgs_buf_add(&a, "", 0);
	dgs_buf_add(&b, "", 0);
	for (i = 0; i < n; i++) {
		if (_i % 7 == 6)	/* every line its own */
			dgs_buf_addf(&a, "%zu\n", i);
		else
			dgs_buf_adds(&a, words[RND(w)]);
	}
	/* b: a's lines, with runs deleted, replaced or added. */
	for (i = 0; i < a.len; i += len) {
		len = (size_t)((const char *)memchr(a.s + i, '\n',
		    a.len - i) != NULL ? (size_t)((const char *)memchr(a.s + i,
		    '\n', a.len - i) - (a.s + i)) + 1 : a.len - i);
		switch (RND(_i < 40 ? 6 : 200)) {
		case 0:		/* dropped */
			break;
		case 1:		/* replaced by a few, or by many */
			for (m = RND(3) == 0 ? 2100 + RND(300) : 1 + RND(4);
			    m > 0; m--)
				if (_i % 7 == 6)
					dgs_buf_addf(&b, "new %zu %zu\n", i, m);
				else
					dgs_buf_adds(&b, words[RND(w)]);
			break;
		case 2:		/* a line added before it */
			dgs_buf_adds(&b, words[RND(w)]);
			/* FALLTHROUGH */
		default:
			dgs_buf_add(&b, a.s + i, len);
			break;
		}
	}
	ck_assert(!a.oom && !b.oom);
	ref_diff("f", a.s, a.len, b.s, b.len, &want);
	ck_assert_int_eq(dgs_diff("f", a.s, a.len, b.s, b.len, &got, &len),
	    0);
	ck_assert_uint_eq(len, want.len);
	ck_assert_msg(memcmp(got, want.s, len) == 0, "case %d differs", _i);
	free(got);
	/* And the other way round. */
	want.len = 0;
	ref_diff("f", b.s, b.len, a.s, a.len, &want);
	ck_assert_int_eq(dgs_diff("f", b.s, b.len, a.s, a.len, &got, &len),
	    0);
	ck_assert_uint_eq(len, want.len);
	ck_assert_msg(memcmp(got, want.s, len) == 0, "case %d reversed "
	    "differs", _i);
	free(got);
	dgs_buf_free(&a);
	dgs_buf_free(&b);
	dgs_buf_free(&want);
#undef RND
}
END_TEST

Suite *fix_suite(void);

Suite *
fix_suite(void)
{
	Suite *s = suite_create("fix");
	TCase *tc = tcase_create("fix");

	tcase_add_test(tc, test_apply_overlap);
	tcase_add_test(tc, test_apply_inserts_one_offset);
	tcase_add_test(tc, test_fix_rounds_bytes);
	tcase_add_test(tc, test_fix_located);
	tcase_add_test(tc, test_diff);
	tcase_add_loop_test(tc, test_diff_same_as_before, 0, 60);
	suite_add_tcase(s, tc);
	return s;
}
