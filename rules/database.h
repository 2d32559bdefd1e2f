/*
 * database.h: inside rules/, what the database rules (database.c) and
 * the predicted SchemaDiff (database_diff.c) share with the table of
 * data types and generators (database_types.c).
 */
#ifndef DGS_DATABASE_H
#define DGS_DATABASE_H

#include "rules.h"
#include "dgs_snapshot.h"

/* Families of data types: what a generator can be told to need. */
enum db_family {
	DB_OTHER = 0,	/* unknown, or of no family here: never flagged */
	DB_INT,		/* integers */
	DB_NUMERIC,	/* exact numbers whose scale is not known here */
	DB_FLOAT,
	DB_TEXT,
	DB_DATE,
	DB_TIME,
	DB_TIMESTAMP,
	DB_BOOL,
	DB_JSON,
	DB_XML,
	DB_ARRAY,
	DB_BINARY,
	DB_UUID
};

/* The family of a data type name as a database reports it in
 * information_schema.columns (PostgreSQL, MySQL and MariaDB, SQL
 * Server, Oracle, Snowflake), without regard to letter case, length or
 * precision ("varchar(40)", "timestamp(6) with time zone"). */
enum db_family db_type_family(const char *type);
const char *db_family_words(enum db_family);

/* When generator id (with that metadata) cannot work on a column of
 * family f: a sentence saying what it needs, else NULL, with *label its
 * name and *implied set when no sentence names the data types (the
 * catalogue's families_implied: at most info).  For DB_OTHER: what the
 * generator needs of any column, or NULL when it needs nothing here. */
const char *db_generator_needs(const char *id, struct json_object *metadata,
	    enum db_family f, const char **label, int *implied);

#endif /* DGS_DATABASE_H */
