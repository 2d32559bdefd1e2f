/*
 * gen.c: deterministic generator of realistic service documents for the
 * benchmark (make bench).
 *
 *   gen large MB          one replacements document of about MB megabytes
 *   gen tree DIR N        N small files (1-30 KB) of every kind under DIR
 *   gen small             one small valid replacements document
 *   gen fixes MB          replacements a member a line, a fix in a third
 *   gen collide MB        names that collide under the unkeyed hash
 *   gen plain MB          the same document, names that do not
 *   gen config MB         a .dgslint.json of overrides of 10 pointers each,
 *                         as generated suppressions of a large repository
 *
 * The same arguments always give the same bytes (a fixed-seed PRNG).
 * Elsewhere about 3% of the replacements carry a defect that dgslint
 * reports (once each); the documents are otherwise valid.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x2545f4914f6cdd1dULL;
static int defects = 1;		/* 0: a valid document (gen small) */

static uint32_t
rnd(uint32_t n)
{
	/* xorshift64* */
	seed ^= seed >> 12;
	seed ^= seed << 25;
	seed ^= seed >> 27;
	return (uint32_t)((seed * 0x2545f4914f6cdd1dULL) >> 33) % n;
}

static const char *const words[] = {
	"account", "address", "amount", "balance", "birth", "city", "code",
	"comment", "company", "country", "created", "customer", "date",
	"email", "event", "first", "gender", "id", "income", "invoice",
	"last", "name", "notes", "order", "payload", "phone", "price",
	"product", "region", "salary", "ssn", "state", "status", "street",
	"total", "updated", "user", "zip",
};
#define NWORDS (sizeof(words) / sizeof(words[0]))

static void
column_name(char *buf, size_t sz, unsigned t, unsigned c)
{
	snprintf(buf, sz, "%s_%s_%u", words[(t * 7 + c) % NWORDS],
	    words[(t + c * 3) % NWORDS], c);
}

/* One link's metadata for a generator chosen by kind; with defect, a
 * mistake a user makes (a misspelt member or generator id) that dgslint
 * reports once, whatever the kind. */
static void
metadata(FILE *fp, unsigned kind, unsigned t, unsigned c, int defect)
{
	char other[64];

	switch (kind) {
	case 0:
		fprintf(fp, "{\"presetId\": \"NameGenerator\", \"generatorId\": "
		    "\"NameGenerator\", \"nameType\": \"FirstName\", "
		    "\"preserveCapitalization\": true, \"%s\": %s}",
		    defect ? "isConsistant" : "isConsistent",
		    rnd(2) ? "true" : "false");
		break;
	case 1:
		fprintf(fp, "{\"generatorId\": \"AddressGenerator\", "
		    "\"addressType\": \"City\", \"%s\": false}",
		    defect ? "isConsistant" : "isConsistent");
		break;
	case 2:
		fprintf(fp, "{\"generatorId\": \"CategoricalGenerator\", "
		    "\"%s\": true, \"epsilon\": %u.%u}",
		    defect ? "isDifferentialyPrivate" :
		    "isDifferentiallyPrivate", 1 + rnd(3), rnd(10));
		break;
	case 3:
		fprintf(fp, "{\"generatorId\": \"%s\", \"min\": %u, "
		    "\"max\": %u}", defect ? "RandomIntegerGenrator" :
		    "RandomIntegerGenerator", rnd(100), 100 + rnd(1000));
		break;
	case 4:
		fprintf(fp, "{\"generatorId\": \"JsonMaskGenerator\", "
		    "\"pathExpression\": \"$.customer.%s\", "
		    "\"subGeneratorMetadata\": {\"generatorId\": "
		    "\"%s\"}}", words[rnd(NWORDS)], defect ?
		    "TextMaskGenrator" : "TextMaskGenerator");
		break;
	case 5:
		column_name(other, sizeof(other), t, (c + 1) % 10);
		fprintf(fp, "{\"generatorId\": \"EmailGenerator\", "
		    "\"domain\": \"example.com\", \"isConsistent\": true, "
		    "\"%s\": false}", defect ? "replaceInvalidEmail" :
		    "replaceInvalidEmails");
		break;
	case 6:
		fprintf(fp, "{\"generatorId\": \"TimestampShiftGenerator\", "
		    "\"%s\": \"yyyy-MM-dd\", \"datePart\": \"Day\", "
		    "\"minShiftValue\": -%u, \"maxShiftValue\": %u}",
		    defect ? "dateFromat" : "dateFormat", 1 + rnd(30),
		    1 + rnd(30));
		break;
	default:
		fprintf(fp, "{\"generatorId\": \"%s\"}", defect ?
		    "StringMaskGenertor" : "StringMaskGenerator");
		break;
	}
}

static void
link(FILE *fp, const char *schema, const char *table, const char *col,
    unsigned kind, unsigned t, unsigned c, int defect)
{
	fprintf(fp, "{\"schema\": \"%s\", \"table\": \"%s%s\", \"column\": "
	    "\"%s\", \"metadata\": ", schema, table,
	    defect == 2 ? "_old" : "", col);
	metadata(fp, kind, t, c, defect == 1);
	fputc('}', fp);
}

/*
 * The schema snapshot of the large document (gen schema): a row per
 * column the document configures, with a data type that suits its
 * generator, and SCHEMA_COLS - 10 more per table; then tables of
 * SCHEMA_COLS columns up to SCHEMA_TABLES tables.  CSV or JSON rows.
 */
#define SCHEMA_TABLES	20000
#define SCHEMA_COLS	30
static FILE *schema_out;
static int schema_json;
static unsigned schema_rows;

static void
schema_row(const char *schema, const char *table, const char *col,
    const char *type, int nullable)
{
	if (schema_json)
		fprintf(schema_out, "%s\n{\"table_schema\": \"%s\", "
		    "\"table_name\": \"%s\", \"column_name\": \"%s\", "
		    "\"data_type\": \"%s\", \"is_nullable\": \"%s\", "
		    "\"is_foreign_key\": \"NO\"}", schema_rows ? "," : "",
		    schema, table, col, type, nullable ? "YES" : "NO");
	else
		fprintf(schema_out, "%s,%s,%s,%s,%s,NO\n", schema, table, col,
		    type, nullable ? "YES" : "NO");
	schema_rows++;
}

static void
schema_extra(const char *schema, const char *table, unsigned from)
{
	char col[32];
	unsigned c;

	for (c = from; c < SCHEMA_COLS; c++) {
		snprintf(col, sizeof(col), "extra_%u", c);
		schema_row(schema, table, col, c % 3 == 0 ? "integer" :
		    c % 3 == 1 ? "character varying" : "timestamp with time "
		    "zone", c != 10);
	}
}

static const char *const kind_type[] = {
	"character varying", "text", "text", "integer", "jsonb", "text",
	"timestamp without time zone", "text"
};

/* The replacements of one table of ten columns, comma-separated. */
static void
table(FILE *fp, unsigned t, int *first)
{
	char tname[64], col[64], col2[64];
	const char *schema = t % 5 == 0 ? "sales" : "public";
	unsigned c, kind;
	int defect;

	snprintf(tname, sizeof(tname), "%s_%u", words[t % NWORDS], t);
	for (c = 0; c < 10; c++) {
		column_name(col, sizeof(col), t, c);
		defect = rnd(100) < 3 ? 1 + (int)rnd(2) : 0;
		if (!defects)
			defect = 0;
		fputs(*first ? "\n  " : ",\n  ", fp);
		*first = 0;
		if (c == 8) {
			/* A Continuous column partitioned by two others. */
			column_name(col2, sizeof(col2), t, 9);
			fprintf(fp, "{\"name\": \"%s\", \"schema\": \"%s\", "
			    "\"table\": \"%s\", \"partitions\": \"%s\", "
			    "\"links\": [{\"schema\": \"%s\", \"table\": "
			    "\"%s\", \"column\": \"%s\", \"metadata\": "
			    "{\"generatorId\": \"GaussianGenerator\", "
			    "\"isDifferentiallyPrivate\": false}}]}", col,
			    schema, tname, col2, schema, tname, col);
			if (schema_out != NULL)
				schema_row(schema, tname, col, "numeric", 1);
			continue;
		}
		if (c == 9) {
			/* The partition-by column: Categorical. */
			kind = 2;
		} else
			kind = rnd(8);
		if (schema_out != NULL)
			schema_row(schema, tname, col, kind_type[kind], 1);
		fprintf(fp, "{\"name\": \"%s\", \"schema\": \"%s\", \"table\": "
		    "\"%s\", \"links\": [", col, schema, tname);
		link(fp, schema, tname, col, kind, t, c, defect);
		fputc(']', fp);
		if (kind == 6)
			fprintf(fp, ", \"fallBackLinks\": [{\"schema\": \"%s\", "
			    "\"table\": \"%s\", \"column\": \"%s\", "
			    "\"metadata\": {\"generatorId\": "
			    "\"NullGenerator\"}}]", schema, tname, col);
		fputc('}', fp);
	}
	if (schema_out != NULL)
		schema_extra(schema, tname, 10);
}

/* gen schema MB csv|json: the snapshot of gen large MB. */
static void
schema(size_t bytes, int json)
{
	FILE *doc = tmpfile();
	char tname[64];
	unsigned t = 0;
	int first = 1;

	if (doc == NULL) {
		perror("gen: tmpfile");
		exit(1);
	}
	schema_out = stdout;
	schema_json = json;
	fputs(json ? "[" : "table_schema,table_name,column_name,data_type,"
	    "is_nullable,is_foreign_key\n", stdout);
	fputc('[', doc);
	while ((size_t)ftell(doc) < bytes || first)
		table(doc, t++, &first);
	fclose(doc);
	for (; t < SCHEMA_TABLES; t++) {
		snprintf(tname, sizeof(tname), "archive_%u", t);
		schema_extra("archive", tname, 0);
	}
	if (json)
		fputs("\n]\n", stdout);
}

static void
replacements(FILE *fp, size_t bytes, unsigned t0)
{
	unsigned t = t0;
	int first = 1;

	fputc('[', fp);
	while ((size_t)ftell(fp) < bytes || first)
		table(fp, t++, &first);
	fputs("\n]\n", fp);
}

static void
subsetting(FILE *fp, size_t bytes, unsigned t0)
{
	unsigned t = t0;
	int first = 1;

	fputc('[', fp);
	while ((size_t)ftell(fp) < bytes || first) {
		fprintf(fp, "%s\n  {\"Schema\": \"public\", \"Table\": \"%s_%u\", ",
		    first ? "" : ",", words[t % NWORDS], t);
		first = 0;
		switch (rnd(3)) {
		case 0:
			fprintf(fp, "\"Percent\": %u, \"IgnoreUpstreamTables\": "
			    "false}", 1 + rnd(99));
			break;
		case 1:
			fprintf(fp, "\"WhereClause\": \"%s > NOW() - INTERVAL "
			    "'%u days'\", \"IgnoreUpstreamTables\": false}",
			    words[rnd(NWORDS)], 1 + rnd(365));
			break;
		default:
			fprintf(fp, "\"Percent\": 100, \"IgnoreUpstreamTables\": "
			    "true}");
			break;
		}
		t++;
	}
	fputs("\n]\n", fp);
}

static void
schema_changes(FILE *fp, size_t bytes, unsigned t0)
{
	static const char *const codes[] = { "new_column", "new_table",
	    "missing_column", "changed_nullability" };
	unsigned t = t0, code;
	int first = 1;

	fputc('[', fp);
	while ((size_t)ftell(fp) < bytes || first) {
		code = rnd(4);
		fprintf(fp, "%s\n  {\"schemaName\": \"public\", \"tableName\": "
		    "\"%s_%u\", \"issueCode\": \"%s\"", first ? "" : ",",
		    words[t % NWORDS], t, codes[code]);
		first = 0;
		if (code != 1)
			fprintf(fp, ", \"columnName\": \"%s\"",
			    words[rnd(NWORDS)]);
		if (code == 0)
			fprintf(fp, ", \"newDataType\": \"text\"");
		fputc('}', fp);
		t++;
	}
	fputs("\n]\n", fp);
}

/*
 * gen fixes MB: replacements written as people write them, a member a
 * line, in which about a third of the links misspell a member
 * ("isConsistant", "dateFromat"...) that --fix renames: a document of
 * many small fixes, each a hunk of --diff.
 */
static void
fixes(FILE *fp, size_t bytes)
{
	static const char *const bad[][2] = {
		{ "isConsistant", "true" }, { "dateFromat", "\"yyyy-MM-dd\"" },
		{ "preserveCapitalisation", "false" },
	};
	char tname[64], col[64];
	unsigned t = 0, c, k;
	int first = 1;

	fputs("[", fp);
	while ((size_t)ftell(fp) < bytes || first) {
		snprintf(tname, sizeof(tname), "%s_%u", words[t % NWORDS], t);
		for (c = 0; c < 10; c++) {
			column_name(col, sizeof(col), t, c);
			fprintf(fp, "%s\n  {\n    \"name\": \"%s\",\n"
			    "    \"schema\": \"public\",\n"
			    "    \"table\": \"%s\",\n    \"links\": [\n"
			    "      {\n        \"schema\": \"public\",\n"
			    "        \"table\": \"%s\",\n"
			    "        \"column\": \"%s\",\n"
			    "        \"metadata\": {\n", first ? "" : ",", col,
			    tname, tname, col);
			first = 0;
			k = rnd(3);
			if (k == 1)
				fprintf(fp, "          \"generatorId\": "
				    "\"TimestampShiftGenerator\",\n"
				    "          \"%s\": \"yyyy-MM-dd\",\n"
				    "          \"datePart\": \"Day\"\n",
				    rnd(3) == 0 ? bad[1][0] : "dateFormat");
			else
				fprintf(fp, "          \"generatorId\": "
				    "\"NameGenerator\",\n"
				    "          \"nameType\": \"FirstName\",\n"
				    "          \"%s\": %s\n", rnd(3) == 0 ?
				    bad[k == 0 ? 0 : 2][0] : k == 0 ?
				    "isConsistent" : "preserveCapitalization",
				    bad[k == 0 ? 0 : 2][1]);
			fputs("        }\n      }\n    ]\n  }", fp);
		}
		t++;
	}
	fputs("\n]\n", fp);
}

/*
 * gen collide MB / gen plain MB: replacements each with a "notes" object
 * of 64 member names of 16 bytes, which every name of the document shares
 * with no other.  collide: names whose hashes under dgslint's hash as it
 * was before it was keyed (below) are all one, so that a table of them
 * searches every name for each (hash flooding): the first 8 bytes are
 * printable, the last 8 those that bring the hash's state after the
 * first word where the first name's was, when each is a byte from 0x01
 * to 0x7f (one name in about 270 tried), written as a JSON escape when it
 * must be.  plain: the same, with the last 8 bytes drawn at random from
 * 0x01 to 0x7f, as many escapes on average: a document of the same size
 * and shape whose names do not collide.
 */
static uint64_t
old_first(const unsigned char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ 16, w;

	memcpy(&w, s, 8);
	h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 32);
}

static void
put_name(FILE *fp, const unsigned char *s)
{
	size_t i;

	fputc('"', fp);
	for (i = 0; i < 16; i++)
		if (s[i] == '"' || s[i] == '\\')
			fprintf(fp, "\\%c", s[i]);
		else if (s[i] < 0x20 || s[i] == 0x7f)
			fprintf(fp, "\\u%04x", s[i]);
		else
			fputc(s[i], fp);
	fputc('"', fp);
}

static void
flood(FILE *fp, size_t bytes, int collide)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char name[16];
	uint64_t target, x, tries = 0, v;
	unsigned t = 0, m, i;
	int first = 1, ok;

	/* The state of "collide!01234567" before its last step. */
	memcpy(name, "collide!01234567", 16);
	memcpy(&x, name + 8, 8);
	target = old_first(name) ^ x;
	fputs("[", fp);
	while ((size_t)ftell(fp) < bytes || first) {
		fprintf(fp, "%s\n{\"name\": \"c_%u\", \"schema\": \"public\", "
		    "\"table\": \"t_%u\", \"notes\": {", first ? "" : ",", t,
		    t);
		for (m = 0; m < 64; m++) {
			do {
				v = tries++;
				for (i = 0; i < 8; i++, v /= 62)
					name[i] = (unsigned char)digits[v % 62];
				if (!collide) {
					for (i = 8; i < 16; i++)
						name[i] = (unsigned char)(1 +
						    rnd(127));
					ok = 1;
					continue;
				}
				x = target ^ old_first(name);
				memcpy(name + 8, &x, 8);
				for (ok = 1, i = 8; i < 16; i++)
					if (name[i] == 0 || name[i] > 0x7f)
						ok = 0;
			} while (!ok);
			fputs(m ? ", " : "", fp);
			put_name(fp, name);
			fputs(": 0", fp);
		}
		fprintf(fp, "}, \"links\": [{\"schema\": \"public\", "
		    "\"table\": \"t_%u\", \"column\": \"c_%u\", \"metadata\": "
		    "{\"generatorId\": \"NullGenerator\"}}]}", t, t);
		first = 0;
		t++;
	}
	fputs("\n]\n", fp);
}

static FILE *
create(const char *path)
{
	FILE *fp = fopen(path, "w");

	if (fp == NULL) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return fp;
}

static void
tree(const char *dir, unsigned n)
{
	char path[4096];
	unsigned i, kind;
	size_t bytes;
	FILE *fp;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "gen: %s: %s\n", dir, strerror(errno));
		exit(1);
	}
	for (i = 0; i < n; i++) {
		if (i % 100 == 0) {
			snprintf(path, sizeof(path), "%s/ws%02u", dir, i / 100);
			if (mkdir(path, 0777) != 0 && errno != EEXIST) {
				fprintf(stderr, "gen: %s: %s\n", path,
				    strerror(errno));
				exit(1);
			}
		}
		kind = i % 10;
		bytes = 1024 + rnd(29 * 1024);
		snprintf(path, sizeof(path), "%s/ws%02u/%04u-%s.json", dir,
		    i / 100, i, kind < 6 ? "replacements" : kind < 8 ?
		    "subsetting" : kind < 9 ? "schema-changes" : "start");
		fp = create(path);
		if (kind < 6)
			replacements(fp, bytes, i * 31);
		else if (kind < 8)
			subsetting(fp, bytes, i * 1000);
		else if (kind < 9)
			schema_changes(fp, bytes, i * 1000);
		else
			fprintf(fp, "{\"workspaceId\": \"%08x-6a4d-4c1e-9f3b-"
			    "1d2e3f4a5b6c\", \"strictMode\": "
			    "\"RejectOnAllSchemaItems\", \"diagnosticLogging\": "
			    "%s}\n", rnd(0x7fffffff), rnd(2) ? "true" : "false");
		if (fclose(fp) != 0) {
			fprintf(stderr, "gen: %s: write error\n", path);
			exit(1);
		}
	}
}

/* A configuration of about bytes: overrides of a file each, ten
 * pointers and two rules, as a tool writing suppressions makes them. */
static void
config(FILE *fp, size_t bytes)
{
	unsigned i, k;
	long start = ftell(fp);

	fprintf(fp, "{\n  \"rules\": {\"unknown-member\": \"error\"},\n"
	    "  \"overrides\": [");
	for (i = 0; (size_t)(ftell(fp) - start) < bytes; i++) {
		fprintf(fp, "%s\n    {\"files\": [\"ws%02u/%04u-replacements"
		    ".json\"], \"pointers\": [", i ? "," : "", i % 100, i);
		for (k = 0; k < 10; k++)
			fprintf(fp, "%s\"/%u/links/%u/metadata\"", k ? ", " : "",
			    rnd(5000), rnd(40));
		fprintf(fp, "], \"rules\": {\"%s\": \"off\", \"DGS%03u\": "
		    "\"info\"}}", rnd(2) ? "unknown-member" : "generator-unknown",
		    202 + rnd(4));
	}
	fprintf(fp, "\n  ]\n}\n");
}

/*
 * The privacy report's (gen privacy schema|doc): a snapshot of
 * PRIVACY_TABLES tables of ten columns (20,000), half of them of a
 * sensitivity type, with foreign keys to the first table; and a
 * replacements document of their generators, PRIVACY_LINKS links in
 * all, one table a replacement.
 */
#define PRIVACY_TABLES	2000
#define PRIVACY_LINKS	5000

static const struct {
	const char	*name, *type, *gen;
} privacy_cols[10] = {
	{ "id", "integer", "IntegerPkGenerator" },
	{ "first_name", "character varying", "NameGenerator" },
	{ "LastName", "text", "NameGenerator" },
	{ "email_address", "text", "EmailGenerator" },
	{ "account_id", "integer", NULL },	/* a foreign key */
	{ "created_at", "timestamp with time zone", NULL },
	{ "phone", "text", "USPhoneNumberGenerator" },
	{ "status", "text", NULL },
	{ "dob", "date", "TimestampShiftGenerator" },
	{ "total", "numeric", NULL },
};

static void
privacy(const char *what)
{
	unsigned t, c, links = 0;

	if (strcmp(what, "schema") == 0) {
		printf("table_schema,table_name,column_name,data_type,"
		    "is_nullable,is_foreign_key,foreign_table_schema,"
		    "foreign_table_name,foreign_column_name\n");
		for (t = 0; t < PRIVACY_TABLES; t++)
			for (c = 0; c < 10; c++)
				printf("public,t%u,%s,%s,YES,%s\n", t,
				    privacy_cols[c].name, privacy_cols[c].type,
				    c == 4 ? "YES,public,t0,id" : "NO,,,");
		return;
	}
	printf("[");
	for (t = 0; t < PRIVACY_TABLES && links < PRIVACY_LINKS; t++) {
		printf("%s\n{\"schema\": \"public\", \"table\": \"t%u\", "
		    "\"links\": [", t ? "," : "", t);
		for (c = 0; c < 10 && links < PRIVACY_LINKS; c++) {
			if (privacy_cols[c].gen == NULL)
				continue;
			printf("%s{\"column\": \"%s\", \"metadata\": "
			    "{\"generatorId\": \"%s\"}}", c ? ", " : "",
			    privacy_cols[c].name, privacy_cols[c].gen);
			links++;
		}
		printf("]}");
	}
	printf("\n]\n");
}

int
main(int argc, char *argv[])
{
	if (argc == 3 && strcmp(argv[1], "large") == 0)
		replacements(stdout, (size_t)atol(argv[2]) * 1000000, 0);
	else if (argc == 4 && strcmp(argv[1], "schema") == 0)
		schema((size_t)atol(argv[2]) * 1000000,
		    strcmp(argv[3], "json") == 0);
	else if (argc == 4 && strcmp(argv[1], "tree") == 0)
		tree(argv[2], (unsigned)atoi(argv[3]));
	/* Large lists of the other kinds (stdout a file: ftell). */
	else if (argc == 3 && (strcmp(argv[1], "collide") == 0 ||
	    strcmp(argv[1], "plain") == 0))
		flood(stdout, (size_t)atol(argv[2]) * 1000000,
		    argv[1][0] == 'c');
	else if (argc == 3 && strcmp(argv[1], "fixes") == 0)
		fixes(stdout, (size_t)atol(argv[2]) * 1000000);
	else if (argc == 3 && strcmp(argv[1], "subsetting") == 0)
		subsetting(stdout, (size_t)atol(argv[2]) * 1000000, 0);
	else if (argc == 3 && strcmp(argv[1], "changes") == 0)
		schema_changes(stdout, (size_t)atol(argv[2]) * 1000000, 0);
	else if (argc == 3 && strcmp(argv[1], "privacy") == 0)
		privacy(argv[2]);
	else if (argc == 3 && strcmp(argv[1], "config") == 0)
		config(stdout, (size_t)atol(argv[2]) * 1000000);
	else if (argc == 2 && strcmp(argv[1], "small") == 0) {
		defects = 0;
		replacements(stdout, 4000, 0);
	}
	else {
		fprintf(stderr, "usage: gen large MB | gen tree DIR N | "
		    "gen small | gen schema MB csv|json | "
		    "gen subsetting MB > FILE | gen changes MB > FILE | "
		    "gen fixes MB > FILE | gen collide MB > FILE | "
		    "gen plain MB > FILE | gen config MB > FILE | "
		    "gen privacy schema|doc > FILE\n");
		return 2;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
