/*
 * check_index.c: unit tests of the structures and fast paths that keep
 * linting linear in the size of a document: the hash index, member
 * lookup, and the scanner's and locator's block-at-a-time loops.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dgs_int.h"

/*
 * The hash index, with keys kept by the caller.
 */
struct keys {
	char	**v;
	size_t	  n;
	const char *want;
};

static int
key_eq(void *arg, size_t pos)
{
	struct keys *k = arg;

	return strcmp(k->v[pos], k->want) == 0;
}

static int
count_each(void *arg, size_t pos)
{
	size_t *n = arg;

	(void)pos;
	(*n)++;
	return 0;
}

START_TEST(test_index_many)
{
	struct dgs_index ix = { 0 };
	struct keys k;
	char buf[32];
	size_t i, n = 100000;

	k.v = calloc(n, sizeof(*k.v));
	ck_assert_ptr_nonnull(k.v);
	k.want = "absent";
	ck_assert_uint_eq(dgs_index_find(&ix, dgs_hash("x", 1), key_eq, &k),
	    DGS_INDEX_NONE);
	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "key-%zu", i);
		k.v[i] = strdup(buf);
		ck_assert_ptr_nonnull(k.v[i]);
		k.want = k.v[i];
		ck_assert_uint_eq(dgs_index_find(&ix, dgs_hash(buf,
		    strlen(buf)), key_eq, &k), DGS_INDEX_NONE);
		ck_assert_int_eq(dgs_index_add(&ix, dgs_hash(buf,
		    strlen(buf)), i), 0);
	}
	ck_assert_uint_eq(ix.n, n);
	ck_assert(ix.cap >= 2 * n);
	for (i = 0; i < n; i += 7) {
		k.want = k.v[i];
		ck_assert_uint_eq(dgs_index_find(&ix, dgs_hash(k.v[i],
		    strlen(k.v[i])), key_eq, &k), i);
	}
	k.want = "key-100000";
	ck_assert_uint_eq(dgs_index_find(&ix, dgs_hash(k.want,
	    strlen(k.want)), key_eq, &k), DGS_INDEX_NONE);
	for (i = 0; i < n; i++)
		free(k.v[i]);
	free(k.v);
	dgs_index_free(&ix);
	ck_assert_ptr_null(ix.slots);
	ck_assert_uint_eq(ix.cap, 0);
}
END_TEST

START_TEST(test_index_collisions)
{
	struct dgs_index ix = { 0 };
	char *v[300];
	struct keys k;
	char buf[32];
	size_t i, n;

	/* Every key under one hash: found by eq, in order, across
	 * growth. */
	k.v = v;
	for (i = 0; i < 300; i++) {
		snprintf(buf, sizeof(buf), "c%zu", i);
		v[i] = strdup(buf);
		ck_assert_ptr_nonnull(v[i]);
		ck_assert_int_eq(dgs_index_add(&ix, 42, i), 0);
	}
	for (i = 0; i < 300; i++) {
		k.want = v[i];
		ck_assert_uint_eq(dgs_index_find(&ix, 42, key_eq, &k), i);
		ck_assert_uint_eq(dgs_index_find(&ix, 43, key_eq, &k),
		    DGS_INDEX_NONE);
	}
	n = 0;
	dgs_index_each(&ix, 42, count_each, &n);
	ck_assert_uint_eq(n, 300);
	n = 0;
	dgs_index_each(&ix, 42ULL << 32, count_each, &n);
	ck_assert_uint_eq(n, 300);	/* the same 32 bits */
	for (i = 0; i < 300; i++)
		free(v[i]);
	dgs_index_free(&ix);
}
END_TEST

/*
 * Member lookup: small objects are searched in order, large ones hashed.
 */
START_TEST(test_member_lookup)
{
	struct json_object *o = json_object_new_object(), *s;
	char name[32];
	int i;

	ck_assert_ptr_null(dgs_get(NULL, "a"));
	ck_assert_ptr_null(dgs_member_entry(NULL, "a"));
	json_object_object_add(o, "", json_object_new_int(0));
	json_object_object_add(o, "ab", json_object_new_int(1));
	json_object_object_add(o, "abc", json_object_new_int(2));
	json_object_object_add(o, "nul", NULL);
	ck_assert_int_eq(json_object_get_int(dgs_get(o, "ab")), 1);
	ck_assert_int_eq(json_object_get_int(dgs_get(o, "abc")), 2);
	ck_assert_int_eq(json_object_get_int(dgs_get(o, "")), 0);
	ck_assert_ptr_null(dgs_get(o, "a"));
	ck_assert_ptr_null(dgs_get(o, "abcd"));
	ck_assert_ptr_null(dgs_get(o, "nul"));
	ck_assert(dgs_has(o, "nul"));
	ck_assert(!dgs_has(o, "nu"));
	for (i = 0; i < 3 * DGS_SMALL_OBJECT; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		json_object_object_add(o, name, json_object_new_int(i));
	}
	for (i = 0; i < 3 * DGS_SMALL_OBJECT; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		ck_assert_int_eq(json_object_get_int(dgs_get(o, name)), i);
	}
	ck_assert_int_eq(json_object_get_int(dgs_get(o, "ab")), 1);
	ck_assert_ptr_null(dgs_get(o, "m"));
	s = json_object_new_string("x");
	ck_assert_ptr_null(dgs_get(s, "x"));
	ck_assert(!dgs_has(s, "x"));
	json_object_put(s);
	json_object_put(o);
}
END_TEST

/*
 * The scanner's and locator's sixteen-byte loops: a special character at
 * every offset across block boundaries.
 */
/* The column of p in text: 1 + the code points before it. */
static unsigned long
columns(const char *text, const char *p)
{
	unsigned long col = 1;

	for (; text < p; text++)
		if (((unsigned char)*text & 0xc0) != 0x80)
			col++;
	return col;
}

START_TEST(test_block_boundaries)
{
	static const char *const specials[] = { "\\\"", "\\\\", "\\u00e9",
	    "\xc3\xa9", "\\n", "\\ud83d\\ude00" };
	struct dgs_options *opts = dgs_options_new();
	struct dgs_result *res;
	const struct dgs_finding *f;
	char text[1024], body[64];
	unsigned long line, col;
	size_t pad, k, i;

	ck_assert_ptr_nonnull(opts);
	dgs_options_set_presume(opts, 1);
	for (k = 0; k < sizeof(specials) / sizeof(specials[0]); k++)
		for (pad = 0; pad < 40; pad++) {
			for (i = 0; i < pad; i++)
				body[i] = (char)('a' + i % 26);
			body[pad] = '\0';
			/* A duplicate name after the string, and a second
			 * string with the bad control character. */
			snprintf(text, sizeof(text), "{\"k\": \"%s%s%s\", "
			    "\"k\": [\"%s}]{%s\", {\"z\": 1}], "
			    "\"t\": \"%s\x01\"}", body, specials[k], body, body,
			    specials[k], body);
			ck_assert_int_eq(dgs_lint(opts, "t.json", text,
			    strlen(text), &res), 0);
			f = dgs_result_get(res, 0);
			ck_assert_ptr_nonnull(f);
			ck_assert_str_eq(f->rule->name, "json-duplicate-key");
			ck_assert_uint_eq(f->line, 1);
			f = dgs_result_get(res, 1);
			ck_assert_ptr_nonnull(f);
			ck_assert_str_eq(f->rule->name, "json-syntax");
			ck_assert_ptr_null(dgs_result_get(res, 2));
			dgs_result_free(res);
			/* The locator skips both strings and the array. */
			text[strlen(text) - 3] = '"';
			text[strlen(text) - 2] = '}';
			text[strlen(text) - 1] = '\0';
			ck_assert_int_eq(dgs_json_position(text, strlen(text),
			    "/t", 0, &line, &col), 0);
			ck_assert_uint_eq(line, 1);
			ck_assert_uint_eq(col, columns(text,
			    strstr(text, "\"t\": \"") + 5));
			ck_assert_int_eq(dgs_json_position(text, strlen(text),
			    "/k/1/z", 1, &line, &col), 0);
			ck_assert_uint_eq(col, columns(text,
			    strstr(text, "{\"z\"") + 1));
		}
	dgs_options_free(opts);
}
END_TEST

/*
 * A document that is an array is built and walked an element at a
 * time: the findings must be those of the same array walked whole,
 * as it is when wrapped in {"replacements": ...}.
 */
static char *
without(const char *s, const char *cut)
{
	size_t n = strlen(cut);
	char *out = malloc(strlen(s) + 1), *o = out;

	ck_assert_ptr_nonnull(out);
	while (*s != '\0')
		if (strncmp(s, cut, n) == 0)
			s += n;
		else
			*o++ = *s++;
	*o = '\0';
	return out;
}

START_TEST(test_stream_equivalence)
{
	struct dgs_options *opts = dgs_options_new();
	struct dgs_result *a, *b;
	const struct dgs_finding *fa, *fb;
	struct dgs_buf doc = { 0 }, wrapped = { 0 };
	char *pa, *pb, *ma, *mb;
	size_t i, n;

	ck_assert_ptr_nonnull(opts);
	dgs_buf_adds(&doc, "[");
	for (i = 0; i < 100; i++) {
		if (i > 0)
			dgs_buf_adds(&doc, ",\n");
		/* Kinds told late, odd elements among the others. */
		if (i < 40 && i % 10 == 0)
			dgs_buf_adds(&doc, "{}");
		else if (i == 31)
			dgs_buf_adds(&doc, "null");
		else if (i == 32)
			dgs_buf_adds(&doc, "7");
		else if (i == 33)
			dgs_buf_adds(&doc, "\"x\"");
		else if (i < 35)
			dgs_buf_adds(&doc, "[]");
		else
			dgs_buf_addf(&doc, "{\"schema\": \"s\", \"table\": "
			    "\"t%zu\", \"links\": [{\"schema\": \"s\", "
			    "\"table\": \"t%zu\", \"column\": \"c\", "
			    "\"metadata\": {\"generatorId\": \"%s\"}}]}",
			    i % 40, i % 7 == 0 ? i : i % 40, i % 9 == 0 ?
			    "NameGenrator" : "NameGenerator");
	}
	dgs_buf_adds(&doc, "]");
	dgs_buf_adds(&wrapped, "{\"replacements\":\n");
	dgs_buf_add(&wrapped, doc.s, doc.len);
	dgs_buf_adds(&wrapped, "\n}");
	ck_assert_int_eq(dgs_lint(opts, "t.json", doc.s, doc.len, &a), 0);
	ck_assert_int_eq(dgs_lint(opts, "t.json", wrapped.s, wrapped.len, &b),
	    0);
	n = dgs_result_count(a);
	ck_assert_uint_gt(n, 60);
	ck_assert_uint_eq(n, dgs_result_count(b));
	for (i = 0; i < n; i++) {
		fa = dgs_result_get(a, i);
		fb = dgs_result_get(b, i);
		ck_assert_str_eq(fa->rule->id, fb->rule->id);
		ck_assert_uint_eq(fa->line + 1, fb->line);
		ck_assert_uint_eq(fa->column, fb->column);
		ck_assert_uint_eq(fa->end_line + 1, fb->end_line);
		ck_assert_uint_eq(fa->end_column, fb->end_column);
		pa = without(fa->pointer, "/replacements");
		pb = without(fb->pointer, "/replacements");
		ma = without(fa->message, "/replacements");
		mb = without(fb->message, "/replacements");
		ck_assert_str_eq(pa, pb);
		ck_assert_str_eq(ma, mb);
		free(pa);
		free(pb);
		free(ma);
		free(mb);
	}
	ck_assert_int_eq(dgs_result_kind(a), DGS_KIND_REPLACEMENTS);
	dgs_result_free(a);
	dgs_result_free(b);
	dgs_buf_free(&doc);
	dgs_buf_free(&wrapped);
	dgs_options_free(opts);
}
END_TEST

/*
 * Keyed hashes.  dgs_hash() as it was before it was keyed: names made to
 * collide under it (the second word chosen for the state the first left)
 * do not under the keyed one, and another process has another key.
 */
static uint64_t
unkeyed(const unsigned char *s, size_t n)
{
	const unsigned char *end = s + n;
	uint64_t h = 0xcbf29ce484222325ULL ^ n, w;

	for (; end - s > 8; s += 8) {	/* n is 16 here */
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	memcpy(&w, end - 8, 8);
	h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
	h ^= h >> 32;
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 29);
}

/* The state the unkeyed hash of a 16-byte name has after its first
 * word. */
static uint64_t
unkeyed_first(const unsigned char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ 16, w;

	memcpy(&w, s, 8);
	h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 32);
}

START_TEST(test_hash_keyed)
{
	unsigned char a[16], b[16];
	uint64_t w, x;
	char self[4096], cmd[4200], out[2][80];
	ssize_t n;
	FILE *fp;
	int i;

	/* a: any two words; b: another first word, and the second word
	 * that brings the unkeyed state where a's was. */
	memcpy(a, "collide!0123abcd", 16);
	memcpy(b, "another!", 8);
	memcpy(&w, a + 8, 8);
	x = w ^ unkeyed_first(a) ^ unkeyed_first(b);
	memcpy(b + 8, &x, 8);
	ck_assert_uint_eq(unkeyed(a, 16), unkeyed(b, 16));
	ck_assert(memcmp(a, b, 16) != 0);
	ck_assert_uint_ne(dgs_hash(a, 16), dgs_hash(b, 16));
	/* The same in one process, another in the next. */
	ck_assert_uint_eq(dgs_hash(a, 16), dgs_hash(a, 16));
	if ((n = readlink("/proc/self/exe", self, sizeof(self) - 1)) <= 0)
		return;	/* no /proc: nothing to run */
	self[n] = '\0';
	for (i = 0; i < 2; i++) {
		snprintf(cmd, sizeof(cmd), "'%s' --hash name", self);
		ck_assert_ptr_nonnull(fp = popen(cmd, "r"));
		ck_assert_ptr_nonnull(fgets(out[i], sizeof(out[i]), fp));
		ck_assert_int_eq(pclose(fp), 0);
		ck_assert_uint_eq(strlen(out[i]), 34);
	}
	ck_assert_str_ne(out[0], out[1]);
	/* The tag tells the keys apart too. */
	ck_assert(memcmp(out[0] + 17, out[1] + 17, 16) != 0);
}
END_TEST

Suite *index_suite(void);

Suite *
index_suite(void)
{
	Suite *s = suite_create("index");
	TCase *tc = tcase_create("index");

	tcase_add_test(tc, test_index_many);
	tcase_add_test(tc, test_index_collisions);
	tcase_add_test(tc, test_hash_keyed);
	tcase_add_test(tc, test_member_lookup);
	tcase_add_test(tc, test_block_boundaries);
	tcase_add_test(tc, test_stream_equivalence);
	suite_add_tcase(s, tc);
	return s;
}
