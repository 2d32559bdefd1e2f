/*
 * check_values.c: unit tests of the sampled values' patterns and of the
 * verdict on a column's tally (rules/values.c).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dgslint.h"
#include "privacy.h"

/* A value, the type it is tested for, and whether it looks like it
 * (hit) and shows it with no help from a name (sure). */
static const struct {
	const char		*value;
	enum dgs_value_type	 type;
	int			 hit;
	int			 sure;
} cases[] = {
	{ "alice.secret@example.com", DGS_VALUE_EMAIL, 1, 1 },
	{ "  MARY.SMITH@sakilacustomer.org ", DGS_VALUE_EMAIL, 1, 1 },
	{ "alice@localhost", DGS_VALUE_EMAIL, 0, 0 },
	{ "alice.example.com", DGS_VALUE_EMAIL, 0, 0 },
	{ "a@b@example.com", DGS_VALUE_EMAIL, 0, 0 },
	{ "078-05-1120", DGS_VALUE_SSN, 1, 1 },
	{ "078051120", DGS_VALUE_SSN, 1, 0 },
	{ "666-12-3456", DGS_VALUE_SSN, 0, 0 },
	{ "912-12-3456", DGS_VALUE_SSN, 0, 0 },
	{ "123-00-4567", DGS_VALUE_SSN, 0, 0 },
	{ "078-05-11200", DGS_VALUE_SSN, 0, 0 },
	{ "4111 1111 1111 1111", DGS_VALUE_CARD, 1, 1 },
	{ "4111-1111-1111-1111", DGS_VALUE_CARD, 1, 1 },
	{ "378282246310005", DGS_VALUE_CARD, 1, 1 },
	{ "4111111111111112", DGS_VALUE_CARD, 0, 0 },
	{ "411111111111", DGS_VALUE_CARD, 0, 0 },
	{ "6172235589", DGS_VALUE_PHONE, 1, 0 },
	{ "+1 (617) 223-5589", DGS_VALUE_PHONE, 1, 0 },
	{ "+44 20 7946 0958", DGS_VALUE_PHONE, 1, 0 },
	{ "12345", DGS_VALUE_PHONE, 0, 0 },
	{ "call me", DGS_VALUE_PHONE, 0, 0 },
	{ "192.168.0.1", DGS_VALUE_IPV4, 1, 1 },
	{ "10.0.0.0/8", DGS_VALUE_IPV4, 1, 1 },
	{ "256.1.1.1", DGS_VALUE_IPV4, 0, 0 },
	{ "1.2.3", DGS_VALUE_IPV4, 0, 0 },
	{ "2001:db8::1", DGS_VALUE_IPV6, 1, 1 },
	{ "::1", DGS_VALUE_IPV6, 1, 1 },
	{ "::ffff:192.0.2.128", DGS_VALUE_IPV6, 1, 1 },
	{ "2001:db8::/32", DGS_VALUE_IPV6, 1, 1 },
	{ "12:30:45", DGS_VALUE_IPV6, 0, 0 },
	{ "1::2::3", DGS_VALUE_IPV6, 0, 0 },
	{ "00:1A:2B:3C:4D:5E", DGS_VALUE_MAC, 1, 1 },
	{ "00-1a-2b-3c-4d-5e", DGS_VALUE_MAC, 1, 1 },
	{ "001a.2b3c.4d5e", DGS_VALUE_MAC, 1, 1 },
	{ "00:1A-2B:3C:4D:5E", DGS_VALUE_MAC, 0, 0 },
	{ "GB82 WEST 1234 5698 7654 32", DGS_VALUE_IBAN, 1, 1 },
	{ "DE89370400440532013000", DGS_VALUE_IBAN, 1, 1 },
	{ "GB82WEST12345698765433", DGS_VALUE_IBAN, 0, 0 },
	{ "DEUTDEFF", DGS_VALUE_SWIFT, 1, 0 },
	{ "DEUTDEFF500", DGS_VALUE_SWIFT, 1, 0 },
	{ "DEUTDE", DGS_VALUE_SWIFT, 0, 0 },
	{ "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", DGS_VALUE_BTC, 1, 0 },
	{ "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", DGS_VALUE_BTC, 1, 0 },
	{ "0BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", DGS_VALUE_BTC, 0, 0 },
	{ "490154203237518", DGS_VALUE_IMEI, 1, 0 },
	{ "490154203237519", DGS_VALUE_IMEI, 0, 0 },
	{ "1M8GDM9AXKP042788", DGS_VALUE_VIN, 1, 1 },
	{ "1M8GDM9A1KP042788", DGS_VALUE_VIN, 0, 0 },
	{ "1M8GDM9AXKP04278O", DGS_VALUE_VIN, 0, 0 },
	{ "02134", DGS_VALUE_ZIP, 1, 0 },
	{ "02134-1234", DGS_VALUE_ZIP, 1, 0 },
	{ "2134", DGS_VALUE_ZIP, 0, 0 },
	{ "E11.9", DGS_VALUE_ICD, 1, 0 },
	{ "J45", DGS_VALUE_ICD, 1, 0 },
	{ "U07.1", DGS_VALUE_ICD, 0, 0 },
	{ "Female", DGS_VALUE_GENDER, 1, 0 },
	{ "M", DGS_VALUE_GENDER, 1, 0 },
	{ "non-binary", DGS_VALUE_GENDER, 1, 0 },
	{ "mister", DGS_VALUE_GENDER, 0, 0 },
	/* Not personal: a film's title, an amount, a date. */
	{ "ACADEMY DINOSAUR", DGS_VALUE_EMAIL, 0, 0 },
	{ "ACADEMY DINOSAUR", DGS_VALUE_SWIFT, 0, 0 },
	{ "2.99", DGS_VALUE_PHONE, 0, 0 },
	{ "2.99", DGS_VALUE_IPV4, 0, 0 },
	{ "2006-02-15 05:03:42", DGS_VALUE_IPV6, 0, 0 },
};
#define NCASES	(sizeof(cases) / sizeof(cases[0]))

START_TEST(test_value)
{
	struct dgs_values *v = dgs_values_new();
	struct dgs_value_tally t;
	const char *s = cases[_i].value;
	enum dgs_value_type ty = cases[_i].type;

	ck_assert_ptr_nonnull(v);
	memset(&t, 0, sizeof(t));
	dgs_values_add(v, &t, s, strlen(s));
	ck_assert_uint_eq(t.n, 1);
	ck_assert_msg(t.hits[ty] == (unsigned long)cases[_i].hit,
	    "%s as %s: hit %lu", s, dgs_value_type_name(ty), t.hits[ty]);
	ck_assert_msg(t.sure[ty] == (unsigned long)cases[_i].sure,
	    "%s as %s: sure %lu", s, dgs_value_type_name(ty), t.sure[ty]);
	dgs_values_free(v);
}
END_TEST

/* A column of n values, the first k of them s and the others other,
 * whose name suggested named (-1: none), and what the tally says: the
 * verdict, the type (-1: not checked) and the count (-1: not checked). */
static const struct {
	unsigned		 k;
	const char		*s;
	unsigned		 n;
	const char		*other;
	int			 named;
	enum dgs_value_verdict	 want;
	int			 type;
	long			 hits;
} decisions[] = {
	/* A column named email: 42 of 50 values look like one. */
	{ 42, "alice.secret@example.com", 50, "n/a", DGS_VALUE_EMAIL,
	  DGS_VALUES_CONFIRM, DGS_VALUE_EMAIL, 42 },
	/* The same with no name: found, since an email address is sure. */
	{ 42, "alice.secret@example.com", 50, "n/a", -1,
	  DGS_VALUES_FOUND, DGS_VALUE_EMAIL, 42 },
	/* 39 of 50 (78%) is not enough. */
	{ 39, "alice.secret@example.com", 50, "n/a", DGS_VALUE_EMAIL,
	  DGS_VALUES_NONE, -1, -1 },
	/* Nine digits confirm a column named ssn, but alone say nothing;
	 * with their dashes they do. */
	{ 20, "078051120", 20, "", DGS_VALUE_SSN,
	  DGS_VALUES_CONFIRM, DGS_VALUE_SSN, 20 },
	{ 20, "078051120", 20, "", -1, DGS_VALUES_NONE, -1, -1 },
	{ 20, "078-05-1120", 20, "", -1, DGS_VALUES_FOUND, DGS_VALUE_SSN, 20 },
	/* A column named like a ZIP code holding email addresses: found as
	 * what they are. */
	{ 20, "alice.secret@example.com", 20, "", DGS_VALUE_ZIP,
	  DGS_VALUES_FOUND, DGS_VALUE_EMAIL, 20 },
	/* A column named email that holds no address (a flag, a count):
	 * doubt, from ten values on. */
	{ 0, "", 10, "true", DGS_VALUE_EMAIL,
	  DGS_VALUES_DOUBT, DGS_VALUE_EMAIL, 0 },
	{ 0, "", 9, "true", DGS_VALUE_EMAIL, DGS_VALUES_NONE, -1, -1 },
	/* A phone's patterns do not take every form a phone number is
	 * written in: no doubt. */
	{ 0, "", 20, "ext. 12", DGS_VALUE_PHONE, DGS_VALUES_NONE, -1, -1 },
	/* Fewer than DGS_VALUES_MIN values: nothing. */
	{ 4, "alice.secret@example.com", 4, "", DGS_VALUE_EMAIL,
	  DGS_VALUES_NONE, -1, -1 },
	/* Titles and amounts: nothing. */
	{ 10, "ACADEMY DINOSAUR", 20, "2.99", -1, DGS_VALUES_NONE, -1, -1 },
};

START_TEST(test_decide)
{
	struct dgs_values *v = dgs_values_new();
	struct dgs_value_tally t;
	unsigned long hits = 0;
	unsigned i;
	int type = -1;

	ck_assert_ptr_nonnull(v);
	memset(&t, 0, sizeof(t));
	for (i = 0; i < decisions[_i].n; i++) {
		const char *x = i < decisions[_i].k ? decisions[_i].s :
		    decisions[_i].other;

		dgs_values_add(v, &t, x, strlen(x));
	}
	ck_assert_int_eq(dgs_values_decide(&t, decisions[_i].named, &type,
	    &hits), decisions[_i].want);
	if (decisions[_i].type >= 0)
		ck_assert_int_eq(type, decisions[_i].type);
	if (decisions[_i].hits >= 0)
		ck_assert_uint_eq(hits, (unsigned long)decisions[_i].hits);
	dgs_values_free(v);
}
END_TEST

START_TEST(test_names)
{
	int t;

	for (t = 0; t < DGS_VALUE_NTYPES; t++) {
		ck_assert_ptr_nonnull(dgs_value_type_what(t));
		ck_assert_int_eq(dgs_value_type_from_name(
		    dgs_value_type_name(t)), t);
	}
	ck_assert_int_eq(dgs_value_type_from_name("First Name"), -1);
	ck_assert_int_eq(dgs_value_type_from_name("Email Address"),
	    DGS_VALUE_EMAIL);
	ck_assert_int_eq(dgs_value_type_from_name(NULL), -1);
	ck_assert_ptr_null(dgs_value_type_name(DGS_VALUE_NTYPES));
}
END_TEST

/* Each value type is a sensitivity type of the report (sensitivity.def),
 * by the same name. */
START_TEST(test_sensitivity_names)
{
	const char *name = dgs_value_type_name(_i);
	int k;

	for (k = 0; k < DGS_ST_MAX; k++)
		if (strcmp(dgs_sensitivity[k].name, name) == 0)
			break;
	ck_assert_msg(k < DGS_ST_MAX, "%s is no sensitivity type of "
	    "sensitivity.def", name);
}
END_TEST

/* Long values, blanks and bytes that are no UTF-8: no match, no
 * error. */
START_TEST(test_odd_values)
{
	struct dgs_values *v = dgs_values_new();
	struct dgs_value_tally t;
	char big[4096];
	int i;

	ck_assert_ptr_nonnull(v);
	memset(&t, 0, sizeof(t));
	memset(big, '1', sizeof(big));
	dgs_values_add(v, &t, big, sizeof(big));
	dgs_values_add(v, &t, "   ", 3);
	dgs_values_add(v, &t, "\xff\xfe@\xc3.com", 8);
	dgs_values_add(v, &t, "a\0b@example.com", 15);
	ck_assert_uint_eq(t.n, 4);
	for (i = 0; i < DGS_VALUE_NTYPES; i++)
		ck_assert_uint_eq(t.hits[i], 0);
	memset(big, 'x', 16);
	dgs_wipe(big, 16);
	for (i = 0; i < 16; i++)
		ck_assert_int_eq(big[i], 0);
	dgs_values_free(v);
}
END_TEST

Suite *values_suite(void);

Suite *
values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("values");

	tcase_add_loop_test(tc, test_value, 0, NCASES);
	tcase_add_loop_test(tc, test_decide, 0,
	    sizeof(decisions) / sizeof(decisions[0]));
	tcase_add_test(tc, test_names);
	tcase_add_loop_test(tc, test_sensitivity_names, 0, DGS_VALUE_NTYPES);
	tcase_add_test(tc, test_odd_values);
	suite_add_tcase(s, tc);
	return s;
}
