/*
 * database_types.c: the one table of data type names and their
 * families, for every database dgslint-schema(5) gives a query for, and
 * what the generators need of them (DGS806), read from the catalogue.
 *
 * Names are those that information_schema.columns.data_type (or
 * Oracle's all_tab_columns.data_type) reports, lower-cased, with the
 * length or precision in parentheses and "unsigned" removed.  A name not
 * here is of no family and never flagged.
 */
#include <string.h>

#include "database.h"
#include "catalog.h"

struct type_name {
	const char	*name;
	enum db_family	 family;
};

/* PG PostgreSQL, MY MySQL/MariaDB, MS SQL Server, OR Oracle, SF
 * Snowflake.  NUMBER and DECIMAL may hold integers or not: DB_NUMERIC,
 * on which a generator that needs an integer is not flagged. */
static const struct type_name types[] = {
	/* integers */
	{ "smallint", DB_INT },		/* PG MY MS */
	{ "integer", DB_INT },		/* PG OR(alias) */
	{ "int", DB_INT },		/* MY MS */
	{ "bigint", DB_INT },		/* PG MY MS */
	{ "tinyint", DB_INT },		/* MY MS */
	{ "mediumint", DB_INT },	/* MY */
	{ "int2", DB_INT },		/* PG udt names */
	{ "int4", DB_INT },
	{ "int8", DB_INT },
	{ "serial", DB_INT },
	{ "bigserial", DB_INT },
	{ "smallserial", DB_INT },
	{ "year", DB_INT },		/* MY */
	/* exact numbers */
	{ "numeric", DB_NUMERIC },	/* PG MS */
	{ "decimal", DB_NUMERIC },	/* MY MS */
	{ "number", DB_NUMERIC },	/* OR SF */
	{ "money", DB_NUMERIC },	/* PG MS */
	{ "smallmoney", DB_NUMERIC },	/* MS */
	{ "fixed", DB_NUMERIC },	/* SF reports NUMBER; FIXED in SHOW */
	/* approximate numbers */
	{ "real", DB_FLOAT },		/* PG MS */
	{ "double precision", DB_FLOAT },	/* PG */
	{ "double", DB_FLOAT },		/* MY */
	{ "float", DB_FLOAT },		/* MY MS SF OR */
	{ "float4", DB_FLOAT },
	{ "float8", DB_FLOAT },
	{ "binary_float", DB_FLOAT },	/* OR */
	{ "binary_double", DB_FLOAT },	/* OR */
	/* text */
	{ "text", DB_TEXT },		/* PG MY MS SF */
	{ "character varying", DB_TEXT },	/* PG */
	{ "character", DB_TEXT },	/* PG */
	{ "varchar", DB_TEXT },		/* MY MS */
	{ "char", DB_TEXT },		/* MY MS OR */
	{ "bpchar", DB_TEXT },		/* PG udt name */
	{ "citext", DB_TEXT },		/* PG extension */
	{ "name", DB_TEXT },		/* PG */
	{ "nvarchar", DB_TEXT },	/* MS */
	{ "nchar", DB_TEXT },		/* MS OR */
	{ "ntext", DB_TEXT },		/* MS */
	{ "tinytext", DB_TEXT },	/* MY */
	{ "mediumtext", DB_TEXT },	/* MY */
	{ "longtext", DB_TEXT },	/* MY */
	{ "varchar2", DB_TEXT },	/* OR */
	{ "nvarchar2", DB_TEXT },	/* OR */
	{ "clob", DB_TEXT },		/* OR */
	{ "nclob", DB_TEXT },		/* OR */
	{ "long", DB_TEXT },		/* OR */
	{ "string", DB_TEXT },		/* SF synonym */
	/* dates and times */
	{ "date", DB_DATE },		/* all; Oracle's has a time too */
	{ "time", DB_TIME },
	{ "time without time zone", DB_TIME },	/* PG */
	{ "time with time zone", DB_TIME },	/* PG */
	{ "timetz", DB_TIME },
	{ "timestamp", DB_TIMESTAMP },	/* MY OR SF */
	{ "timestamp without time zone", DB_TIMESTAMP },	/* PG */
	{ "timestamp with time zone", DB_TIMESTAMP },	/* PG OR */
	{ "timestamp with local time zone", DB_TIMESTAMP },	/* OR */
	{ "timestamptz", DB_TIMESTAMP },
	{ "datetime", DB_TIMESTAMP },	/* MY MS SF */
	{ "datetime2", DB_TIMESTAMP },	/* MS */
	{ "smalldatetime", DB_TIMESTAMP },	/* MS */
	{ "datetimeoffset", DB_TIMESTAMP },	/* MS */
	{ "timestamp_ntz", DB_TIMESTAMP },	/* SF */
	{ "timestamp_ltz", DB_TIMESTAMP },	/* SF */
	{ "timestamp_tz", DB_TIMESTAMP },	/* SF */
	/* others */
	{ "boolean", DB_BOOL },		/* PG SF, OR 23 */
	{ "bool", DB_BOOL },
	{ "json", DB_JSON },		/* PG MY OR 21 */
	{ "jsonb", DB_JSON },		/* PG */
	{ "xml", DB_XML },		/* PG MS */
	{ "xmltype", DB_XML },		/* OR */
	{ "array", DB_ARRAY },		/* PG SF */
	{ "bytea", DB_BINARY },		/* PG */
	{ "blob", DB_BINARY },		/* MY OR */
	{ "tinyblob", DB_BINARY },
	{ "mediumblob", DB_BINARY },
	{ "longblob", DB_BINARY },
	{ "binary", DB_BINARY },	/* MY MS SF */
	{ "varbinary", DB_BINARY },	/* MY MS SF */
	{ "image", DB_BINARY },		/* MS */
	{ "raw", DB_BINARY },		/* OR */
	{ "long raw", DB_BINARY },	/* OR */
	{ "uuid", DB_UUID },		/* PG */
	{ "uniqueidentifier", DB_UUID },	/* MS */
};

static const char *const family_words[] = {
	[DB_OTHER] = "other", [DB_INT] = "an integer type",
	[DB_NUMERIC] = "a numeric type", [DB_FLOAT] = "a floating-point type",
	[DB_TEXT] = "a text type", [DB_DATE] = "a date type",
	[DB_TIME] = "a time type", [DB_TIMESTAMP] = "a timestamp type",
	[DB_BOOL] = "a boolean type", [DB_JSON] = "a JSON type",
	[DB_XML] = "an XML type", [DB_ARRAY] = "an array type",
	[DB_BINARY] = "a binary type", [DB_UUID] = "a UUID type",
};

const char *
db_family_words(enum db_family f)
{
	return family_words[f];
}

enum db_family
db_type_family(const char *type)
{
	char n[64];
	size_t i, j = 0, len;
	int depth = 0;

	/* Lower case, without "(...)", with single spaces. */
	for (i = 0; type[i] != '\0' && j < sizeof(n) - 1; i++) {
		unsigned char c = (unsigned char)type[i];

		if (c == '(')
			depth++;
		else if (c == ')')
			depth = depth > 0 ? depth - 1 : 0;
		else if (depth > 0)
			continue;
		else if (c == ' ' || c == '\t') {
			if (j > 0 && n[j - 1] != ' ')
				n[j++] = ' ';
		} else
			n[j++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	if (type[i] != '\0')
		return DB_OTHER;
	while (j > 0 && n[j - 1] == ' ')
		j--;
	n[j] = '\0';
	len = strlen(n);
	if (len > 2 && strcmp(n + len - 2, "[]") == 0)
		return DB_ARRAY;	/* int[], as format_type() writes it */
	if (n[0] == '_' && n[1] != '\0')
		return DB_ARRAY;	/* _int4, a PostgreSQL udt name */
	if (len > 9 && strcmp(n + len - 9, " unsigned") == 0)
		n[len - 9] = '\0';
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(types[i].name, n) == 0)
			return types[i].family;
	return DB_OTHER;
}

/*
 * What generators need: the data types the catalogue gives each
 * generator (rules/catalog.c, with the page that states them), a member
 * that lets a date generator work on text (a date format), and one that
 * lets it work on numbers or text (a Unix timestamp format).
 */
#define NUMBERS	(DGS_FAM(DB_INT) | DGS_FAM(DB_NUMERIC) | DGS_FAM(DB_FLOAT))

const char *
db_generator_needs(const char *id, struct json_object *metadata,
    enum db_family f, const char **label, int *implied)
{
	const struct dgs_generator *g = dgs_gen_builtin_find(id);

	if (g == NULL || g->families == 0)
		return NULL;
	*label = g->label;
	*implied = g->families_implied;
	/* DB_OTHER: whether the generator needs anything. */
	if (f == DB_OTHER || (g->families & DGS_FAM(f)))
		return f == DB_OTHER ? g->families_words : NULL;
	/* Unix timestamps are numbers, or text of digits. */
	if (g->number_with != NULL && dgs_get_str(metadata,
	    g->number_with) != NULL && (f == DB_TEXT || (NUMBERS & DGS_FAM(f))))
		return NULL;
	if (g->text_with != NULL && f == DB_TEXT && dgs_get_str(metadata,
	    g->text_with) != NULL)
		return NULL;
	return g->families_words;
}
