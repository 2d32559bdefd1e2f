/*
 * check_database.c: unit tests of the schema snapshot loader, its
 * lookups, and the table of data types (rules/database_types.c).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "database.h"

static const struct {
	const char	*type;
	enum db_family	 family;
} type_cases[] = {
	/* PostgreSQL, as information_schema.columns writes them */
	{ "integer", DB_INT },
	{ "character varying", DB_TEXT },
	{ "timestamp with time zone", DB_TIMESTAMP },
	{ "timestamp without time zone", DB_TIMESTAMP },
	{ "double precision", DB_FLOAT },
	{ "jsonb", DB_JSON },
	{ "ARRAY", DB_ARRAY },
	{ "_int4", DB_ARRAY },
	{ "integer[]", DB_ARRAY },
	{ "USER-DEFINED", DB_OTHER },
	/* MySQL and MariaDB */
	{ "int", DB_INT },
	{ "tinyint unsigned", DB_INT },
	{ "varchar(255)", DB_TEXT },
	{ "longtext", DB_TEXT },
	{ "datetime", DB_TIMESTAMP },
	{ "decimal(10,2)", DB_NUMERIC },
	{ "blob", DB_BINARY },
	/* SQL Server */
	{ "nvarchar", DB_TEXT },
	{ "datetime2", DB_TIMESTAMP },
	{ "uniqueidentifier", DB_UUID },
	{ "bit", DB_OTHER },
	/* Oracle */
	{ "VARCHAR2", DB_TEXT },
	{ "NUMBER", DB_NUMERIC },
	{ "TIMESTAMP(6) WITH TIME ZONE", DB_TIMESTAMP },
	{ "XMLTYPE", DB_XML },
	{ "CLOB", DB_TEXT },
	/* Snowflake */
	{ "TEXT", DB_TEXT },
	{ "TIMESTAMP_NTZ", DB_TIMESTAMP },
	{ "VARIANT", DB_OTHER },
	{ "", DB_OTHER },
};

START_TEST(test_type_family)
{
	ck_assert_int_eq(db_type_family(type_cases[_i].type),
	    type_cases[_i].family);
}
END_TEST

START_TEST(test_generator_needs)
{
	struct json_object *meta = json_object_new_object();
	const char *label = NULL;
	int implied = 0;

	ck_assert_ptr_nonnull(db_generator_needs("GaussianGenerator", meta,
	    DB_TEXT, &label, &implied));
	ck_assert_str_eq(label, "Continuous");
	/* No sentence names Continuous's data types. */
	ck_assert_int_eq(implied, 1);
	ck_assert_ptr_null(db_generator_needs("GaussianGenerator", meta,
	    DB_NUMERIC, &label, &implied));
	ck_assert_ptr_null(db_generator_needs("NameGenerator", meta,
	    DB_INT, &label, &implied));
	ck_assert_ptr_nonnull(db_generator_needs("TimestampShiftGenerator",
	    meta, DB_TEXT, &label, &implied));
	json_object_object_add(meta, "dateFormat",
	    json_object_new_string("yyyy-MM-dd"));
	ck_assert_ptr_null(db_generator_needs("TimestampShiftGenerator",
	    meta, DB_TEXT, &label, &implied));
	ck_assert_ptr_nonnull(db_generator_needs("TimestampShiftGenerator",
	    meta, DB_INT, &label, &implied));
	json_object_object_add(meta, "unixTimestampFormat",
	    json_object_new_string("Seconds"));
	ck_assert_ptr_null(db_generator_needs("TimestampShiftGenerator",
	    meta, DB_INT, &label, &implied));
	/* "It cannot be a time-only value." */
	ck_assert_ptr_nonnull(db_generator_needs("EventGenerator", meta,
	    DB_TIME, &label, &implied));
	ck_assert_int_eq(implied, 0);
	/* "Masks text columns by parsing the values as rows ..." */
	ck_assert_ptr_nonnull(db_generator_needs("CsvMaskGenerator", meta,
	    DB_INT, &label, &implied));
	ck_assert_int_eq(implied, 0);
	ck_assert_ptr_null(db_generator_needs("EventGenerator", meta,
	    DB_DATE, &label, &implied));
	ck_assert_ptr_null(db_generator_needs("EventGenerator", meta,
	    DB_TEXT, &label, &implied));
	json_object_put(meta);
}
END_TEST

static const char csv[] =
    "TABLE_SCHEMA,Table_Name,column_name,data_type,is_nullable,"
    "foreign_table_name,ignored\r\n"
    "public,users,id,integer,NO,,x\r\n"
    "public,users,Email,text,YES,,\"a,b\"\r\n"
    "public,orders,user_id,integer,false,users,\r\n"
    "public,users,id,INTEGER,NO,,again\r\n";

START_TEST(test_load_csv)
{
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c;
	struct dgs_snapshot *s = NULL;
	char *why = NULL;
	size_t nt = 0;
	int exact;

	ck_assert_int_eq(dgs_snapshot_load(csv, sizeof(csv) - 1, "s.csv", &s,
	    &why), 0);
	ck_assert_ptr_null(why);
	/* The same row again (the type in another case) is harmless. */
	ck_assert_uint_eq(dgs_snapshot_count(s, &nt), 3);
	ck_assert_uint_eq(nt, 2);
	t = dgs_snapshot_find_table(s, "public", "users", &exact);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(exact, 1);
	ck_assert_ptr_eq(dgs_snapshot_find_table(s, "PUBLIC", "Users", &exact),
	    t);
	ck_assert_int_eq(exact, 0);
	ck_assert_ptr_null(dgs_snapshot_find_table(s, "sales", "users",
	    &exact));
	c = dgs_snapshot_find_col(s, t, "email", &exact);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(exact, 0);
	ck_assert_str_eq(dgs_snapshot_str(s, c->name), "Email");
	ck_assert_int_eq(c->nullable, DGS_TRI_YES);
	ck_assert_int_eq(c->fk, DGS_TRI_NO);
	ck_assert_ptr_eq(dgs_snapshot_closest_table(s, "order"),
	    dgs_snapshot_find_table(s, "public", "orders", &exact));
	t = dgs_snapshot_find_table(s, "public", "orders", &exact);
	c = dgs_snapshot_find_col(s, t, "user_id", &exact);
	ck_assert_int_eq(c->fk, DGS_TRI_YES);
	ck_assert_int_eq(c->nullable, DGS_TRI_NO);
	ck_assert_ptr_eq(dgs_snapshot_closest_col(s, t, "userid"), c);
	dgs_snapshot_free(s);
}
END_TEST

static const struct {
	const char	*text;
	const char	*why;	/* NULL: loads */
} load_cases[] = {
	{ "[{\"table_schema\": \"\", \"table_name\": \"t\", \"column_name\": "
	    "\"c\", \"data_type\": \"int\", \"is_nullable\": true, "
	    "\"is_foreign_key\": null}]", NULL },
	{ "collection,path,data_type\nc,a,String\nc,a,Int32\n", NULL },
	{ "", "s:1: the snapshot is empty" },
	{ "table_schema,table_name,column_name,data_type\n",
	    "s:1: the snapshot lists no columns" },
	{ "a,b\n1,2\n", "s:1: the header line has no column \"table_schema\"; "
	    "a snapshot needs table_schema, table_name, column_name and "
	    "data_type" },
	{ "table_schema,table_name,column_name,data_type\ns,t,,int\n",
	    "s:2: column_name is empty" },
	{ "table_schema,table_name,column_name,data_type\ns,t,c,int\n"
	    "s,t,c,text\n", "s:3: s.t.c is listed again with another "
	    "data_type: \"text\" here, \"int\" at line 2" },
	{ "[1]", "s:1: a row is an object" },
	{ "[{\"x\": [\"]\", {\"y\": \"},\\\"\"}], \"table_schema\": \"s\", "
	    "\"table_name\": \"t\", \"column_name\": \"c\", \"data_type\": "
	    "\"int\"}]", NULL },
	{ "[{\"table_schema\": \"s\", \"table_name\": \"t\", \"column_name\": "
	    "\"c\", \"data_type\": \"int\"},\n]", "s:2: not JSON: a value is "
	    "missing" },
	{ "[{\"table_schema\": \"s\", \"table_name\": \"t\", \"column_name\": "
	    "\"c\", \"data_type\": \"int\"}\n", "s:2: not JSON: the array is "
	    "not closed" },
	{ "[{\"table_schema\": \"s\", \"table_name\": \"t\", \"column_name\": "
	    "\"c\", \"data_type\": \"int\"}]\n]", "s:2: text after the "
	    "snapshot's array" },
	{ "[{\"table_schema\": \"s\", \"table_name\": \"t\", \"column_name\": "
	    "\"c", "s:1: not JSON: the text ends inside a row" },
	{ "[]", "s:1: the snapshot lists no columns" },
	{ "[{\"table_schema\": \"s\", \"table_name\": 1, \"column_name\": "
	    "\"c\", \"data_type\": \"int\"}]", "s:1: \"table_name\" is int; "
	    "write a string" },
	{ "table_schema,table_name,column_name,data_type\ns,t,\"c\n",
	    "s:2: a quoted field is not closed" },
};

START_TEST(test_load_cases)
{
	struct dgs_snapshot *s = NULL;
	char *why = NULL;
	int rc;

	rc = dgs_snapshot_load(load_cases[_i].text, strlen(load_cases[_i].text),
	    "s", &s, &why);
	if (load_cases[_i].why == NULL) {
		ck_assert_msg(rc == 0, "%s: %s", load_cases[_i].text, why);
		ck_assert_ptr_nonnull(s);
	} else {
		ck_assert_int_eq(rc, DGS_ECONFIG);
		ck_assert_ptr_null(s);
		ck_assert_str_eq(why, load_cases[_i].why);
	}
	free(why);
	dgs_snapshot_free(s);
	/* Without why, a bad snapshot is only a status. */
	rc = dgs_snapshot_load(load_cases[_i].text, strlen(load_cases[_i].text),
	    "s", &s, NULL);
	ck_assert_int_eq(rc, load_cases[_i].why == NULL ? 0 : DGS_ECONFIG);
	dgs_snapshot_free(s);
}
END_TEST

/* The same case loaded on a thread (dgs_snapshot_load_start()): the same
 * outcome from dgs_snapshot_wait(), as often as asked; a document linted
 * against a snapshot that failed is not linted; a snapshot counted and
 * freed with no wait of the caller's is waited for. */
START_TEST(test_load_start)
{
	static const char doc[] = "[{\"schema\": \"s\", \"table\": \"t\", "
	    "\"links\": [{\"schema\": \"s\", \"table\": \"t\", "
	    "\"column\": \"c\", \"metadata\": {\"generatorId\": "
	    "\"NullGenerator\"}}]}]";
	const char *text = load_cases[_i].text;
	struct dgs_snapshot *s = NULL, *t = NULL;
	struct dgs_options *o = dgs_options_new();
	struct dgs_result *res = NULL;
	char *why = NULL;
	size_t n1, n2, k1, k2;
	int rc, i;

	ck_assert_int_eq(dgs_snapshot_load_start(text, strlen(text), "s", &s),
	    0);
	ck_assert_ptr_nonnull(s);
	dgs_options_set_snapshots(o, s, NULL);
	rc = dgs_lint(o, "d.json", doc, sizeof(doc) - 1, &res);
	ck_assert_int_eq(rc, load_cases[_i].why == NULL ? 0 : DGS_ECONFIG);
	dgs_result_free(res);
	for (i = 0; i < 2; i++) {
		rc = dgs_snapshot_wait(s, &why);
		if (load_cases[_i].why == NULL) {
			ck_assert_int_eq(rc, 0);
			ck_assert_ptr_null(why);
			ck_assert_int_eq(dgs_snapshot_load(text, strlen(text), "s",
			    &t, NULL), 0);
			n1 = dgs_snapshot_count(s, &k1);
			n2 = dgs_snapshot_count(t, &k2);
			ck_assert_uint_eq(n1, n2);
			ck_assert_uint_eq(k1, k2);
			dgs_snapshot_free(t);
		} else {
			ck_assert_int_eq(rc, DGS_ECONFIG);
			ck_assert_str_eq(why, load_cases[_i].why);
		}
		free(why);
	}
	dgs_options_free(o);
	dgs_snapshot_free(s);
	/* Counted, and then freed, with no wait of the caller's. */
	ck_assert_int_eq(dgs_snapshot_load_start(text, strlen(text), "s", &s),
	    0);
	n1 = dgs_snapshot_count(s, &k1);
	if (load_cases[_i].why == NULL) {
		ck_assert_int_eq(dgs_snapshot_load(text, strlen(text), "s", &t,
		    NULL), 0);
		ck_assert_uint_eq(n1, dgs_snapshot_count(t, NULL));
		dgs_snapshot_free(t);
	} else
		ck_assert_uint_eq(n1 + k1, 0);
	dgs_snapshot_free(s);
	ck_assert_int_eq(dgs_snapshot_wait(NULL, &why), 0);
	ck_assert_ptr_null(why);
}
END_TEST

/*
 * Column lookups against a reading of the snapshot's rows one by one,
 * for each way a table's columns can lie: grouped by table and few (a
 * scan), many (past the scan's limit: the index), interleaved with
 * other tables', and grouped at first and then resumed after another
 * table (moved to the index midway).  Names repeat in other letter
 * cases, so that the earliest exact and the earliest caseless count.
 */
#define LK_TABLES	6

static void
lk_row(FILE *f, int t, int c)
{
	/* Every third column has a twin in upper case, and every fifth a
	 * third spelling, all after it. */
	fprintf(f, "s,t%d,col%d,integer\n", t, c);
	if (c % 3 == 0)
		fprintf(f, "s,t%d,COL%d,text\n", t, c);
	if (c % 5 == 0)
		fprintf(f, "s,t%d,Col%d,text\n", t, c);
}

static char *
lk_snapshot(int layout, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	int t, c, n;

	ck_assert_ptr_nonnull(f);
	fputs("table_schema,table_name,column_name,data_type\n", f);
	switch (layout) {
	case 0:		/* grouped, 40 columns a table */
	case 1:		/* grouped, 150 */
		n = layout == 0 ? 40 : 150;
		for (t = 0; t < LK_TABLES; t++)
			for (c = 0; c < n; c++)
				lk_row(f, t, c);
		break;
	case 2:		/* interleaved */
		for (c = 0; c < 40; c++)
			for (t = 0; t < LK_TABLES; t++)
				lk_row(f, t, c);
		break;
	default:	/* grouped, then each table again */
		for (t = 0; t < LK_TABLES; t++)
			for (c = 0; c < 20; c++)
				lk_row(f, t, c);
		for (t = 0; t < LK_TABLES; t++)
			for (c = 20; c < 40; c++)
				lk_row(f, t, c);
		break;
	}
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* The earliest column of t spelt name, else the earliest in another
 * case, in snapshot order. */
static const struct dgs_snapshot_col *
lk_slow(const struct dgs_snapshot *s, const struct dgs_snapshot_table *t,
    const char *name, int *exact)
{
	const struct dgs_snapshot_col *c, *caseless = NULL;
	uint32_t i;

	for (i = t->first; i != DGS_SNAPSHOT_NONE; i = c->next) {
		c = &s->cols[i];
		if (strcmp(dgs_snapshot_str(s, c->name), name) == 0) {
			*exact = 1;
			return c;
		}
		if (caseless == NULL && dgs_strcasecmp(dgs_snapshot_str(s,
		    c->name), name) == 0)
			caseless = c;
	}
	*exact = 0;
	return caseless;
}

START_TEST(test_lookup_layouts)
{
	static const char *const spell[] = { "col", "COL", "Col", "cOL",
	    "cOl" };
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c, *want;
	struct dgs_snapshot *s = NULL;
	char *text, *why = NULL, name[32], tn[16];
	size_t len, nt;
	int ti, ci, k, exact, wexact;

	text = lk_snapshot(_i, &len);
	ck_assert_msg(dgs_snapshot_load(text, len, "s", &s, &why) == 0, "%s",
	    why);
	(void)dgs_snapshot_count(s, &nt);
	ck_assert_uint_eq(nt, LK_TABLES);
	for (ti = 0; ti < LK_TABLES; ti++) {
		snprintf(tn, sizeof(tn), "t%d", ti);
		t = dgs_snapshot_find_table(s, "s", tn, &exact);
		ck_assert_ptr_nonnull(t);
		/* Layout 0 is scanned, the others indexed. */
		ck_assert_int_eq(t->indexed, _i != 0);
		for (ci = 0; ci < 160; ci++)
			for (k = 0; k < 5; k++) {
				snprintf(name, sizeof(name), "%s%d%s",
				    spell[k], ci, k == 4 ? "x" : "");
				want = lk_slow(s, t, name, &wexact);
				c = dgs_snapshot_find_col(s, t, name, &exact);
				ck_assert_msg(c == want && (c == NULL ||
				    exact == wexact), "layout %d, %s.%s",
				    _i, tn, name);
			}
	}
	dgs_snapshot_free(s);
	free(text);
}
END_TEST

Suite *database_suite(void);

Suite *
database_suite(void)
{
	Suite *s = suite_create("database");
	TCase *tc;

	tc = tcase_create("types");
	tcase_add_loop_test(tc, test_type_family, 0,
	    sizeof(type_cases) / sizeof(type_cases[0]));
	tcase_add_test(tc, test_generator_needs);
	suite_add_tcase(s, tc);
	tc = tcase_create("snapshots");
	tcase_add_test(tc, test_load_csv);
	tcase_add_loop_test(tc, test_load_cases, 0,
	    sizeof(load_cases) / sizeof(load_cases[0]));
	tcase_add_loop_test(tc, test_lookup_layouts, 0, 4);
	tcase_add_loop_test(tc, test_load_start, 0,
	    sizeof(load_cases) / sizeof(load_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}
