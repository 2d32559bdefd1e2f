/*
 * values.c: what sampled values look like (--sample).  Tonic's scan
 * "looks at the data type, column name, and column values" and "uses
 * regex matching and dictionary lookups" for them
 * (https://docs.tonic.ai/app/generation/identify-sensitive-data); it
 * does not publish its patterns, so every pattern here is dgslint's own
 * inference, written for the types of that page's list that a value
 * shows by its form, with the check digit where the type has one (Luhn,
 * ISO 13616's mod 97, a VIN's ninth character).  A birth date, a name, a
 * city or a password look like any date or word: no pattern can tell
 * them, and their columns are left to the name and the data type.
 *
 * A value is matched where it lies and never copied, but for an IPv6
 * address's check, whose copy is wiped; counts are all a tally keeps.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <pcre2.h>

#include "rules.h"

/* A value longer than this is no value of any type here. */
#define VALUE_MAX	128
/* Steps of one match: the patterns are anchored and short, so this is
 * far above what a value of VALUE_MAX bytes takes. */
#define MATCH_LIMIT	100000u

/* The types, in enum dgs_value_type's order, named as Tonic's list of
 * the types its scan identifies names them (the privacy report's
 * sensitivityType).  full: the patterns take
 * the forms a value of the type is usually written in, so that a column
 * of that name whose values almost never match holds something else. */
static const struct {
	const char	*name;
	const char	*what;
	int		 full;
} types[DGS_VALUE_NTYPES] = {
	{ "Email Address", "email addresses", 1 },
	{ "Social Security Number", "US Social Security numbers", 0 },
	{ "Credit Card Number", "credit card numbers", 0 },
	{ "Phone Number", "phone numbers", 0 },
	{ "IP Address", "IPv4 addresses", 1 },
	{ "IPv6 Address", "IPv6 addresses", 1 },
	{ "MAC Address", "MAC addresses", 1 },
	{ "IBAN", "IBANs", 0 },
	{ "SWIFT Code", "SWIFT codes", 0 },
	{ "BTC Address", "Bitcoin addresses", 0 },
	{ "IMEI", "IMEIs", 0 },
	{ "VIN", "vehicle identification numbers", 0 },
	{ "ZIP", "US ZIP codes", 0 },
	{ "ICD Code", "ICD-10 codes", 0 },
	{ "Gender", "genders", 0 },
};

static int luhn(const char *, size_t);
static int iban_mod97(const char *, size_t);
static int vin_check(const char *, size_t);
static int ipv6_check(const char *, size_t);

/*
 * The patterns, each anchored at both ends of the value.  sure: a match
 * (and its check) shows the type with no help from the column's name;
 * the others (nine digits, five digits, a word of eight capitals) are
 * as often something else, and only confirm a name.
 */
static const struct {
	enum dgs_value_type	 type;
	int			 sure;
	int			 (*check)(const char *, size_t);
	const char		*re;
} pats[] = {
	/* The HTML standard's "valid email address", with a dot in the
	 * domain. */
	{ DGS_VALUE_EMAIL, 1, NULL,
	  "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
	  "[A-Za-z0-9])?(?:\\.[A-Za-z0-9]"
	  "(?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+" },
	/* Area 000, 666 and 900-999, group 00 and serial 0000 are never
	 * issued (SSA). */
	{ DGS_VALUE_SSN, 1, NULL,
	  "(?!000|666|9)\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}" },
	{ DGS_VALUE_SSN, 0, NULL,
	  "(?!000|666|9)\\d{3}(?!00)\\d{2}(?!0000)\\d{4}" },
	/* 13 to 19 digits, in groups split by a blank or a dash. */
	{ DGS_VALUE_CARD, 1, luhn, "(?:\\d[ -]?+){12,18}\\d" },
	/* 7 to 15 digits, maybe a +, in up to six groups (some in
	 * parentheses) split by a blank, a dot or a dash. */
	{ DGS_VALUE_PHONE, 0, NULL,
	  "(?=(?:\\D*+\\d){7,15}\\D*+\\z)\\+?(?:\\(\\d{1,4}\\)|\\d{1,10})"
	  "(?:[ .-]?(?:\\(\\d{1,4}\\)|\\d{1,10})){0,5}" },
	{ DGS_VALUE_IPV4, 1, NULL,
	  "(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}"
	  "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?:/\\d{1,2})?" },
	/* Hexadecimal groups and colons (two at least), maybe an IPv4
	 * tail and a prefix length; inet_pton() decides. */
	{ DGS_VALUE_IPV6, 1, ipv6_check,
	  "(?=[^:]*:[^:]*:)[0-9A-Fa-f:.]{2,45}(?:/\\d{1,3})?" },
	{ DGS_VALUE_MAC, 1, NULL,
	  "[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\\1){4}[0-9A-Fa-f]{2}"
	  "|[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}" },
	/* A country, two check digits, 11 to 30 letters and digits, maybe
	 * in groups of four. */
	{ DGS_VALUE_IBAN, 1, iban_mod97,
	  "[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}" },
	/* Bank, country, place, maybe a branch (ISO 9362). */
	{ DGS_VALUE_SWIFT, 0, NULL,
	  "[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?" },
	/* Base58 (no 0, O, I or l) after 1 or 3; or bech32 after bc1. */
	{ DGS_VALUE_BTC, 0, NULL,
	  "[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71}" },
	{ DGS_VALUE_IMEI, 0, luhn, "\\d{15}" },
	/* 17 characters but I, O and Q (ISO 3779), the ninth a check
	 * digit (North America's). */
	{ DGS_VALUE_VIN, 1, vin_check, "[A-HJ-NPR-Z0-9]{17}" },
	{ DGS_VALUE_ZIP, 0, NULL, "\\d{5}(?:-\\d{4})?" },
	/* A letter but U, two characters, maybe a dot and up to four. */
	{ DGS_VALUE_ICD, 0, NULL, "[A-TV-Z]\\d[0-9A-Z](?:\\.[0-9A-Z]{1,4})?" },
	{ DGS_VALUE_GENDER, 0, NULL,
	  "(?i:m|f|male|female|man|woman|non-?binary)" },
};
#define NPATS	(sizeof(pats) / sizeof(pats[0]))

struct dgs_values {
	pcre2_code		*re[NPATS];
	pcre2_match_data	*md;
	pcre2_match_context	*mc;
};

const char *
dgs_value_type_name(enum dgs_value_type t)
{
	return (unsigned)t < DGS_VALUE_NTYPES ? types[t].name : NULL;
}

const char *
dgs_value_type_what(enum dgs_value_type t)
{
	return (unsigned)t < DGS_VALUE_NTYPES ? types[t].what : NULL;
}

int
dgs_value_type_from_name(const char *name)
{
	int t;

	for (t = 0; name != NULL && t < DGS_VALUE_NTYPES; t++)
		if (strcmp(types[t].name, name) == 0)
			return t;
	return -1;
}

void
dgs_values_free(struct dgs_values *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < NPATS; i++)
		pcre2_code_free(v->re[i]);
	pcre2_match_data_free(v->md);
	pcre2_match_context_free(v->mc);
	free(v);
}

struct dgs_values *
dgs_values_new(void)
{
	struct dgs_values *v;
	PCRE2_SIZE off;
	uint32_t pairs = 0, n;
	size_t i;
	int err;

	if ((v = calloc(1, sizeof(*v))) == NULL)
		return NULL;
	for (i = 0; i < NPATS; i++) {
		/* Fixed patterns: they fail only when memory runs out. */
		v->re[i] = pcre2_compile((PCRE2_SPTR)pats[i].re,
		    PCRE2_ZERO_TERMINATED, PCRE2_ANCHORED | PCRE2_ENDANCHORED,
		    &err, &off, NULL);
		if (v->re[i] == NULL)
			goto fail;
		/* JIT is optional: without it the interpreter runs. */
		(void)pcre2_jit_compile(v->re[i], PCRE2_JIT_COMPLETE);
		if (pcre2_pattern_info(v->re[i], PCRE2_INFO_CAPTURECOUNT,
		    &n) == 0 && n + 1 > pairs)
			pairs = n + 1;
	}
	if ((v->md = pcre2_match_data_create(pairs, NULL)) == NULL ||
	    (v->mc = pcre2_match_context_create(NULL)) == NULL)
		goto fail;
	pcre2_set_match_limit(v->mc, MATCH_LIMIT);
	return v;
fail:
	dgs_values_free(v);
	return NULL;
}

void
dgs_values_add(struct dgs_values *v, struct dgs_value_tally *t,
    const char *s, size_t len)
{
	unsigned seen = 0, sure = 0, bit;
	size_t i;

	t->n++;
	while (len > 0 && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (len == 0 || len > VALUE_MAX)
		return;
	for (i = 0; i < NPATS; i++) {
		bit = 1u << pats[i].type;
		if ((seen & bit) && ((sure & bit) || !pats[i].sure))
			continue;
		if (pcre2_match(v->re[i], (PCRE2_SPTR)s, len, 0, 0, v->md,
		    v->mc) < 0)
			continue;
		if (pats[i].check != NULL && !pats[i].check(s, len))
			continue;
		seen |= bit;
		if (pats[i].sure)
			sure |= bit;
	}
	for (i = 0; i < DGS_VALUE_NTYPES; i++) {
		t->hits[i] += (seen >> i) & 1;
		t->sure[i] += (sure >> i) & 1;
	}
}

/* Whether a of n is at least pc percent. */
static int
at_least(unsigned long a, unsigned long n, unsigned pc)
{
	return (unsigned long long)a * 100 >= (unsigned long long)n * pc;
}

/*
 * The thresholds (dgslint.h), and why.  DGS_VALUES_HIGH, 80%: a column
 * of a type still holds placeholders ('n/a', '-', a test row), so all of
 * them is too much to ask, but a large majority is not chance.
 * DGS_VALUES_MIN, 5 values: below that one odd value moves the ratio by
 * more than 20%.  DGS_VALUES_LOW, under 10% of DGS_VALUES_MIN_DOUBT (10)
 * values or more: a column named email where not one value in ten is an
 * address holds something else (a template, a flag, a count), and the
 * sample is large enough for a zero to mean it; only for the types whose
 * patterns take the usual forms (types[].full), so that a real phone
 * column written in a form the patterns lack is never let go.  "Found"
 * asks for the sure forms alone: nine digits or five digits are as often
 * an id or an amount, and a column no name marked must not be called
 * sensitive on them (precision before recall).
 */
enum dgs_value_verdict
dgs_values_decide(const struct dgs_value_tally *t, int named, int *type,
    unsigned long *hits)
{
	int i, best = -1;

	if (t->n < DGS_VALUES_MIN)
		return DGS_VALUES_NONE;
	if (named >= 0 && named < DGS_VALUE_NTYPES &&
	    at_least(t->hits[named], t->n, DGS_VALUES_HIGH)) {
		if (type != NULL)
			*type = named;
		if (hits != NULL)
			*hits = t->hits[named];
		return DGS_VALUES_CONFIRM;
	}
	for (i = 0; i < DGS_VALUE_NTYPES; i++)
		if (at_least(t->sure[i], t->n, DGS_VALUES_HIGH) &&
		    (best < 0 || t->sure[i] > t->sure[best]))
			best = i;
	if (best >= 0) {
		if (type != NULL)
			*type = best;
		if (hits != NULL)
			*hits = t->sure[best];
		return DGS_VALUES_FOUND;
	}
	if (named >= 0 && named < DGS_VALUE_NTYPES && types[named].full &&
	    t->n >= DGS_VALUES_MIN_DOUBT &&
	    !at_least(t->hits[named], t->n, DGS_VALUES_LOW)) {
		if (type != NULL)
			*type = named;
		if (hits != NULL)
			*hits = t->hits[named];
		return DGS_VALUES_DOUBT;
	}
	return DGS_VALUES_NONE;
}

void
dgs_wipe(void *p, size_t n)
{
	volatile unsigned char *q = p;

	while (n-- > 0)
		*q++ = 0;
}

/* The Luhn check of the digits of s (blanks and dashes skipped). */
static int
luhn(const char *s, size_t len)
{
	unsigned sum = 0, d, k = 0;

	while (len-- > 0) {
		if (s[len] < '0' || s[len] > '9')
			continue;
		d = (unsigned)(s[len] - '0');
		if (k++ & 1)
			d = d * 2 > 9 ? d * 2 - 9 : d * 2;
		sum += d;
	}
	return sum % 10 == 0;
}

/* ISO 13616: the first four characters moved to the end, each letter
 * read as 10 to 35, the number mod 97 is 1 (blanks skipped). */
static int
iban_mod97(const char *s, size_t len)
{
	unsigned r = 0;
	size_t i, j;
	char c;

	for (i = 0; i < len; i++) {
		c = s[(i + 4) % len];
		if (c == ' ')
			continue;
		if (c >= '0' && c <= '9')
			r = (r * 10 + (unsigned)(c - '0')) % 97;
		else
			for (j = 0; j < 2; j++)
				r = (r * 10 + (j == 0 ?
				    (unsigned)(c - 'A' + 10) / 10 :
				    (unsigned)(c - 'A' + 10) % 10)) % 97;
	}
	return r == 1;
}

/* A VIN's ninth character: the sum of the values of the others times
 * their weights, mod 11 (10 is X). */
static int
vin_check(const char *s, size_t len)
{
	static const char weights[17] = {
		8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2
	};
	/* A to Z; I, O and Q have none. */
	static const char letters[26] = {
		1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 0, 7, 0, 9,
		2, 3, 4, 5, 6, 7, 8, 9
	};
	unsigned sum = 0, r;
	size_t i;

	if (len != 17)
		return 0;
	for (i = 0; i < 17; i++)
		sum += (unsigned)weights[i] * (unsigned)(s[i] <= '9' ?
		    s[i] - '0' : letters[s[i] - 'A']);
	r = sum % 11;
	return s[8] == (r == 10 ? 'X' : (char)('0' + r));
}

/* inet_pton() on a copy without the prefix length, wiped after. */
static int
ipv6_check(const char *s, size_t len)
{
	char buf[48];
	unsigned char addr[16];
	const char *slash = memchr(s, '/', len);
	size_t n = slash != NULL ? (size_t)(slash - s) : len;
	int ok;

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	ok = inet_pton(AF_INET6, buf, addr) == 1;
	dgs_wipe(buf, sizeof(buf));
	dgs_wipe(addr, sizeof(addr));
	return ok;
}
