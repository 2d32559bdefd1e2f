/*
 * check_build.c: dgs_build() makes the tree json-c's tokenizer makes, on
 * the edge cases of numbers, escapes and names, and on every document
 * under testdata/ that the scanner accepts.
 */
#define _XOPEN_SOURCE 700	/* nftw() */
#include <sys/mman.h>

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dgs_int.h"

/* json-c's tree of text, strict, as dgslint asks for it. */
static struct json_object *
tokenize(const char *text, size_t len, int *ok)
{
	struct json_tokener *tok = json_tokener_new_ex(DGS_MAX_DEPTH + 1);
	struct json_object *o;

	ck_assert_ptr_nonnull(tok);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	o = json_tokener_parse_ex(tok, text, (int)len);
	if (o == NULL && json_tokener_get_error(tok) == json_tokener_continue)
		o = json_tokener_parse_ex(tok, "", 1);
	*ok = json_tokener_get_error(tok) == json_tokener_success;
	json_tokener_free(tok);
	return o;
}

/* 1 when the scanner accepts text as well-formed JSON, of which json-c
 * makes the builder's tree: no name holds U+0000, which json-c cuts. */
static int
scanned(const char *text, size_t len, size_t *start)
{
	struct dgs_result *res = calloc(1, sizeof(*res));
	struct dgs_options *opts = dgs_options_new();
	size_t i;
	int rc;

	ck_assert_ptr_nonnull(res);
	ck_assert_ptr_nonnull(opts);
	rc = dgs_scan(res, opts, text, len, start);
	for (i = 0; i < res->nitems; i++)
		if (res->items[i].rule == DGS_R_JSON_NUL_IN_NAME)
			rc = 1;
	dgs_result_free(res);
	dgs_options_free(opts);
	return rc == 0;
}

/*
 * dgs_build_doc() takes exactly the texts the scanner has nothing to
 * say about and dgs_build() makes, into the same tree, with the same
 * spans.  Returns its result.
 */
static int
doc_agrees(const char *text, size_t len)
{
	struct dgs_result *res = calloc(1, sizeof(*res));
	struct dgs_options *opts = dgs_options_new();
	struct dgs_spans scanned = { NULL, 0, 0, NULL, 0 },
	    built = { NULL, 0, 0, NULL, 0 };
	struct dgs_keys *keys = dgs_keys_new(), *keys2 = dgs_keys_new();
	struct json_object *doc, *mine = NULL;
	size_t start = 0;
	int clean, drc, brc = 1;

	ck_assert_ptr_nonnull(res);
	ck_assert_ptr_nonnull(opts);
	ck_assert_ptr_nonnull(keys);
	ck_assert_ptr_nonnull(keys2);
	clean = dgs_scan_spans(res, opts, text, len, &start, &scanned) == 0 &&
	    res->nitems == 0;
	drc = dgs_build_doc(keys, text, len, &doc, &built);
	ck_assert_int_ge(drc, 0);
	if (clean)
		brc = dgs_build(keys2, text, len, start, &mine);
	if (drc == 0) {
		ck_assert_msg(clean, "taken, but the scanner reports: %.60s",
		    text);
		ck_assert_int_eq(brc, 0);
		ck_assert_msg(dgs_tree_same(doc, mine), "a different tree: "
		    "%.60s", text);
		ck_assert_uint_eq(built.n, scanned.n);
		ck_assert(built.n == 0 || memcmp(built.v, scanned.v,
		    2 * built.n * sizeof(*built.v)) == 0);
	} else {
		ck_assert_ptr_null(doc);
		ck_assert_uint_eq(built.n, 0);
		ck_assert_msg(!clean || brc != 0, "clean JSON refused: "
		    "%.60s", text);
	}
	json_object_put(doc);
	json_object_put(mine);
	dgs_keys_free(keys);
	dgs_keys_free(keys2);
	free(scanned.v);
	free(built.v);
	dgs_result_free(res);
	dgs_options_free(opts);
	return drc;
}

/* Builds text and compares it with json-c's tree; returns dgs_build()'s
 * result (1: left to json-c). */
static int
same_as_json_c(const char *text, size_t len)
{
	struct dgs_keys *keys = dgs_keys_new();
	struct json_object *mine, *theirs;
	size_t start = 0;
	int ok, rc;

	ck_assert_ptr_nonnull(keys);
	ck_assert_msg(scanned(text, len, &start), "not JSON: %.60s", text);
	theirs = tokenize(text + start, len - start, &ok);
	ck_assert_msg(ok, "json-c rejects %.60s", text);
	rc = dgs_build(keys, text, len, start, &mine);
	ck_assert_int_ge(rc, 0);
	if (rc == 0)
		ck_assert_msg(dgs_tree_same(mine, theirs),
		    "a different tree: %.200s", text);
	else
		ck_assert_ptr_null(mine);
	json_object_put(mine);
	json_object_put(theirs);
	dgs_keys_free(keys);
	return rc;
}

static const char *const built[] = {
	"0", "-0", "7", "-7", "9223372036854775807", "-9223372036854775808",
	"9223372036854775808", "18446744073709551615", "1.5", "-0.0",
	"1e5", "1E+5", "2.50e-3", "1e-300", "123456789012345678.25",
	"true", "false", "null", "\"\"", "\"plain\"", "\"caf\xc3\xa9\"",
	"\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\\u20ac\\ud83d\\ude00\"",
	"\"a\\u0000b\"", "\"lone \\ud800 high\"", "\"lone \\udc00 low\"",
	"\"\\ud800\\u0041\"", "\"bad \xff byte\"",
	"{}", "[]", "[null, null]", "{\"a\": null}", "[[], {}, [[]]]",
	" \t\r\n{ \"a\" : [ 1 , 2 ] , \"b\" : { } } \n",
	/* Duplicate names: the last value, at the first name's place. */
	"{\"a\": 1, \"b\": 2, \"a\": 3}",
	"{\"a\": {\"x\": 1}, \"a\": [2]}",
	/* More names than the builder tracks itself, then a duplicate. */
	"{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,"
	"\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,"
	"\"k14\":14,\"k15\":15,\"k16\":16,\"k17\":17,\"k1\":\"again\","
	"\"k17\":\"again\"}",
	/* Escaped names, equal to plain ones once decoded. */
	"{\"name\": 1, \"n\\u0061me\": 2}",
	"{\"\\ud83d\\ude00\": true, \"\": false}",
	"[{\"name\": \"x\"}, {\"name\": \"y\", \"columns\": [{\"name\": 1}]}]",
};

START_TEST(test_edge_cases)
{
	ck_assert_int_eq(same_as_json_c(built[_i], strlen(built[_i])), 0);
	(void)doc_agrees(built[_i], strlen(built[_i]));
}
END_TEST

/* Numbers whose json-c form differs between json-c versions, or that the
 * builder does not read itself: each is made by json-c's tokenizer, that
 * number alone, in the builder's tree.  Out of range (json-number-range),
 * the one-pass build leaves them to the scanner; in range, it takes
 * them. */
static const struct {
	const char	*text;
	int		 range;	/* json-number-range reports it */
} left[] = {
	{ "18446744073709551616", 1 }, { "-9223372036854775809", 1 },
	{ "1e400", 1 }, { "-1e400", 1 }, { "[1e-400]", 1 },
	{ "[1, {\"a\": 99999999999999999999999}]", 1 },
	{ "{\"a\": 1e-310, \"b\": 4.9e-324}", 0 },
	{ "[1.0000000000000000000000000000000000000000000000000000000000000"
	    "000000000000000000000000000000000000000000000000000000000000001]",
	    0 },
};

START_TEST(test_left_to_json_c)
{
	const char *t = left[_i].text;

	ck_assert_int_eq(same_as_json_c(t, strlen(t)), 0);
	ck_assert_int_eq(doc_agrees(t, strlen(t)), left[_i].range);
}
END_TEST

/* What the one-pass build leaves to the scanner, and what it takes. */
static const char *const refused[] = {
	"", "  \n", "\xef\xbb\xbf{}", "{\"a\": 1, \"a\": 2}", "[1,]",
	"{\"a\": 1,}", "[01]", "[1.]", "[-]", "[.5]", "[+1]", "[0x10]",
	"[1e]", "[1e+]", "[tru]", "[truex]", "[nulll]", "[True]", "[nul",
	"\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
	"\"\\u12\"", "\"\\x\"", "\"a\tb\"", "\"a\nb\"", "\"\xc0\xaf\"",
	"\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x82\"",
	"[9223372036854775808]", "[-9223372036854775809]", "[1e999]",
	"[1e-999]", "{} x", "{} {}", "{\"a\" 1}", "{a: 1}", "[1 2]",
	"\"abc", "{\"a\": 1", "[1, 2", "{\"a\"}", "{,}", "[,]", "}",
	"{\"a\": 1]", "[1}", "{'a': 1}", "// c\n{}", "{} // c", "[NaN]",
	"[\"a\" \"b\"]", "{\"\\u0061\": 1, \"a\": 2}",
	/* Number characters past a number (the fuzzer's first find). */
	"[-1--]", "{\"n\": -1--}", "[1-2]", "[1.5.2]", "[1e5e5]", "[1e+5+]",
	"[0-1]", "[2.5E-3-]", "-1--", "1+",
	"{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,"
	"\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,"
	"\"k14\":14,\"k15\":15,\"k16\":16,\"k17\":17,\"k17\":0}",
	"{\"a\\u0000b\": 1, \"a\\u0000c\": 2}",
};

START_TEST(test_doc_refused)
{
	ck_assert_int_eq(doc_agrees(refused[_i], strlen(refused[_i])), 1);
}
END_TEST

/* U+0000 is held as C0 80 in names and values, where json-c cuts a name
 * (and so takes "a\u0000b" for "a") and keeps a NUL in a value: the two
 * names stay two members, neither is "a" but the second, and the
 * one-pass build leaves a name with U+0000 to the scanner, which reports
 * it at its \u0000 with the name whole in its pointer. */
START_TEST(test_nul_held)
{
	const char text[] = "{\"a\\u0000b\": 1, \"a\": \"x\\u0000y\"}";
	struct dgs_keys *keys = dgs_keys_new();
	struct dgs_result *res;
	struct dgs_options *opts = dgs_options_new();
	struct json_object *o, *theirs;
	struct lh_entry *e;
	size_t start = 0;
	int ok;

	ck_assert_int_eq(dgs_build(keys, text, sizeof(text) - 1, 0, &o), 0);
	ck_assert_int_eq(json_object_object_length(o), 2);
	e = json_object_get_object(o)->head;
	ck_assert_str_eq((const char *)lh_entry_k(e), "a\xc0\x80" "b");
	ck_assert_int_eq(json_object_get_int(dgs_get(o, "a\xc0\x80" "b")), 1);
	ck_assert_str_eq(dgs_get_str(o, "a"), "x\xc0\x80" "y");
	ck_assert_int_eq(json_object_get_string_len(dgs_get(o, "a")), 4);
	ck_assert_ptr_null(dgs_get(o, "ab"));
	/* json-c: one member "a", the NUL in the value. */
	theirs = tokenize(text, sizeof(text) - 1, &ok);
	ck_assert(ok);
	ck_assert_int_eq(json_object_object_length(theirs), 1);
	ck_assert_int_eq(json_object_get_string_len(dgs_get(theirs, "a")), 3);
	ck_assert(!dgs_tree_same(o, theirs));
	ck_assert(dgs_tree_same(dgs_get(o, "a"), dgs_get(theirs, "a")));
	json_object_put(theirs);
	json_object_put(o);
	ck_assert_int_eq(doc_agrees(text, sizeof(text) - 1), 1);
	/* The scanner: json-nul-in-name at the \u0000, the name whole. */
	ck_assert_ptr_nonnull(res = calloc(1, sizeof(*res)));
	ck_assert_int_eq(dgs_scan(res, opts, text, sizeof(text) - 1, &start),
	    0);
	ck_assert_uint_eq(res->nitems, 1);
	ck_assert_int_eq(res->items[0].rule, DGS_R_JSON_NUL_IN_NAME);
	ck_assert_uint_eq(res->items[0].offset, 3);
	ck_assert_uint_eq(res->items[0].end, 9);
	ck_assert_str_eq(res->items[0].pointer, "/a\xc0\x80" "b");
	dgs_result_free(res);
	dgs_options_free(opts);
	dgs_keys_free(keys);
}
END_TEST

/* The locator finds a member whose name holds U+0000 by its whole name,
 * and the member "a" as itself, not as the other's beginning. */
START_TEST(test_nul_located)
{
	const char text[] = "{\"a\\u0000b\": 1,\n \"a\": 2, \"a\\u0000\": 3}";
	unsigned long line, col;

	ck_assert_int_eq(dgs_json_position(text, sizeof(text) - 1,
	    "/a\xc0\x80" "b", 0, &line, &col), 0);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 14);
	ck_assert_int_eq(dgs_json_position(text, sizeof(text) - 1, "/a", 1,
	    &line, &col), 0);
	ck_assert_uint_eq(line, 2);
	ck_assert_uint_eq(col, 2);
	ck_assert_int_eq(dgs_json_position(text, sizeof(text) - 1,
	    "/a\xc0\x80", 0, &line, &col), 0);
	ck_assert_uint_eq(line, 2);
	ck_assert_uint_eq(col, 21);
}
END_TEST

/* A memory-mapped document cut short after it was scanned: the pages lost
 * read as zeros (cli/repo/mapfile.c maps zeroed pages over them).  The
 * elements' spans, recorded before, point into the zeros; locating a finding in
 * each must not scan the zeros to the end for each (these 40,000
 * elements took minutes): it stops at the first NUL.  In a test case of
 * its own, of 10 seconds. */
START_TEST(test_cut_short_located)
{
	enum { N = 40000, W = 200 };
	size_t len = 1 + (size_t)N * W + 1, i, off;
	char *text = malloc(len + 1);
	struct dgs_spans sp = { 0 };
	struct dgs_result res;
	struct dgs_item *items = calloc(N, sizeof(*items));
	struct dgs_finding *f = calloc(N, sizeof(*f));
	char ptr[32];

	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(items);
	ck_assert_ptr_nonnull(f);
	text[0] = '[';
	for (i = 0; i < N; i++) {
		off = 1 + i * W;
		memset(text + off, ' ', W);
		memcpy(text + off, "{\"a\": 1}", 8);
		text[off + W - 1] = i + 1 < N ? ',' : ' ';
		ck_assert_int_eq(dgs_spans_add(&sp, off, 0), 0);
		ck_assert_int_eq(dgs_spans_add(&sp, off + 8, 1), 0);
		snprintf(ptr, sizeof(ptr), "/%zu/a", i);
		items[i].pointer = strdup(ptr);
		items[i].at = DGS_AT_VALUE;
		items[i].str_index = -1;
	}
	text[len - 1] = ']';
	text[len] = '\0';
	/* Cut short after the first ten elements. */
	memset(text + 1 + 10 * W, 0, len - 1 - 10 * W);
	memset(&res, 0, sizeof(res));
	res.items = items;
	res.nitems = N;
	res.findings = f;
	res.nfindings = N;
	ck_assert_int_eq(dgs_locate_spans(&res, text, len, 0, &sp), 0);
	ck_assert_uint_eq(f[3].line, 1);
	ck_assert_uint_eq(f[3].column, 1 + 3 * W + 6 + 1);
	for (i = 0; i < N; i++)
		free(items[i].pointer);
	free(items);
	free(f);
	free(sp.v);
	free(text);
}
END_TEST

/* 512 levels are built; 513 are too deep. */
START_TEST(test_doc_depth)
{
	char text[2 * 513 + 1];
	size_t i;

	for (i = 0; i < 512; i++) {
		text[i] = '[';
		text[512 + i] = ']';
	}
	ck_assert_int_eq(doc_agrees(text, 1024), 0);
	for (i = 0; i < 513; i++) {
		text[i] = '[';
		text[513 + i] = ']';
	}
	ck_assert_int_eq(doc_agrees(text, 1026), 1);
}
END_TEST

START_TEST(test_byte_order_mark)
{
	const char text[] = "\xef\xbb\xbf{\"a\": [1]}";

	ck_assert_int_eq(same_as_json_c(text, sizeof(text) - 1), 0);
}
END_TEST

/* Names are interned once per document. */
START_TEST(test_names_interned)
{
	const char text[] = "[{\"name\": 1}, {\"name\": 2}]";
	struct dgs_keys *keys = dgs_keys_new();
	struct json_object *o;
	struct lh_entry *a, *b;

	ck_assert_int_eq(dgs_build(keys, text, sizeof(text) - 1, 0, &o), 0);
	a = json_object_get_object(json_object_array_get_idx(o, 0))->head;
	b = json_object_get_object(json_object_array_get_idx(o, 1))->head;
	ck_assert_ptr_eq(lh_entry_k(a), lh_entry_k(b));
	json_object_put(o);
	dgs_keys_free(keys);
}
END_TEST

/* Short string values and booleans are shared within a document: one
 * object, a reference for each member that holds it, decoded text
 * included; long ones are not.  Tree and keys are freed in either
 * order (ASan and valgrind see the counts). */
START_TEST(test_values_shared)
{
	char text[512];
	struct dgs_keys *keys = dgs_keys_new();
	struct json_object *o, *a, *b;
	char long_text[100];

	memset(long_text, 'x', sizeof(long_text) - 1);
	long_text[sizeof(long_text) - 1] = '\0';
	snprintf(text, sizeof(text), "[{\"s\": \"public\", \"t\": true, "
	    "\"f\": false, \"l\": \"%s\"}, {\"s\": \"p\\u0075blic\", "
	    "\"t\": true, \"f\": false, \"l\": \"%s\", \"u\": "
	    "\"public\"}]", long_text, long_text);
	ck_assert_int_eq(same_as_json_c(text, strlen(text)), 0);
	ck_assert_int_eq(dgs_build(keys, text, strlen(text), 0, &o), 0);
	a = json_object_array_get_idx(o, 0);
	b = json_object_array_get_idx(o, 1);
	ck_assert_ptr_eq(dgs_get(a, "s"), dgs_get(b, "s"));
	ck_assert_ptr_eq(dgs_get(a, "s"), dgs_get(b, "u"));
	ck_assert_ptr_eq(dgs_get(a, "t"), dgs_get(b, "t"));
	ck_assert_ptr_eq(dgs_get(a, "f"), dgs_get(b, "f"));
	ck_assert_ptr_ne(dgs_get(a, "t"), dgs_get(a, "f"));
	ck_assert_ptr_ne(dgs_get(a, "l"), dgs_get(b, "l"));
	ck_assert_str_eq(dgs_get_str(b, "s"), "public");
	if (_i == 0) {
		json_object_put(o);
		dgs_keys_free(keys);
	} else {
		/* The shared values outlive the keys; the names do not. */
		dgs_keys_free(keys);
		json_object_put(o);
	}
}
END_TEST

/* A member name of a shape is interned as the shape's own string, so
 * that a lookup by the same literal matches by address; a lookup by a
 * copy of the text still finds it, as does one in json-c's own tree. */
START_TEST(test_names_known)
{
	const char text[] = "{\"generatorId\": \"X\", \"zz\": 1}";
	const struct dgs_member *m;
	struct dgs_keys *keys = dgs_keys_new();
	struct json_object *o, *theirs;
	const char *shape_name = NULL, *k;
	char copy[] = "generatorId";
	size_t node;
	int ok;

	ck_assert_int_eq(dgs_build(keys, text, sizeof(text) - 1, 0, &o), 0);
	k = json_object_get_object(o)->head->k;
	/* One of the shapes' strings (a sanitizer's build keeps each
	 * literal apart, so it need not be the metadata shape's). */
	for (node = 0; node < DGS_NODE_MAX; node++)
		if (dgs_nodes[node].shape != NULL)
			for (m = dgs_nodes[node].shape->members;
			    m->name != NULL; m++)
				if (m->name == k)
					shape_name = m->name;
	ck_assert_ptr_nonnull(shape_name);
	ck_assert_str_eq(dgs_get_str(o, copy), "X");
	ck_assert_str_eq(dgs_get_str(o, "generatorId"), "X");
	ck_assert_ptr_nonnull(dgs_get(o, "zz"));
	ck_assert_ptr_null(dgs_get(o, "generatorid"));
	theirs = tokenize(text, sizeof(text) - 1, &ok);
	ck_assert(ok);
	ck_assert_str_eq(dgs_get_str(theirs, shape_name), "X");
	ck_assert_str_eq(dgs_get_str(theirs, copy), "X");
	json_object_put(theirs);
	json_object_put(o);
	dgs_keys_free(keys);
}
END_TEST

/* The comparison itself tells trees apart. */
static const char *const differ[][2] = {
	{ "{\"a\": 1, \"b\": 2}", "{\"b\": 2, \"a\": 1}" },
	{ "{\"a\": 1}", "{\"a\": 1, \"b\": 2}" },
	{ "[1.0]", "[1.00]" },
	{ "[1]", "[1.0]" },
	{ "[9223372036854775807]", "[9223372036854775806]" },
	{ "[\"a\"]", "[\"a\\u0000\"]" },
	{ "[null]", "[false]" },
	{ "[[1]]", "[[1, 2]]" },
};

START_TEST(test_trees_differ)
{
	struct json_object *a, *b;
	int ok;

	a = tokenize(differ[_i][0], strlen(differ[_i][0]), &ok);
	b = tokenize(differ[_i][1], strlen(differ[_i][1]), &ok);
	ck_assert(dgs_tree_same(a, a));
	ck_assert(!dgs_tree_same(a, b));
	ck_assert(!dgs_tree_same(b, a));
	json_object_put(a);
	json_object_put(b);
}
END_TEST

/*
 * A document linted with one thread and with two (its elements built on
 * a second thread) gives the same findings.
 */
static char *
large_document(size_t *len, int fallback)
{
	struct dgs_buf b = { 0 };
	size_t i;

	dgs_buf_adds(&b, "[");
	for (i = 0; i < 12000; i++) {
		if (i > 0)
			dgs_buf_adds(&b, ",\n");
		if (i % 997 == 5) {
			dgs_buf_adds(&b, "null");
			continue;
		}
		dgs_buf_addf(&b, "{\"name\": \"c%zu\", \"schema\": \"public\", "
		    "\"table\": \"t%zu\", \"links\": [{\"schema\": "
		    "\"public\", \"table\": \"t%zu%s\", \"column\": \"c%zu\", "
		    "\"metadata\": {\"generatorId\": \"%s\", \"n\": %s}}]}",
		    i, i, i, i % 101 == 7 ? "_old" : "", i,
		    i % 89 == 3 ? "NameGenerater" : "NameGenerator",
		    fallback && i == 6000 ? "1e400" : "1.5");
	}
	dgs_buf_adds(&b, "]");
	ck_assert(!b.oom);
	*len = b.len;
	return b.s;
}

static void
same_findings(const struct dgs_result *a, const struct dgs_result *b)
{
	const struct dgs_finding *x, *y;
	size_t i;

	ck_assert_uint_eq(dgs_result_count(a), dgs_result_count(b));
	ck_assert_int_eq(dgs_result_kind(a), dgs_result_kind(b));
	for (i = 0; i < dgs_result_count(a); i++) {
		x = dgs_result_get(a, i);
		y = dgs_result_get(b, i);
		ck_assert_str_eq(x->rule->id, y->rule->id);
		ck_assert_str_eq(x->pointer, y->pointer);
		ck_assert_str_eq(x->message, y->message);
		ck_assert_uint_eq(x->line, y->line);
		ck_assert_uint_eq(x->column, y->column);
		ck_assert_uint_eq(x->end_line, y->end_line);
		ck_assert_uint_eq(x->end_column, y->end_column);
		ck_assert_int_eq(x->severity, y->severity);
		ck_assert_int_eq(x->fix != NULL, y->fix != NULL);
		if (x->fix != NULL) {
			ck_assert_str_eq(x->fix->description,
			    y->fix->description);
			ck_assert_uint_eq(x->fix->nedits, y->fix->nedits);
		}
	}
}

/*
 * The streamed walk (each element freed once walked) and the whole tree
 * give the same findings: every element a batch of its own, on one
 * thread and with the builder on a second.
 */
static void
check_streaming(const char *text, size_t len)
{
	struct dgs_options *whole = dgs_options_new(), *one = dgs_options_new();
	struct dgs_options *two = dgs_options_new();
	struct dgs_result *a, *b, *c;

	ck_assert(whole != NULL && one != NULL && two != NULL);
	whole->stream = DGS_STREAM_OFF;
	one->stream = DGS_STREAM_ON;
	two->stream = DGS_STREAM_ON;
	dgs_options_set_threads(two, 2);
	ck_assert_int_eq(dgs_lint(whole, "s.json", text, len, &a), 0);
	ck_assert_int_eq(dgs_lint(one, "s.json", text, len, &b), 0);
	ck_assert_int_eq(dgs_lint(two, "s.json", text, len, &c), 0);
	same_findings(a, b);
	same_findings(a, c);
	dgs_result_free(b);
	dgs_result_free(c);
	dgs_result_free(a);
	dgs_options_free(whole);
	dgs_options_free(one);
	dgs_options_free(two);
}

/*
 * Lists whose rules compare elements (duplicates, mixed sources and
 * workspaces), streamed: what an element is compared with is a copy, as
 * the element itself is freed.  Each with the rules it must raise.
 */
static const struct {
	const char	*text;
	const char	*rules;	/* the ids of its findings, in order */
} lists[] = {
	{ "[{\"Schema\": \"s\", \"Table\": \"t\", \"Percent\": 5},\n"
	  " {\"Schema\": \"s\", \"Table\": \"u\", \"Percent\": 5},\n"
	  " {\"schema\": \"s\", \"TABLE\": \"t\", \"Percent\": 6},\n"
	  " {\"Schema\": \"\", \"Table\": \"\", \"Percent\": 5},\n"
	  " {\"Schema\": \"\", \"Table\": \"\", \"Percent\": 5}]",
	  "DGS501 DGS514 DGS205 DGS205 DGS206 DGS514 DGS206" },
	{ "[{\"schemaName\": \"p\", \"tableName\": \"a\", \"issueCode\": "
	  "\"new_table\", \"oldDataType\": 1.50},\n"
	  " {\"schemaName\": \"p\", \"tableName\": \"a\", \"issueCode\": "
	  "\"new_collection\", \"oldDataType\": [1, {\"x\": null}]},\n"
	  " {\"schemaName\": \"p\", \"tableName\": \"a\", \"issueCode\": "
	  "\"new_table\", \"oldDataType\": 1.5},\n"
	  " {\"schemaName\": \"p\", \"tableName\": \"a\", \"issueCode\": "
	  "\"new_collection\", \"oldDataType\": [1, {\"x\": null}]},\n"
	  " {\"schemaName\": \"p\", \"tableName\": \"a\", \"issueCode\": "
	  "\"new_table\", \"columnName\": null}]",
	  "DGS203 DGS606 DGS203 DGS607 DGS203 DGS607 DGS203" },
	{ "[{\"workspaceId\": \"w1\", \"issueCode\": \"missing_table\", "
	  "\"schemaName\": \"p\", \"tableName\": \"a\"},\n"
	  " {\"workspaceId\": \"w2\", \"issueCode\": \"missing_table\", "
	  "\"schemaName\": \"p\", \"tableName\": \"a\"},\n"
	  " {\"workspaceId\": \"w1\", \"issueCode\": \"missing_table\", "
	  "\"schemaName\": \"p\", \"tableName\": \"a\"},\n"
	  " {\"workspaceId\": \"w3\", \"issueCode\": \"missing_table\", "
	  "\"schemaName\": \"p\", \"tableName\": \"a\"}]", "DGS611 DGS607" },
};

START_TEST(test_lists_streamed)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *r;
	const char *text = lists[_i].text;
	size_t len = strlen(text), i;
	struct dgs_buf ids = { 0 };

	check_streaming(text, len);
	ck_assert_ptr_nonnull(o);
	/* DGS501, a whole-document check that reads no element. */
	dgs_options_set_license(o, DGS_LICENSE_BASIC);
	o->stream = DGS_STREAM_ON;
	ck_assert_int_eq(dgs_lint(o, "l.json", text, len, &r), 0);
	for (i = 0; i < dgs_result_count(r); i++)
		dgs_buf_addf(&ids, "%s%s", i ? " " : "",
		    dgs_result_get(r, i)->rule->id);
	ck_assert_str_eq(ids.s, lists[_i].rules);
	dgs_buf_free(&ids);
	dgs_result_free(r);
	dgs_options_free(o);
}
END_TEST

/*
 * Findings in root elements 1, 2, 10 and 11 of twelve, each element on
 * a line of its own: located from the elements' spans (only those that
 * findings point into are read, by their indexes sorted as numbers, not
 * as text: 1, 2, 10, 11), where the whole tree's walk finds them, and
 * on the element's line.
 */
START_TEST(test_roots_located)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *r;
	struct dgs_buf b = { 0 };
	const struct dgs_finding *f;
	size_t i, n = 0;
	unsigned long el;

	dgs_buf_adds(&b, "[");
	for (i = 0; i < 12; i++)
		dgs_buf_addf(&b, "%s{\"schema\": \"s\", \"table\": \"t%zu\", "
		    "\"links\": [{\"schema\": \"s\", \"table\": \"%s%zu\", "
		    "\"column\": \"c\", \"metadata\": {\"generatorId\": "
		    "\"PassthroughGenerator\"}}]}", i ? ",\n " : "\n ", i,
		    i == 1 || i == 2 || i == 10 || i == 11 ? "x" : "t", i);
	dgs_buf_adds(&b, "]\n");
	check_streaming(b.s, b.len);
	ck_assert_ptr_nonnull(o);
	o->stream = DGS_STREAM_ON;
	ck_assert_int_eq(dgs_lint(o, "r.json", b.s, b.len, &r), 0);
	for (i = 0; i < dgs_result_count(r); i++) {
		f = dgs_result_get(r, i);
		if (strcmp(f->rule->id, "DGS301") != 0)
			continue;
		el = strtoul(f->pointer + 1, NULL, 10);
		ck_assert(el == 1 || el == 2 || el == 10 || el == 11);
		ck_assert_uint_eq(f->line, el + 2);
		n++;
	}
	ck_assert_uint_eq(n, 4);
	dgs_result_free(r);
	dgs_options_free(o);
	dgs_buf_free(&b);
}
END_TEST

START_TEST(test_two_threads)
{
	struct dgs_options *one = dgs_options_new(), *two = dgs_options_new();
	struct dgs_result *a, *b;
	size_t len;
	char *text = large_document(&len, _i);

	ck_assert_uint_gt(len, 1024 * 1024);	/* large enough for two */
	struct dgs_options *whole = dgs_options_new();
	struct dgs_result *c;

	dgs_options_set_threads(two, 2);
	whole->stream = DGS_STREAM_OFF;
	ck_assert_int_eq(dgs_lint(one, "big.json", text, len, &a), 0);
	ck_assert_int_eq(dgs_lint(two, "big.json", text, len, &b), 0);
	ck_assert_int_eq(dgs_lint(whole, "big.json", text, len, &c), 0);
	/* Links to other tables, unknown generators, nulls. */
	ck_assert_uint_gt(dgs_result_count(a), 200);
	same_findings(a, b);
	same_findings(a, c);
	dgs_result_free(b);
	dgs_result_free(c);
	/* A memory map, its pages given back as it is read: one thread
	 * and two. */
	{
		char name[] = "/tmp/dgs-mapped-XXXXXX";
		int fd = mkstemp(name);
		void *map;

		ck_assert_int_ne(fd, -1);
		ck_assert(write(fd, text, len) == (ssize_t)len);
		map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
		ck_assert(map != MAP_FAILED);
		ck_assert_int_eq(dgs_lint_mapped(one, "big.json", map, len,
		    &b), 0);
		ck_assert_int_eq(dgs_lint_mapped(two, "big.json", map, len,
		    &c), 0);
		same_findings(a, b);
		same_findings(a, c);
		dgs_result_free(b);
		dgs_result_free(c);
		munmap(map, len);
		close(fd);
		unlink(name);
	}
	dgs_result_free(a);
	dgs_options_free(whole);
	dgs_options_free(one);
	dgs_options_free(two);
	free(text);
}
END_TEST

/*
 * Every document under testdata/.
 */
static size_t ncompared;

static int
compare_file(const char *path, const struct stat *st, int type,
    struct FTW *ftw)
{
	size_t n = strlen(path), start = 0;
	char *text;
	FILE *f;

	(void)ftw;
	if (type != FTW_F || n < 5 || strcmp(path + n - 5, ".json") != 0 ||
	    st->st_size > 4 * 1024 * 1024)
		return 0;
	ck_assert_ptr_nonnull(f = fopen(path, "rb"));
	ck_assert_ptr_nonnull(text = malloc((size_t)st->st_size + 1));
	n = fread(text, 1, (size_t)st->st_size, f);
	fclose(f);
	text[n] = '\0';
	if (scanned(text, n, &start)) {
		(void)same_as_json_c(text, n);
		ncompared++;
	}
	(void)doc_agrees(text, n);
	check_streaming(text, n);
	free(text);
	return 0;
}

START_TEST(test_testdata)
{
	const char *top = getenv("DGS_TOP");
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/testdata", top ? top : ".");
	ncompared = 0;
	ck_assert_int_eq(nftw(dir, compare_file, 16, FTW_PHYS), 0);
	/* The golden cases, the corpus and the examples. */
	ck_assert_uint_gt(ncompared, 500);
}
END_TEST

Suite *build_suite(void);

Suite *
build_suite(void)
{
	Suite *s = suite_create("build");
	TCase *tc = tcase_create("build");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_edge_cases, 0,
	    (int)(sizeof(built) / sizeof(built[0])));
	tcase_add_loop_test(tc, test_left_to_json_c, 0,
	    (int)(sizeof(left) / sizeof(left[0])));
	tcase_add_loop_test(tc, test_doc_refused, 0,
	    (int)(sizeof(refused) / sizeof(refused[0])));
	tcase_add_test(tc, test_doc_depth);
	tcase_add_test(tc, test_nul_held);
	tcase_add_test(tc, test_nul_located);
	tcase_add_loop_test(tc, test_trees_differ, 0,
	    (int)(sizeof(differ) / sizeof(differ[0])));
	tcase_add_test(tc, test_byte_order_mark);
	tcase_add_test(tc, test_names_interned);
	tcase_add_loop_test(tc, test_values_shared, 0, 2);
	tcase_add_test(tc, test_names_known);
	tcase_add_test(tc, test_testdata);
	tcase_add_loop_test(tc, test_lists_streamed, 0,
	    (int)(sizeof(lists) / sizeof(lists[0])));
	tcase_add_test(tc, test_roots_located);
	/* 0: built on the second thread throughout; 1: an element in the
	 * middle is left to json-c, so the second thread stops there. */
	tcase_add_loop_test(tc, test_two_threads, 0, 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("cut short");
	tcase_set_timeout(tc, 10);
	tcase_add_test(tc, test_cut_short_located);
	suite_add_tcase(s, tc);
	return s;
}
