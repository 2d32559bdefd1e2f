/*
 * check_docset.c: unit tests of document sets: keys taken only when
 * asked for, findings on the later document (sorted into its result),
 * keys through bytes giving the same findings, bad bytes refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

static const char doc_a[] =
    "[{\"name\": \"e\", \"schema\": \"public\", \"table\": \"users\",\n"
    "  \"links\": [{\"schema\": \"public\", \"table\": \"users\",\n"
    "    \"column\": \"email\", \"metadata\": {\"generatorId\": "
    "\"NullGenerator\"}}]}]\n";
/* The same column on line 3, and a finding of its own on line 1. */
static const char doc_b[] =
    "[{\"name\": \"e\", \"schema\": \"public\", \"table\": \"users\", \"x\": 1,\n"
    "  \"links\": [{\"schema\": \"public\", \"table\": \"users\",\n"
    "\n    \"column\": \"email\", \"metadata\": {\"generatorId\": "
    "\"NullGenerator\"}}]}]\n";

static struct dgs_result *
lint(const struct dgs_options *o, const char *file, const char *doc)
{
	struct dgs_result *res;

	ck_assert_int_eq(dgs_lint(o, file, doc, strlen(doc), &res), 0);
	return res;
}

START_TEST(test_keys_only_when_asked)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *res;

	ck_assert_ptr_nonnull(o);
	res = lint(o, "a.json", doc_a);
	ck_assert_uint_eq(res->ndskeys, 0);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	dgs_options_set_docset(o, 1);
	res = lint(o, "a.json", doc_a);
	ck_assert_uint_eq(res->ndskeys, 1);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	/* At the replacement that holds it. */
	ck_assert_uint_eq(res->dskeys[0].line, 1);
	ck_assert_uint_eq(res->dskeys[0].column, 2);
	ck_assert_int_eq(res->dskeys[0].elem, 0);
	dgs_result_free(res);
	dgs_options_free(o);
}
END_TEST

START_TEST(test_later_document)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_docset *ds = dgs_docset_new();
	struct dgs_result *a, *b, *b2, *k, *bad;
	const struct dgs_finding *f;
	char *bytes;
	size_t len, i;

	ck_assert_ptr_nonnull(o);
	ck_assert_ptr_nonnull(ds);
	dgs_options_set_docset(o, 1);
	a = lint(o, "a.json", doc_a);
	b = lint(o, "b.json", doc_b);
	b2 = lint(o, "b.json", doc_b);
	/* Through bytes, as from another process. */
	ck_assert_int_eq(dgs_result_keys_save(b2, 0, &bytes, &len), 0);
	ck_assert_int_eq(dgs_result_keys_load("b.json", bytes, len, &k), 0);
	ck_assert_int_eq(dgs_result_kind(k), DGS_KIND_REPLACEMENTS);
	ck_assert_int_eq(dgs_result_keys_load("b.json", bytes, len - 1,
	    &bad), DGS_EINVAL);
	ck_assert_ptr_null(bad);
	ck_assert_int_eq(dgs_result_keys_load("b.json", "nothing", 7, &bad),
	    DGS_EINVAL);
	free(bytes);
	dgs_result_free(b2);
	ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
	ck_assert_uint_eq(dgs_result_count(a), 0);
	ck_assert_int_eq(dgs_docset_add(ds, o, b), 0);
	ck_assert_uint_eq(dgs_result_count(b), 2);
	/* Sorted: at the replacement (column 2) before the document's own
	 * finding (column 56). */
	f = dgs_result_get(b, 0);
	ck_assert_str_eq(f->rule->id, "DGS881");
	ck_assert_uint_eq(f->line, 1);
	ck_assert_uint_eq(f->column, 2);
	ck_assert_uint_eq(f->end_column, 3);
	ck_assert_str_eq(f->file, "b.json");
	ck_assert_ptr_nonnull(strstr(f->message, "a.json:1"));
	ck_assert_uint_gt(dgs_result_get(b, 1)->column, 2);
	dgs_docset_free(ds);
	/* The same from the keys, in a new document set. */
	ds = dgs_docset_new();
	ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
	ck_assert_int_eq(dgs_docset_add(ds, o, k), 0);
	ck_assert_uint_eq(dgs_result_count(k), 1);
	for (i = 0; i < 1; i++)
		ck_assert_str_eq(dgs_result_get(k, i)->message,
		    dgs_result_get(b, 0)->message);
	/* Turned off: no finding. */
	dgs_docset_free(ds);
	ds = dgs_docset_new();
	ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
	ck_assert_int_eq(dgs_options_set_severity(o, "DGS881", DGS_SEV_OFF),
	    0);
	dgs_result_free(b);
	b = lint(o, "b.json", doc_b);
	ck_assert_int_eq(dgs_docset_add(ds, o, b), 0);
	ck_assert_uint_eq(dgs_result_count(b), 1);
	ck_assert_int_eq(dgs_docset_add(NULL, o, b), DGS_EINVAL);
	dgs_docset_free(ds);
	dgs_result_free(a);
	dgs_result_free(b);
	dgs_result_free(k);
	dgs_options_free(o);
}
END_TEST

/* Keys saved by a process of another hash key are hashed again as they
 * load; a forked process's (the same key) are taken as they come.  The
 * bytes: magic (8), kind and count (8), the key's tag (8), then the
 * first key's h1. */
START_TEST(test_keys_other_process)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_docset *ds;
	struct dgs_result *a, *b, *k;
	char *bytes;
	size_t len;
	uint64_t tag, h1;
	int other;

	dgs_options_set_docset(o, 1);
	a = lint(o, "a.json", doc_a);
	b = lint(o, "b.json", doc_b);
	ck_assert_int_eq(dgs_result_keys_save(b, 0, &bytes, &len), 0);
	ck_assert_uint_ge(len, 36);
	memcpy(&tag, bytes + 20, sizeof(tag));
	ck_assert_uint_eq(tag, dgs_hash_tag());
	/* Hashes no key of this process gives. */
	memcpy(&h1, bytes + 28, sizeof(h1));
	ck_assert_uint_eq(h1, b->dskeys[0].h1);
	h1 = ~h1;
	memcpy(bytes + 28, &h1, sizeof(h1));
	for (other = 0; other < 2; other++) {
		if (other) {
			tag = ~tag;
			memcpy(bytes + 20, &tag, sizeof(tag));
		}
		ck_assert_int_eq(dgs_result_keys_load("b.json", bytes, len,
		    &k), 0);
		ck_assert_uint_eq(k->ndskeys, b->ndskeys);
		/* Same key: as sent; another: made again, right. */
		ck_assert_uint_eq(k->dskeys[0].h1, other ?
		    b->dskeys[0].h1 : ~b->dskeys[0].h1);
		ck_assert_uint_eq(k->dskeys[0].h2, b->dskeys[0].h2);
		ds = dgs_docset_new();
		ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
		ck_assert_int_eq(dgs_docset_add(ds, o, k), 0);
		/* The column a.json configures too: found when the
		 * hashes are right. */
		ck_assert_uint_eq(dgs_result_count(k), other ? 1 : 0);
		dgs_docset_free(ds);
		dgs_result_free(k);
	}
	free(bytes);
	dgs_result_free(a);
	dgs_result_free(b);
	dgs_options_free(o);
}
END_TEST

/* A column of its own ("phone") on line 1, then a.json's on line 2. */
static const char doc_d[] =
    "[{\"name\": \"p\", \"schema\": \"public\", \"table\": \"users\", "
    "\"links\": [{\"schema\": \"public\", \"table\": \"users\", "
    "\"column\": \"phone\", \"metadata\": {\"generatorId\": "
    "\"NullGenerator\"}}]},\n"
    " {\"name\": \"e\", \"schema\": \"public\", \"table\": \"users\", "
    "\"links\": [{\"schema\": \"public\", \"table\": \"users\", "
    "\"column\": \"email\", \"metadata\": {\"generatorId\": "
    "\"NullGenerator\"}}]}]\n";
/* The column "phone" alone. */
static const char doc_e[] =
    "[{\"name\": \"p\", \"schema\": \"public\", \"table\": \"users\", "
    "\"links\": [{\"schema\": \"public\", \"table\": \"users\", "
    "\"column\": \"phone\", \"metadata\": {\"generatorId\": "
    "\"NullGenerator\"}}]}]\n";

/* Keys through their hashes alone (DGS_KEYS_HASHES): added when they meet
 * no other document's, their lines named by later documents; asking for
 * the document (DGS_EAGAIN) when they do, with the set left as it was
 * (the key kept before the one that met another is taken back); never
 * compared when another process hashed them. */
static struct dgs_result *
hashed(const struct dgs_result *res, const char *file, int other)
{
	struct dgs_result *k;
	char *bytes;
	size_t len;
	uint64_t tag;

	ck_assert_int_eq(dgs_result_keys_save(res, DGS_KEYS_HASHES, &bytes,
	    &len), 0);
	/* Magic, kind, count, flags; the tag; a key of 32 bytes. */
	ck_assert_uint_eq(len, 8 + 12 + 8 + 32 * res->ndskeys);
	if (other) {
		memcpy(&tag, bytes + 20, sizeof(tag));
		tag = ~tag;
		memcpy(bytes + 20, &tag, sizeof(tag));
	}
	ck_assert_int_eq(dgs_result_keys_load(file, bytes, len - 1, &k),
	    DGS_EINVAL);
	ck_assert_int_eq(dgs_result_keys_load(file, bytes, len, &k), 0);
	free(bytes);
	return k;
}

START_TEST(test_keys_hashes)
{
	struct dgs_options *o = dgs_options_new();
	struct dgs_docset *ds;
	struct dgs_result *a, *b, *d, *e, *k;

	dgs_options_set_docset(o, 1);
	a = lint(o, "a.json", doc_a);
	d = lint(o, "d.json", doc_d);
	ck_assert_uint_eq(d->ndskeys, 2);
	/* Meeting none: added; b names a.json's line. */
	ds = dgs_docset_new();
	k = hashed(a, "a.json", 0);
	ck_assert_int_eq(dgs_docset_add(ds, o, k), 0);
	ck_assert_uint_eq(dgs_result_count(k), 0);
	dgs_result_free(k);
	b = lint(o, "b.json", doc_b);
	ck_assert_int_eq(dgs_docset_add(ds, o, b), 0);
	ck_assert_uint_eq(dgs_result_count(b), 2);
	ck_assert_str_eq(dgs_result_get(b, 0)->rule->id, "DGS881");
	ck_assert_ptr_nonnull(strstr(dgs_result_get(b, 0)->message,
	    "a.json:1;"));
	dgs_result_free(b);
	dgs_docset_free(ds);
	/* Meeting a.json at its second key: asked for, nothing kept, not
	 * even its first key, which e.json then does not meet. */
	ds = dgs_docset_new();
	ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
	k = hashed(d, "d.json", 0);
	ck_assert_int_eq(dgs_docset_add(ds, o, k), DGS_EAGAIN);
	ck_assert_uint_eq(dgs_result_count(k), 0);
	dgs_result_free(k);
	e = lint(o, "e.json", doc_e);
	ck_assert_int_eq(dgs_docset_add(ds, o, e), 0);
	ck_assert_uint_eq(dgs_result_count(e), 0);
	/* The document itself: e.json's column, and a.json's. */
	ck_assert_int_eq(dgs_docset_add(ds, o, d), 0);
	ck_assert_uint_eq(dgs_result_count(d), 2);
	ck_assert_ptr_nonnull(strstr(dgs_result_get(d, 0)->message,
	    "e.json:1;"));
	ck_assert_ptr_nonnull(strstr(dgs_result_get(d, 1)->message,
	    "a.json:1;"));
	dgs_docset_free(ds);
	/* Hashed by another process: never compared. */
	ds = dgs_docset_new();
	k = hashed(e, "e.json", 1);
	ck_assert_int_eq(dgs_docset_add(ds, o, k), DGS_EAGAIN);
	dgs_result_free(k);
	dgs_docset_free(ds);
	dgs_result_free(a);
	dgs_result_free(d);
	dgs_result_free(e);
	dgs_options_free(o);
}
END_TEST

/* Keys are their fields, not their text: names that join to the same
 * text, or differ in one byte or in case, are other columns; the same
 * names with bytes a JSON escape spells another way are the same. */
START_TEST(test_key_fields)
{
	static const char *const other[] = {
		"\"public\", \"table\": \"us\", \"column\": \"ersemail\"",
		"\"publi\", \"table\": \"cusers\", \"column\": \"email\"",
		"\"public\", \"table\": \"users\", \"column\": \"emaik\"",
		"\"public\", \"table\": \"users\", \"column\": \"Email\"",
		"\"public\", \"table\": \"users\", \"column\": \"email\", "
		    "\"dataType\": \"text\"",
	};
	struct dgs_options *o = dgs_options_new();
	struct dgs_docset *ds;
	struct dgs_result *a, *b;
	char doc[512];
	size_t i, j, n;

	dgs_options_set_docset(o, 1);
	for (i = 0; i <= sizeof(other) / sizeof(other[0]); i++) {
		ds = dgs_docset_new();
		a = lint(o, "a.json", doc_a);
		snprintf(doc, sizeof(doc), "[{\"name\": \"e\", \"links\": "
		    "[{\"schema\": %s, \"metadata\": {\"generatorId\": "
		    "\"NullGenerator\"}}]}]\n", i < sizeof(other) /
		    sizeof(other[0]) ? other[i] : "\"pub\\u006cic\", "
		    "\"table\": \"users\", \"column\": \"email\"");
		b = lint(o, "b.json", doc);
		ck_assert_int_eq(dgs_docset_add(ds, o, a), 0);
		ck_assert_int_eq(dgs_docset_add(ds, o, b), 0);
		/* Only the last, spelt with an escape, is the same column. */
		for (n = 0, j = 0; j < dgs_result_count(b); j++)
			n += strcmp(dgs_result_get(b, j)->rule->id,
			    "DGS881") == 0;
		ck_assert_uint_eq(n, i == sizeof(other) / sizeof(other[0]));
		dgs_result_free(a);
		dgs_result_free(b);
		dgs_docset_free(ds);
	}
	dgs_options_free(o);
}
END_TEST

/* A replacement a line, of table t<d>, column c<d>_<j> for j below n,
 * then one of table t17 for each of the nx columns of d17 in x. */
static char *
many_doc(int d, int n, const int *x, int nx)
{
	struct dgs_buf b = { 0 };
	int j;

	dgs_buf_adds(&b, "[\n");
	for (j = 0; j < n + nx; j++)
		dgs_buf_addf(&b, "%s{\"name\": \"e\", \"schema\": \"s\", "
		    "\"table\": \"t%d\", \"links\": [{\"schema\": \"s\", "
		    "\"table\": \"t%d\", \"column\": \"c%d_%d\", \"metadata\": "
		    "{\"generatorId\": \"NullGenerator\"}}]}\n", j ? "," : "",
		    j < n ? d : 17, j < n ? d : 17, j < n ? d : 17,
		    j < n ? j : x[j - n]);
	dgs_buf_adds(&b, "]\n");
	ck_assert(!b.oom);
	return b.s;
}

/* Many documents, some with no keys, past the first block of entries
 * and through the index's growing: a column configured again names the
 * earliest file that has it (d17, not d25), and its line there. */
START_TEST(test_many_documents)
{
	static const int x25[] = { 321 }, x30[] = { 0, 321 };
	static const char *const want[] = { "d17.json:2;", "d17.json:323;" };
	struct dgs_options *o = dgs_options_new();
	struct dgs_docset *ds = dgs_docset_new();
	struct dgs_result *res;
	const struct dgs_finding *f;
	char name[32], *doc;
	size_t j, n881;
	int d;

	dgs_options_set_docset(o, 1);
	for (d = 0; d <= 30; d++) {
		snprintf(name, sizeof(name), "d%02d.json", d);
		doc = many_doc(d, d == 30 || d % 7 == 5 ? 0 : 500,
		    d == 25 ? x25 : x30, d == 25 ? 1 : d == 30 ? 2 : 0);
		res = lint(o, name, doc);
		ck_assert_int_eq(dgs_docset_add(ds, o, res), 0);
		for (n881 = 0, j = 0; j < dgs_result_count(res); j++) {
			f = dgs_result_get(res, j);
			if (strcmp(f->rule->id, "DGS881") != 0)
				continue;
			ck_assert_ptr_nonnull(strstr(f->message,
			    want[d == 25 ? 1 : n881]));
			ck_assert_uint_eq(f->line, d == 25 ? 502 : 2 + n881);
			n881++;
		}
		ck_assert_uint_eq(n881, d == 25 ? 1 : d == 30 ? 2 : 0);
		dgs_result_free(res);
		free(doc);
	}
	dgs_docset_free(ds);
	dgs_options_free(o);
}
END_TEST

Suite *docset_suite(void);

Suite *
docset_suite(void)
{
	Suite *s = suite_create("docset");
	TCase *tc = tcase_create("docset");

	tcase_add_test(tc, test_keys_only_when_asked);
	tcase_add_test(tc, test_later_document);
	tcase_add_test(tc, test_keys_other_process);
	tcase_add_test(tc, test_keys_hashes);
	tcase_add_test(tc, test_key_fields);
	tcase_add_test(tc, test_many_documents);
	suite_add_tcase(s, tc);
	return s;
}
