/*
 * check_glob.c: tests of the glob patterns of configurations (glob.c).
 * The matcher before issue 29, which tried each way a star could match
 * in turn (exponential time on some patterns), is kept here as the
 * oracle: the cases written out below, and many small patterns and paths
 * made at random, must get its answers.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "repo.h"

/*
 * The oracle: glob.c's matcher as it was (commit 2238061), with a double
 * star and the slash after it matching whole directories, as
 * dgslint.json(5) says (they matched any characters then).
 */
static int
old_class_end(const char *p)
{
	const char *q = p + 1;

	if (*q == '!' || *q == '^')
		q++;
	if (*q == ']')
		q++;
	while (*q != '\0' && *q != ']')
		q++;
	return *q == ']' ? (int)(q - p) : -1;
}

static int
old_class_match(const char *p, int len, char c)
{
	int neg = 0, i = 1, hit = 0;

	if (p[i] == '!' || p[i] == '^') {
		neg = 1;
		i++;
	}
	for (; i < len; i++) {
		if (i + 2 < len && p[i + 1] == '-') {
			if (c >= p[i] && c <= p[i + 2])
				hit = 1;
			i += 2;
		} else if (p[i] == c)
			hit = 1;
	}
	return hit != neg;
}

static int
old_match(const char *p, const char *s)
{
	int n;

	for (;;) {
		switch (*p) {
		case '\0':
			return *s == '\0';
		case '*':
			if (p[1] == '*' && p[2] == '/') {
				/* Nothing, or anything ending with '/'. */
				p += 3;
				if (old_match(p, s))
					return 1;
				for (; *s != '\0'; s++)
					if (*s == '/' && old_match(p, s + 1))
						return 1;
				return 0;
			}
			if (p[1] == '*') {
				p += 2;
				for (;;) {
					if (old_match(p, s))
						return 1;
					if (*s == '\0')
						return 0;
					s++;
				}
			}
			p++;
			for (;;) {
				if (old_match(p, s))
					return 1;
				if (*s == '\0' || *s == '/')
					return 0;
				s++;
			}
		case '?':
			if (*s == '\0' || *s == '/')
				return 0;
			break;
		case '[':
			if ((n = old_class_end(p)) < 0 || *s == '\0' ||
			    *s == '/' || !old_class_match(p, n, *s))
				return 0;
			p += n;
			break;
		case '\\':
			if (p[1] != '\0')
				p++;
			/* FALLTHROUGH */
		default:
			if (*p != *s)
				return 0;
			break;
		}
		p++;
		s++;
	}
}

static int
old_glob_match(const char *pat, const char *rel)
{
	const char *base;

	while (pat[0] == '.' && pat[1] == '/')
		pat += 2;
	if (strchr(pat, '/') == NULL) {
		base = strrchr(rel, '/');
		return old_match(pat, base ? base + 1 : rel);
	}
	if (pat[0] == '/')
		pat++;
	return old_match(pat, rel);
}

/*
 * Cases written out: what dgslint.json(5) says, and the corners.
 */
static const struct {
	const char	*pat, *path;
	int		 hit;
} cases[] = {
	/* A pattern without '/': the name, in any directory. */
	{ "*.json", "a.json", 1 },
	{ "*.json", "dir/sub/a.json", 1 },
	{ "*.json", "a.jsonx", 0 },
	{ "a.json", "x/a.json", 1 },
	{ "a.json", "xa.json", 0 },
	{ "./*.json", "x/a.json", 1 },
	/* The two compared as strings (a name, "*" and a suffix). */
	{ "*.o", ".o", 1 },
	{ "*.o", "o", 0 },
	{ "*", "x/y", 1 },
	{ "*.o", "a.o/b", 0 },
	{ "a\\*", "x/a*", 1 },
	{ "a\\*", "x/ab", 0 },
	{ "*\\*", "x/a*", 1 },
	/* With '/': the whole relative path; a leading / or ./ is the
	 * configuration's directory. */
	{ "vendor/*.json", "vendor/a.json", 1 },
	{ "vendor/*.json", "vendor/x/a.json", 0 },
	{ "vendor/*.json", "x/vendor/a.json", 0 },
	{ "/vendor/*", "vendor/a.json", 1 },
	{ "./vendor/*", "vendor/a.json", 1 },
	{ "././vendor/*", "vendor/a.json", 1 },
	/* * stays in one component; ** crosses them. */
	{ "a/*", "a/b/c", 0 },
	{ "a/**", "a/b/c", 1 },
	{ "a/**", "a/", 1 },
	{ "a/**", "a", 0 },
	{ "**/x.json", "x.json", 1 },
	{ "**/x.json", "a/b/c/x.json", 1 },
	{ "a/**/b", "a/b", 1 },
	{ "a/**/b", "a/x/y/b", 1 },
	{ "a/**b", "a/x/yb", 1 },
	/* "**" and the '/' after it match whole directories only. */
	{ "**/x.json", "ax.json", 0 },
	{ "**/x.json", "a/bx.json", 0 },
	{ "a/**/b", "a/xb", 0 },
	{ "a/**/b", "a/x/b", 1 },
	{ "a/**/b/**/c", "a/x/b/y/z/c", 1 },
	{ "a/**/b/**/c", "a/xb/c", 0 },
	{ "*/**/x", "a/x", 1 },
	{ "***", "a/b", 1 },
	{ "a/***/c", "a/b/c", 1 },
	{ "*a*", "b/a", 1 },
	{ "x/*a*", "x/b/a", 0 },
	/* ? and classes take one character, never '/'. */
	{ "a?c", "abc", 1 },
	{ "x/a?c", "x/a/c", 0 },
	{ "a?", "a", 0 },
	{ "[abc].json", "b.json", 1 },
	{ "[abc].json", "d.json", 0 },
	{ "[a-c]x", "bx", 1 },
	{ "[!a-c]x", "bx", 0 },
	{ "[^a-c]x", "dx", 1 },
	{ "[]]", "]", 1 },
	{ "[!]]", "]", 0 },
	{ "[a-]", "-", 1 },
	{ "x/[/]y", "x//y", 0 },
	{ "x/[!a]y", "x//y", 0 },
	{ "[z-a]", "m", 0 },
	/* An unclosed class matches nothing (glob_valid() refuses it). */
	{ "[ab", "[ab", 0 },
	{ "[ab", "a", 0 },
	/* \ quotes the next character; a lone one at the end is itself. */
	{ "\\*", "*", 1 },
	{ "\\*", "a", 0 },
	{ "a\\?", "a?", 1 },
	{ "a\\?", "ab", 0 },
	{ "a\\", "a\\", 1 },
	{ "\\[a]", "[a]", 1 },
	{ "[\\]]", "\\]", 1 },
	/* Bytes past ASCII compare as the C library's char does. */
	{ "caf\xc3\xa9.json", "caf\xc3\xa9.json", 1 },
	{ "caf?.json", "caf\xc3\xa9.json", 0 },
	{ "caf??.json", "caf\xc3\xa9.json", 1 },
	{ "caf*.json", "x/caf\xc3\xa9.json", 1 },
	/* Empty paths and patterns. */
	{ "*", "", 1 },
	{ "**", "", 1 },
	{ "?", "", 0 },
	{ "", "", 1 },
	{ "", "a", 0 },
	{ "a", "", 0 },
};

START_TEST(test_cases)
{
	size_t i;
	int got, old;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = glob_match(cases[i].pat, cases[i].path);
		old = old_glob_match(cases[i].pat, cases[i].path);
		ck_assert_msg(old == cases[i].hit, "oracle: \"%s\" on \"%s\": "
		    "%d, written %d", cases[i].pat, cases[i].path, old,
		    cases[i].hit);
		ck_assert_msg(got == cases[i].hit, "\"%s\" on \"%s\": %d, "
		    "expected %d", cases[i].pat, cases[i].path, got,
		    cases[i].hit);
	}
}
END_TEST

/*
 * At random: short patterns of the pattern characters and a few
 * letters, against short paths of the same letters and '/', the same
 * answers as the oracle (which is fast at these lengths).
 */
static uint32_t
next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void
random_text(uint32_t *seed, char *buf, size_t max, const char *alpha)
{
	size_t n = next(seed) % (max + 1), i, k = strlen(alpha);

	for (i = 0; i < n; i++)
		buf[i] = alpha[next(seed) % k];
	buf[n] = '\0';
}

START_TEST(test_random)
{
	/* Pattern characters weighted by repeating them. */
	static const char pat_alpha[] = "ab/**??[[]]!-\\.ab/*";
	static const char path_alpha[] = "ab/-!]\\.*?[";
	char pat[16], path[16];
	uint32_t seed = 29;
	long i, hits = 0;
	int got, old;

	for (i = 0; i < 400000; i++) {
		random_text(&seed, pat, 10, pat_alpha);
		random_text(&seed, path, 12, path_alpha);
		got = glob_match(pat, path);
		old = old_glob_match(pat, path);
		ck_assert_msg(got == old, "\"%s\" on \"%s\": %d, before %d",
		    pat, path, got, old);
		hits += got;
	}
	/* Enough of both answers for the comparison to mean something. */
	ck_assert_int_gt(hits, 4000);
	ck_assert_int_lt(hits, 400000 - 4000);
}
END_TEST

/* Patterns past the matcher's places on the stack. */
START_TEST(test_long)
{
	char pat[1200], path[1200];
	size_t i;

	for (i = 0; i < 600; i++) {
		pat[2 * i] = '*';
		pat[2 * i + 1] = 'a';
	}
	pat[1200 - 1] = '\0';	/* "*a*a...*a*" */
	memset(path, 'a', 599);
	path[599] = '\0';
	ck_assert_int_eq(glob_match(pat, path), 1);
	path[598] = '\0';
	ck_assert_int_eq(glob_match(pat, path), 0);
	strcpy(path + 597, "b");
	ck_assert_int_eq(glob_match(pat, path), 0);
}
END_TEST

/* The patterns that took minutes: a hang is the failure (the test's
 * timeout), and their answers are right. */
START_TEST(test_pathological)
{
	char name[4096], deep[4096];
	size_t i;
	int n;

	memset(name, 'a', 3000);
	strcpy(name + 3000, ".json");
	ck_assert_int_eq(glob_match("*a*a*a*a*a*a*a*a*ac.json", name), 0);
	strcpy(name + 3000, "c.json");
	ck_assert_int_eq(glob_match("*a*a*a*a*a*a*a*a*ac.json", name), 1);
	for (i = 0, n = 0; i < 400; i++)
		n += snprintf(deep + n, sizeof(deep) - (size_t)n, "d/");
	snprintf(deep + n, sizeof(deep) - (size_t)n, "y.json");
	ck_assert_int_eq(glob_match("**/**/**/**/**/**/x.json", deep), 0);
	ck_assert_int_eq(glob_match("**/*/**/*/**/*/**/*/**/*/x.json",
	    deep), 0);
	snprintf(deep + n, sizeof(deep) - (size_t)n, "x.json");
	ck_assert_int_eq(glob_match("**/**/**/**/**/**/x.json", deep), 1);
	ck_assert_int_eq(glob_match("**/*/**/*/**/*/**/*/**/*/x.json",
	    deep), 1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("glob");
	TCase *tc = tcase_create("glob");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, test_cases);
	tcase_add_test(tc, test_random);
	tcase_add_test(tc, test_long);
	tcase_add_test(tc, test_pathological);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
