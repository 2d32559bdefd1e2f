/*
 * snapshot_pg.c: --snapshot URL, a schema snapshot of a live PostgreSQL
 * database (libpq): its columns, with their data types, nullability and
 * foreign keys, as the JSON array of row objects that --schema reads,
 * under information_schema.columns' names.  The queries read the
 * catalogue only, in a read-only transaction.  The query is
 * testdata/db/pg-columns.sql's, which CI runs with psql's \copy too and
 * checks that both give the same rows (.ci/postgres).
 *
 * Built when libpq's header is found (DGS_HAVE_LIBPQ, see the Makefile);
 * without it the option says so and exits 2.  libpq is loaded when the
 * option runs (dlopen), not linked: the libraries it needs (TLS,
 * Kerberos, LDAP: about 20) took every other run of dgslint 3 ms to load,
 * four times a small file's whole lint.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remote.h"

#ifdef DGS_HAVE_LIBPQ
#include <sys/resource.h>

#include <json-c/json.h>
#include <libpq-fe.h>

/* The libpq calls used, from libpq.so.5 (pq_load()). */
static struct {
	PGconn		*(*connectdb)(const char *);
	ConnStatusType	 (*status)(const PGconn *);
	char		*(*error_message)(const PGconn *);
	void		 (*finish)(PGconn *);
	PGresult	*(*exec)(PGconn *, const char *);
	ExecStatusType	 (*result_status)(const PGresult *);
	void		 (*clear)(PGresult *);
	int		 (*ntuples)(const PGresult *);
	int		 (*fnumber)(const PGresult *, const char *);
	int		 (*getisnull)(const PGresult *, int, int);
	char		*(*getvalue)(const PGresult *, int, int);
	int		 (*getlength)(const PGresult *, int, int);
	char		*(*escape_identifier)(PGconn *, const char *, size_t);
	void		 (*freemem)(void *);
	char		*(*error_field)(const PGresult *, int);
	PQconninfoOption *(*conninfo_parse)(const char *, char **);
	void		 (*conninfo_free)(PQconninfoOption *);
} pq;
#define PQconnectdb	pq.connectdb
#define PQstatus	pq.status
#define PQerrorMessage	pq.error_message
#define PQfinish	pq.finish
#define PQexec		pq.exec
#define PQresultStatus	pq.result_status
#define PQclear		pq.clear
#define PQntuples	pq.ntuples
#define PQfnumber	pq.fnumber
#define PQgetisnull	pq.getisnull
#define PQgetvalue	pq.getvalue
#define PQgetlength	pq.getlength
#define PQescapeIdentifier	pq.escape_identifier
#define PQfreemem	pq.freemem
#define PQresultErrorField	pq.error_field
#define PQconninfoParse	pq.conninfo_parse
#define PQconninfoFree	pq.conninfo_free

/* Loads libpq; 0, or -1 after saying why. */
static int
pq_load(void)
{
	static const char *const files[] = { "libpq.so.5", NULL };
	static const struct dl_sym syms[] = {
		{ (void **)&pq.connectdb, "PQconnectdb" },
		{ (void **)&pq.status, "PQstatus" },
		{ (void **)&pq.error_message, "PQerrorMessage" },
		{ (void **)&pq.finish, "PQfinish" },
		{ (void **)&pq.exec, "PQexec" },
		{ (void **)&pq.result_status, "PQresultStatus" },
		{ (void **)&pq.clear, "PQclear" },
		{ (void **)&pq.ntuples, "PQntuples" },
		{ (void **)&pq.fnumber, "PQfnumber" },
		{ (void **)&pq.getisnull, "PQgetisnull" },
		{ (void **)&pq.getvalue, "PQgetvalue" },
		{ (void **)&pq.getlength, "PQgetlength" },
		{ (void **)&pq.escape_identifier, "PQescapeIdentifier" },
		{ (void **)&pq.freemem, "PQfreemem" },
		{ (void **)&pq.error_field, "PQresultErrorField" },
		{ (void **)&pq.conninfo_parse, "PQconninfoParse" },
		{ (void **)&pq.conninfo_free, "PQconninfoFree" },
	};
	char why[512];

	if (dl_load(files, "libpq", "libpq5", syms, sizeof(syms) /
	    sizeof(syms[0]), why, sizeof(why)) == 0)
		return 0;
	fprintf(stderr, "dgslint: --snapshot: %s\n", why);
	return -1;
}

/* testdata/db/pg-columns.sql, without its comments. */
static const char columns_query[] =
    "SELECT col.table_schema::text AS table_schema,\n"
    "  col.table_name::text AS table_name,\n"
    "  col.column_name::text AS column_name,\n"
    "  col.data_type::text AS data_type,\n"
    "  col.is_nullable::text AS is_nullable,\n"
    "  CASE WHEN fk.column_name IS NULL THEN 'NO' ELSE 'YES' END AS is_foreign_key,\n"
    "  fk.foreign_table_schema, fk.foreign_table_name, fk.foreign_column_name\n"
    "FROM information_schema.columns col\n"
    "LEFT JOIN (\n"
    "  SELECT DISTINCT ON (n.nspname, c.relname, a.attname)\n"
    "    n.nspname::text AS table_schema, c.relname::text AS table_name,\n"
    "    a.attname::text AS column_name,\n"
    "    fn.nspname::text AS foreign_table_schema,\n"
    "    fc.relname::text AS foreign_table_name,\n"
    "    fa.attname::text AS foreign_column_name\n"
    "  FROM pg_catalog.pg_constraint k\n"
    "  CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS u(attnum, fattnum)\n"
    "  JOIN pg_catalog.pg_class c ON c.oid = k.conrelid\n"
    "  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace\n"
    "  JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum\n"
    "  JOIN pg_catalog.pg_class fc ON fc.oid = k.confrelid\n"
    "  JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace\n"
    "  JOIN pg_catalog.pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = u.fattnum\n"
    "  WHERE k.contype = 'f'\n"
    "  ORDER BY n.nspname, c.relname, a.attname, k.conname COLLATE \"C\"\n"
    ") fk ON fk.table_schema = col.table_schema::text\n"
    "  AND fk.table_name = col.table_name::text\n"
    "  AND fk.column_name = col.column_name::text\n"
    "WHERE col.table_schema::text NOT IN ('pg_catalog', 'information_schema')\n"
    "  AND col.table_schema::text NOT LIKE 'pg\\_toast%'\n"
    "ORDER BY col.table_schema::text COLLATE \"C\", col.table_name::text COLLATE \"C\",\n"
    "  col.ordinal_position\n";

static const char *const names[] = {
	"table_schema", "table_name", "column_name", "data_type",
	"is_nullable", "is_foreign_key", "foreign_table_schema",
	"foreign_table_name", "foreign_column_name"
};
#define NNAMES	(sizeof(names) / sizeof(names[0]))

/* The connection string's passwords: libpq's messages may quote all of
 * it (a URI it cannot parse) or a part (a bad percent escape). */
static struct secrets secrets;

/* libpq's message, without its trailing newline, and with no password. */
static void
pq_fail(const char *what, const char *msg)
{
	char *safe = redact(&secrets, msg);
	size_t n = strlen(safe);

	while (n > 0 && (safe[n - 1] == '\n' || safe[n - 1] == ' '))
		n--;
	fprintf(stderr, "dgslint: --snapshot: %s: %.*s\n", what, (int)n,
	    safe);
	free(safe);
}

static int
exec_ok(PGconn *c, const char *sql, const char *what)
{
	PGresult *r = PQexec(c, sql);
	int ok = PQresultStatus(r) == PGRES_COMMAND_OK;

	if (!ok)
		pq_fail(what, PQerrorMessage(c));
	PQclear(r);
	return ok;
}

/* libpq's message that it cannot read a connection string, which
 * quotes the string or the part where it stopped, password and all (a
 * SQLAlchemy URL, a bad percent-escape in a URI's password): said with
 * every quoted text of more than one character (one is a token it
 * expected, "=" or "]") as "********". */
static void
pq_unread(const char *err)
{
	struct str m = { NULL, 0, 0 };
	const char *p = err != NULL ? err : "out of memory", *q, *e;

	while ((q = strchr(p, '"')) != NULL && (e = strchr(q + 1, '"')) !=
	    NULL) {
		str_addn(&m, p, (size_t)(q - p) + 1);
		if (e - q > 2)
			str_add(&m, "********");
		else
			str_addn(&m, q + 1, (size_t)(e - q - 1));
		str_add(&m, "\"");
		p = e + 1;
	}
	str_add(&m, p);
	pq_fail("cannot connect", m.s);
	free(m.s);
}

/* The passwords of conninfo, as libpq reads it (PQconninfoParse():
 * a URI's user information and parameters, a key=value string's quoting
 * and escapes), kept among the secrets that no message shows; -1 after
 * saying that libpq cannot read it (pq_unread()). */
static int
pq_secrets(const char *conninfo)
{
	static const char *const keys[] = { "password", "sslpassword" };
	PQconninfoOption *o, *p;
	char *err = NULL;
	size_t i;

	if ((o = PQconninfoParse(conninfo, &err)) == NULL) {
		pq_unread(err);
		PQfreemem(err);
		return -1;
	}
	for (p = o; p->keyword != NULL; p++)
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (p->val != NULL && strcmp(p->keyword, keys[i]) == 0)
				secrets_add(&secrets, p->val, strlen(p->val));
	PQconninfoFree(o);
	return 0;
}

/* Loads libpq and connects to conninfo, whose passwords no message
 * shows (secrets) until pq_close(); NULL after saying why. */
static PGconn *
pq_open(const char *conninfo)
{
	PGconn *c;

	if (pq_load() != 0)
		return NULL;
	if (pq_secrets(conninfo) != 0)
		return NULL;
	c = PQconnectdb(conninfo);
	if (c == NULL || PQstatus(c) != CONNECTION_OK) {
		pq_fail("cannot connect", c != NULL ? PQerrorMessage(c) :
		    "out of memory");
		PQfinish(c);
		secrets_free(&secrets);
		return NULL;
	}
	return c;
}

static void
pq_close(PGconn *c)
{
	PQfinish(c);
	secrets_free(&secrets);
}

/* Writes the rows of r as a JSON array, a row a line, to fp. */
static int
write_rows(PGresult *r, FILE *fp)
{
	struct json_object *row;
	struct str line = { NULL, 0, 0 };
	int i, k, n = PQntuples(r), col[NNAMES];
	size_t j;

	for (j = 0; j < NNAMES; j++)
		if ((col[j] = PQfnumber(r, names[j])) < 0) {
			fprintf(stderr, "dgslint: --snapshot: the catalogue "
			    "query gave no column %s\n", names[j]);
			return -1;
		}
	fputs("[", fp);
	for (i = 0; i < n; i++) {
		if ((row = json_object_new_object()) == NULL) {
			fprintf(stderr, "dgslint: out of memory\n");
			return -1;
		}
		for (j = 0; j < NNAMES; j++) {
			k = col[j];
			json_object_object_add(row, names[j],
			    PQgetisnull(r, i, k) ? NULL :
			    json_object_new_string(PQgetvalue(r, i, k)));
		}
		line.len = 0;
		json_tree(&line, row, JSON_C_TO_STRING_SPACED |
		    JSON_C_TO_STRING_NOSLASHESCAPE);
		fprintf(fp, "%s\n  %s", i > 0 ? "," : "", line.s);
		json_object_put(row);
	}
	fputs(n > 0 ? "\n]\n" : "]\n", fp);
	free(line.s);
	return 0;
}

int
snapshot_pg_write(const char *conninfo, FILE *fp, const char *what)
{
	PGconn *c;
	PGresult *r = NULL;
	int rc = 2;

	if ((c = pq_open(conninfo)) == NULL)
		return 2;
	if (!exec_ok(c, "BEGIN", "cannot start a transaction") ||
	    !exec_ok(c, "SET TRANSACTION READ ONLY",
	    "cannot make the transaction read-only") ||
	    !exec_ok(c, "SET LOCAL search_path TO pg_catalog",
	    "cannot set the search path"))
		goto out;
	r = PQexec(c, columns_query);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		pq_fail("the catalogue query failed", PQerrorMessage(c));
		goto out;
	}
	if (write_rows(r, fp) != 0)
		goto out;
	if (!exec_ok(c, "COMMIT", "cannot end the transaction"))
		goto out;
	if (fflush(fp) != 0 || ferror(fp)) {
		fprintf(stderr, "dgslint: %s: %s\n", what, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	PQclear(r);
	pq_close(c);
	return rc;
}

/*
 * --sample.  Values are read as text, cut to one more character than
 * the longest a pattern takes (a longer value is of no type), and each
 * is wiped once classified.  libpq's own buffers are freed without being
 * wiped: the process makes no core dump from the first query on, so that
 * none holds them.  The session is read-only, its search path the
 * catalogue's alone (no function of the database's is called), and each
 * query stops after SAMPLE_TIMEOUT ms.  A failed query's message is not
 * shown (an error's detail may quote a value): its SQLSTATE is.
 */
#define SAMPLE_TIMEOUT	"5000"
#define SAMPLE_CUT	"129"

/* A query of the values of one column, to free; NULL when out of
 * memory. */
static char *
sample_query(PGconn *c, const struct sample_col *col, unsigned long n)
{
	char *s = NULL, *t = NULL, *k = NULL, *q = NULL;
	size_t len;

	if ((s = PQescapeIdentifier(c, col->schema, strlen(col->schema))) &&
	    (t = PQescapeIdentifier(c, col->table, strlen(col->table))) &&
	    (k = PQescapeIdentifier(c, col->column, strlen(col->column)))) {
		len = strlen(s) + strlen(t) + 2 * strlen(k) + 128;
		if ((q = malloc(len)) != NULL)
			snprintf(q, len, "SELECT substr(%s::text, 1, "
			    SAMPLE_CUT ") FROM %s.%s WHERE %s IS NOT NULL "
			    "LIMIT %lu", k, s, t, k, n);
	}
	PQfreemem(s);
	PQfreemem(t);
	PQfreemem(k);
	return q;
}

int
snapshot_pg_sample(const char *conninfo, struct sample_col *cols,
    size_t ncols, unsigned long n)
{
	static const struct rlimit none = { 0, 0 };
	struct dgs_values *v;
	PGconn *c;
	PGresult *r;
	const char *state;
	char *q, *val;
	size_t i;
	int j, rows, rc = 2;

	(void)setrlimit(RLIMIT_CORE, &none);
	if ((v = dgs_values_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		return 2;
	}
	if ((c = pq_open(conninfo)) == NULL) {
		dgs_values_free(v);
		return 2;
	}
	if (!exec_ok(c, "SET default_transaction_read_only = on",
	    "cannot make the session read-only") ||
	    !exec_ok(c, "SET statement_timeout = " SAMPLE_TIMEOUT,
	    "cannot bound the queries' time") ||
	    !exec_ok(c, "SET search_path TO pg_catalog",
	    "cannot set the search path"))
		goto out;
	for (i = 0; i < ncols; i++) {
		if ((q = sample_query(c, &cols[i], n)) == NULL) {
			fprintf(stderr, "dgslint: out of memory\n");
			goto out;
		}
		r = PQexec(c, q);
		free(q);
		if (PQresultStatus(r) != PGRES_TUPLES_OK) {
			state = r != NULL ? PQresultErrorField(r,
			    PG_DIAG_SQLSTATE) : NULL;
			fprintf(stderr, "dgslint: --sample: cannot read the "
			    "values of %s.%s.%s (SQLSTATE %s); the column is "
			    "judged by its name and type\n", cols[i].schema,
			    cols[i].table, cols[i].column,
			    state != NULL ? state : "unknown");
			PQclear(r);
			continue;
		}
		rows = PQntuples(r);
		for (j = 0; j < rows; j++) {
			val = PQgetvalue(r, j, 0);
			dgs_values_add(v, &cols[i].tally, val,
			    (size_t)PQgetlength(r, j, 0));
			dgs_wipe(val, (size_t)PQgetlength(r, j, 0));
		}
		cols[i].read = 1;
		PQclear(r);
	}
	rc = 0;
out:
	pq_close(c);
	dgs_values_free(v);
	return rc;
}

#else /* !DGS_HAVE_LIBPQ */

int
snapshot_pg_write(const char *conninfo, FILE *fp, const char *what)
{
	(void)conninfo;
	(void)fp;
	(void)what;
#ifdef DGS_STATIC
	fprintf(stderr, "dgslint: --snapshot is not in the static build: it "
	    "loads libpq when it runs, which a program linked with no shared "
	    "library cannot; use a build of 'make' or the package, or "
	    "testdata/db/pg-columns.sql with psql\n");
#else
	fprintf(stderr, "dgslint: --snapshot is not built in: this dgslint "
	    "was built without libpq (install libpq-dev, the package "
	    "'make deps' installs, and rebuild)\n");
#endif
	return 2;
}

int
snapshot_pg_sample(const char *conninfo, struct sample_col *cols,
    size_t ncols, unsigned long n)
{
	(void)cols;
	(void)ncols;
	(void)n;
	return snapshot_pg_run(conninfo);
}

#endif

int
snapshot_pg_run(const char *conninfo)
{
	return snapshot_pg_write(conninfo, stdout, "standard output");
}
