/*
 * check_describe.c: unit tests of the document structure and catalogue
 * accessors of dgslint.h (describe.c), which the language server and
 * --print-schema read.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "check_help.h"
#include "gen_int.h"

static const struct dgs_member_info *
member_of(const struct dgs_object_info *o, const char *name)
{
	const struct dgs_member_info *m;

	for (m = o->members; m->name != NULL; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

START_TEST(test_every_kind_has_roots)
{
	const struct dgs_object_info *o;
	int k, array;
	size_t i;

	ck_assert_ptr_null(dgs_kind_root(DGS_KIND_UNKNOWN, 0, &array));
	for (k = 1; k < DGS_KIND_MAX; k++) {
		for (i = 0; (o = dgs_kind_root(k, i, &array)) != NULL; i++) {
			ck_assert_ptr_nonnull(o->what);
			ck_assert_ptr_nonnull(o->members[0].name);
			ck_assert_int_le(array, 2);
		}
		ck_assert_msg(i > 0, "kind %s has no root", dgs_kind_name(k));
	}
}
END_TEST

START_TEST(test_replacement_structure)
{
	const struct dgs_object_info *repl, *link, *md;
	const struct dgs_member_info *m;
	int array;

	repl = dgs_kind_root(DGS_KIND_REPLACEMENTS, 0, &array);
	ck_assert_int_eq(array, 1);
	m = member_of(repl, "links");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->required, 1);
	ck_assert_int_eq(m->array, 1);
	link = m->object;
	ck_assert_ptr_nonnull(link);
	ck_assert_ptr_eq(member_of(repl, "fallBackLinks")->object, link);
	md = member_of(link, "metadata")->object;
	ck_assert_ptr_nonnull(md);
	ck_assert_int_eq(md->generator_members, 1);
	ck_assert_int_eq(link->generator_members, 0);
	m = member_of(link, "table");
	ck_assert_int_eq(m->types, DGS_JSON_STRING);
	ck_assert_int_eq(m->nonempty, 1);
	ck_assert_ptr_null(member_of(link, "Table"));
}
END_TEST

START_TEST(test_enumerations)
{
	const struct dgs_object_info *o;
	const struct dgs_member_info *m;
	size_t n;

	o = dgs_kind_root(DGS_KIND_JOB_START, 0, NULL);
	m = member_of(o, "strictMode");
	ck_assert_str_eq(m->values[0], "NotStrict");
	for (n = 0; m->values[n] != NULL; n++)
		;
	ck_assert_uint_eq(n, 4);
	o = dgs_kind_root(DGS_KIND_SCHEMA_CHANGES, 0, NULL);
	m = member_of(o, "issueCode");
	for (n = 0; m->values[n] != NULL; n++)
		;
	ck_assert_uint_eq(n, 11);	/* "the eleven issue codes" */
	o = dgs_kind_root(DGS_KIND_RESOLUTION, 0, NULL);
	ck_assert_str_eq(o->what, "a resolve_all request");
	ck_assert_str_eq(member_of(o, "resolutionOption")->values[2],
	    "Notifications");
}
END_TEST

START_TEST(test_generators)
{
	static const char gens[] =
	    "[{\"generatorId\": \"ZzNew\", \"canLink\": true}]";
	static const char presets[] =
	    "[{\"id\": \"p1\", \"generatorId\": \"NameGenerator\"}]";
	struct dgs_generator_info g;
	struct dgs_member_info m;
	const char *name, *gen;
	size_t i;
	int seen = 0;

	for (i = 0; dgs_generator_get(t_opts, i, &g) == 0; i++)
		if (strcmp(g.id, "NameGenerator") == 0)
			seen = 1;
	ck_assert_int_eq(seen, 1);
	ck_assert_int_eq(dgs_generator_find(t_opts, "GaussianGenerator", &g),
	    0);
	ck_assert_int_eq(g.can_be_differentially_private, 1);
	ck_assert_int_eq(g.can_partition, 1);
	ck_assert_int_eq(dgs_generator_find(t_opts, "nosuch", &g), DGS_EINVAL);
	ck_assert_int_eq(dgs_generator_setting(t_opts, "NameGenerator", 0, &m),
	    0);
	ck_assert_str_eq(m.name, "nameType");
	ck_assert_int_eq(dgs_generator_setting(t_opts, "NameGenerator", 99,
	    &m), DGS_EINVAL);
	/* A loaded list: its ids first, and what it says wins. */
	ck_assert_int_eq(dgs_options_load_generators(t_opts, gens,
	    strlen(gens), NULL), 0);
	ck_assert_int_eq(dgs_generator_get(t_opts, 0, &g), 0);
	ck_assert_str_eq(g.id, "ZzNew");
	ck_assert_int_eq(g.can_link, 1);
	ck_assert_int_eq(dgs_preset_get(t_opts, "p1", &name, &gen), DGS_EINVAL);
	ck_assert_int_eq(dgs_options_load_presets(t_opts, presets,
	    strlen(presets), NULL), 0);
	ck_assert_int_eq(dgs_preset_get(t_opts, "p1", &name, &gen), 0);
	ck_assert_str_eq(gen, "NameGenerator");
	ck_assert_ptr_null(name);
}
END_TEST

/* The records are the table: every rule has a check, a metadata
 * function or a raiser; a fix has its words; the metadata rules' table
 * made from the records holds them all (14 functions, at most 3 rules a
 * function, within its bounds of 32 and 4). */
START_TEST(test_records)
{
	size_t r, most, gmd = 0;

	for (r = 0; r < DGS_R_MAX; r++) {
		if (dgs_rule_defs[r].node == DGS_NODE_NONE)
			ck_assert_msg(dgs_rule_by[r] != NULL &&
			    dgs_rule_by[r][0] != '\0', "%s: no BY()",
			    dgs_rules[r].id);
		else
			ck_assert_msg(dgs_rule_defs[r].check != NULL &&
			    dgs_rule_by[r] == NULL, "%s: no CHECK()",
			    dgs_rules[r].id);
		ck_assert_msg((dgs_rule_fix[r] != 0) ==
		    (dgs_rule_fix_text[r] != NULL), "%s: FIX()",
		    dgs_rules[r].id);
		gmd += dgs_rule_defs[r].check == dgs_chk_generator_metadata;
		/* BEFORE always with SCHEMA. */
		if (dgs_rule_needs[r] & DGS_NEEDS_BEFORE)
			ck_assert(dgs_rule_needs[r] & DGS_NEEDS_SNAPSHOT);
	}
	ck_assert_uint_eq(dgs_gmd_count(&most), 17);
	ck_assert_uint_le(most, 3);
	ck_assert_uint_ge(gmd, 17);
	ck_assert(dgs_rule_needs[DGS_R_DB_NEW_TABLE] & DGS_NEEDS_KEYS_ALONE);
	ck_assert(dgs_rule_needs[DGS_R_GENERATOR_UNKNOWN] &
	    DGS_NEEDS_CATALOGUE);
}
END_TEST

Suite *describe_suite(void);

Suite *
describe_suite(void)
{
	Suite *s = suite_create("describe");
	TCase *tc;

	tc = tcase_create("structure");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_every_kind_has_roots);
	tcase_add_test(tc, test_replacement_structure);
	tcase_add_test(tc, test_enumerations);
	tcase_add_test(tc, test_generators);
	tcase_add_test(tc, test_records);
	suite_add_tcase(s, tc);
	return s;
}
