/*
 * outpath.c: the files a run writes (--output, --write-baseline), checked
 * before anything is opened for writing: no two of them the same file,
 * and none of them a file the run reads (a document, a configuration, a
 * catalogue, a snapshot, the --baseline), found by device and inode, so
 * that no name, link or walk can hide it; standard input given a name
 * by --stdin-filename is that file.  One exception: a file the run
 * writes that a directory's walk found, such as the report of an
 * earlier run in the tree being linted, is no document: it is skipped
 * (said, and counted) and replaced.  --write-baseline may name the
 * --baseline it shrinks: that is read whole before anything is written.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli.h"
#include "format/output.h"

/* A file by device and inode when it exists, else by its absolute path
 * with the links of its directory resolved. */
struct fileid {
	int	 exists;
	dev_t	 dev;
	ino_t	 ino;
	char	*abs;
};

static void
fileid_get(const char *path, struct fileid *id)
{
	struct stat st;

	memset(id, 0, sizeof(*id));
	if (stat(path, &st) == 0) {
		id->exists = 1;
		id->dev = st.st_dev;
		id->ino = st.st_ino;
	} else
		id->abs = path_absolute_file(path, 1);
}

static int
fileid_same(const struct fileid *a, const struct fileid *b)
{
	if (a->exists != b->exists)
		return 0;
	if (a->exists)
		return a->dev == b->dev && a->ino == b->ino;
	return strcmp(a->abs, b->abs) == 0;
}

/* What the file at path is, when dgslint wrote it (own_output(), by its
 * whole shape; or empty, or an empty list, as --statistics writes when
 * there is nothing to count), else NULL. */
static const char *
written_before(const char *path)
{
	const char *own = NULL;
	char *buf, why[256];
	size_t len, i = 0;

	if (read_document(path, &buf, &len, why, sizeof(why)) != 0)
		return NULL;
	while (i < len && strchr(" \t\r\n", buf[i]) != NULL)
		i++;
	if (i + 2 <= len && memcmp(buf + i, "[]", 2) == 0)
		for (i += 2; i < len && strchr(" \t\r\n", buf[i]) != NULL; i++)
			continue;
	if (i == len)
		own = "empty";
	else
		own = own_output(buf, len);
	free(buf);
	return own;
}

/* Whether the output o (its file id) is one of the files the run reads,
 * files[0..nfiles) (but the one it may replace): -1 after saying so, or
 * 0. */
static int
out_vs_files(const struct outpath *o, const struct fileid *id,
    const struct outpath *files, size_t nfiles)
{
	struct fileid fid;
	size_t k;
	int same;

	for (k = 0; k < nfiles; k++) {
		if (files[k].path == NULL || (o->same_ok != NULL &&
		    strcmp(files[k].what, o->same_ok) == 0))
			continue;
		fileid_get(files[k].path, &fid);
		same = fileid_same(id, &fid);
		free(fid.abs);
		if (!same)
			continue;
		fprintf(stderr, "dgslint: %s %s is the file of %s %s, which "
		    "this run reads: writing it would replace it; name "
		    "another file\n", o->what, o->path, files[k].what,
		    files[k].path);
		return -1;
	}
	return 0;
}

/* Whether the output o (its file id) is a document the run lints: -1
 * after saying so, or 0.  Standard input named by --stdin-filename
 * stands for that file (an editor's buffer of it); a file this run
 * writes, met in a walk (the report of an earlier run in the tree it
 * lints), is no document: skipped, and replaced. */
static int
out_vs_inputs(const struct outpath *o, const struct fileid *id,
    struct inputs *in)
{
	struct stat st;
	const char *own;
	size_t k, m;

	for (k = 0; k < in->n; k++) {
		if (strcmp(in->v[k].path, "-") == 0) {
			if (in->v[k].stdin_named &&
			    stat(in->v[k].name, &st) == 0 &&
			    st.st_dev == id->dev && st.st_ino == id->ino) {
				fprintf(stderr, "dgslint: %s %s is the file "
				    "%s that standard input stands for "
				    "(--stdin-filename): writing it would "
				    "replace it; name another file\n",
				    o->what, o->path, in->v[k].name);
				return -1;
			}
			continue;
		}
		if (in->v[k].error != NULL || in->v[k].skip != NULL ||
		    stat(in->v[k].path, &st) != 0 ||
		    st.st_dev != id->dev || st.st_ino != id->ino)
			continue;
		if (!in->v[k].explicit &&
		    (own = written_before(in->v[k].path)) != NULL) {
			m = strlen(o->what) + strlen(own) + 64;
			in->v[k].skip = xmalloc(m);
			snprintf(in->v[k].skip, m, "the file this run writes "
			    "(%s), %s", o->what, own);
			continue;
		}
		fprintf(stderr, "dgslint: %s %s is the document %s, which "
		    "this run lints: writing it would replace the document; "
		    "name another file\n", o->what, o->path, in->v[k].name);
		return -1;
	}
	return 0;
}

int
outpaths_check(const struct outpath *out, size_t nout,
    struct inputs *in, const struct outpath *files, size_t nfiles)
{
	struct fileid *id;
	size_t i, k;
	int rc = -1, any = 0;

	id = xcalloc(nout ? nout : 1, sizeof(*id));
	for (i = 0; i < nout; i++) {
		fileid_get(out[i].path, &id[i]);
		any |= id[i].exists;
		for (k = 0; k < i; k++)
			if (fileid_same(&id[i], &id[k])) {
				fprintf(stderr, "dgslint: %s %s and %s %s name "
				    "the same file: give each output a file of "
				    "its own\n", out[k].what, out[k].path,
				    out[i].what, out[i].path);
				goto done;
			}
	}
	/* A file that does not exist is read by nobody. */
	for (i = 0; any && i < nout; i++)
		if (id[i].exists && (out_vs_files(&out[i], &id[i], files,
		    nfiles) != 0 || out_vs_inputs(&out[i], &id[i], in) != 0))
			goto done;
	rc = 0;
done:
	for (i = 0; i < nout; i++)
		free(id[i].abs);
	free(id);
	return rc;
}

/*
 * Reports, baselines, snapshots and schemas that dgslint writes are
 * recognised by their whole shape, parsed, never by their first bytes
 * alone: a replacements document may begin as a gitlab report does, a
 * job-start request as a report of --format json.  The first member name
 * only says whether the document is worth parsing a second time.  The
 * reports of the formats are recognised by the signatures in their rows
 * (format/output.c's table, format_own()); the other files here.
 */

/* The first member name of the object, or of the array's first object,
 * at the start of buf (at most size - 1 bytes, no escapes); *array set
 * when in an array.  0 when there is none. */
static int
first_name(const char *buf, size_t len, char *name, size_t size,
    int *array)
{
	size_t i = 0, n = 0;

#define WS(c) ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')
	while (i < len && WS(buf[i]))
		i++;
	if ((*array = i < len && buf[i] == '[') != 0)
		for (i++; i < len && WS(buf[i]); i++)
			continue;
	if (i >= len || buf[i++] != '{')
		return 0;
	while (i < len && WS(buf[i]))
		i++;
#undef WS
	if (i >= len || buf[i++] != '"')
		return 0;
	for (; i < len && buf[i] != '"' && buf[i] != '\\'; i++) {
		if (n + 1 >= size)
			return 0;
		name[n++] = buf[i];
	}
	name[n] = '\0';
	return i < len && buf[i] == '"';
}

/* The files dgslint writes that are not the reports of a format: the
 * formats' are recognised by their rows (format_own()). */
static const char *
other_shape(struct json_object *o)
{
	static const char *const baseline[] = { "dgslintBaseline",
	    "findings" };
	static const char *const privacy[] = { "columns", "summary" };
	static const char *const snapshot[] = { "table_schema", "table_name",
	    "column_name", "data_type", "is_nullable", "is_foreign_key",
	    "foreign_table_schema", "foreign_table_name",
	    "foreign_column_name", "collection", "path" };

#define N(a) (sizeof(a) / sizeof((a)[0]))
	if (array_of(o, snapshot, N(snapshot), 3))
		return "a schema snapshot of dgslint --snapshot";
	if (members_among(o, baseline, N(baseline)) && member_type(o,
	    "dgslintBaseline", json_type_int) && member_type(o, "findings",
	    json_type_array))
		return "a baseline of dgslint --write-baseline";
	if (members_among(o, privacy, N(privacy)) && member_type(o,
	    "columns", json_type_array) && member_type(o, "summary",
	    json_type_object) && member_type(json_object_object_get(o,
	    "summary"), "atRisk", json_type_int))
		return "a report of dgslint --privacy-report";
	if (member_is(o, "$schema", "https://json-schema.org/draft/2020-12/"
	    "schema") && member_type(o, "title", json_type_string) &&
	    strstr(json_object_get_string(json_object_object_get(o,
	    "title")), "(dgslint ") != NULL)
		return "a JSON Schema of dgslint --print-schema";
#undef N
	return NULL;
}

#define OWN_OUTPUT_MAX	((size_t)64 << 20)

const char *
own_output(const char *buf, size_t len)
{
	/* The names dgslint writes first, besides the formats' (their
	 * rows): a replacement begins with "name", and is not parsed again
	 * for nothing. */
	static const char *const firsts[] = { "$schema", "dgslintBaseline",
	    "columns" },
	    *const afirsts[] = { "table_schema" };
	struct json_tokener *tok;
	struct json_object *o;
	const char *why = NULL;
	char name[32];
	size_t k, n;
	int array;

	/* Parsed whole by json-c, whose tree takes several times the
	 * text: larger ones are linted, as the documents they may be. */
	if (len > OWN_OUTPUT_MAX || !first_name(buf, len, name, sizeof(name),
	    &array))
		return NULL;
	n = array ? sizeof(afirsts) / sizeof(afirsts[0]) :
	    sizeof(firsts) / sizeof(firsts[0]);
	for (k = 0; k < n && strcmp(name, array ? afirsts[k] : firsts[k]);
	    k++)
		continue;
	if ((k == n && !format_writes_first(name, array)) ||
	    (tok = json_tokener_new()) == NULL)
		return NULL;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	o = json_tokener_parse_ex(tok, buf, (int)len);
	if (o != NULL && json_tokener_get_error(tok) == json_tokener_success &&
	    (size_t)json_tokener_get_parse_end(tok) + strspn(buf +
	    json_tokener_get_parse_end(tok), " \t\r\n") >= len)
		if ((why = format_own(o)) == NULL)
			why = other_shape(o);
	json_object_put(o);
	json_tokener_free(tok);
	return why;
}
