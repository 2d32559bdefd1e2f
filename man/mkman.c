/*
 * mkman.c: the per-rule entries of dgslint-rules(7), made from the rule
 * records (rules.def) at build time, so that a rule's manual entry and
 * its --explain are one text.  Reads the hand-written part of the page
 * (man/dgslint-rules.7.in) on standard input and writes the page on
 * standard output, each line
 *
 *	.\" @rules FIRST LAST
 *
 * replaced by the entries of the rules from FIRST to LAST (ids, in table
 * order), for a tag list (.Bl -tag) the page opens around it.  The
 * ranges are a family's whole hundred (DGS501 DGS599; the DGS8xx
 * database rules end at DGS880, where the rules across documents
 * begin), so that a new record is placed by its family with no edit of
 * the page; a rule that no range or two ranges hold is named, with the
 * line to add or widen, and the build fails.
 *
 * An entry: the id and name; the default severity; the kinds it applies
 * to; what it needs (a snapshot); its fix; the summary, as a sentence;
 * the explanation, in paragraphs; the bad and the good example.  The
 * record's plain text becomes mdoc: `code` a .Li macro line (its
 * punctuation after it as delimiters), two spaces after a sentence a
 * new line, a blank line a paragraph.  Built and run by make, never
 * installed.
 *
 * The line
 *
 *	.\" @catalogue
 *
 * is replaced by an entry for each generator of the built-in catalogue,
 * for a tag list the page opens around it: the facts dgs_gen_describe()
 * walks (the same walk as --explain GENERATOR and --list-generators),
 * each capability cell with its page and sentence, cells of one source
 * together; a cell stated for every generator (partitioning) is left to
 * the page's introduction.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"

/* Text as mdoc takes it: backslashes escaped, a line that would start
 * with a control character guarded, lines broken between words before
 * 80 columns. */
static void
text_line(const char *s, size_t n)
{
	size_t i, col = 0, w;

	while (n > 0 && s[0] == ' ')
		s++, n--;
	while (n > 0 && s[n - 1] == ' ')
		n--;
	while (n > 0) {
		for (w = 0; w < n && s[w] != ' '; w++)
			continue;
		if (col > 0 && col + 1 + w > 78) {
			putchar('\n');
			col = 0;
		} else if (col > 0) {
			putchar(' ');
			col++;
		}
		if (col == 0 && (s[0] == '.' || s[0] == '\''))
			fputs("\\&", stdout), col += 2;
		for (i = 0; i < w; i++, col++)
			if (s[i] == '\\')
				fputs("\\e", stdout), col++;
			else
				putchar(s[i]);
		s += w;
		n -= w;
		while (n > 0 && s[0] == ' ')
			s++, n--;
	}
	if (col > 0)
		putchar('\n');
}

/* Text on a macro line: quotes and backslashes escaped. */
static void
macro_text(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '"')
			fputs("\\(dq", stdout);
		else if (s[i] == '\\')
			fputs("\\e", stdout);
		else
			putchar(s[i]);
}

/* One argument of a macro line: quoted when it holds a space. */
static void
macro_arg(const char *s, size_t n)
{
	int q = memchr(s, ' ', n) != NULL || n == 0;

	/* A lone delimiter (";", ")") would be taken for one. */
	if (n == 1 && strchr(".,;:()[]?!|", s[0]) != NULL)
		fputs("\\&", stdout);
	if (q)
		putchar('"');
	macro_text(s, n);
	if (q)
		putchar('"');
}

static int
closing(char c)
{
	return c != '\0' && strchr(".,;:)]!?", c) != NULL;
}

/* The rest of a macro line (.Dl), and its end. */
static void
macro_line_text(const char *s, size_t n)
{
	macro_text(s, n);
	putchar('\n');
}

/*
 * A paragraph of plain text: sentences (ended by two spaces) on lines of
 * their own, `code` as .Li lines with the punctuation around it.
 */
static void
paragraph(const char *p, const char *end)
{
	const char *line = p, *q, *c;
	int open;

	while (p < end) {
		if (p + 2 < end && (p[0] == '.' || p[0] == '?' ||
		    p[0] == '!' || p[0] == ':') && p[1] == ' ' &&
		    p[2] == ' ') {
			text_line(line, (size_t)(p + 1 - line));
			p += 1;
			while (p < end && *p == ' ')
				p++;
			line = p;
			continue;
		}
		if (*p != '`' || (q = memchr(p + 1, '`', (size_t)(end - p -
		    1))) == NULL) {
			p++;
			continue;
		}
		/* An opening parenthesis or quote just before the code goes
		 * with it, as an opening delimiter. */
		open = p > line && p[-1] == '(';
		text_line(line, (size_t)(p - line - open));
		fputs(".Li ", stdout);
		if (open)
			fputs("( ", stdout);
		macro_arg(p + 1, (size_t)(q - p - 1));
		for (c = q + 1; c < end && closing(*c); c++)
			printf(" %c", *c);
		/* Text glued to the code (a plural's "s") follows with
		 * no space, as mdoc's .Ns says. */
		if (c < end && *c != ' ')
			fputs(" Ns", stdout);
		putchar('\n');
		p = line = c;
	}
	text_line(line, (size_t)(end - line));
}

/* Plain text in paragraphs (a blank line between two). */
static void
prose(const char *s)
{
	const char *p = s, *e;

	for (;;) {
		e = strstr(p, "\n\n");
		paragraph(p, e != NULL ? e : p + strlen(p));
		if (e == NULL)
			break;
		puts(".Pp");
		p = e + 2;
	}
}

/* An example, each of its lines as a display line. */
static void
example(const char *label, const char *s)
{
	const char *e;

	printf("%s:\n", label);
	for (;;) {
		e = strchr(s, '\n');
		fputs(".Dl ", stdout);
		/* Its own indentation, for the lines after the first. */
		while (*s == ' ' && s < (e != NULL ? e : s + strlen(s)))
			s++;
		macro_line_text(s, e != NULL ? (size_t)(e - s) : strlen(s));
		if (e == NULL)
			break;
		s = e + 1;
	}
}

static void
entry(size_t r)
{
	const struct dgs_rule_info *ri = &dgs_rules[r];
	const char *bad, *good, *end;
	char *exp, kinds[256];
	size_t n, i;

	printf(".It Cm %s Pq %s\n", ri->id, ri->name);
	/* The summary as a sentence, then the facts of the record. */
	n = strlen(ri->summary);
	if ((exp = malloc(n + 2)) == NULL)
		exit(2);
	memcpy(exp, ri->summary, n + 1);
	/* Capitalised, unless it starts with a name (fallbackLinks, a
	 * member, keeps its case). */
	for (i = 0; exp[i] != '\0' && exp[i] != ' ' && !isupper(
	    (unsigned char)exp[i]); i++)
		continue;
	if (exp[i] == '\0' || exp[i] == ' ')
		exp[0] = (char)toupper((unsigned char)exp[0]);
	memcpy(exp + n, ".", 2);
	prose(exp);
	free(exp);
	printf(".br\nDefault severity:\n.Sy %s .\n",
	    dgs_severity_name(ri->severity));
	printf("Applies to: %s.\n", dgs_kinds_words(ri->kinds, kinds, sizeof(kinds)));
	if (dgs_rule_needs[r] & DGS_NEEDS_BEFORE)
		puts("Runs with\n.Fl -schema\nand\n.Fl -schema-before .");
	else if (dgs_rule_needs[r] & DGS_NEEDS_SNAPSHOT)
		puts("Runs with\n.Fl -schema .");
	if (dgs_rule_fix_text[r] != NULL) {
		printf("Fix:\n%s:\n", dgs_rule_fix[r] == (1u << DGS_FIX_SAFE) ?
		    "safe" : dgs_rule_fix[r] == (1u << DGS_FIX_UNSAFE) ?
		    "unsafe" : "safe or unsafe");
		n = strlen(dgs_rule_fix_text[r]);
		if ((exp = malloc(n + 2)) == NULL)
			exit(2);
		memcpy(exp, dgs_rule_fix_text[r], n);
		memcpy(exp + n, ".", 2);
		prose(exp);
		free(exp);
	}
	/* The explanation, then its examples, as the record has them. */
	bad = strstr(ri->explain, "\n\nBad:   ");
	good = bad != NULL ? strstr(bad, "\nGood:  ") : NULL;
	if (bad == NULL || good == NULL) {
		fprintf(stderr, "mkman: %s: no Bad: and Good: examples\n",
		    ri->id);
		exit(1);
	}
	if ((exp = malloc((size_t)(bad - ri->explain) + 1)) == NULL)
		exit(2);
	memcpy(exp, ri->explain, (size_t)(bad - ri->explain));
	exp[bad - ri->explain] = '\0';
	puts(".Pp");
	prose(exp);
	free(exp);
	puts(".Pp");
	end = good;
	if ((exp = malloc((size_t)(end - bad))) == NULL)
		exit(2);
	memcpy(exp, bad + 9, (size_t)(end - bad - 9));
	exp[end - bad - 9] = '\0';
	example("Bad", exp);
	free(exp);
	example("Good", good + 8);
}

/* The @rules lines of the page, for the messages of a rule without its
 * place: a new rule's id must lie in a range. */
static struct range {
	unsigned long line;
	char first[16], last[16];
} ranges[64];
static size_t nranges;

/* Says where a rule without an entry, or with two, goes: in the range
 * of its family, the last whose first id comes before it. */
static void
misplaced(size_t r, unsigned placed)
{
	const char *id = dgs_rules[r].id;
	const struct range *g = NULL;
	size_t i;

	if (placed > 1) {
		fprintf(stderr, "mkman: %s (%s) has %u entries: the @rules "
		    "lines of man/dgslint-rules.7.in overlap\n", id,
		    dgs_rules[r].name, placed);
		return;
	}
	for (i = 0; i < nranges; i++)
		if (strcmp(ranges[i].first, id) <= 0 &&
		    strncmp(ranges[i].first, id, 4) == 0 &&
		    (g == NULL || strcmp(ranges[i].first, g->first) > 0))
			g = &ranges[i];
	if (g != NULL && strcmp(g->last, id) < 0)
		fprintf(stderr, "mkman: %s (%s) has no entry in "
		    "dgslint-rules(7): widen its family's range, line %lu of "
		    "man/dgslint-rules.7.in, from \"@rules %s %s\" to "
		    "\"@rules %s %s\"\n", id, dgs_rules[r].name, g->line,
		    g->first, g->last, g->first, id);
	else
		fprintf(stderr, "mkman: %s (%s) has no entry in "
		    "dgslint-rules(7): add a line \".\\\" @rules %s %s\" "
		    "to man/dgslint-rules.7.in, in a .Bl -tag list of its "
		    "family's section\n", id, dgs_rules[r].name, id, id);
}

/*
 * The catalogue: a generator's facts gathered, then written.
 */
#define GEN_NFACT	DGS_GEN_NFACT

struct gen_facts {
	struct dgs_gen_fact	 v[GEN_NFACT];
	size_t			 n;
};

static void
gather(const struct dgs_gen_fact *f, void *arg)
{
	struct gen_facts *g = arg;

	if (g->n == GEN_NFACT) {
		fprintf(stderr, "mkman: a generator has more than %d facts\n",
		    GEN_NFACT);
		exit(1);
	}
	g->v[g->n++] = *f;
}

/* Words with their first letter capital, then a colon. */
static void
label(const char *words)
{
	printf("%c%s:\n", toupper((unsigned char)words[0]), words + 1);
}

/* Text quoted from a page: each sentence on a line of its own (after
 * a stop, with a quote or parenthesis closing, before a capital, quote
 * or parenthesis). */
static void
quoted(const char *s)
{
	const char *line = s, *p;

	for (p = s; *p != '\0'; p++) {
		if (strchr(".?!", *p) == NULL)
			continue;
		if (p[1] == '"' || p[1] == ')')
			p++;
		if (p[1] == ' ' && (isupper((unsigned char)p[2]) ||
		    p[2] == '"' || p[2] == '(')) {
			text_line(line, (size_t)(p + 1 - line));
			line = p + 2;
		}
	}
	text_line(line, strlen(line));
}

/* A source: a page as a link, then its sentence (or what else it says)
 * as text; inferred, or what was searched for, as text.  A page alone is
 * followed by the punctuation stop, when not NULL. */
static void
source_end(const char *s, const char *stop)
{
	const char *sp;

	if (strncmp(s, "https://", 8) != 0) {
		quoted(s);
		return;
	}
	sp = strchr(s, ' ');
	fputs(".Lk ", stdout);
	fwrite(s, 1, sp != NULL ? (size_t)(sp - s) : strlen(s), stdout);
	if (sp == NULL && stop != NULL)
		printf(" %s", stop);
	putchar('\n');
	if (sp != NULL)
		quoted(sp + 1);
}

static void
source(const char *s)
{
	source_end(s, NULL);
}

static const char *
cell_word(int v)
{
	return v == DGS_YES ? "yes" : v == DGS_NO ? "no" : "";
}

static int
same(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void
gen_entry(const struct dgs_generator *g)
{
	struct gen_facts f;
	const struct dgs_gen_fact *a, *b;
	const struct dgs_gen_member *m;
	const char *own = NULL, *val, *const *v;
	unsigned char done[GEN_NFACT] = { 0 };
	char *types;
	size_t i, j, k, nset = 0;
	int unsure;

	f.n = 0;
	dgs_gen_describe(g, gather, &f);
	printf(".It Li %s Pq %s\n", g->id, g->label);
	for (i = 0; i < f.n; i++) {
		a = &f.v[i];
		if (a->kind == DGS_FACT_WORD && strcmp(a->key, "source") == 0) {
			label(a->words);
			own = a->source;
			source(a->source);
		}
	}
	for (i = 0; i < f.n; i++) {
		a = &f.v[i];
		switch (a->kind) {
		case DGS_FACT_WORD:
			/* The id and name head the entry; the source was
			 * given first; what is not stated is not said. */
			val = a->text != NULL ? a->text : a->word;
			if (val == NULL || *val == '\0' ||
			    strcmp(a->key, "id") == 0 ||
			    strcmp(a->key, "name") == 0)
				break;
			/* A yes is said by the words alone. */
			printf(".br\n%c%s", toupper((unsigned char)
			    a->words[0]), a->words + 1);
			if (strcmp(val, "yes") != 0)
				printf(": %s", val);
			if (a->source == NULL || same(a->source, own)) {
				puts(".");
				break;
			}
			puts(":");
			source(a->source);
			break;
		case DGS_FACT_SET:
			if (a->bits == 0)
				break;
			printf(".br\n%c%s: ", toupper((unsigned char)
			    a->words[0]), a->words + 1);
			if (a->text != NULL)
				fputs(a->text, stdout);
			else
				for (j = 0, k = 0; j < a->nbit_names; j++)
					if (a->bits & (1u << j))
						printf("%s%s", k++ ? ", " : "",
						    a->bit_names[j]);
			if (a->source == NULL || same(a->source, own)) {
				puts(".");
				break;
			}
			puts(";");
			source(a->source);
			break;
		case DGS_FACT_ATTR:
			break;	/* with its setting */
		case DGS_FACT_FLAG:
			if (a->value == DGS_YES)
				printf(".br\n%c%s.\n", toupper((unsigned char)
				    a->words[0]), a->words + 1);
			break;
		case DGS_FACT_CELL:
			if (done[i] || (a->common && a->value != DGS_UNSURE))
				break;
			/* The cells of one source (or note) together. */
			unsure = a->value == DGS_UNSURE;
			fputs(".br\n", stdout);
			fputs(unsure ? "Not known: " : "", stdout);
			/* "Linking (yes), consistency (no):" */
			for (k = 0, j = i; j < f.n; j++) {
				b = &f.v[j];
				if (b->kind != DGS_FACT_CELL || done[j] ||
				    (b->common && b->value != DGS_UNSURE) ||
				    (b->value == DGS_UNSURE) != unsure ||
				    !same(b->source, a->source) ||
				    !same(b->common ? NULL : b->note,
				    a->common ? NULL : a->note))
					continue;
				if (k++ == 0 && !unsure)
					printf("%c%s", toupper((unsigned char)
					    b->words[0]), b->words + 1);
				else
					printf("%s%s", k > 1 ? ", " : "",
					    b->words);
				if (!unsure)
					printf(" (%s)", cell_word(b->value));
				done[j] = 1;
			}
			if (unsure && (a->note == NULL || a->common)) {
				puts(".");
				break;
			}
			puts(unsure ? "; not found:" : ":");
			source(unsure ? a->note : a->source != NULL ?
			    a->source : "no source");
			break;
		case DGS_FACT_LIST:
			if (a->list == NULL)
				break;
			printf(".br\n%c%s:", toupper((unsigned char)
			    a->words[0]), a->words + 1);
			for (v = a->list; *v != NULL; v++)
				printf("\n.Li %s%s", *v, v[1] != NULL ? " ," :
				    " .");
			putchar('\n');
			break;
		case DGS_FACT_SETTINGS:
			nset = (size_t)a->value;
			if (nset > 0)
				puts(".br\nSettings:\n.Bl -dash -compact");
			break;
		case DGS_FACT_SETTING:
			m = a->member;
			printf(".It\n.Li %s :\n", m->name);
			types = NULL;
			if (m->types == 0)
				fputs("any type", stdout);
			else {
				struct dgs_buf tb = { 0 };

				dgs_types_words(&tb, m->types);
				types = tb.s;
				fputs(types != NULL ? types : "", stdout);
			}
			free(types);
			if (m->values != NULL) {
				fputs(", one of", stdout);
				for (v = m->values; *v != NULL; v++)
					printf("%s %s", v == m->values ? "" :
					    ",", *v);
			}
			if (dgs_src_inferred(a->source))
				puts(" (the type inferred).");
			else if (!same(a->source, own)) {
				puts(";");
				source_end(a->source, ".");
			} else
				puts(".");
			/* Its own words, those of one source together:
			 * "Used only with noiseStrategy, when that is
			 * multiplicative:" and the sentence. */
			for (k = 0, j = i + 1; j < f.n && f.v[j].kind ==
			    DGS_FACT_ATTR; j++) {
				b = &f.v[j];
				if (b->word == NULL)
					continue;
				if (k++ == 0)
					printf("%c%s", toupper((unsigned char)
					    b->words[0]), b->words + 1);
				else
					printf(", %s", b->words);
				if (b->text == NULL || *b->text != '\0')
					printf(" %s", b->text != NULL ?
					    b->text : b->word);
				for (a = NULL, val = NULL; ++j < f.n &&
				    f.v[j].kind == DGS_FACT_ATTR;)
					if (f.v[j].word != NULL) {
						a = &f.v[j];
						break;
					}
				j--;
				if (a != NULL && b->source != NULL &&
				    same(a->source, b->source))
					continue;
				k = 0;
				if (b->source == NULL && b->note != NULL) {
					puts("; not found:");
					source(b->note);
					continue;
				}
				if (b->source == NULL ||
				    same(b->source, own)) {
					puts(".");
					continue;
				}
				puts(":");
				source(b->source);
			}
			if (--nset == 0)
				puts(".El");
			break;
		}
	}
}

static void
catalogue(void)
{
	const struct dgs_generator *g;
	size_t i;

	for (i = 0; (g = dgs_gen_builtin(i)) != NULL; i++)
		gen_entry(g);
}

int
main(void)
{
	char line[4096], first[16], last[16];
	unsigned placed[DGS_R_MAX] = {0};
	unsigned long lineno = 0;
	size_t r, n = 0;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		lineno++;
		if (strcmp(line, ".\\\" @catalogue\n") == 0) {
			catalogue();
			continue;
		}
		if (sscanf(line, ".\\\" @rules %15s %15s", first, last) != 2) {
			fputs(line, stdout);
			continue;
		}
		if (nranges < sizeof(ranges) / sizeof(ranges[0])) {
			ranges[nranges].line = lineno;
			memcpy(ranges[nranges].first, first, sizeof(first));
			memcpy(ranges[nranges].last, last, sizeof(last));
			nranges++;
		}
		for (r = 0; r < DGS_R_MAX; r++)
			if (strcmp(dgs_rules[r].id, first) >= 0 &&
			    strcmp(dgs_rules[r].id, last) <= 0) {
				entry(r);
				placed[r]++;
			}
	}
	for (r = 0; r < DGS_R_MAX; r++)
		if (placed[r] == 1)
			n++;
		else
			misplaced(r, placed[r]);
	if (n != DGS_R_MAX) {
		fprintf(stderr, "mkman: %zu rules have an entry, of %d\n", n,
		    (int)DGS_R_MAX);
		return 1;
	}
	return ferror(stdout) || fflush(stdout) != 0;
}
