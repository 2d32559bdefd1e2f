/*
 * check_service.c: unit tests of the workspace read from the service:
 * the shapes of the answers loaded (an array, or an object that wraps
 * one; member names in any case), answers refused with the element at
 * fault and the part as it was, and the rules off without a state.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_service.h"

static int
load(struct dgs_service *s, enum dgs_service_part p, const char *body,
    char **why)
{
	return dgs_service_load(s, p, body, strlen(body), why);
}

START_TEST(test_subsetting_shapes)
{
	struct dgs_service *s = dgs_service_new("w1", "shop");
	const struct dgs_service_subset *near;
	char *why;

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->known[DGS_SERVICE_SUBSETTING], 0);
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "[{\"Schema\": "
	    "\"public\", \"Table\": \"orders\"}, {\"Schema\": null, "
	    "\"Table\": \"Zed\"}]", &why), 0);
	ck_assert_ptr_null(why);
	ck_assert_int_eq(s->known[DGS_SERVICE_SUBSETTING], 1);
	ck_assert_ptr_nonnull(dgs_service_subset_find(s, "public", "orders",
	    NULL));
	ck_assert_ptr_nonnull(dgs_service_subset_find(s, "", "Zed", NULL));
	ck_assert_ptr_null(dgs_service_subset_find(s, "public", "Orders",
	    &near));
	ck_assert_ptr_nonnull(near);
	ck_assert_str_eq(near->table, "orders");
	/* An object that wraps the list; names in another case. */
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "{\"count\": 1, "
	    "\"items\": [{\"schema\": \"s\", \"table\": \"t\"}], "
	    "\"warnings\": []}", &why), 0);
	ck_assert_uint_eq(s->nsubsets, 1);
	ck_assert_ptr_nonnull(dgs_service_subset_find(s, "s", "t", NULL));
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "{\"items\": []}",
	    &why), 0);
	ck_assert_uint_eq(s->nsubsets, 0);
	dgs_service_free(s);
}
END_TEST

START_TEST(test_refused)
{
	static const char *const bad[] = {
		"", "[", "[] x", "{\"Schema\": \"public\", \"Table\": \"t\"}",
		"[{\"Schema\": \"public\"}]", "[{\"Table\": 3}]", "[1]",
		"{\"a\": [{\"Table\": \"t\"}], \"b\": [{\"Table\": \"u\"}]}",
		"\"text\"", "null"
	};
	struct dgs_service *s = dgs_service_new(NULL, NULL);
	char *why;
	size_t i;

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "[{\"Table\": "
	    "\"kept\"}]", &why), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, bad[i], &why),
		    DGS_ECONFIG);
		ck_assert_ptr_nonnull(why);
		free(why);
		/* The part as it was. */
		ck_assert_int_eq(s->known[DGS_SERVICE_SUBSETTING], 1);
		ck_assert_ptr_nonnull(dgs_service_subset_find(s, "", "kept",
		    NULL));
	}
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "[{\"Table\": 1}]",
	    &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(strstr(why, "configuration 0"));
	free(why);
	ck_assert_int_eq(load(s, DGS_SERVICE_SCHEMA_DIFF, "[{\"schemaName\": "
	    "\"p\", \"tableName\": \"t\", \"issueCode\": \"new_column\", "
	    "\"columnName\": 4}]", &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(strstr(why, "change 0"));
	free(why);
	ck_assert_int_eq(dgs_service_load(s, DGS_SERVICE_PARTS, "[]", 2, &why),
	    DGS_EINVAL);
	dgs_service_free(s);
}
END_TEST

START_TEST(test_changes_and_skip)
{
	struct dgs_service *s = dgs_service_new("w1", NULL);
	char *why;

	ck_assert_int_eq(load(s, DGS_SERVICE_SCHEMA_DIFF, "[{\"schemaName\": "
	    "\"p\", \"tableName\": \"t\", \"issueCode\": \"new_column\", "
	    "\"columnName\": \"c\", \"pathName\": null}, {\"schemaName\": "
	    "null, \"tableName\": \"u\", \"issueCode\": \"new_table\", "
	    "\"columnName\": null}]", &why), 0);
	ck_assert_uint_eq(s->nchanges, 2);
	ck_assert_str_eq(s->changes[0].column, "c");
	ck_assert_str_eq(s->changes[1].schema, "");
	ck_assert_ptr_null(s->changes[1].column);
	ck_assert_int_eq(dgs_service_skip(s, DGS_SERVICE_SCHEMA_DIFF,
	    "answered 404"), 0);
	ck_assert_int_eq(s->known[DGS_SERVICE_SCHEMA_DIFF], 0);
	ck_assert_uint_eq(s->nchanges, 0);
	ck_assert_str_eq(s->why[DGS_SERVICE_SCHEMA_DIFF], "answered 404");
	ck_assert_int_eq(dgs_service_skip(s, DGS_SERVICE_PARTS, "x"),
	    DGS_EINVAL);
	dgs_service_free(s);
	dgs_service_free(NULL);
}
END_TEST

/* Without a state the rules do not run; with one, a POST body for a
 * table the workspace lacks is reported, and a part not read makes a
 * not-checked finding. */
START_TEST(test_rules)
{
	static const char post[] = "{\"Schema\": \"public\", \"Table\": "
	    "\"orders\", \"IgnoreUpstreamTables\": false, \"Percent\": 5}";
	struct dgs_options *o = dgs_options_new();
	struct dgs_service *s = dgs_service_new("w1", "shop");
	struct dgs_result *res;
	char *why;

	ck_assert_int_eq(dgs_lint(o, "p.json", post, strlen(post), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	dgs_options_set_service(o, s);
	ck_assert_int_eq(dgs_lint(o, "p.json", post, strlen(post), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	ck_assert_str_eq(dgs_result_get(res, 0)->rule->id, "DGS909");
	ck_assert_ptr_nonnull(strstr(dgs_result_get(res, 0)->message,
	    "not read"));
	dgs_result_free(res);
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "[]", &why), 0);
	ck_assert_int_eq(dgs_lint(o, "p.json", post, strlen(post), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	ck_assert_str_eq(dgs_result_get(res, 0)->rule->id, "DGS901");
	ck_assert_str_eq(dgs_result_get(res, 0)->pointer, "/Table");
	dgs_result_free(res);
	ck_assert_int_eq(load(s, DGS_SERVICE_SUBSETTING, "[{\"Schema\": "
	    "\"public\", \"Table\": \"orders\"}]", &why), 0);
	ck_assert_int_eq(dgs_lint(o, "p.json", post, strlen(post), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 0);
	dgs_result_free(res);
	dgs_options_free(o);
	dgs_service_free(s);
}
END_TEST

Suite *service_suite(void);

Suite *
service_suite(void)
{
	Suite *s = suite_create("service");
	TCase *tc = tcase_create("service");

	tcase_add_test(tc, test_subsetting_shapes);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_changes_and_skip);
	tcase_add_test(tc, test_rules);
	suite_add_tcase(s, tc);
	return s;
}
