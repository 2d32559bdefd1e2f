/*
 * check_catalog.c: unit tests of the generator catalogue, the loaders of
 * --generators and --presets, and their effect on linting.
 */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "check_help.h"
#include "catalog.h"
#include "database.h"

static int
load_gens(const char *text, const char **why)
{
	return dgs_options_load_generators(t_opts, text, strlen(text), why);
}

static int
load_presets(const char *text, const char **why)
{
	return dgs_options_load_presets(t_opts, text, strlen(text), why);
}

START_TEST(test_builtin_sorted)
{
	const struct dgs_generator *g, *prev = NULL;
	size_t i;

	ck_assert_uint_gt(dgs_gen_builtin_count(), 30);
	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++) {
		if (prev != NULL)
			ck_assert_msg(strcmp(prev->id, g->id) < 0, "%s before %s",
			    prev->id, g->id);
		ck_assert_ptr_eq(dgs_gen_find(t_opts, g->id), g);
		ck_assert_msg(g->label != NULL && *g->label != '\0', "%s",
		    g->id);
		prev = g;
	}
	ck_assert_uint_eq(i, dgs_gen_builtin_count());
	ck_assert_ptr_null(dgs_gen_find(t_opts, "NoSuchGenerator"));
	ck_assert_ptr_null(dgs_gen_find(t_opts, "namegenerator"));
	ck_assert_ptr_null(dgs_gen_find(t_opts, NULL));
}
END_TEST

START_TEST(test_builtin_facts)
{
	const struct dgs_generator *g;

	g = dgs_gen_find(t_opts, "GaussianGenerator");
	ck_assert_int_eq(g->partition, DGS_YES);
	ck_assert_int_eq(g->dp, DGS_YES);
	g = dgs_gen_find(t_opts, "EventGenerator");
	ck_assert_int_eq(g->partition, DGS_YES);
	ck_assert_int_eq(g->link, DGS_YES);
	g = dgs_gen_find(t_opts, "NameGenerator");
	ck_assert_int_eq(g->partition, DGS_NO);
	/* Its two pages disagree. */
	ck_assert_int_eq(g->cons_other, DGS_UNSURE);
	ck_assert_ptr_nonnull(dgs_gen_member(g, "nameType"));
	ck_assert_ptr_null(dgs_gen_member(g, "pattern"));
	ck_assert_int_eq(dgs_gen_composite(g), 0);
	g = dgs_gen_find(t_opts, "JsonMaskGenerator");
	ck_assert_int_eq(dgs_gen_composite(g), 1);
	ck_assert_int_eq(g->comp, DGS_COMP_JSONPATH);
	/* The generators issue 41 added, and the SIN page's two
	 * spellings. */
	g = dgs_gen_find(t_opts, "SsnGenerator");
	ck_assert_int_eq(g->cons_other, DGS_YES);
	ck_assert_int_eq(g->link, DGS_NO);
	ck_assert_ptr_nonnull(dgs_gen_member(g, "ratio"));
	ck_assert_ptr_eq(dgs_gen_find(t_opts, "SINGenerator"),
	    dgs_gen_find(t_opts, "SinGenerator"));
	ck_assert_ptr_nonnull(dgs_gen_find(t_opts, "SinGenerator"));
	g = dgs_gen_find(t_opts, "HStoreMaskGenerator");
	ck_assert_int_eq(g->comp, DGS_COMP_KEY);
	ck_assert_int_eq(dgs_gen_composite(g), 1);
	ck_assert_uint_eq(dgs_gen_min_links("AlgebraicGenerator", NULL), 3);
	ck_assert_uint_eq(dgs_gen_min_links("AddressGenerator", NULL), 0);
	ck_assert_int_eq(dgs_gen_find(t_opts, "UniqueIntegerGenerator")->link,
	    DGS_YES);
	g = dgs_gen_find(t_opts, "TimestampShiftGenerator");
	ck_assert(dgs_gen_fallback_ok(g, "NullGenerator"));
	ck_assert(dgs_gen_fallback_ok(g, "NoFallbackGenerator"));
	ck_assert(!dgs_gen_fallback_ok(g, "NameGenerator"));
	g = dgs_gen_find(t_opts, "DateTruncationGenerator");
	ck_assert(dgs_gen_value_ok(dgs_gen_member(g, "datePart"), "Month"));
	ck_assert(!dgs_gen_value_ok(dgs_gen_member(g, "datePart"), "week"));
	ck_assert_str_eq(dgs_gen_closest(t_opts, "NameGenrator"),
	    "NameGenerator");
	ck_assert_ptr_null(dgs_gen_closest(t_opts, "Completely different"));
	/* Misspellings: near misses only, not other generators' ids. */
	ck_assert_str_eq(dgs_gen_misspelt(t_opts, "NameGenrator"),
	    "NameGenerator");
	ck_assert_str_eq(dgs_gen_misspelt(t_opts, "JSONMaskGenerator"),
	    "JsonMaskGenerator");
	ck_assert_str_eq(dgs_gen_misspelt(t_opts, "EmailGen"),
	    "EmailGenerator");
	ck_assert_ptr_null(dgs_gen_misspelt(t_opts, "ZipCodeGenerator"));
	ck_assert_ptr_null(dgs_gen_misspelt(t_opts, "CreditCardGenerator"));
	ck_assert_str_eq(dgs_gen_misspelt(t_opts, "IpAddressGenerator"),
	    "IPAddressGenerator");
	ck_assert_ptr_null(dgs_gen_misspelt(t_opts, "PhoneGenerator"));
	ck_assert_ptr_null(dgs_gen_misspelt(t_opts, "NoFallback"));
}
END_TEST

START_TEST(test_load_generators)
{
	const char *why = "x";
	const struct dgs_generator *g;

	ck_assert_int_eq(load_gens("[{\"generatorId\": \"NameGenerator\", "
	    "\"generatorLabel\": \"Name\", \"canLink\": true, "
	    "\"canPartition\": false, \"hasFallback\": true, "
	    "\"fallbackGeneratorIds\": [\"NullGenerator\"], "
	    "\"searchTerm\": [\"name\"], \"description\": null},"
	    "{\"generatorId\": \"PhoneGenerator\", \"generatorLabel\": "
	    "\"Phone\", \"canBeConsistent\": true, \"canBeConsistentOn\": "
	    "false, \"isProcessHeavy\": false}]", &why), 0);
	ck_assert_ptr_null(why);
	g = dgs_gen_find(t_opts, "NameGenerator");
	ck_assert_int_eq(g->link, DGS_YES);
	ck_assert_int_eq(g->fallback, DGS_YES);
	ck_assert(dgs_gen_fallback_ok(g, "NullGenerator"));
	ck_assert(!dgs_gen_fallback_ok(g, "ConstantGenerator"));
	/* Members still come from the built-in table. */
	ck_assert_ptr_nonnull(dgs_gen_member(g, "nameType"));
	g = dgs_gen_find(t_opts, "PhoneGenerator");
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(g->label, "Phone");
	ck_assert_int_eq(g->cons_self, DGS_YES);
	ck_assert_int_eq(g->cons_other, DGS_NO);
	ck_assert_int_eq(g->link, DGS_UNSURE);
	ck_assert_int_eq(g->comp, DGS_COMP_UNSURE);
	ck_assert(g->open);
	/* Ids the file does not list keep their built-in entry. */
	ck_assert_int_eq(dgs_gen_find(t_opts, "GaussianGenerator")->partition,
	    DGS_YES);
	ck_assert_str_eq(dgs_gen_closest(t_opts, "PhoneGenrator"),
	    "PhoneGenerator");
}
END_TEST

START_TEST(test_load_generators_last_wins)
{
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"A\", \"canLink\": "
	    "false}, {\"generatorId\": \"B\"}, {\"generatorId\": \"A\", "
	    "\"canLink\": true}]", NULL), 0);
	ck_assert_int_eq(dgs_gen_find(t_opts, "A")->link, DGS_YES);
	/* A second load replaces the first. */
	ck_assert_int_eq(load_gens("[]", NULL), 0);
	ck_assert_ptr_null(dgs_gen_find(t_opts, "A"));
}
END_TEST

static const struct {
	const char	*text;
	const char	*words;
} bad_gens[] = {
	{ "", "the file is empty" },
	{ " \n", "the file is empty" },
	{ "[{\"generatorId\": \"A\",}]", "line 1" },
	{ "[\n{\"generatorId\": \"A\"}\n,]", "line 3" },
	{ "{\"generatorId\": \"A\"}", "expected an array" },
	{ "[] x", "not valid JSON" },
	{ "[42]", "element 0" },
	{ "[{\"generatorId\": \"A\"}, {\"generatorLabel\": \"B\"}]",
	    "element 1: `generatorId`" },
	{ "[{\"generatorId\": \"\"}]", "non-empty" },
	{ "[{\"generatorId\": \"A\", \"canLink\": \"yes\"}]",
	    "element 0 (A): `canLink` must be true or false" },
	{ "[{\"generatorId\": \"A\", \"fallbackGeneratorIds\": \"B\"}]",
	    "`fallbackGeneratorIds`" },
	{ "[{\"generatorId\": \"A\", \"fallbackGeneratorIds\": [1]}]",
	    "`fallbackGeneratorIds`" },
	{ "[{\"generatorId\": \"A\", \"generatorLabel\": 1}]",
	    "`generatorLabel`" },
};

START_TEST(test_load_generators_bad)
{
	const char *why = NULL;

	/* A previous good load survives a bad one. */
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"Keep\"}]", NULL), 0);
	ck_assert_int_eq(load_gens(bad_gens[_i].text, &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, bad_gens[_i].words) != NULL,
	    "\"%s\" lacks \"%s\"", why, bad_gens[_i].words);
	ck_assert_ptr_nonnull(dgs_gen_find(t_opts, "Keep"));
}
END_TEST

START_TEST(test_load_into_copy)
{
	struct dgs_options *dup;
	const char *why = NULL;

	ck_assert_int_eq(load_gens("[{\"generatorId\": \"A\"}]", NULL), 0);
	dup = dgs_options_dup(t_opts);
	ck_assert_ptr_nonnull(dup);
	ck_assert_ptr_nonnull(dgs_gen_find(dup, "A"));
	ck_assert_int_eq(dgs_options_load_generators(dup, "[]", 2, &why),
	    DGS_EINVAL);
	ck_assert_ptr_nonnull(why);
	ck_assert_int_eq(dgs_options_load_presets(dup, "[]", 2, NULL),
	    DGS_EINVAL);
	dgs_options_free(dup);
	ck_assert_ptr_nonnull(dgs_gen_find(t_opts, "A"));
}
END_TEST

START_TEST(test_load_presets)
{
	const char *why = NULL;
	const struct dgs_preset *p;

	ck_assert(!dgs_presets_loaded(t_opts));
	ck_assert_int_eq(load_presets("[{\"id\": \"b2\", \"name\": \"Short "
	    "names\", \"generatorId\": \"NameGenerator\", \"isBuiltIn\": "
	    "false, \"metadata\": {}}, {\"id\": \"a1\", \"generatorId\": "
	    "\"EmailGenerator\"}]", &why), 0);
	ck_assert(dgs_presets_loaded(t_opts));
	p = dgs_preset_find(t_opts, "b2");
	ck_assert_str_eq(p->generator_id, "NameGenerator");
	ck_assert_str_eq(p->name, "Short names");
	ck_assert_ptr_null(dgs_preset_find(t_opts, "a1")->name);
	ck_assert_ptr_null(dgs_preset_find(t_opts, "c3"));
	ck_assert_int_eq(load_presets("[{\"id\": \"x\"}]", &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(strstr(why, "element 0 (x): `generatorId`"));
	ck_assert_int_eq(load_presets("[{\"generatorId\": \"x\"}]", &why),
	    DGS_ECONFIG);
	ck_assert_ptr_nonnull(strstr(why, "element 0: `id`"));
	ck_assert_int_eq(load_presets("[{\"id\": \"x\", \"generatorId\": "
	    "\"y\", \"name\": 3}]", &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(strstr(why, "`name`"));
	ck_assert_int_eq(load_presets("\"x\"", &why), DGS_ECONFIG);
	ck_assert_ptr_nonnull(dgs_preset_find(t_opts, "b2"));
}
END_TEST

#define REPL(md) "{\"schema\": \"s\", \"table\": \"t\", \"links\": " \
	"[{\"schema\": \"s\", \"table\": \"t\", \"column\": \"c\", " \
	"\"metadata\": " md "}]}"

START_TEST(test_lint_with_loaded)
{
	const char *doc = REPL("{\"generatorId\": \"PhoneGenerator\", "
	    "\"phoneFormat\": \"x\"}");

	/* Not a misspelling: unlisted (info), not unknown. */
	ck_assert_uint_eq(t_count_in(doc, "DGS401"), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS428"), 1);
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"PhoneGenerator\"}]",
	    NULL), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS401"), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS428"), 0);
	/* Its members are not known: none is flagged. */
	ck_assert_uint_eq(t_count_in(doc, "DGS204"), 0);
	/* Overridden capabilities. */
	doc = REPL("{\"generatorId\": \"NameGenerator\", "
	    "\"isDifferentiallyPrivate\": true}");
	ck_assert_uint_eq(t_count_in(doc, "DGS409"), 1);
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"NameGenerator\", "
	    "\"canBeDifferentiallyPrivate\": true}]", NULL), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS409"), 0);
}
END_TEST

/* Every built-in fact names its source, and --explain shows them. */
START_TEST(test_builtin_sources)
{
	const struct dgs_generator *g;
	const struct dgs_gen_member *m;
	const char *src;
	char *text;
	size_t i;

	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++) {
		ck_assert_msg(g->source != NULL && strncmp(g->source,
		    "https://", 8) == 0, "%s: %s", g->id,
		    g->source ? g->source : "NULL");
		ck_assert(dgs_gen_is_builtin(g));
		for (m = g->members; m != NULL && m->name != NULL; m++) {
			src = dgs_gen_member_source(g, m);
			ck_assert_msg(src != NULL && (strncmp(src, "https://",
			    8) == 0 || strncmp(src, "github.com/", 11) == 0 ||
			    dgs_src_inferred(src)), "%s %s", g->id, m->name);
		}
	}
	g = dgs_gen_find(t_opts, "NameGenerator");
	ck_assert_ptr_null(dgs_gen_cap_source(g, DGS_CAP_FALLBACK));
	g = dgs_gen_find(t_opts, "TimestampShiftGenerator");
	ck_assert(dgs_src_found(dgs_gen_cap_source(g, DGS_CAP_FALLBACK)));
	ck_assert_ptr_nonnull(strstr(dgs_gen_sources_text(g),
	    "\nFallback yes: https://"));
	text = dgs_rule_sources(dgs_rule_find("DGS407"));
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "NameGenerator (Name): https://"));
	ck_assert_ptr_nonnull(strstr(text, "    not known: consistency with "
	    "another column (not found: the pages disagree"));
	ck_assert_ptr_null(strstr(text, "inferred types:"));
	free(text);
	ck_assert_ptr_null(dgs_rule_sources(dgs_rule_find("DGS701")));
	/* A loaded generator's capabilities are the service's. */
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"NameGenerator\", "
	    "\"hasFallback\": false}]", NULL), 0);
	g = dgs_gen_find(t_opts, "NameGenerator");
	ck_assert(!dgs_gen_is_builtin(g));
	ck_assert_str_eq(dgs_gen_cap_source(g, DGS_CAP_FALLBACK),
	    DGS_SRC_LOADED);
	ck_assert_str_eq(dgs_gen_sources_text(g), DGS_SRC_LOADED);
}
END_TEST

/* Every cell of the built-in catalogue that says yes or no carries a
 * source (a page, and its sentence where one states the fact); a cell
 * no source settles is U, and carries at most a note of what was
 * searched for. */
START_TEST(test_builtin_cells_sourced)
{
	const struct dgs_generator *g;
	const char *src;
	size_t i, cap;
	int v;

	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++)
		for (cap = 0; cap < DGS_CAP_COUNT; cap++) {
			v = dgs_gen_cap(g, (enum dgs_cap)cap);
			src = dgs_gen_cap_source(g, (enum dgs_cap)cap);
			if (v == DGS_UNSURE) {
				ck_assert_msg(!dgs_src_found(src), "%s cell %zu "
				    "is U but has a source: %s", g->id, cap,
				    src);
				continue;
			}
			ck_assert_msg(v == DGS_YES || v == DGS_NO, "%s cell "
			    "%zu: %d", g->id, cap, v);
			ck_assert_msg(dgs_src_found(src) && strncmp(src,
			    "https://", 8) == 0, "%s cell %zu says %s without "
			    "a source (%s)",
			    g->id, cap, v == DGS_YES ? "yes" : "no",
			    src != NULL ? src : "NULL");
		}
	/* The settings cell is the members' openness. */
	g = dgs_gen_builtin_find("BusinessNameGenerator");
	ck_assert_int_eq(dgs_gen_cap(g, DGS_CAP_SETTINGS), DGS_YES);
	g = dgs_gen_builtin_find("UuidPkGenerator");
	ck_assert_int_eq(dgs_gen_cap(g, DGS_CAP_SETTINGS), DGS_UNSURE);
	ck_assert(!dgs_src_found(NULL));
	ck_assert(!dgs_src_found(DGS_SRC_INFERRED));
	ck_assert(!dgs_src_found(DGS_SRC_NOT_FOUND "anything"));
}
END_TEST

/* The one walk of a generator's columns: every capability once, in
 * order, with its value and the rules' source; every setting. */
struct walk {
	const struct dgs_generator *g;
	size_t	 cells, settings, words, facts;
	long	 nset;
};

static void
walk_fact(const struct dgs_gen_fact *f, void *arg)
{
	struct walk *w = arg;
	enum dgs_cap cap = (enum dgs_cap)w->cells;
	const char *src;

	ck_assert_ptr_nonnull(f->key);
	ck_assert_ptr_nonnull(f->words);
	ck_assert_uint_lt(w->facts++, DGS_GEN_NFACT);
	switch (f->kind) {
	case DGS_FACT_CELL:
		ck_assert_uint_lt(w->cells, DGS_CAP_COUNT);
		ck_assert_str_eq(f->key, dgs_gen_cap_key(cap));
		ck_assert_int_eq(f->value, dgs_gen_cap(w->g, cap));
		src = dgs_gen_cap_source(w->g, cap);
		ck_assert(f->source == NULL || f->source == src);
		ck_assert(f->source == NULL || f->value != DGS_UNSURE);
		w->cells++;
		break;
	case DGS_FACT_SETTINGS:
		w->nset = f->value;
		break;
	case DGS_FACT_SETTING:
		ck_assert_ptr_nonnull(f->member);
		ck_assert_str_eq(f->key, f->member->name);
		ck_assert_ptr_nonnull(f->source);
		w->settings++;
		break;
	default:
		/* A built-in entry's composite kind has its words. */
		if (strcmp(f->key, "composite") == 0)
			ck_assert_str_ne(f->word, "unknown");
		w->words++;
		break;
	}
}

START_TEST(test_describe_walk)
{
	const struct dgs_generator *g;
	const struct dgs_gen_member *m;
	struct walk w;
	size_t i, j, n;

	for (i = 0; i < DGS_CAP_COUNT; i++) {
		ck_assert_ptr_nonnull(dgs_gen_cap_key((enum dgs_cap)i));
		for (j = 0; j < i; j++)
			ck_assert_str_ne(dgs_gen_cap_key((enum dgs_cap)i),
			    dgs_gen_cap_key((enum dgs_cap)j));
	}
	ck_assert_ptr_null(dgs_gen_cap_key(DGS_CAP_COUNT));
	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++) {
		memset(&w, 0, sizeof(w));
		w.g = g;
		w.nset = -1;
		dgs_gen_describe(g, walk_fact, &w);
		ck_assert_uint_eq(w.cells, DGS_CAP_COUNT);
		for (n = 0, m = g->members; m != NULL && m->name != NULL; m++)
			n++;
		ck_assert_uint_eq(w.settings, n);
		ck_assert_int_eq(w.nset, (long)n);
		ck_assert_uint_gt(w.words, 0);
	}
}
END_TEST

/* dgs_generator_describe(): JSON that parses, an object per generator
 * (a loaded one too, with the file as its source); text; an unknown id
 * refused. */
START_TEST(test_describe_json)
{
	const char *why;
	struct json_object *j, *e, *v;
	char *s;
	size_t i, n;

	ck_assert_int_eq(load_gens("[{\"generatorId\": \"PhoneGenerator\", "
	    "\"canBeConsistent\": true}]", &why), 0);
	ck_assert_int_eq(dgs_generator_describe(t_opts, NULL,
	    DGS_DESCRIBE_JSON, &s), 0);
	ck_assert_ptr_nonnull(j = json_tokener_parse(s));
	free(s);
	n = json_object_array_length(j);
	ck_assert_uint_eq(n, dgs_gen_builtin_count() + 1);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(j, i);
		ck_assert(json_object_object_get_ex(e, "capabilities", &v));
		ck_assert_uint_eq((size_t)json_object_object_length(v),
		    DGS_CAP_COUNT);
		ck_assert(json_object_object_get_ex(e, "settings", &v));
		ck_assert(json_object_is_type(v, json_type_array));
		ck_assert(json_object_object_get_ex(e, "id", &v));
		if (strcmp(json_object_get_string(v), "PhoneGenerator") == 0) {
			ck_assert(json_object_object_get_ex(e, "source", &v));
			ck_assert_str_eq(json_object_get_string(v),
			    DGS_SRC_LOADED);
			ck_assert(json_object_object_get_ex(e, "composite",
			    &v));
			ck_assert_str_eq(json_object_get_string(v), "unknown");
		}
	}
	json_object_put(j);
	ck_assert_int_eq(dgs_generator_describe(t_opts, "PhoneGenerator",
	    DGS_DESCRIBE_JSON, &s), 0);
	ck_assert_ptr_nonnull(j = json_tokener_parse(s));
	ck_assert(json_object_is_type(j, json_type_object));
	json_object_put(j);
	free(s);
	/* The later columns: deprecation, a required setting. */
	ck_assert_int_eq(dgs_generator_describe(t_opts, "CompanyNameGenerator",
	    DGS_DESCRIBE_JSON, &s), 0);
	ck_assert_ptr_nonnull(j = json_tokener_parse(s));
	free(s);
	ck_assert(json_object_object_get_ex(j, "replacedBy", &v));
	ck_assert_str_eq(json_object_get_string(v), "BusinessNameGenerator");
	json_object_put(j);
	ck_assert_int_eq(dgs_generator_describe(t_opts,
	    "CustomCategoricalGenerator", DGS_DESCRIBE_JSON, &s), 0);
	ck_assert_ptr_nonnull(j = json_tokener_parse(s));
	free(s);
	ck_assert(json_object_object_get_ex(j, "settings", &v));
	e = json_object_array_get_idx(v, 0);
	ck_assert(json_object_object_get_ex(e, "required", &v));
	ck_assert_str_eq(json_object_get_string(v), "always");
	json_object_put(j);
	ck_assert_int_eq(dgs_generator_describe(t_opts, "NameGenerator",
	    DGS_DESCRIBE_TEXT, &s), 0);
	ck_assert_ptr_nonnull(strstr(s, "nameType"));
	ck_assert_ptr_nonnull(strstr(s, "\nSources:\n"));
	free(s);
	ck_assert_int_eq(dgs_generator_describe(t_opts, "NoSuchGenerator",
	    DGS_DESCRIBE_TEXT, &s), DGS_EINVAL);
	ck_assert_ptr_null(s);
}
END_TEST

/* The later columns (issue 41): each stated fact has its page; a
 * replacement is a known id; the unknown is left zero. */
static int
page_src(const char *src)
{
	return dgs_src_found(src) && strncmp(src, "https://", 8) == 0;
}

/* 1 when src is a page and a sentence of it, as SAYS() writes one: the
 * page, a space, the sentence in double quotes; not a page alone with a
 * note in parentheses. */
static int
quotes_sentence(const char *src)
{
	const char *q;
	size_t n;

	if (!page_src(src) || (q = strchr(src, ' ')) == NULL || q[1] != '"')
		return 0;
	n = strlen(q + 2);
	return n > 1 && q[2 + n - 1] == '"';
}

START_TEST(test_builtin_later_columns_sourced)
{
	const struct dgs_generator *g;
	const struct dgs_gen_member *m;
	size_t i;

	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++) {
		ck_assert_msg(g->families == 0 || (page_src(g->families_src) &&
		    g->families_words != NULL), "%s: data types without a "
		    "page", g->id);
		/* Data types above info (DGS806) rest on a sentence that
		 * names them; the others are implied (DGS814, info). */
		ck_assert_msg(g->families == 0 || g->families_implied ||
		    quotes_sentence(g->families_src), "%s: data types that "
		    "may warn without a sentence that states them", g->id);
		ck_assert_msg(g->replaced_by == NULL ||
		    (page_src(g->replaced_src) &&
		    dgs_gen_builtin_find(g->replaced_by) != NULL), "%s: "
		    "replacement", g->id);
		ck_assert_msg(g->sub_forbid == 0 || page_src(g->sub_forbid_src),
		    "%s: sub-generators", g->id);
		for (m = g->members; m != NULL && m->name != NULL; m++) {
			ck_assert_msg(m->required == 0 ||
			    page_src(m->required_src), "%s %s: required",
			    g->id, m->name);
			ck_assert_msg(m->requires == NULL ||
			    (page_src(m->dep_src) && dgs_gen_member(g,
			    m->requires) != NULL), "%s %s: dependency", g->id,
			    m->name);
			ck_assert_msg(m->values_src == NULL || m->values !=
			    NULL || !dgs_src_found(m->values_src), "%s %s: "
			    "values", g->id, m->name);
		}
	}
	/* A page alone, with the note of FAM_PAGE(), states nothing. */
	g = dgs_gen_builtin_find("GaussianGenerator");
	ck_assert(g->families_implied);
	ck_assert(!quotes_sentence(g->families_src));
	g = dgs_gen_builtin_find("EventGenerator");
	ck_assert(!g->families_implied);
	ck_assert(g->families != 0);
	ck_assert(!(g->families & DGS_FAM(DB_TIME)));
	g = dgs_gen_builtin_find("CompanyNameGenerator");
	ck_assert_str_eq(g->replaced_by, "BusinessNameGenerator");
	g = dgs_gen_builtin_find("ArrayTextMaskGenerator");
	ck_assert_int_eq(dgs_gen_cap(g, DGS_CAP_SETTINGS), DGS_YES);
}
END_TEST

/* Preset metadata is checked as a link's is, and a loaded catalogue's
 * capabilities win there too. */
START_TEST(test_preset_metadata)
{
	const char *doc = "{\"name\": \"P\", \"generatorId\": "
	    "\"NameGenerator\", \"metadata\": {\"isDifferentiallyPrivate\": "
	    "true, \"preserveCapitalization\": \"no\"}}";

	ck_assert_uint_eq(t_count_in(doc, "DGS409"), 1);
	ck_assert_uint_eq(t_count_in(doc, "DGS203"), 1);
	ck_assert_int_eq(load_gens("[{\"generatorId\": \"NameGenerator\", "
	    "\"canBeDifferentiallyPrivate\": true}]", NULL), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS409"), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS203"), 1);
}
END_TEST

START_TEST(test_lint_presets)
{
	const char *doc = REPL("{\"presetId\": \"b2\", \"generatorId\": "
	    "\"EmailGenerator\"}");

	ck_assert_uint_eq(t_count_in(doc, "DGS402"), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS404"), 0);
	ck_assert_int_eq(load_presets("[{\"id\": \"b2\", \"generatorId\": "
	    "\"NameGenerator\"}]", NULL), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS402"), 1);
	doc = REPL("{\"presetId\": \"zz\", \"generatorId\": "
	    "\"EmailGenerator\"}");
	ck_assert_uint_eq(t_count_in(doc, "DGS404"), 1);
	dgs_options_set_license(t_opts, DGS_LICENSE_PROFESSIONAL);
	ck_assert_uint_eq(t_count_in(doc, "DGS403"), 1);
	ck_assert_uint_eq(t_count_in(doc, "DGS404"), 0);
}
END_TEST

START_TEST(test_unknown_member_suggestion)
{
	struct dgs_result *res = NULL;
	const char *doc = REPL("{\"generatorId\": \"NameGenerator\", "
	    "\"nameTyp\": \"First\"}");
	const struct dgs_finding *f;

	ck_assert_int_eq(dgs_lint(t_opts, "t.json", doc, strlen(doc), &res), 0);
	ck_assert_uint_eq(dgs_result_count(res), 1);
	f = dgs_result_get(res, 0);
	ck_assert_str_eq(f->rule->id, "DGS204");
	ck_assert_ptr_nonnull(strstr(f->message, "did you mean `nameType`"));
	dgs_result_free(res);
}
END_TEST

START_TEST(test_member_interplay)
{
	/* A case variant of generatorId: member-case, not required. */
	const char *doc = REPL("{\"generatorID\": \"NameGenerator\"}");

	ck_assert_uint_eq(t_count_in(doc, "DGS205"), 1);
	ck_assert_uint_eq(t_count_in(doc, "DGS202"), 0);
	/* Unknown generator: its members pass, base-member typos do not. */
	doc = REPL("{\"generatorId\": \"FooGenerator\", \"fooMode\": 1, "
	    "\"isConsistant\": true}");
	ck_assert_uint_eq(t_count_in(doc, "DGS204"), 1);
	/* Types of a generator's own members; null is "not set". */
	doc = REPL("{\"generatorId\": \"RandomIntegerGenerator\", \"min\": "
	    "\"1\", \"max\": null}");
	ck_assert_uint_eq(t_count_in(doc, "DGS203"), 1);
	/* The legacy shape: generatorId on the link. */
	doc = "{\"schema\": \"s\", \"table\": \"t\", \"links\": "
	    "[{\"schema\": \"s\", \"table\": \"t\", \"column\": \"c\", "
	    "\"generatorId\": \"NameGenerator\", \"metadata\": "
	    "{\"nameType\": \"First\"}}]}";
	ck_assert_uint_eq(t_count_in(doc, "DGS202"), 0);
	ck_assert_uint_eq(t_count_in(doc, "DGS204"), 0);
}
END_TEST

/* Several threads lint with the same options. */
static void *
lint_thread(void *arg)
{
	const char *doc = arg;
	size_t i;
	int bad = 0;

	for (i = 0; i < 50; i++)
		bad += t_count_in(doc, "DGS401") != 0 || t_count_in(doc, "DGS421") != 1;
	return bad ? arg : NULL;
}

START_TEST(test_threads)
{
	static const char doc[] = REPL("{\"generatorId\": "
	    "\"RegexMaskGenerator\", \"pattern\": \"(a)(b)\", "
	    "\"captureGroupMetadata\": [{\"generatorId\": "
	    "\"PhoneGenerator\"}]}");
	pthread_t t[4];
	void *ret;
	size_t i;

	ck_assert_int_eq(load_gens("[{\"generatorId\": \"PhoneGenerator\"}]",
	    NULL), 0);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, lint_thread,
		    (void *)doc), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(t[i], &ret), 0);
		ck_assert_ptr_null(ret);
	}
}
END_TEST

Suite *catalog_suite(void);

Suite *
catalog_suite(void)
{
	Suite *s = suite_create("catalog");
	TCase *tc;

	tc = tcase_create("builtin");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_builtin_sorted);
	tcase_add_test(tc, test_builtin_facts);
	suite_add_tcase(s, tc);

	tc = tcase_create("load");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_load_generators);
	tcase_add_test(tc, test_load_generators_last_wins);
	tcase_add_loop_test(tc, test_load_generators_bad, 0,
	    sizeof(bad_gens) / sizeof(bad_gens[0]));
	tcase_add_test(tc, test_load_presets);
	tcase_add_test(tc, test_load_into_copy);
	suite_add_tcase(s, tc);

	tc = tcase_create("lint");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_lint_with_loaded);
	tcase_add_test(tc, test_lint_presets);
	tcase_add_test(tc, test_builtin_sources);
	tcase_add_test(tc, test_builtin_cells_sourced);
	tcase_add_test(tc, test_describe_walk);
	tcase_add_test(tc, test_describe_json);
	tcase_add_test(tc, test_builtin_later_columns_sourced);
	tcase_add_test(tc, test_preset_metadata);
	tcase_add_test(tc, test_unknown_member_suggestion);
	tcase_add_test(tc, test_member_interplay);
	tcase_add_test(tc, test_threads);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
