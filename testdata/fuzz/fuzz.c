/*
 * fuzz.c: the libFuzzer harness ("make fuzz").
 *
 * Every input is linted, as the document it is, under several option
 * sets (kind told from the shape, each kind forced, the Professional and
 * Basic licenses, rules turned off or moved, severities scoped to JSON
 * Pointers, a loaded generator and preset catalogue, a copy of options);
 * every finding is checked against the promises of dgslint.h; positions
 * are asked for with dgs_json_position(); the results go through every
 * output format (cli/format/) and the output is checked
 * (JSON and SARIF parse, XML is well-formed, text has one line per
 * finding, all of it valid UTF-8 without control characters).  The input is also loaded
 * as a generator catalogue and as a preset list, and what loads is used.
 * When the scanner accepts the input, the tree dgslint builds must be
 * the one json-c's tokenizer makes of it; and the one-pass build that
 * skips the scanner must take exactly the inputs the scanner has
 * nothing to say about.  A replacement whose composite metadata holds a
 * pattern or path that does not compile (an error or a limit) never
 * lints clean: some finding says so, at warning level or above.
 *
 * A broken promise prints what broke and aborts, which libFuzzer records
 * as a crash.  ASan, UBSan and LeakSanitizer catch the rest.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "dgslint.h"
#include "dgs_int.h"	/* the tree builder, held to json-c's tokenizer */
#include "catalog.h"	/* the regex and path checkers */
#include "cli.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define NKINDS	(DGS_KIND_MAX - 1)

enum set {
	SET_DEFAULT,
	SET_KIND,		/* + kind - 1, one per kind */
	SET_PROFESSIONAL = SET_KIND + NKINDS,
	SET_BASIC,
	SET_RULES,		/* rules off, moved to info or error */
	SET_SCOPED,		/* severities under pointer prefixes */
	SET_CATALOG,		/* generators and presets loaded */
	SET_DUP,		/* dgs_options_dup() of SET_CATALOG */
	SET_DUP_DEFAULT,	/* dgs_options_dup() of SET_DEFAULT */
	SET_SNAPSHOT,		/* against two small schema snapshots, and
				   a workspace on the service */
	SET_STREAM,		/* SET_DEFAULT streamed, with two threads */
	SET_WHOLE,		/* SET_DEFAULT as the whole tree */
	SET_SNAPSHOT_STREAM,	/* SET_SNAPSHOT streamed, both with
				   document-set keys */
	SET_MAX
};

static struct dgs_options *opts[SET_MAX];
/* The snapshots of SET_SNAPSHOT: the names of the test documents. */
static struct dgs_snapshot *snap_now, *snap_before;
/* The workspace on the service of SET_SNAPSHOT: the test documents'
 * tables and changes, and one whose schema changes were not read. */
static struct dgs_service *service;
static const char service_subsets[] =
"[{\"Schema\":\"public\",\"Table\":\"users\"},"
"{\"schema\":\"public\",\"table\":\"Orders\"}]";
static const char service_changes[] =
"[{\"schemaName\":\"public\",\"tableName\":\"users\",\"issueCode\":"
"\"missing_column\",\"columnName\":\"fax\"},{\"schemaName\":\"public\","
"\"tableName\":\"audit\",\"issueCode\":\"new_table\",\"columnName\":"
"null}]";
static const char snapshot_now[] =
    "table_schema,table_name,column_name,data_type,is_nullable,"
    "is_foreign_key\n"
    "public,users,id,integer,NO,NO\n"
    "public,users,email,character varying,YES,NO\n"
    "public,users,first_name,text,YES,NO\n"
    "public,users,created_at,timestamp with time zone,NO,NO\n"
    "public,users,profile,jsonb,YES,NO\n"
    "public,users,age,integer,YES,NO\n"
    "public,orders,id,bigint,NO,NO\n"
    "public,orders,user_id,integer,NO,YES\n"
    "public,Customers,Name,text,YES,NO\n";
static const char snapshot_before[] =
    "[{\"table_schema\": \"public\", \"table_name\": \"users\", "
    "\"column_name\": \"age\", \"data_type\": \"text\", "
    "\"is_nullable\": true},\n"
    " {\"table_schema\": \"public\", \"table_name\": \"audit\", "
    "\"column_name\": \"id\", \"data_type\": \"integer\"}]\n";
static size_t nrules;
static int doc_utf8;		/* the input is valid UTF-8 */
static int catalog_from_input;	/* linting with the input's catalogue */

/* A catalogue like a saved GET /api/GeneratorMetadata response. */
static const char catalog_generators[] =
"[{\"generatorId\":\"PhoneNumberGenerator\",\"generatorLabel\":\"Phone\","
"\"canPartition\":false,\"canPartitionBy\":false,\"canLink\":true,"
"\"canBeConsistent\":true,\"canBeConsistentOn\":true,"
"\"isImplicitlyConsistent\":false,\"canBeDifferentiallyPrivate\":false,"
"\"hasFallback\":true,\"fallbackGeneratorIds\":[\"NullGenerator\","
"\"PassthroughGenerator\"]},"
"{\"generatorId\":\"NameGenerator\",\"canLink\":true,"
"\"canBeConsistentOn\":false,\"fallbackGeneratorIds\":[]},"
"{\"generatorId\":\"GaussianGenerator\",\"canPartition\":true,"
"\"canBeDifferentiallyPrivate\":true,\"hasFallback\":null}]";

static const char catalog_presets[] =
"[{\"id\":\"NameGenerator\",\"name\":\"Name\",\"generatorId\":"
"\"NameGenerator\"},{\"id\":\"4b1f7c2e-9a1d-4c0e-8f55-2d7e1a9b3c10\","
"\"name\":\"Company emails\",\"generatorId\":\"EmailGenerator\"},"
"{\"id\":\"phone-preset\",\"generatorId\":\"PhoneNumberGenerator\"}]";

/* Linted with a catalogue loaded from the input: uses what catalogues
 * change (unknown ids, links, consistency, partitions, fallbacks,
 * differential privacy, presets). */
static const char catalog_doc[] =
"[{\"name\":\"phone,name\",\"schema\":\"public\",\"table\":\"people\","
"\"links\":[{\"schema\":\"public\",\"table\":\"people\",\"column\":"
"\"phone\",\"metadata\":{\"presetId\":\"phone-preset\",\"generatorId\":"
"\"PhoneNumberGenerator\",\"isConsistent\":true,\"consistencyColumn\":"
"\"id\"}},{\"schema\":\"public\",\"table\":\"people\",\"column\":\"name\","
"\"metadata\":{\"presetId\":\"4b1f7c2e-9a1d-4c0e-8f55-2d7e1a9b3c10\","
"\"generatorId\":\"NameGenerator\",\"isConsistent\":true,"
"\"isDifferentiallyPrivate\":true}}],\"partitions\":\"country\","
"\"fallBackLinks\":[{\"schema\":\"public\",\"table\":\"people\",\"column\":"
"\"phone\",\"metadata\":{\"generatorId\":\"NullGenerator\"}}]},"
"{\"name\":\"income\",\"schema\":\"public\",\"table\":\"adult\",\"links\":"
"[{\"schema\":\"public\",\"table\":\"adult\",\"column\":\"income\","
"\"metadata\":{\"presetId\":\"GaussianGenerator\",\"generatorId\":"
"\"GaussianGenerator\",\"isDifferentiallyPrivate\":true}}],"
"\"partitions\":\"native-country\"},"
"{\"name\":\"ts\",\"schema\":\"public\",\"table\":\"events\",\"links\":"
"[{\"schema\":\"public\",\"table\":\"events\",\"column\":\"at\","
"\"metadata\":{\"generatorId\":\"TimestampShiftGenerator\","
"\"isConsistent\":true,\"consistencyColumn\":\"user_id\"}}],"
"\"fallBackLinks\":[{\"schema\":\"public\",\"table\":\"events\","
"\"column\":\"at\",\"metadata\":{\"generatorId\":\"Unknown9Generator\"}}]}]";

/* Names the documents are linted under, chosen by the input's length:
 * plain, with spaces and non-ASCII, with every XML and workflow-command
 * metacharacter, without an extension. */
static const char *const doc_names[] = {
	"fuzz.json",
	"dir/sub dir/\xc3\xa9t\xc3\xa9 \xe2\x82\xac.json",
	"a&b<c>\"d\"'e'%25:,;.json",
	".hidden/noext",
};

#define FAIL(...)	fail(__FILE__, __LINE__, __VA_ARGS__)

static void	fail(const char *, int, const char *, ...)
	    __attribute__((__format__(__printf__, 3, 4), __noreturn__));

static void
fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\n%s:%d: invariant broken: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/*
 * Text checks.
 */

/* Length of the valid UTF-8 sequence at s[0..n) and its code point, or 0
 * (overlong, surrogate, past U+10FFFF, truncated). */
static size_t
utf8_len(const unsigned char *s, size_t n, unsigned long *cp)
{
	unsigned long c;
	size_t k, i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		k = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		k = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		k = 4;
		c = s[0] & 0x07;
	} else
		return 0;
	if (k > n)
		return 0;
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if ((k == 3 && c < 0x800) || (k == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return k;
}

static int
utf8_ok(const char *s, size_t n)
{
	unsigned long cp;
	size_t i, k;

	for (i = 0; i < n; i += k)
		if ((k = utf8_len((const unsigned char *)s + i, n - i,
		    &cp)) == 0)
			return 0;
	return 1;
}

/* utf8_ok(), C0 80 (U+0000 in a name, as pointers hold it) allowed. */
static int
utf8_held_ok(const char *s, size_t n)
{
	unsigned long cp;
	size_t i, k;

	for (i = 0; i < n; i += k)
		if (n - i >= 2 && (unsigned char)s[i] == 0xc0 &&
		    (unsigned char)s[i + 1] == 0x80)
			k = 2;
		else if ((k = utf8_len((const unsigned char *)s + i, n - i,
		    &cp)) == 0)
			return 0;
	return 1;
}

/* Returns NULL when s[0..n) is valid UTF-8 without control characters
 * (C0 other than those in allowed; DEL and C1 unless del_ok), else what
 * is wrong. */
static const char *
bad_text(const char *s, size_t n, const char *allowed, int del_ok)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	size_t i, k;

	for (i = 0; i < n; i += k) {
		if ((k = utf8_len(p + i, n - i, &cp)) == 0)
			return "invalid UTF-8";
		if (cp == 0)
			return "a NUL byte";
		if ((cp < 0x20 && strchr(allowed, (int)cp) == NULL) ||
		    (!del_ok && cp >= 0x7f && cp <= 0x9f))
			return "a control character";
	}
	return NULL;
}

static void
check_text(const char *what, const char *s, size_t n, const char *allowed,
    int del_ok)
{
	const char *why;

	if ((why = bad_text(s, n, allowed, del_ok)) != NULL)
		FAIL("%s holds %s: %.*s", what, why, (int)(n > 2000 ? 2000 : n),
		    s);
}

/* Messages quote the document's names and values as they are: their
 * control characters (the outputs escape them) can only come from the
 * document's escapes (raw C0 controls are not JSON; DEL and C1 controls
 * may stand raw in strings).  Anything else is the library's. */
static void
check_message(const char *what, const char *msg, const char *doc,
    size_t len)
{
	size_t i, n = strlen(msg);

	if (!utf8_ok(msg, n))
		FAIL("%s is not valid UTF-8: %s", what, msg);
	/* Messages on catalog_doc quote the catalogue loaded from the
	 * input, which json-c takes with raw control characters. */
	if (memchr(doc, '\\', len) != NULL || catalog_from_input)
		return;
	for (i = 0; i < n; i++)
		if ((unsigned char)msg[i] < 0x20)
			FAIL("%s holds control character %#x: %s", what,
			    (unsigned char)msg[i], msg);
}

/*
 * Findings.
 */

/* Whether pointer is prefix or lies below it (dgslint.h). */
static int
under(const char *pointer, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(pointer, prefix, n) == 0 &&
	    (pointer[n] == '\0' || pointer[n] == '/');
}

static void
check_pointer(const char *p)
{
	size_t i;

	if (p[0] != '\0' && p[0] != '/')
		FAIL("pointer \"%s\" does not start with /", p);
	for (i = 0; p[i] != '\0'; i++)
		if (p[i] == '~' && p[i + 1] != '0' && p[i + 1] != '1')
			FAIL("pointer \"%s\" has a bad ~ escape", p);
	/* Member names may hold control characters, and bytes that are
	 * not UTF-8 when the document does; and U+0000, as C0 80
	 * (dgslint.h). */
	if (doc_utf8 && !utf8_held_ok(p, i))
		FAIL("pointer \"%s\" is not valid UTF-8", p);
}

/* The severity the options give rule r at pointer p, as the set was
 * built in setup(). */
static enum dgs_severity
expected_severity(enum set set, size_t r, const char *p)
{
	const struct dgs_rule_info *ri = dgs_rule_get(r);

	switch (set) {
	case SET_RULES:
		return r % 3 == 0 ? DGS_SEV_OFF : r % 3 == 1 ? DGS_SEV_INFO :
		    DGS_SEV_ERROR;
	case SET_SCOPED:
		switch (r % 4) {
		case 0:
			return DGS_SEV_OFF;
		case 1:
			return under(p, "/0") ? DGS_SEV_WARNING : DGS_SEV_OFF;
		case 2:
			if (under(p, "/0/links"))
				return DGS_SEV_ERROR;
			return under(p, "") ? DGS_SEV_INFO : ri->severity;
		default:
			return ri->severity;
		}
	default:
		return ri->severity;
	}
}

static void
check_result(enum set set, const char *name, const char *buf, size_t len,
    const struct dgs_result *res)
{
	const struct dgs_finding *f, *prev = NULL;
	const struct dgs_rule_info *ri;
	enum dgs_kind kind = dgs_result_kind(res);
	size_t i, n = dgs_result_count(res), r;
	unsigned long line, col;

	if ((unsigned)kind >= DGS_KIND_MAX)
		FAIL("result kind %d", (int)kind);
	if (set >= SET_KIND && set < SET_KIND + NKINDS &&
	    kind != DGS_KIND_UNKNOWN && kind != (enum dgs_kind)(set -
	    SET_KIND + 1))
		FAIL("kind %s forced, result kind %s",
		    dgs_kind_name((enum dgs_kind)(set - SET_KIND + 1)),
		    dgs_kind_name(kind));
	if (dgs_result_get(res, n) != NULL)
		FAIL("dgs_result_get past the end");
	for (i = 0; i < n; i++) {
		if ((f = dgs_result_get(res, i)) == NULL)
			FAIL("finding %zu of %zu is NULL", i, n);
		if (f->rule == NULL)
			FAIL("finding without a rule");
		ri = f->rule;
		if (ri->id == NULL || dgs_rule_find(ri->id) != ri)
			FAIL("finding's rule is not in the table");
		r = (size_t)(ri - dgs_rule_get(0));
		if (f->file == NULL || strcmp(f->file, name) != 0)
			FAIL("finding file \"%s\", not \"%s\"",
			    f->file ? f->file : "(null)", name);
		if (f->pointer == NULL || f->message == NULL)
			FAIL("%s: NULL pointer or message", ri->id);
		check_pointer(f->pointer);
		if (f->message[0] == '\0')
			FAIL("%s at %s: empty message", ri->id, f->pointer);
		check_message("message", f->message, buf, len);
		if (f->severity <= DGS_SEV_OFF || f->severity > DGS_SEV_ERROR)
			FAIL("%s: severity %d", ri->id, (int)f->severity);
		if (f->severity != expected_severity(set, r, f->pointer))
			FAIL("%s at \"%s\": severity %s, options say %s",
			    ri->id, f->pointer, dgs_severity_name(f->severity),
			    dgs_severity_name(expected_severity(set, r,
			    f->pointer)));
		if (ri->kinds != 0 && kind != DGS_KIND_UNKNOWN &&
		    !(ri->kinds & (1u << kind)))
			FAIL("%s reported on a %s document", ri->id,
			    dgs_kind_name(kind));
		if (f->line < 1 || f->column < 1)
			FAIL("%s at \"%s\": line %lu column %lu", ri->id,
			    f->pointer, f->line, f->column);
		if (f->end_line < f->line || (f->end_line == f->line &&
		    f->end_column < f->column))
			FAIL("%s at \"%s\": %lu:%lu ends at %lu:%lu", ri->id,
			    f->pointer, f->line, f->column, f->end_line,
			    f->end_column);
		if (prev != NULL && (prev->line > f->line ||
		    (prev->line == f->line && prev->column > f->column)))
			FAIL("findings not sorted: %lu:%lu before %lu:%lu",
			    prev->line, prev->column, f->line, f->column);
		prev = f;
		/* The locator, through the public API, for a few. */
		if (i < 8 && set == SET_DEFAULT) {
			if (dgs_json_position(buf, len, f->pointer, i & 1,
			    &line, &col) != 0)
				FAIL("dgs_json_position failed");
			if (line < 1 || col < 1)
				FAIL("dgs_json_position(\"%s\"): %lu:%lu",
				    f->pointer, line, col);
		}
	}
}

/* Two results of the same document under equal options must be equal. */
static void
check_same(const struct dgs_result *a, const struct dgs_result *b)
{
	const struct dgs_finding *x, *y;
	size_t i;

	if (dgs_result_count(a) != dgs_result_count(b) ||
	    dgs_result_kind(a) != dgs_result_kind(b))
		FAIL("equal options, different results (%zu and %zu "
		    "findings)", dgs_result_count(a), dgs_result_count(b));
	for (i = 0; i < dgs_result_count(a); i++) {
		x = dgs_result_get(a, i);
		y = dgs_result_get(b, i);
		if (x->rule != y->rule || x->line != y->line ||
		    x->column != y->column || x->end_line != y->end_line ||
		    x->end_column != y->end_column ||
		    x->severity != y->severity ||
		    strcmp(x->pointer, y->pointer) != 0 ||
		    strcmp(x->message, y->message) != 0)
			FAIL("equal options, different finding %zu: %s %s and "
			    "%s %s", i, x->rule->id, x->message, y->rule->id,
			    y->message);
	}
}

/* The streamed walk of a root array (every element freed once walked)
 * finds what the walk of the whole tree finds, and fixes the same. */
static void
check_streaming(struct dgs_result *const *res)
{
	const struct dgs_finding *x, *y;
	char *k1 = NULL, *k2 = NULL;
	size_t i, n1 = 0, n2 = 0;

	check_same(res[SET_WHOLE], res[SET_STREAM]);
	check_same(res[SET_WHOLE], res[SET_DEFAULT]);
	check_same(res[SET_SNAPSHOT], res[SET_SNAPSHOT_STREAM]);
	if (dgs_result_keys_save(res[SET_SNAPSHOT], 0, &k1, &n1) != 0 ||
	    dgs_result_keys_save(res[SET_SNAPSHOT_STREAM], 0, &k2,
	    &n2) != 0)
		FAIL("dgs_result_keys_save failed");
	if (n1 != n2 || (n1 > 0 && memcmp(k1, k2, n1) != 0))
		FAIL("streamed and whole, different document-set keys");
	free(k1);
	free(k2);
	for (i = 0; i < dgs_result_count(res[SET_WHOLE]); i++) {
		x = dgs_result_get(res[SET_WHOLE], i);
		y = dgs_result_get(res[SET_STREAM], i);
		if ((x->fix == NULL) != (y->fix == NULL) ||
		    (x->fix != NULL && (x->fix->nedits != y->fix->nedits ||
		    strcmp(x->fix->description, y->fix->description) != 0)))
			FAIL("streamed and whole, different fix of finding %zu",
			    i);
	}
}

/*
 * Output formats.
 */

/* Checks that s is well-formed XML as the XML writers make it: a
 * declaration, elements with double-quoted attributes, character data
 * and the five entities or decimal character references. */
static void
check_xml(const char *s, size_t n)
{
	char stack[16][32];
	size_t depth = 0, i = 0, j, k, e, roots = 0;
	int close, empty;

	if (n < 5 || memcmp(s, "<?xml", 5) != 0)
		FAIL("XML without a declaration");
	if ((i = (size_t)((const char *)memchr(s, '>', n) - s)) == 0 ||
	    s[i - 1] != '?')
		FAIL("bad XML declaration");
	for (i++; i < n; i++) {
		if (s[i] == '&') {
			if (n - i >= 5 && memcmp(s + i, "&amp;", 5) == 0)
				continue;
			if (n - i >= 4 && (memcmp(s + i, "&lt;", 4) == 0 ||
			    memcmp(s + i, "&gt;", 4) == 0))
				continue;
			if (n - i >= 6 && (memcmp(s + i, "&quot;", 6) == 0 ||
			    memcmp(s + i, "&apos;", 6) == 0))
				continue;
			if (n - i >= 4 && s[i + 1] == '#') {
				for (j = i + 2; j < n && s[j] >= '0' &&
				    s[j] <= '9'; j++)
					continue;
				if (j < n && j > i + 2 && s[j] == ';')
					continue;
			}
			FAIL("XML: bad reference at %.20s", s + i);
		}
		if (s[i] == '>')
			FAIL("XML: > in character data at %.40s", s + i);
		if (s[i] != '<')
			continue;
		if (depth == 0 && roots++ > 0)
			FAIL("XML: two root elements");
		close = s[i + 1] == '/';
		j = i + 1 + (size_t)close;
		for (k = j; k < n && s[k] != ' ' && s[k] != '>' &&
		    s[k] != '/' && s[k] != '\n'; k++)
			if (!((s[k] >= 'a' && s[k] <= 'z') ||
			    (s[k] >= 'A' && s[k] <= 'Z') || s[k] == '_' ||
			    s[k] == '-'))
				FAIL("XML: bad element name at %.40s", s + i);
		if (k == j || k - j >= sizeof(stack[0]))
			FAIL("XML: bad element name at %.40s", s + i);
		e = k;
		/* Attributes: name="value" with no <, no " inside. */
		while (k < n && s[k] == ' ') {
			for (j = ++k; k < n && s[k] != '='; k++)
				if (!((s[k] >= 'a' && s[k] <= 'z') ||
				    (s[k] >= 'A' && s[k] <= 'Z')))
					FAIL("XML: bad attribute at %.40s",
					    s + j);
			if (k == j || k + 1 >= n || s[k + 1] != '"')
				FAIL("XML: bad attribute at %.40s", s + j);
			for (k += 2; k < n && s[k] != '"'; k++) {
				if (s[k] == '<' || s[k] == '>')
					FAIL("XML: %c in an attribute at %.40s",
					    s[k], s + j);
				if (s[k] == '\n' || s[k] == '\t')
					FAIL("XML: raw white space in an "
					    "attribute at %.40s", s + j);
			}
			if (k == n)
				FAIL("XML: unterminated attribute");
			k++;
		}
		empty = k < n && s[k] == '/';
		if (k + (size_t)empty >= n || s[k + (size_t)empty] != '>')
			FAIL("XML: bad tag at %.40s", s + i);
		j = i + 1 + (size_t)close;
		if (close) {
			if (e != k || empty)
				FAIL("XML: bad end tag at %.40s", s + i);
			if (depth == 0 || strlen(stack[depth - 1]) != e - j ||
			    memcmp(stack[depth - 1], s + j, e - j) != 0)
				FAIL("XML: unbalanced </%.*s>", (int)(e - j),
				    s + j);
			depth--;
		} else if (!empty) {
			if (depth == sizeof(stack) / sizeof(stack[0]))
				FAIL("XML: too deep");
			memcpy(stack[depth], s + j, e - j);
			stack[depth++][e - j] = '\0';
		}
		i = k + (size_t)empty;
	}
	if (depth != 0 || roots != 1)
		FAIL("XML: %zu elements left open", depth);
}

static struct json_object *
check_json(const char *what, const char *s, size_t n)
{
	struct json_tokener *tok;
	struct json_object *root;
	size_t end;

	if ((tok = json_tokener_new()) == NULL)
		abort();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_VALIDATE_UTF8);
	root = json_tokener_parse_ex(tok, s, (int)n);
	end = json_tokener_get_parse_end(tok);
	if (root == NULL)
		FAIL("%s output does not parse: %s at %.60s", what,
		    json_tokener_error_desc(json_tokener_get_error(tok)),
		    s + end);
	json_tokener_free(tok);
	while (end < n && (s[end] == '\n' || s[end] == ' '))
		end++;
	if (end != n)
		FAIL("%s output: text after the JSON value", what);
	return root;
}

static size_t
count_lines(const char *s, size_t n)
{
	size_t i, lines = 0;

	for (i = 0; i < n; i++)
		if (s[i] == '\n')
			lines++;
	if (n > 0 && s[n - 1] != '\n')
		FAIL("output does not end with a newline");
	return lines;
}

static void
check_output(enum format fmt, const char *s, size_t n, size_t shown,
    size_t unreadable)
{
	struct json_object *root, *v;
	size_t lines, i;
	const char *name = format_name(fmt);
	int xml = strcmp(name, "checkstyle") == 0 ||
	    strcmp(name, "junit") == 0;

	/* XML 1.0 allows DEL and C1 controls; the other formats escape
	 * them.  The formats the rest of cli/ does not name (enum format)
	 * are told by their names; a format checked nowhere below is
	 * checked as text. */
	check_text(name, s, n, fmt == FMT_TEXT ? "\n" : "\n\t", xml);
	if (xml)
		check_xml(s, n);
	else if (strcmp(name, "gitlab") == 0) {
		/* One issue a finding, and one a document not read. */
		root = check_json("gitlab", s, n);
		if (!json_object_is_type(root, json_type_array) ||
		    json_object_array_length(root) != shown + unreadable)
			FAIL("gitlab: not an array of %zu issues",
			    shown + unreadable);
		json_object_put(root);
	} else if (strcmp(name, "rdjson") == 0) {
		root = check_json("rdjson", s, n);
		if (!json_object_object_get_ex(root, "diagnostics", &v) ||
		    json_object_array_length(v) != shown + unreadable)
			FAIL("rdjson: diagnostics array is not %zu long",
			    shown + unreadable);
		json_object_put(root);
	}
	switch (fmt) {
	case FMT_TEXT:
		/* One line per finding; nothing for unreadable documents
		 * (the CLI says why on standard error). */
		if ((lines = count_lines(s, n)) != shown)
			FAIL("text: %zu lines for %zu findings", lines, shown);
		break;
	case FMT_GITHUB:
		lines = count_lines(s, n);
		if (lines != shown + unreadable &&
		    lines != shown + unreadable + 1)
			FAIL("github: %zu lines for %zu findings", lines,
			    shown + unreadable);
		for (i = 0; i < n; i = (size_t)((const char *)memchr(s + i,
		    '\n', n - i) - s) + 1)
			if (n - i < 2 || s[i] != ':' || s[i + 1] != ':')
				FAIL("github: a line is not a command: %.60s",
				    s + i);
		break;
	case FMT_JSON:
		root = check_json("json", s, n);
		if (!json_object_object_get_ex(root, "findings", &v) ||
		    json_object_array_length(v) != shown)
			FAIL("json: findings array is not %zu long", shown);
		json_object_put(root);
		break;
	case FMT_SARIF:
		root = check_json("sarif", s, n);
		if (!json_object_object_get_ex(root, "runs", &v) ||
		    (v = json_object_array_get_idx(v, 0)) == NULL ||
		    !json_object_object_get_ex(v, "results", &v) ||
		    json_object_array_length(v) != shown)
			FAIL("sarif: results array is not %zu long", shown);
		json_object_put(root);
		break;
	default:
		break;
	}
}

/* Writes every format of results res[0..nres) of text doc (size bytes,
 * named name; the full format shows its lines) and one unreadable
 * document, and checks what was written.  SARIF, whose header describes
 * every rule (160 kB), costs twice all the rest: it is written only when
 * sarif is not 0. */
static void
run_outputs(const char *name, const char *doc, size_t size,
    struct dgs_result *const *res, size_t nres, int sarif)
{
	static const char unreadable[] = "dir/un\xc3\xa9readable & <x>.json";
	struct findings fs[4];
	struct summary sum;
	struct output o;
	char *buf;
	size_t len, i, k, shown = 0;
	int fmt;

	memset(&sum, 0, sizeof(sum));
	for (i = 0; i < nres; i++) {
		fs[i].text = doc;
		fs[i].len = size;
		fs[i].n = dgs_result_count(res[i]);
		fs[i].v = calloc(fs[i].n + 1, sizeof(*fs[i].v));
		if (fs[i].v == NULL)
			abort();
		for (k = 0; k < fs[i].n; k++) {
			fs[i].v[k] = dgs_result_get(res[i], k);
			if (fs[i].v[k]->severity == DGS_SEV_ERROR)
				sum.errors++;
			else if (fs[i].v[k]->severity == DGS_SEV_WARNING)
				sum.warnings++;
			else
				sum.infos++;
		}
		shown += fs[i].n;
	}
	sum.files = nres;
	sum.unreadable = 1;
	for (fmt = 0; fmt < (int)format_count(); fmt++) {
		if (fmt == FMT_SARIF && !sarif)
			continue;
		memset(&o, 0, sizeof(o));
		o.format = (enum format)fmt;
		o.min = DGS_SEV_INFO;
		o.path = "fuzz-output";
		buf = NULL;
		len = 0;
		if ((o.fp = open_memstream(&buf, &len)) == NULL)
			abort();
		output_begin(&o);
		for (i = 0; i < nres; i++)
			output_file(&o, name, &fs[i]);
		output_unreadable(&o, unreadable, "Permission denied");
		output_end(&o, &sum);
		if (fclose(o.fp) != 0 || o.failed)
			FAIL("%s output failed", format_name(o.format));
		if (getenv("DGS_FUZZ_DUMP") != NULL)
			fprintf(stderr, "== %s\n%.*s", format_name(o.format),
			    (int)len, buf);
		check_output(o.format, buf, len, shown,
		    fmt == FMT_TEXT || fmt == FMT_JSON ? 0 : 1);
		free(buf);
	}
	/* --statistics, as text and as json: a line or an element a rule
	 * with findings, at most one a rule. */
	for (fmt = 0; fmt < 2; fmt++) {
		struct json_object *root;

		memset(&o, 0, sizeof(o));
		o.format = fmt ? FMT_JSON : FMT_TEXT;
		o.statistics = 1;
		o.min = DGS_SEV_INFO;
		buf = NULL;
		len = 0;
		if ((o.fp = open_memstream(&buf, &len)) == NULL)
			abort();
		output_begin(&o);
		for (i = 0; i < nres; i++)
			output_file(&o, name, &fs[i]);
		output_unreadable(&o, unreadable, "Permission denied");
		output_end(&o, &sum);
		if (fclose(o.fp) != 0 || o.failed)
			FAIL("statistics output failed");
		if (fmt == 0) {
			k = count_lines(buf, len);
			if (k > dgs_rule_count() || (k == 0) != (shown == 0))
				FAIL("statistics: %zu lines", k);
		} else {
			root = check_json("statistics", buf, len);
			k = json_object_array_length(root);
			if (k > dgs_rule_count() || (k == 0) != (shown == 0))
				FAIL("statistics: %zu elements", k);
			json_object_put(root);
		}
		free(buf);
	}
	for (i = 0; i < nres; i++)
		free(fs[i].v);
}

/*
 * Loaders.
 */
static void
lint_catalog_doc(const struct dgs_options *o)
{
	struct dgs_result *res;

	if (dgs_lint(o, "catalog.json", catalog_doc, sizeof(catalog_doc) - 1,
	    &res) != 0)
		FAIL("dgs_lint failed");
	catalog_from_input = 1;
	check_result(SET_DEFAULT, "catalog.json", catalog_doc,
	    sizeof(catalog_doc) - 1, res);
	catalog_from_input = 0;
	dgs_result_free(res);
}

static void
check_load(const char *what, int rc, const char *why)
{
	if (rc == 0) {
		if (why != NULL)
			FAIL("%s loaded, but why is set", what);
		return;
	}
	if (rc != DGS_ECONFIG)
		FAIL("%s: load returned %d", what, rc);
	if (why == NULL || why[0] == '\0')
		FAIL("%s: failed without saying why", what);
	/* Printed as it is: no control characters at all. */
	check_text("load message", why, strlen(why), "", 0);
}

static void
fuzz_loaders(const char *buf, size_t len)
{
	struct dgs_options *o;
	const char *why;
	int rc;

	if ((o = dgs_options_new()) == NULL)
		abort();
	rc = dgs_options_load_generators(o, buf, len, &why);
	check_load("generators", rc, why);
	if (rc == 0)
		lint_catalog_doc(o);
	rc = dgs_options_load_presets(o, buf, len, &why);
	check_load("presets", rc, why);
	if (rc == 0)
		lint_catalog_doc(o);
	/* The input as a snapshot, and the schema diff of the input as a
	 * document against the test snapshots. */
	{
		struct dgs_snapshot *s = NULL;
		char *swhy = NULL, *out = NULL;
		size_t outlen;
		const char *doc = buf;

		rc = dgs_snapshot_load(buf, len, "input", &s, &swhy);
		if (rc == 0 ? s == NULL || swhy != NULL : rc != DGS_ECONFIG ||
		    s != NULL || swhy == NULL || strncmp(swhy, "input:", 6) != 0)
			FAIL("dgs_snapshot_load returned %d", rc);
		free(swhy);
		dgs_snapshot_free(s);
		if (snap_now != NULL && (dgs_snapshot_diff(snap_before,
		    snap_now, &doc, &len, 1, &out, &outlen) != 0 ||
		    out == NULL || strlen(out) != outlen))
			FAIL("dgs_snapshot_diff");
		free(out);
	}
	/* The input as the answers of the service: loaded, or refused
	 * with a message of printable text. */
	{
		struct dgs_service *svc = dgs_service_new("w", NULL);
		enum dgs_service_part part;
		char *swhy;

		if (svc == NULL)
			abort();
		for (part = 0; part < DGS_SERVICE_PARTS; part++) {
			rc = dgs_service_load(svc, part, buf, len, &swhy);
			if (rc == 0 ? swhy != NULL : rc != DGS_ECONFIG ||
			    swhy == NULL)
				FAIL("dgs_service_load returned %d", rc);
			if (swhy != NULL)
				check_text("service message", swhy,
				    strlen(swhy), "", 0);
			free(swhy);
		}
		dgs_service_free(svc);
	}
	/* A second load replaces the first. */
	if (dgs_options_load_generators(o, catalog_generators,
	    sizeof(catalog_generators) - 1, NULL) != 0)
		FAIL("the built-in test catalogue does not load");
	dgs_options_free(o);
}

/*
 * Setup, once.
 */
static void
setup(void)
{
	const struct dgs_rule_info *ri;
	const char *why = NULL;
	size_t i, k;
	int rc;

	for (nrules = 0; dgs_rule_get(nrules) != NULL; nrules++)
		continue;
	if (nrules != dgs_rule_count())
		FAIL("dgs_rule_count %zu, %zu rules", dgs_rule_count(), nrules);
	for (i = 0; i < SET_DUP; i++)
		if ((opts[i] = dgs_options_new()) == NULL)
			abort();
	for (k = 1; k < DGS_KIND_MAX; k++)
		dgs_options_set_kind(opts[SET_KIND + k - 1], (enum dgs_kind)k);
	dgs_options_set_license(opts[SET_PROFESSIONAL],
	    DGS_LICENSE_PROFESSIONAL);
	dgs_options_set_license(opts[SET_BASIC], DGS_LICENSE_BASIC);
	for (i = 0; i < nrules; i++) {
		ri = dgs_rule_get(i);
		/* By id and by name, as the CLI and users do. */
		if (dgs_options_set_severity(opts[SET_RULES],
		    i & 1 ? ri->id : ri->name, i % 3 == 0 ? DGS_SEV_OFF :
		    i % 3 == 1 ? DGS_SEV_INFO : DGS_SEV_ERROR) != 0)
			FAIL("dgs_options_set_severity %s", ri->id);
		switch (i % 4) {
		case 0:
			rc = dgs_options_set_severity_at(opts[SET_SCOPED],
			    ri->id, "", DGS_SEV_OFF);
			break;
		case 1:
			rc = dgs_options_set_severity(opts[SET_SCOPED],
			    ri->id, DGS_SEV_OFF);
			rc |= dgs_options_set_severity_at(opts[SET_SCOPED],
			    ri->id, "/0", DGS_SEV_WARNING);
			break;
		case 2:
			/* Later ones win. */
			rc = dgs_options_set_severity_at(opts[SET_SCOPED],
			    ri->name, "/0/links", DGS_SEV_OFF);
			rc |= dgs_options_set_severity_at(opts[SET_SCOPED],
			    ri->name, "", DGS_SEV_INFO);
			rc |= dgs_options_set_severity_at(opts[SET_SCOPED],
			    ri->name, "/0/links", DGS_SEV_ERROR);
			break;
		default:
			rc = 0;
			break;
		}
		if (rc != 0)
			FAIL("dgs_options_set_severity_at %s", ri->id);
	}
	if (dgs_options_set_severity_at(opts[SET_SCOPED], "DGS101", "x",
	    DGS_SEV_OFF) != DGS_EINVAL ||
	    dgs_options_set_severity(opts[SET_SCOPED], "no-such-rule",
	    DGS_SEV_OFF) != DGS_EINVAL)
		FAIL("bad severity arguments accepted");
	if ((rc = dgs_options_load_generators(opts[SET_CATALOG],
	    catalog_generators, sizeof(catalog_generators) - 1, &why)) != 0 ||
	    (rc = dgs_options_load_presets(opts[SET_CATALOG], catalog_presets,
	    sizeof(catalog_presets) - 1, &why)) != 0)
		FAIL("test catalogue: %s", why ? why : dgs_strerror(rc));
	if ((opts[SET_DUP] = dgs_options_dup(opts[SET_CATALOG])) == NULL ||
	    (opts[SET_DUP_DEFAULT] = dgs_options_dup(opts[SET_DEFAULT])) ==
	    NULL ||
	    (opts[SET_STREAM] = dgs_options_dup(opts[SET_DEFAULT])) == NULL ||
	    (opts[SET_WHOLE] = dgs_options_dup(opts[SET_DEFAULT])) == NULL)
		abort();
	/* A root array walked an element at a time, each freed once
	 * walked (the builder on a second thread), and the whole tree
	 * kept: check_streaming(). */
	opts[SET_STREAM]->stream = DGS_STREAM_ON;
	dgs_options_set_threads(opts[SET_STREAM], 2);
	opts[SET_WHOLE]->stream = DGS_STREAM_OFF;
	dgs_options_set_license(opts[SET_DUP], DGS_LICENSE_PROFESSIONAL);
	if ((opts[SET_SNAPSHOT] = dgs_options_new()) == NULL)
		abort();
	if (dgs_snapshot_load(snapshot_now, sizeof(snapshot_now) - 1, "now.csv",
	    &snap_now, NULL) != 0 || dgs_snapshot_load(snapshot_before,
	    sizeof(snapshot_before) - 1, "before.json", &snap_before,
	    NULL) != 0)
		FAIL("the test snapshots do not load");
	dgs_options_set_snapshots(opts[SET_SNAPSHOT], snap_now, snap_before);
	if ((service = dgs_service_new("2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c",
	    "shop")) == NULL || dgs_service_load(service,
	    DGS_SERVICE_SUBSETTING, service_subsets,
	    sizeof(service_subsets) - 1, NULL) != 0 ||
	    dgs_service_load(service, DGS_SERVICE_SCHEMA_DIFF, service_changes,
	    sizeof(service_changes) - 1, NULL) != 0)
		FAIL("the test service state does not load");
	dgs_options_set_service(opts[SET_SNAPSHOT], service);
	/* The database rules and the document-set keys, streamed and not:
	 * check_streaming() compares their findings and their keys. */
	dgs_options_set_docset(opts[SET_SNAPSHOT], 1);
	opts[SET_SNAPSHOT_STREAM] = dgs_options_dup(opts[SET_SNAPSHOT]);
	if (opts[SET_SNAPSHOT_STREAM] == NULL)
		abort();
	opts[SET_SNAPSHOT_STREAM]->stream = DGS_STREAM_ON;
	dgs_options_set_threads(opts[SET_SNAPSHOT_STREAM], 2);
	if (dgs_options_load_presets(opts[SET_DUP], catalog_presets,
	    sizeof(catalog_presets) - 1, &why) != DGS_EINVAL)
		FAIL("a copy of options loaded a catalogue");
}

/* dgs_build() makes json-c's tree of what the scanner accepts, but for
 * a name that holds U+0000, which json-c cuts there (json-nul-in-name),
 * and for U+0000 in a value, C0 80 in the builder's (dgs_tree_same()). */
static void
check_builder(const char *buf, size_t size)
{
	struct dgs_result *res = calloc(1, sizeof(*res));
	struct dgs_keys *keys;
	struct json_tokener *tok;
	struct json_object *mine, *theirs;
	size_t start = 0, i;
	int rc, ok, nul = 0;

	if (res == NULL)
		FAIL("out of memory");
	rc = dgs_scan(res, opts[SET_DEFAULT], buf, size, &start);
	for (i = 0; i < res->nitems; i++)
		nul |= res->items[i].rule == DGS_R_JSON_NUL_IN_NAME;
	dgs_result_free(res);
	if (rc != 0 || size > 0x7fffffff || nul)
		return;
	if ((keys = dgs_keys_new()) == NULL ||
	    (tok = json_tokener_new_ex(DGS_MAX_DEPTH + 1)) == NULL)
		FAIL("out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	theirs = json_tokener_parse_ex(tok, buf + start, (int)(size - start));
	if (theirs == NULL &&
	    json_tokener_get_error(tok) == json_tokener_continue)
		theirs = json_tokener_parse_ex(tok, "", 1);
	ok = json_tokener_get_error(tok) == json_tokener_success;
	json_tokener_free(tok);
	if ((rc = dgs_build(keys, buf, size, start, &mine)) < 0)
		FAIL("dgs_build ran out of memory");
	if (rc == 0 && !ok)
		FAIL("the scanner and the builder accept what json-c does not: "
		    "%.*s", (int)(size > 200 ? 200 : size), buf);
	if (rc == 0 && !dgs_tree_same(mine, theirs))
		FAIL("dgs_build and json-c make different trees of %.*s",
		    (int)(size > 200 ? 200 : size), buf);
	json_object_put(mine);
	json_object_put(theirs);
	dgs_keys_free(keys);
}

/* dgs_build_doc() builds exactly the texts on which the scanner has
 * nothing to report (those dgs_build() makes itself), into the same
 * tree, with the same spans: dgs_lint() then skips the scanner.  See
 * doc_agrees() in lib/check_build.c. */
static void
check_build_doc(const char *buf, size_t size)
{
	struct dgs_result *res = calloc(1, sizeof(*res));
	struct dgs_spans scanned = { NULL, 0, 0, NULL, 0 },
	    built = { NULL, 0, 0, NULL, 0 };
	struct dgs_keys *keys, *keys2;
	struct json_object *doc, *mine = NULL;
	size_t start = 0;
	int rc, drc, brc = 1, clean;

	if (res == NULL || (keys = dgs_keys_new()) == NULL ||
	    (keys2 = dgs_keys_new()) == NULL)
		FAIL("out of memory");
	rc = dgs_scan_spans(res, opts[SET_DEFAULT], buf, size, &start,
	    &scanned);
	clean = rc == 0 && res->nitems == 0 && !res->oom;
	dgs_result_free(res);
	if ((drc = dgs_build_doc(keys, buf, size, &doc, &built)) < 0)
		FAIL("dgs_build_doc ran out of memory");
	if (drc == 0 && !clean)
		FAIL("dgs_build_doc accepts what the scanner reports on: %.*s",
		    (int)(size > 200 ? 200 : size), buf);
	if (clean && (brc = dgs_build(keys2, buf, size, start, &mine)) < 0)
		FAIL("dgs_build ran out of memory");
	if (clean && brc == 0 && drc != 0)
		FAIL("dgs_build_doc refuses clean JSON: %.*s",
		    (int)(size > 200 ? 200 : size), buf);
	if (drc == 0 && !dgs_tree_same(doc, mine))
		FAIL("dgs_build_doc and dgs_build make different trees of "
		    "%.*s", (int)(size > 200 ? 200 : size), buf);
	if (drc == 0 && (built.n != scanned.n || (built.n > 0 &&
	    memcmp(built.v, scanned.v, 2 * built.n * sizeof(*built.v)) != 0)))
		FAIL("dgs_build_doc and the scanner see different elements "
		    "in %.*s", (int)(size > 200 ? 200 : size), buf);
	if (drc != 0 && (doc != NULL || built.n != 0))
		FAIL("dgs_build_doc left a tree or spans after refusing");
	json_object_put(doc);
	json_object_put(mine);
	dgs_keys_free(keys);
	dgs_keys_free(keys2);
	free(scanned.v);
	free(built.v);
}

/* Whether the metadata md holds a pattern or path expression that its
 * checker refuses (an error, or a limit: not checked). */
static int
md_refused(const struct json_object *md)
{
	const struct dgs_generator *g;
	struct dgs_regex_info info;
	struct json_object *v;
	const char *why, *s;
	size_t len;

	if (!json_object_object_get_ex(md, "generatorId", &v) ||
	    !json_object_is_type(v, json_type_string) ||
	    (g = dgs_gen_find(opts[SET_DEFAULT],
	    json_object_get_string(v))) == NULL)
		return 0;
	if (g->comp == DGS_COMP_REGEX) {
		if (!json_object_object_get_ex(md, "pattern", &v) ||
		    !json_object_is_type(v, json_type_string))
			return 0;
		s = json_object_get_string(v);
		len = (size_t)json_object_get_string_len(v);
		if (!utf8_ok(s, len) || dgs_regex_inspect(s, len, &info) != 0)
			return 0;
		return !info.ok && !info.skipped;
	}
	if (g->comp != DGS_COMP_JSONPATH && g->comp != DGS_COMP_XPATH)
		return 0;
	if (!json_object_object_get_ex(md, "pathExpression", &v) ||
	    !json_object_is_type(v, json_type_string))
		return 0;
	s = json_object_get_string(v);
	len = (size_t)json_object_get_string_len(v);
	/* Struct Mask's field path is no JSONPath, and compiles. */
	if (dgs_name_eq(g->id, "StructMaskGenerator") &&
	    dgs_struct_field_path(s, len))
		return 0;
	return (g->comp == DGS_COMP_JSONPATH ? dgs_jsonpath_check(s, len,
	    &why) : dgs_xpath_check(s, len, &why)) >= 0;
}

/*
 * No silent give-up: when a link's composite metadata holds a pattern or
 * path that fails to compile, whether for an error or for a limit, the
 * document does not lint clean (exit 0, no finding at warning or above).
 */
static void
check_not_silent(const char *buf, size_t size, const struct dgs_result *res)
{
	static const char *const lists[] = { "links", "fallBackLinks" };
	struct json_tokener *tok;
	struct json_object *root, *r, *a, *md;
	size_t i, j, k, n, nr, nl;
	int refused = 0;

	if ((tok = json_tokener_new_ex(64)) == NULL)
		FAIL("out of memory");
	root = json_tokener_parse_ex(tok, buf, (int)(size > 1u << 30 ?
	    1u << 30 : size));
	json_tokener_free(tok);
	nr = json_object_is_type(root, json_type_array) ?
	    json_object_array_length(root) : 1;
	for (i = 0; i < nr && !refused; i++) {
		r = json_object_is_type(root, json_type_array) ?
		    json_object_array_get_idx(root, i) : root;
		for (k = 0; k < 2 && !refused; k++) {
			if (!json_object_object_get_ex(r, lists[k], &a) ||
			    !json_object_is_type(a, json_type_array))
				continue;
			nl = json_object_array_length(a);
			for (j = 0; j < nl && !refused; j++)
				if (json_object_object_get_ex(
				    json_object_array_get_idx(a, j),
				    "metadata", &md))
					refused = md_refused(md);
		}
	}
	json_object_put(root);
	if (!refused)
		return;
	n = dgs_result_count(res);
	for (i = 0; i < n; i++)
		if (dgs_result_get(res, i)->severity >= DGS_SEV_WARNING)
			return;
	FAIL("a pattern or path that does not compile lints clean: %.*s",
	    (int)(size > 200 ? 200 : size), buf);
}

/* Findings of the JSON layer (DGS1xx). */
static size_t
json_layer(const struct dgs_result *res)
{
	const struct dgs_finding *f;
	size_t i, n = 0;

	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		if (strncmp(f->rule->id, "DGS1", 4) == 0)
			n++;
	return n;
}

/* The fixes: edits in order, inside the text, not overlapping, located;
 * after dgs_fix() with the unsafe ones, no JSON-layer finding is added,
 * a second dgs_fix() changes nothing, and the diff is empty exactly
 * when nothing changed. */
static void
check_fixes(const char *name, const char *buf, size_t size,
    const struct dgs_result *res)
{
	const struct dgs_finding *f;
	struct dgs_result *after, *again;
	char *out, *out2, *d;
	size_t i, k, outlen, out2len, dlen, n, n2;

	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++) {
		if (f->fix == NULL)
			continue;
		if (f->fix->nedits == 0 || f->fix->description == NULL ||
		    (f->fix->safety != DGS_FIX_SAFE &&
		    f->fix->safety != DGS_FIX_UNSAFE) ||
		    dgs_rule_fixes(f->rule) == 0)
			FAIL("%s: a malformed fix", f->rule->id);
		for (k = 0; k < f->fix->nedits; k++) {
			const struct dgs_edit *e = &f->fix->edits[k];

			if (e->offset > e->end || e->end > size ||
			    (k > 0 && e->offset < f->fix->edits[k - 1].end) ||
			    e->line < 1 || e->column < 1 ||
			    e->end_line < e->line || e->text == NULL ||
			    strlen(e->text) != e->text_len)
				FAIL("%s: a bad edit", f->rule->id);
		}
	}
	if (dgs_fix(opts[SET_DEFAULT], name, buf, size, 1, &out, &outlen, &n,
	    &after) != 0)
		FAIL("dgs_fix failed");
	if (json_layer(after) > json_layer(res))
		FAIL("fixing added a JSON-layer finding");
	if (dgs_fix(opts[SET_DEFAULT], name, out, outlen, 1, &out2, &out2len,
	    &n2, &again) != 0)
		FAIL("dgs_fix failed");
	if (out2len != outlen || memcmp(out, out2, outlen) != 0)
		FAIL("a second dgs_fix changed the text (%zu fixes)", n2);
	if (dgs_diff(name, buf, size, out, outlen, &d, &dlen) != 0)
		FAIL("dgs_diff failed");
	if ((dlen == 0) != (outlen == size && memcmp(buf, out, size) == 0))
		FAIL("the diff is empty and the text changed, or not");
	free(d);
	free(out);
	free(out2);
	dgs_result_free(after);
	dgs_result_free(again);
}

/* The rules across documents: the document as two files of one
 * document set ("b.json" after "a.json"), in one process and through the
 * keys' bytes, which must give the same findings; these are located, on
 * the later document only, of the DGS88x rules; the keys change no
 * other finding; and bytes that are not keys are refused, not read. */
/* The keys of b by their hashes alone (DGS_KEYS_HASHES), added after a:
 * nothing to say (0, and no finding), or a finding to make, which asks
 * for b's own result (DGS_EAGAIN).  nds: how many findings across
 * documents b's whole keys made. */
static void
check_docset_hashes(const struct dgs_options *o, struct dgs_result *a,
    const struct dgs_result *b, size_t nds)
{
	struct dgs_docset *ds;
	struct dgs_result *hb;
	char *bytes;
	size_t blen;
	int rc;

	if (dgs_result_keys_save(b, DGS_KEYS_HASHES, &bytes, &blen) != 0 ||
	    dgs_result_keys_load("b.json", bytes, blen, &hb) != 0)
		FAIL("hashed keys do not round-trip");
	if ((ds = dgs_docset_new()) == NULL)
		FAIL("out of memory");
	/* a is the first of this set too: nothing is added to it. */
	rc = dgs_docset_add(ds, o, a);
	if (rc == 0)
		rc = dgs_docset_add(ds, o, hb);
	if (rc != 0 && rc != DGS_EAGAIN)
		FAIL("dgs_docset_add of hashed keys: %d", rc);
	if ((rc == DGS_EAGAIN) != (nds > 0))
		FAIL("hashed keys: %s, but the whole keys found %zu",
		    rc == DGS_EAGAIN ? "asked for the document" : "added",
		    nds);
	if (dgs_result_count(hb) != 0)
		FAIL("hashed keys made a finding");
	dgs_docset_free(ds);
	dgs_result_free(hb);
	free(bytes);
}

static void
check_docset(const char *buf, size_t size, const struct dgs_result *plain)
{
	static struct dgs_options *o;
	struct dgs_docset *ds, *ds2;
	struct dgs_result *a, *b, *kb, *junk = NULL;
	const struct dgs_finding *f, *g;
	char *bytes;
	size_t blen, i, nb;
	int rc;

	if (o == NULL) {
		if ((o = dgs_options_dup(opts[SET_DEFAULT])) == NULL)
			FAIL("out of memory");
		dgs_options_set_docset(o, 1);
	}
	if (dgs_lint(o, "a.json", buf, size, &a) != 0 ||
	    dgs_lint(o, "b.json", buf, size, &b) != 0)
		FAIL("dgs_lint failed with document-set keys");
	if (dgs_result_count(a) != dgs_result_count(plain))
		FAIL("document-set keys changed the findings");
	if (dgs_result_keys_save(b, 0, &bytes, &blen) != 0 ||
	    dgs_result_keys_load("b.json", bytes, blen, &kb) != 0)
		FAIL("keys do not round-trip");
	if ((ds = dgs_docset_new()) == NULL ||
	    (ds2 = dgs_docset_new()) == NULL)
		FAIL("out of memory");
	nb = dgs_result_count(b);
	if (dgs_docset_add(ds, o, a) != 0 ||
	    dgs_docset_add(ds, o, b) != 0 ||
	    dgs_docset_add(ds2, o, a) != 0 ||
	    dgs_docset_add(ds2, o, kb) != 0)
		FAIL("dgs_docset_add failed");
	if (dgs_result_count(a) != dgs_result_count(plain))
		FAIL("the first document of a document set got findings");
	if (dgs_result_count(kb) != dgs_result_count(b) - nb)
		FAIL("keys through bytes give other findings");
	for (i = 0; (f = dgs_result_get(kb, i)) != NULL; i++) {
		if (f->line < 1 || f->column < 1 ||
		    strncmp(f->rule->id, "DGS88", 5) != 0 ||
		    strcmp(f->file, "b.json") != 0)
			FAIL("a bad finding across documents: %s %lu:%lu",
			    f->rule->id, f->line, f->column);
		check_pointer(f->pointer);
		check_message("a message across documents", f->message, buf,
		    size);
	}
	for (i = 0, nb = 0; (f = dgs_result_get(b, i)) != NULL; i++) {
		if (strncmp(f->rule->id, "DGS88", 5) != 0)
			continue;
		if ((g = dgs_result_get(kb, nb++)) == NULL ||
		    strcmp(f->message, g->message) != 0 || f->line != g->line)
			FAIL("keys through bytes give other findings");
	}
	check_docset_hashes(o, a, b, dgs_result_count(kb));
	rc = dgs_result_keys_load("x", buf, size, &junk);
	if (rc != 0 && (rc != DGS_EINVAL || junk != NULL))
		FAIL("dgs_result_keys_load on a document: %d", rc);
	dgs_result_free(junk);
	dgs_docset_free(ds);
	dgs_docset_free(ds2);
	dgs_result_free(a);
	dgs_result_free(b);
	dgs_result_free(kb);
	free(bytes);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct dgs_result *res[SET_MAX], *show[3];
	const char *buf = (const char *)data, *name;
	unsigned long line, col;
	size_t set;

	if (!ready) {
		setup();
		ready = 1;
	}
	name = doc_names[size % (sizeof(doc_names) / sizeof(doc_names[0]))];
	doc_utf8 = utf8_ok(buf, size);
	for (set = 0; set < SET_MAX; set++) {
		if (dgs_lint(opts[set], name, buf, size, &res[set]) != 0 ||
		    res[set] == NULL)
			FAIL("dgs_lint failed on a %zu-byte document", size);
		check_result((enum set)set, name, buf, size, res[set]);
	}
	check_same(res[SET_DEFAULT], res[SET_DUP_DEFAULT]);
	check_streaming(res);
	check_not_silent(buf, size, res[SET_DEFAULT]);

	/* Positions of pointers that may or may not exist. */
	if (dgs_json_position(buf, size, "", 0, &line, &col) != 0 ||
	    line < 1 || col < 1 ||
	    dgs_json_position(buf, size, "/0/links/0/metadata/generatorId", 1,
	    &line, &col) != 0 || line < 1 || col < 1 ||
	    dgs_json_position(buf, size, "/~1/~0/-/9999999999999999999", 0,
	    &line, &col) != 0 || line < 1 || col < 1)
		FAIL("dgs_json_position");

	check_fixes(name, buf, size, res[SET_DEFAULT]);
	check_docset(buf, size, res[SET_DEFAULT]);
	show[0] = res[SET_DEFAULT];
	show[1] = res[SET_SCOPED];
	show[2] = res[SET_KIND + size % NKINDS];
	run_outputs(name, buf, size, show, 3, size % 16 == 0);
	for (set = 0; set < SET_MAX; set++)
		dgs_result_free(res[set]);

	fuzz_loaders(buf, size);
	check_builder(buf, size);
	check_build_doc(buf, size);
	return 0;
}
