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
/* db_type_family() of the data type at arena offset type of snapshot s,
 * remembered (a snapshot has few types and many columns). */
enum db_family db_snapshot_family(const struct dgs_snapshot *s,
	    uint32_t type);

/* When generator id (with that metadata) cannot work on a column of
 * family f: a sentence saying what it needs, else NULL.  Only what the
 * documentation states is checked.  For DB_OTHER: what the generator
 * needs of any column, or NULL when it needs nothing here. */
const char *db_generator_needs(const char *id, struct json_object *metadata,
	    enum db_family f, const char **label);

/*
 * What the documents configure (database_diff.c), by schema, table and
 * column: the predicted SchemaDiff and the privacy report (privacy.c)
 * read it.  A table configured is there with the column "".
 */
#define CF_LINK		0x1u	/* a link names it */
#define CF_GENERATOR	0x2u	/* with a generator other than Passthrough */
#define CF_NULL		0x4u	/* with the Null generator */

struct db_configured {
	struct db_cf_entry {
		char		*key;	/* "schema\0table\0column" */
		size_t		 len;
		unsigned	 flags;
		char		*gid;	/* of its first link (not a fallback
					 * link) that names one, or NULL */
	}			*v;
	size_t			 n, cap;
	struct dgs_index	 ix;
	int			 oom;	/* out of memory: incomplete */
};

/* Adds what the documents docs[i] (of lens[i] bytes) configure
 * (replacements and subsetting configurations; other kinds, and text
 * that is not JSON, add nothing) to c, zeroed first. */
void	db_configured_read(struct db_configured *c, const char *const *docs,
	    const size_t *lens, size_t ndocs);
/* The same for a document's tree. */
void	db_configured_add(struct db_configured *c, struct json_object *root);
/* The CF_* flags of schema.table.column (0: not configured), and its
 * generator in *gid when gid is not NULL (borrowed from c, or NULL). */
unsigned db_configured_get(const struct db_configured *c, const char *schema,
	    const char *table, const char *col, const char **gid);
void	db_configured_free(struct db_configured *c);

#endif /* DGS_DATABASE_H */
