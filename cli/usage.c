/*
 * usage.c: what dgslint says of how it is used: the synopsis, --help and
 * --version, and the message of a usage error, which names the closest
 * word to a misspelt one (did you mean).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main.h"

static void
usage(FILE *fp)
{
	fprintf(fp,
"usage: dgslint [check] [-hqV] [-f format [-o file]]... [-j jobs]\n"
"               [--kind kind] [--license tier] [--generators file]\n"
"               [--presets file] [--config file | --no-config]\n"
"               [--select rules] [--ignore rules] [--enable rules]\n"
"               [--disable rules] [--severity rules=level]\n"
"               [--fail-on level | --exit-zero]\n"
"               [--baseline file] [--write-baseline file] [--force-exclude]\n"
"               [--no-gitignore] [--context path]\n"
"               [--color when] [--stdin-filename name] [--statistics]\n"
"               [--fix | --diff] [--unsafe-fixes] [--rule-url base]\n"
"               [--schema file [--schema-before file]]\n"
"               [--service url --workspace name | --workspace-id id]\n"
"               [--service-timeout seconds] [--service-ca-file file]\n"
"               path ...\n"
"       dgslint --schema file --schema-before file --print-schema-diff\n"
"               path ...\n"
"       dgslint --privacy-report [-f text|json|html [-o file]]...\n"
"               --schema file|--snapshot url [--sample n] [path ...]\n"
"       dgslint --init [directory]\n"
"       dgslint --print-config file [-f text|json]\n"
"       dgslint --list-rules [-f text|json]\n"
"       dgslint --list-values option\n"
"       dgslint --explain rule|generator [--generators file] [-f text|json]\n"
"       dgslint --list-generators [--generators file] [-f text|json]\n"
"       dgslint --lsp [options]\n"
"       dgslint --print-schema kind|config [--generators file]\n"
"       dgslint --snapshot url\n");
}

/* A part of the help: a write that fails is said with its reason (a
 * full buffer is written in the middle of the text, and the reason would
 * be gone by the exit). */
static void
put(const char *s)
{
	if (fputs(s, stdout) == EOF)
		stdout_failed(errno);
}

/*
 * An option of the help whose text names the words of a list (names.c):
 * head in the first 26 columns, text filled to the 73rd from the 27th.
 */
#define HELP_COL	26
#define HELP_WIDTH	73

static void
entry(const char *head, const char *text)
{
	struct str line = { NULL, 0, 0 };
	size_t col, n;

	str_addn(&line, head, strlen(head));
	for (col = strlen(head); col < HELP_COL; col++)
		str_addn(&line, " ", 1);
	while (*text != '\0') {
		n = strcspn(text, " ");
		if (col > HELP_COL && col + 1 + n > HELP_WIDTH) {
			str_addn(&line, "\n", 1);
			for (col = 0; col < HELP_COL; col++)
				str_addn(&line, " ", 1);
		} else if (col > HELP_COL) {
			str_addn(&line, " ", 1);
			col++;
		}
		str_addn(&line, text, n);
		col += n;
		text += n;
		text += strspn(text, " ");
	}
	str_addn(&line, "\n", 1);
	put(line.s);
	free(line.s);
}

/* entry() of text made by fmt, which names the words of a list. */
static void
entry_of(const char *head, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	entry(head, text);
}

/*
 * The help after the synopsis, a row a part: text alone; or an option's
 * entry() (head set), its text a format whose %s is the words of the
 * option list (words_list(): joined by sep, which as it takes it); or,
 * without head, text, the words of list, a new line.
 * Rows apart: a string literal is at most 4095 characters (C99).
 */
struct help_row {
	const char	*head;
	const char	*text;
	const char	*list;
	const char	*sep;
	int		 which;
};

static const struct help_row help_rows[] = {
	{ NULL,
"\n"
"Lints the JSON documents of the Data Generation Service API: generator\n"
"assignments (replacements), subsetting configurations, schema-change lists,\n"
"resolution requests, job-start requests and generator presets.\n"
"\n"
"Paths are files, directories (searched for *.json, sorted, hidden entries\n"
"and what git ignores skipped) or - for standard input.\n"
"\n"
"Options:\n",
	    NULL, NULL, 0 },
	{ "  -f, --format FORMAT", "%s; repeatable, each followed by "
	    "its own -o (default: DGSLINT_FORMAT, else github when "
	    "GITHUB_ACTIONS is true, else text); --output-format is the "
	    "same option",
	    "format", " or ", 0 },
	{ NULL,
"  -o, --output FILE       write the preceding --format to FILE, whole or\n"
"                          not at all (never a file this run reads);\n"
"                          DGSLINT_OUTPUT=FORMAT:FILE,... adds more\n"
"  -j, --jobs N            lint N documents at once, in N processes\n"
"                          (default: the number of online CPUs, one for\n"
"                          each half megabyte of documents at most); when\n"
"                          there are fewer documents, the rest go to\n"
"                          them as threads, so one large document uses\n"
"                          two; the output is the same\n",
	    NULL, NULL, 0 },
	{ "      --kind KIND", "lint every document as KIND: %s "
	    "(default: told from each document's shape)",
	    "kind", ", ", -1 },
	{ "      --license TIER", "the service's license: %s; presets "
	    "and subsetting need enterprise",
	    "license", ", ", 0 },
	{ NULL,
"      --generators FILE   the service's generators: a saved\n"
"                          GET /api/GeneratorMetadata response; its\n"
"                          capabilities override the built-in catalogue\n"
"      --presets FILE      the service's presets (a saved list with id\n"
"                          and generatorId), to check custom presetIds\n",
	    NULL, NULL, 0 },
	{ NULL,
"      --schema FILE       check against the source database's columns:\n"
"                          a snapshot (CSV with a header, or JSON; see\n"
"                          dgslint-schema(5)); enables the DGS8xx rules\n"
"      --schema-before FILE\n"
"                          the snapshot the workspace was configured\n"
"                          against: also report new columns and changed\n"
"                          types\n"
"      --print-schema-diff write the list GET /api/SchemaDiff would return\n"
"                          for these documents (JSON), instead of findings\n"
"      --privacy-report    write each column's protection status instead of\n"
"                          findings: protected, not sensitive, or at risk\n"
"                          (sensitive by its name and type, no generator);\n"
"                          -f text, json or html (a page with a bar a\n"
"                          table); exit 1 when one is at risk (a CI gate)\n"
"      --sample N          with --privacy-report and --snapshot: read at\n"
"                          most N values of each candidate column, and\n"
"                          let their form (email, SSN, card number...)\n"
"                          confirm, find or doubt its type; no value is\n"
"                          ever written\n"
"      --service URL       check against the workspace on the service at\n"
"                          URL (its base URL), read once: its subsetting\n"
"                          configurations, schema changes and generators;\n"
"                          the API key is read from DGSLINT_API_KEY\n"
"                          (a .dgslint.json's \"service\" gets it only if\n"
"                          listed in DGSLINT_TRUSTED_SERVICES or\n"
"                          ~/.config/dgslint/trusted-services); http://\n"
"                          for this machine only, never through a proxy\n"
"      --workspace NAME, --workspace-id ID\n"
"                          the workspace: by its exact name, or its id\n"
"      --service-timeout SECONDS\n"
"                          the bound of the service's reading, all its\n"
"                          requests together (default 10)\n"
"      --service-ca-file FILE\n"
"                          verify the service's TLS certificate against\n"
"                          the CA certificates in FILE, not the system's\n"
"                          (or DGSLINT_SERVICE_CA_FILE; a .dgslint.json's\n"
"                          serviceCaFile is not used)\n"
"      --init [DIR]        write DIR's first .dgslint.json (default .):\n"
"                          \"$schema\" (dgslint.schema.json, written\n"
"                          beside it) and \"include\" for the service\n"
"                          documents found; never over an existing one\n"
"      --config FILE       use FILE for every document instead of the\n"
"                          closest .dgslint.json above each one\n"
"      --no-config         use no configuration file\n"
"      --print-config FILE show the settings for FILE and where each comes\n"
"                          from (-f json: as one object), and exit\n",
	    NULL, NULL, 0 },
	{ NULL,
"      --select RULES      report only RULES (ids, names or the start of\n"
"                          ids, DGS2 for every DGS2xx rule, separated by\n"
"                          commas), at the levels the configuration and\n"
"                          the options below give them; the others are off\n"
"      --ignore RULES      never report RULES (wins over --select)\n"
"      --enable RULES      report RULES at their default level\n"
"      --disable RULES     do not report RULES\n"
"      --severity RULES=LEVEL\n"
"                          report RULES at LEVEL: ",
	    "severity", ", ", -1 },
	{ "      --fail-on LEVEL", "exit 1 on findings at or above "
	    "LEVEL: %s",
	    "fail-on", ", ", 1 },
	{ NULL,
"      --exit-zero         exit 0 whatever is found (--fail-on none)\n"
"      --baseline FILE     do not report the findings recorded in FILE\n"
"      --write-baseline FILE\n"
"                          record every finding of this run in FILE\n"
"      --context PATH      read PATH's documents for the rules across\n"
"                          documents only, never reported (pre-commit)\n"
"      --force-exclude     apply the configuration's exclude to files\n"
"                          named on the command line too (for pre-commit)\n"
"      --no-gitignore      also lint what git ignores (.gitignore) in the\n"
"                          directories searched\n"
"  -q, --quiet             show only findings at or above the --fail-on\n"
"                          level, and no summary\n"
"  -v, --verbose           name the files left alone as other JSON\n"
"      --color WHEN        auto (default: on a terminal, unless NO_COLOR\n"
"                          is set), always, never\n"
"      --fix               apply the safe fixes to the files (for -, write\n"
"                          the fixed document to standard output), then\n"
"                          report what remains; a file is replaced whole,\n"
"                          keeping its mode, owner and attributes\n"
"      --diff              print the fixes as a unified diff (for patch -p0)\n"
"                          and change nothing; findings go to stderr\n"
"      --unsafe-fixes      with --fix or --diff, apply the unsafe fixes too\n"
"      --stdin-filename NAME\n"
"                          the name of the document read from -\n"
"      --rule-url BASE     link each rule to its page BASE/ID.html (as\n"
"                          make html builds them): SARIF helpUri, a url\n"
"                          in json and rdjson findings (default: the\n"
"                          configuration's ruleUrl, else no link)\n"
"      --statistics        instead of the findings, one line a rule: its\n"
"                          count (most frequent first), id, name and [*]\n"
"                          when fixable (-f json: an array); other\n"
"                          formats are written as usual\n"
"      --list-rules        list every rule and exit\n"
"      --explain RULE      explain a rule (by id or name; -f json: as one\n"
"                          object) and exit; or a generator (by id): its\n"
"                          facts, settings and the page and sentence of\n"
"                          each, as the rules read them\n"
"      --list-generators   list the generators the catalogue knows (the\n"
"                          built-in one and --generators FILE), a line\n"
"                          each with its capabilities (-f json: every\n"
"                          fact, setting and source), and exit\n"
"      --list-values OPTION\n"
"                          the words OPTION takes (format, kind, license,\n"
"                          fail-on, severity, color...), one a line, and\n"
"                          exit\n",
	    NULL, NULL, 0 },
	{ NULL,
"      --lsp               be a language server on standard input and\n"
"                          output; the options above apply to each\n"
"                          document as to a file named on the command line\n"
"      --print-schema KIND write a JSON Schema (draft 2020-12) of documents\n"
"                          of KIND, or of .dgslint.json for config, made\n"
"                          from dgslint's own tables, and exit\n"
"      --snapshot URL      write the columns of the PostgreSQL database\n"
"                          at URL (a libpq connection string or URI) as\n"
"                          a JSON schema snapshot to standard output, and\n"
"                          exit\n"
"  -V, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"Text output: FILE:LINE:COLUMN: SEVERITY: MESSAGE [ID name]\n"
"Exit status: 0 no finding at or above the --fail-on level; 1 findings at\n"
"or above it (invalid JSON included); 2 usage error, unreadable input, or\n"
"an output that cannot be written.\n"
"\n"
"See dgslint(1), dgslint-rules(7) and dgslint-schema(5).\n",
	    NULL, NULL, 0 },
};

void
help(void)
{
	const struct help_row *r;
	char w[512];

	usage(stdout);
	for (r = help_rows; r < help_rows + sizeof(help_rows) /
	    sizeof(help_rows[0]); r++) {
		if (r->list == NULL)
			put(r->text);
		else if (r->head != NULL)
			entry_of(r->head, r->text, words_list(w, sizeof(w),
			    r->list, r->sep, r->which));
		else {
			put(r->text);
			put(words_list(w, sizeof(w), r->list, r->sep,
			    r->which));
			put("\n");
		}
	}
}

void
version(void)
{
	printf("dgslint %s\n", dgs_version());
}

/* The closest rule id or name to word, as did_you_mean() writes it. */
const char *
rule_did_you_mean(char *buf, size_t size, const char *word)
{
	const char *best = rule_suggest(word);

	if (best == NULL)
		return "";
	snprintf(buf, size, "; did you mean '%s'?", best);
	return buf;
}

int
bad_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("dgslint: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'dgslint --help' for more information.\n", stderr);
	return EXIT_TROUBLE;
}
