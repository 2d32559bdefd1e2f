/*
 * check_privacy.c: unit tests of privacy coverage (rules/privacy.c): the
 * sensitivity types a column's name and data type give, the statuses a
 * configuration gives, foreign keys, and the report's shape.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "privacy.h"

/* Each column alone in a table of its own (schema public), as named. */
static const struct {
	const char	*table, *column, *type;
	const char	*sensitivity;	/* NULL: not sensitive */
} cases[] = {
	{ "users", "first_name", "text", "First Name" },
	{ "users", "FirstName", "character varying", "First Name" },
	{ "users", "FIRST_NAME", "varchar(40)", "First Name" },
	{ "users", "fname", "text", "First Name" },
	{ "users", "surname", "text", "Last Name" },
	{ "users", "email_address", "text", "Email Address" },
	{ "users", "EmailAddress", "nvarchar", "Email Address" },
	{ "users", "ssn", "character(11)", "Social Security Number" },
	{ "users", "dob", "date", "Birth Date" },
	{ "users", "birth_date", "timestamp", "Birth Date" },
	{ "users", "DateOfBirth", "date", "Birth Date" },
	{ "users", "phone_number", "text", "Phone Number" },
	{ "users", "MobilePhone", "text", "Phone Number" },
	{ "users", "IPAddress", "inet", "IP Address" },
	{ "users", "mac_address", "macaddr", "MAC Address" },
	{ "users", "name", "text", "Full Name" },
	{ "customer_list", "name", "text", "Full Name" },
	{ "users", "password_hash", "text", "Password" },
	{ "accounts", "iban", "text", "IBAN" },
	/* Precision before recall. */
	{ "users", "email_count", "integer", NULL },
	{ "users", "email_verified", "boolean", NULL },
	{ "users", "is_email", "boolean", NULL },
	{ "users", "email_id", "integer", NULL },
	{ "users", "address_id", "integer", NULL },
	{ "users", "last_update", "timestamp", NULL },
	{ "users", "created_at", "timestamp", NULL },
	{ "users", "username", "text", NULL },
	{ "users", "phone_type", "text", NULL },
	{ "users", "dob", "integer", NULL },
	{ "film", "title", "text", NULL },
	{ "invoice", "total", "numeric", NULL },
	{ "category", "name", "text", NULL },
	{ "language", "name", "character(20)", NULL },
	{ "artist", "Name", "nvarchar(120)", NULL },
	{ "city", "city", "text", NULL },
	{ "countries", "country", "text", NULL },
	/* State and country only beside an address. */
	{ "jobs", "state", "text", NULL },
	{ "film", "country", "text", NULL },
};

/* A one-row snapshot of cases[i], or with more rows. */
static struct dgs_snapshot *
load(const char *csv)
{
	struct dgs_snapshot *s = NULL;
	char *why = NULL;

	ck_assert_msg(dgs_snapshot_load(csv, strlen(csv), "t.csv", &s,
	    &why) == 0, "%s", why ? why : "");
	return s;
}

START_TEST(test_sensitivity)
{
	struct dgs_snapshot *s;
	struct db_configured cf;
	struct privacy_col pc;
	char csv[512];

	snprintf(csv, sizeof(csv), "table_schema,table_name,column_name,"
	    "data_type\npublic,%s,%s,\"%s\"\n", cases[_i].table,
	    cases[_i].column, cases[_i].type);
	s = load(csv);
	memset(&cf, 0, sizeof(cf));
	ck_assert_int_eq(privacy_decide(NULL, s, &cf, &pc), 0);
	if (cases[_i].sensitivity == NULL)
		ck_assert_msg(pc.type < 0, "%s.%s: %s", cases[_i].table,
		    cases[_i].column, pc.type >= 0 ?
		    dgs_sensitivity[pc.type].name : "");
	else {
		ck_assert_msg(pc.type >= 0, "%s.%s: not sensitive",
		    cases[_i].table, cases[_i].column);
		ck_assert_str_eq(dgs_sensitivity[pc.type].name,
		    cases[_i].sensitivity);
		ck_assert_int_eq(pc.status, PRIV_AT_RISK);
	}
	dgs_snapshot_free(s);
}
END_TEST

/* State beside a city is an address's. */
START_TEST(test_location)
{
	struct dgs_snapshot *s;
	struct db_configured cf;
	struct privacy_col pc[2];

	s = load("table_schema,table_name,column_name,data_type\n"
	    "public,customer,city,text\npublic,customer,state,text\n");
	memset(&cf, 0, sizeof(cf));
	ck_assert_int_eq(privacy_decide(NULL, s, &cf, pc), 0);
	ck_assert_int_eq(pc[1].type, DGS_ST_STATE);
	dgs_snapshot_free(s);
}
END_TEST

static const char report_snapshot[] =
    "table_schema,table_name,column_name,data_type,is_foreign_key,"
    "foreign_table_schema,foreign_table_name,foreign_column_name\n"
    "public,users,id,integer,NO,,,\n"
    "public,users,email,text,NO,,,\n"
    "public,users,ssn,text,NO,,,\n"
    "public,users,first_name,text,NO,,,\n"
    "public,orders,id,integer,NO,,,\n"
    "public,orders,user_email,text,YES,public,users,email\n"
    "public,orders,total,numeric,NO,,,\n";

static const char report_doc[] =
    "{\"schema\": \"public\", \"table\": \"users\", \"links\": ["
    "{\"column\": \"email\", \"metadata\": {\"generatorId\": "
    "\"EmailGenerator\"}},"
    "{\"column\": \"ssn\", \"metadata\": {\"generatorId\": "
    "\"PassthroughGenerator\"}}]}";

START_TEST(test_report)
{
	struct dgs_snapshot *s = load(report_snapshot);
	const char *docs[1] = { report_doc };
	size_t lens[1] = { sizeof(report_doc) - 1 }, len, at_risk;
	char *out;

	ck_assert_int_eq(dgs_privacy_report(NULL, s, docs, lens, 1, &out, &len,
	    &at_risk), 0);
	ck_assert_uint_eq(at_risk, 2);	/* ssn (Passthrough), first_name */
	ck_assert_ptr_nonnull(strstr(out, "\"column\":\"email\","
	    "\"dataType\":\"text\",\"status\":\"protected\","
	    "\"sensitivityType\":\"Email Address\",\"generator\":"
	    "\"EmailGenerator\",\"recommendedGenerator\":null"));
	ck_assert_ptr_nonnull(strstr(out, "\"column\":\"ssn\","
	    "\"dataType\":\"text\",\"status\":\"at-risk\","
	    "\"sensitivityType\":\"Social Security Number\",\"generator\":"
	    "\"PassthroughGenerator\",\"recommendedGenerator\":"
	    "\"SsnGenerator\""));
	/* The foreign key inherits the generator of users.email. */
	ck_assert_ptr_nonnull(strstr(out, "\"column\":\"user_email\","
	    "\"dataType\":\"text\",\"status\":\"protected\""));
	ck_assert_ptr_nonnull(strstr(out, "\"summary\":{\"columns\":7,"
	    "\"protected\":2,\"notSensitive\":3,\"atRisk\":2,"));
	free(out);
	ck_assert_int_eq(dgs_privacy_report(NULL, NULL, docs, lens, 1, &out, &len,
	    NULL), DGS_EINVAL);
	dgs_snapshot_free(s);
}
END_TEST

/* The user's word (dgs_options_set_column_mark()): orders.user_email
 * not sensitive, orders.total and users.first_name sensitive of a custom
 * type. */
static int
test_mark(void *arg, const char *schema, const char *table,
    const char *column, const char *data_type, struct dgs_column_mark *out)
{
	(void)arg;
	(void)schema;
	(void)data_type;
	if (strcmp(table, "orders") == 0 && strcmp(column, "user_email") == 0)
		return DGS_MARK_NOT_SENSITIVE;
	if (strcmp(column, "total") == 0 || strcmp(column, "first_name") == 0) {
		out->type = "Amount";
		out->generator = "NullGenerator";
		return DGS_MARK_SENSITIVE;
	}
	return DGS_MARK_NONE;
}

START_TEST(test_marks)
{
	struct dgs_snapshot *s = load(report_snapshot);
	struct dgs_options *o = dgs_options_new();
	struct db_configured cf;
	struct privacy_col pc[7];
	const char *docs[] = { report_doc };
	size_t lens[] = { sizeof(report_doc) - 1 };

	ck_assert_ptr_nonnull(o);
	dgs_options_set_column_mark(o, test_mark, NULL);
	memset(&cf, 0, sizeof(cf));
	db_configured_read(&cf, docs, lens, 1);
	ck_assert_int_eq(privacy_decide(o, s, &cf, pc), 0);
	/* A foreign key marked not sensitive keeps what it inherits. */
	ck_assert_int_eq(pc[5].status, PRIV_PROTECTED);
	ck_assert_int_eq(pc[5].type, -1);
	ck_assert_str_eq(pc[5].generator, "EmailGenerator");
	/* A custom type where no built-in one is; a built-in one kept. */
	ck_assert_int_eq(pc[6].type, DGS_ST_MARKED);
	ck_assert_int_eq(pc[6].status, PRIV_AT_RISK);
	ck_assert_str_eq(pc[6].mark.type, "Amount");
	ck_assert_int_eq(pc[3].type, DGS_ST_FIRST_NAME);
	db_configured_free(&cf);
	dgs_options_free(o);
	dgs_snapshot_free(s);
}
END_TEST

Suite *privacy_suite(void);

/* Each built-in pattern matches only from a name's start or one of its
 * underscores, so that it is tried there alone (privacy.c, matches()):
 * a pattern that did not would still match, unanchored and slower. */
START_TEST(test_word_anchored)
{
	static const struct {
		const char	*pattern;
		int		 anchored;
	} tests[] = {
		{ "^a$", 1 },
		{ "(?:^|_)a$|^b_?c$", 1 },
		{ "^(?:a|b)(?:_(?:c|d))?$", 1 },
		{ "^a$|b$", 0 },
		{ "(?:^|_)a|(?:a|^)b", 0 },
		{ "^[|]x", 1 },
		{ "^[|]x|y", 0 },
		{ "^\\|x", 1 },
		{ "^a|", 0 },
		{ "", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		ck_assert_msg(privacy_word_anchored(tests[i].pattern) ==
		    tests[i].anchored, "%s", tests[i].pattern);
	for (i = 0; i < DGS_ST_MAX; i++)
		ck_assert_msg(privacy_word_anchored(dgs_sensitivity[i].pattern),
		    "%s: %s", dgs_sensitivity[i].name,
		    dgs_sensitivity[i].pattern);
}
END_TEST

Suite *
privacy_suite(void)
{
	Suite *s = suite_create("privacy");
	TCase *tc;

	tc = tcase_create("sensitivity");
	tcase_add_loop_test(tc, test_sensitivity, 0,
	    sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_location);
	tcase_add_test(tc, test_word_anchored);
	suite_add_tcase(s, tc);
	tc = tcase_create("report");
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_marks);
	suite_add_tcase(s, tc);
	return s;
}
