/*
 * check_gen_path.c: unit tests of the path-expression checkers (JSONPath,
 * XPath, CSV index) and of the regular-expression inspection.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"
#include "catalog.h"

static const char *const good_jsonpaths[] = {
	"$",
	"$.address.city",
	"$.store.book[*].author",
	"$..author",
	"$.store.*",
	"$.store..price",
	"$..book[2]",
	"$..book[-1:]",
	"$..book[0,1]",
	"$..book[:2]",
	"$..book[::2]",
	"$['store']['book'][0]",
	"$[\"first name\"]",
	"$['a','b']",
	"$..book[?(@.isbn)]",
	"$..book[?(@.price < 10)]",
	"$..book[?(@.price<10 && @.category == 'fiction')]",
	"$..book[?(@.author =~ /.*REES/i)]",
	"$..book[?(!@.isbn)]",
	"$..book[?(@.size in ['S', 'M'])]",
	"$..book[?(@.a == true || @.b != null)]",
	"$..book[?(@.price > $.expensive)]",
	"$..book[(@.length-1)]",
	"$..book[?(@.tags.length() > 2)]",
	"$..book[?(length(@.tags) >= 2)]",
	"$.phone_numbers[0].number",
	"$.first-name",
	"$.a.b[ 0 ]",
	"$..*",
	"$[?@.a > 1]",
	"$.geo.latitude",
	"$.caf\xc3\xa9",
};

static const struct {
	const char	*text;
	long		 at;
} bad_jsonpaths[] = {
	{ "", 0 },
	{ "address.city", 0 },
	{ "@.a", 0 },
	{ "$.", 2 },
	{ "$..", 3 },
	{ "$...a", 3 },
	{ "$.a[b", 4 },
	{ "$.a[0", 3 },
	{ "$.a[]", 4 },
	{ "$.a['b", 4 },
	{ "$.a[?()]", 6 },
	{ "$.a[?(@.b ==)]", 12 },
	{ "$.a[?(@.b == 'x']", 16 },
	{ "$.a[?(@.b == x)]", 13 },
	{ "$.a[?(@.b]", 9 },
	{ "$.a b", 3 },
	{ "$.a]", 3 },
	{ "$a", 1 },
	{ "$.a[1:2:3:4]", 9 },
	{ "$.a[-]", 5 },
	{ "$.a[?]", 5 },
	{ "$.a[?(@.b == /x)]", 13 },
};

START_TEST(test_jsonpath_good)
{
	const char *s = good_jsonpaths[_i], *why = NULL;
	long at = dgs_jsonpath_check(s, strlen(s), &why);

	ck_assert_msg(at == -1, "%s: %ld %s", s, at, why ? why : "");
}
END_TEST

START_TEST(test_jsonpath_bad)
{
	const char *s = bad_jsonpaths[_i].text, *why = NULL;
	long at = dgs_jsonpath_check(s, strlen(s), &why);

	ck_assert_msg(at == bad_jsonpaths[_i].at, "%s: %ld, want %ld (%s)", s,
	    at, bad_jsonpaths[_i].at, why ? why : "");
	ck_assert_ptr_nonnull(why);
}
END_TEST

static const char *const good_xpaths[] = {
	"/",
	"/customers/customer/name",
	"//name",
	"//customer[@id='7']/email",
	"//customer[1]",
	"//customer[last()]",
	"/a/b/text()",
	"//@id",
	"child::para",
	"descendant-or-self::node()/child::para",
	"ancestor::div[1]",
	"..",
	"./a",
	"../b",
	"//a | //b",
	"//p[contains(., 'x') and not(@hidden)]",
	"count(//item) > 2",
	"//item[position() mod 2 = 0]",
	"//item[price * 2 div 3 >= -1.5]",
	"//ns:item/ns:*",
	"//*[local-name()='a']",
	"//processing-instruction('xml-stylesheet')",
	"//comment()",
	"(//a)[1]",
	"$var/a",
	"//a[b!=\"c\"]",
	"//div[@class = 'x']//span",
	"//table/tr[td[1] = 'SSN']/td[2]",
	"//a[.//b]",
};

static const struct {
	const char	*text;
	long		 at;
} bad_xpaths[] = {
	{ "", 0 },
	{ "//", 2 },
	{ "/a/", 3 },
	{ "//a[", 4 },
	{ "//a[]", 4 },
	{ "//a[@id='x]", 8 },
	{ "//a]", 3 },
	{ "//a)", 3 },
	{ "//a b", 4 },
	{ "//a[1 2]", 6 },
	{ "foo::bar", 0 },
	{ "//a[! @b]", 4 },
	{ "//a[count(b]", 11 },
	{ "//a/#", 4 },
	{ "//text(1)", 7 },
	{ "//a[@]", 5 },
	{ "//./[1]", 4 },
	{ "//a[b = ]", 8 },
	{ "//a/*b", 5 },
};

START_TEST(test_xpath_good)
{
	const char *s = good_xpaths[_i], *why = NULL;
	long at = dgs_xpath_check(s, strlen(s), &why);

	ck_assert_msg(at == -1, "%s: %ld %s", s, at, why ? why : "");
}
END_TEST

START_TEST(test_xpath_bad)
{
	const char *s = bad_xpaths[_i].text, *why = NULL;
	long at = dgs_xpath_check(s, strlen(s), &why);

	ck_assert_msg(at == bad_xpaths[_i].at, "%s: %ld, want %ld (%s)", s,
	    at, bad_xpaths[_i].at, why ? why : "");
	ck_assert_ptr_nonnull(why);
}
END_TEST

/* Text Composition's Liquid templates: the offset of the fault, -1
 * well-formed; and the column names of {{ }}. */
static const struct {
	const char	*t;
	long		 bad;
} liquids[] = {
	{ "{{ lastname }}{{ firstname | slice: 0 }}", -1 },
	{ "Mr. {{- name -}}.", -1 },
	{ "{{ \"}}\" }} {% if a %}x{% else %}y{% endif %}", -1 },
	{ "{% raw %}{{ {% if {% endraw %}", -1 },
	{ "a }} b %}", -1 },
	{ "{{ a }}, {{ b ", 9 },
	{ "{% if a %}", 0 },
	{ "{% if a %}{% endfor %}", 10 },
	{ "{% endif %}", 0 },
	{ "{{ a {{ b }}", 0 },
	{ "{% comment %} x", 0 },
};

START_TEST(test_liquid)
{
	const char *why = NULL;

	ck_assert_int_eq(dgs_liquid_check(liquids[_i].t,
	    strlen(liquids[_i].t), &why), liquids[_i].bad);
	if (liquids[_i].bad >= 0)
		ck_assert_ptr_nonnull(why);
}
END_TEST

static void
liquid_name(void *arg, size_t off, size_t len)
{
	char *b = arg;

	strncat(b, "|", 2);
	strncat(b, "{{ a }}{% assign i = a %}{{ i }}{{ true }}{{ b.c | x }}"
	    "{{ 'q' }}{% for t in a %}{{ t }}{% endfor %}" + off, len);
}

START_TEST(test_liquid_names)
{
	static const char t[] = "{{ a }}{% assign i = a %}{{ i }}{{ true }}"
	    "{{ b.c | x }}{{ 'q' }}{% for t in a %}{{ t }}{% endfor %}";
	char b[64] = "";

	dgs_liquid_names(t, strlen(t), liquid_name, b);
	ck_assert_str_eq(b, "|a|b");
}
END_TEST

START_TEST(test_csv_index)
{
	const char *why = NULL;

	ck_assert_int_eq(dgs_csvindex_check("0", 1, &why), -1);
	ck_assert_int_eq(dgs_csvindex_check("12", 2, &why), -1);
	ck_assert_int_eq(dgs_csvindex_check("", 0, &why), 0);
	ck_assert_int_eq(dgs_csvindex_check("-1", 2, &why), 0);
	ck_assert_int_eq(dgs_csvindex_check("1a", 2, &why), 1);
	ck_assert_int_eq(dgs_csvindex_check(" 1", 2, &why), 0);
	ck_assert_int_eq(dgs_char_index("a\xc3\xa9z", 3), 2);
	ck_assert_int_eq(dgs_char_index("abc", 2), 2);
}
END_TEST

static const struct {
	const char	*pattern;
	int		 ok;
	unsigned long	 unnamed, top, named;
	long		 err_off;	/* when !ok; -1 when skipped */
} regexes[] = {
	{ "(\\d{3})-(\\d{4})", 1, 2, 2, 0, 0 },
	{ "^(\\w+)@(\\w+)\\.com$", 1, 2, 2, 0, 0 },
	{ "((a)b)(c)", 1, 3, 2, 0, 0 },
	{ "(?:a(b))(c)", 1, 2, 2, 0, 0 },
	{ "(?<user>\\w+)@(\\w+)", 1, 1, 1, 1, 0 },
	{ "(?'user'\\w+)@(?<host>\\w+)", 1, 0, 0, 2, 0 },
	{ "[(]x(y)\\(", 1, 1, 1, 0, 0 },
	{ "\\Q(a)\\E(b)", 1, 1, 1, 0, 0 },
	{ "(?=a)(b)(?!c)(?<=d)(?<!e)", 1, 1, 1, 0, 0 },
	{ "\\u00e9(\\x{e9})", 1, 1, 1, 0, 0 },
	{ "(?i)(abc)", 1, 1, 1, 0, 0 },
	{ "[[:alpha:]](x)", 1, 1, 1, 0, 0 },
	{ "(a", 0, 0, 0, 0, 2 },
	{ "a)", 0, 0, 0, 0, 1 },
	{ "[a-", 0, 0, 0, 0, 3 },
	{ "*a", 0, 0, 0, 0, 0 },
	{ "a{2,1}", 0, 0, 0, 0, 5 },
	{ "\\i", 0, 0, 0, 0, 1 },
	{ "(?<=a+)b", 0, 0, 0, 0, -1 },
	{ "\\p{IsGreek}", 0, 0, 0, 0, -1 },
};

START_TEST(test_regex)
{
	struct dgs_regex_info info;
	const char *p = regexes[_i].pattern;

	ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
	ck_assert_msg(info.ok == regexes[_i].ok, "%s: ok %d (%s at %ld)", p,
	    info.ok, info.err, info.err_off);
	if (info.ok) {
		ck_assert_msg(info.unnamed == regexes[_i].unnamed &&
		    info.top == regexes[_i].top &&
		    info.named == regexes[_i].named, "%s: %lu %lu %lu", p,
		    info.unnamed, info.top, info.named);
		if (info.named > 0)
			ck_assert_int_ge(info.named_off, 0);
	} else if (regexes[_i].err_off < 0)
		ck_assert_msg(info.skipped, "%s: not skipped", p);
	else {
		ck_assert_msg(!info.skipped && info.err_off ==
		    regexes[_i].err_off, "%s: at %ld (%s)", p, info.err_off,
		    info.err);
		ck_assert(info.err[0] != '\0');
	}
}
END_TEST

/* n copies of open, mid, n copies of close: a text nested n deep. */
static char *
nested(size_t n, const char *pre, const char *open, const char *mid,
    const char *close, const char *post)
{
	size_t lo = strlen(open), lc = strlen(close), i;
	char *s = malloc(strlen(pre) + n * (lo + lc) + strlen(mid) +
	    strlen(post) + 1), *p;

	ck_assert_ptr_nonnull(s);
	p = s + strlen(strcpy(s, pre));
	for (i = 0; i < n; i++, p += lo)
		memcpy(p, open, lo);
	p += strlen(strcpy(p, mid));
	for (i = 0; i < n; i++, p += lc)
		memcpy(p, close, lc);
	strcpy(p, post);
	return s;
}

/* Groups nested DGS_REGEX_NEST_LIMIT deep compile (the 249/251 pair
 * around PCRE2's default of 250 too); one more is not judged, and says
 * how deep it nests. */
START_TEST(test_regex_nest_limit)
{
	static const size_t ok[] = { 249, 251, DGS_REGEX_NEST_LIMIT };
	struct dgs_regex_info info;
	char *p;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		p = nested(ok[i], "", "(", "a", ")", "");
		ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
		ck_assert_msg(info.ok && !info.limited && info.unnamed ==
		    ok[i] && info.top == 1 && info.depth == ok[i], "%zu: %s",
		    ok[i], info.err);
		free(p);
	}
	p = nested(DGS_REGEX_NEST_LIMIT + 1, "", "(", "a", ")", "");
	ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
	ck_assert(!info.ok && info.limited && !info.skipped);
	ck_assert_uint_eq(info.depth, DGS_REGEX_NEST_LIMIT + 1);
	ck_assert(info.err[0] != '\0');
	free(p);
	/* PCRE2's own limit on (?...) groups. */
	p = nested(DGS_REGEX_QUERY_NEST, "", "(?:", "a", ")", "");
	ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
	ck_assert_msg(info.ok && !info.limited, "%s", info.err);
	free(p);
	p = nested(DGS_REGEX_QUERY_NEST + 1, "", "(?:", "a", ")", "");
	ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
	ck_assert(!info.ok && info.limited && !info.skipped);
	ck_assert_uint_eq(info.depth, DGS_REGEX_QUERY_NEST + 1);
	free(p);
}
END_TEST

/* A compiled pattern larger than PCRE2's code size limit: not judged. */
START_TEST(test_regex_too_large)
{
	struct dgs_regex_info info;
	size_t n = 70000, i;
	char *p = malloc(n * 2 + 1);

	ck_assert_ptr_nonnull(p);
	for (i = 0; i < n; i++)
		memcpy(p + 2 * i, "a|", 2);
	p[2 * n - 1] = '\0';
	ck_assert_int_eq(dgs_regex_inspect(p, strlen(p), &info), 0);
	ck_assert(!info.ok && info.limited);
	free(p);
}
END_TEST

/* The path parsers read DGS_PATH_NEST_LIMIT levels (the expression
 * counts as one, and a filter as one); past it they stop with
 * dgs_path_too_deep, which is no syntax error. */
START_TEST(test_path_nest_limit)
{
	const char *why;
	char *p;
	long at;
	int n;

	for (n = DGS_PATH_NEST_LIMIT - 2; n <= DGS_PATH_NEST_LIMIT - 1; n++) {
		why = NULL;
		p = nested((size_t)n, "$[?(", "(", "@.a == 1", ")", ")]");
		at = dgs_jsonpath_check(p, strlen(p), &why);
		ck_assert_msg((at < 0) == (n < DGS_PATH_NEST_LIMIT - 1),
		    "JSONPath %d: %ld", n, at);
		if (at >= 0)
			ck_assert_ptr_eq(why, dgs_path_too_deep);
		free(p);
		why = NULL;
		p = nested((size_t)n, "$[?(", "!", "@.a", "", ")]");
		at = dgs_jsonpath_check(p, strlen(p), &why);
		ck_assert_msg((at < 0) == (n < DGS_PATH_NEST_LIMIT - 1),
		    "JSONPath ! %d: %ld", n, at);
		if (at >= 0)
			ck_assert_ptr_eq(why, dgs_path_too_deep);
		free(p);
	}
	for (n = DGS_PATH_NEST_LIMIT - 1; n <= DGS_PATH_NEST_LIMIT; n++) {
		why = NULL;
		p = nested((size_t)n, "", "(", "1", ")", "");
		at = dgs_xpath_check(p, strlen(p), &why);
		ck_assert_msg((at < 0) == (n < DGS_PATH_NEST_LIMIT),
		    "XPath %d: %ld", n, at);
		if (at >= 0)
			ck_assert_ptr_eq(why, dgs_path_too_deep);
		free(p);
	}
	/* A syntax error before the limit is still one. */
	p = nested(DGS_PATH_NEST_LIMIT + 5, "$[?(", "(", "@.a ==", ")", ")]");
	at = dgs_jsonpath_check(p, strlen(p), &why);
	ck_assert_int_ge(at, 0);
	free(p);
}
END_TEST

Suite *gen_path_suite(void);

Suite *
gen_path_suite(void)
{
	Suite *s = suite_create("gen_path");
	TCase *tc;

	tc = tcase_create("jsonpath");
	tcase_add_loop_test(tc, test_jsonpath_good, 0,
	    sizeof(good_jsonpaths) / sizeof(good_jsonpaths[0]));
	tcase_add_loop_test(tc, test_jsonpath_bad, 0,
	    sizeof(bad_jsonpaths) / sizeof(bad_jsonpaths[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("xpath");
	tcase_add_loop_test(tc, test_xpath_good, 0,
	    sizeof(good_xpaths) / sizeof(good_xpaths[0]));
	tcase_add_loop_test(tc, test_xpath_bad, 0,
	    sizeof(bad_xpaths) / sizeof(bad_xpaths[0]));
	tcase_add_test(tc, test_csv_index);
	tcase_add_loop_test(tc, test_liquid, 0,
	    sizeof(liquids) / sizeof(liquids[0]));
	tcase_add_test(tc, test_liquid_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("regex");
	tcase_add_loop_test(tc, test_regex, 0,
	    sizeof(regexes) / sizeof(regexes[0]));
	tcase_add_test(tc, test_regex_nest_limit);
	tcase_add_test(tc, test_regex_too_large);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_test(tc, test_path_nest_limit);
	suite_add_tcase(s, tc);
	return s;
}
