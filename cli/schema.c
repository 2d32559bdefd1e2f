/*
 * schema.c: reading a schema snapshot (--schema, --schema-before and the
 * configuration's "schema" and "schemaBefore") into the library.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "config.h"

struct dgs_schema *
schema_read(const char *path, const char *shown, char *why, size_t whysize)
{
	struct dgs_schema *s = NULL;
	char err[256], *msg = NULL;
	char *buf;
	size_t len;
	int rc, mapped;

	/* A large snapshot is mapped, not copied: its pages come from the
	 * page cache a batch at a time (for the benchmark's 34.8 MB, 8,500
	 * of the load's 24,000 page faults were this copy's). */
	if (map_document(path, 0, &buf, &len, &mapped, err, sizeof(err)) != 0) {
		snprintf(why, whysize, "%s: cannot read the schema snapshot: "
		    "%s", shown, err);
		return NULL;
	}
	rc = dgs_schema_load(buf, len, shown, &s, &msg);
	if (rc == 0 && map_changed(buf, mapped)) {
		unmap_document(buf, len, mapped);
		dgs_schema_free(s);
		snprintf(why, whysize, "%s: the schema snapshot changed while "
		    "it was read", shown);
		return NULL;
	}
	unmap_document(buf, len, mapped);
	if (rc == 0)
		return s;
	if (rc == DGS_ENOMEM) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	snprintf(why, whysize, "%s", msg != NULL ? msg : dgs_strerror(rc));
	free(msg);
	return NULL;
}

struct dgs_schema *
schema_start(const char *path, struct schema_text *t, char *why,
    size_t whysize)
{
	struct dgs_schema *s;
	char err[256];

	if (map_document(path, 0, &t->buf, &t->len, &t->mapped, err,
	    sizeof(err)) != 0) {
		snprintf(why, whysize, "%s: cannot read the schema snapshot: "
		    "%s", path, err);
		return NULL;
	}
	if (dgs_schema_load_start(t->buf, t->len, path, &s) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	return s;
}

void
schemas_wait(struct settings *cli)
{
	struct dgs_schema *v[2] = { cli->schema_now, cli->schema_old };
	char *msg;
	size_t i;
	int rc;

	for (i = 0; i < 2; i++) {
		if (v[i] == NULL || cli->schema_text[i].buf == NULL)
			continue;
		rc = dgs_schema_wait(v[i], &msg);
		if (rc == 0 && map_changed(cli->schema_text[i].buf,
		    cli->schema_text[i].mapped)) {
			fprintf(stderr, "dgslint: %s: the schema snapshot "
			    "changed while it was read\n", i == 0 ?
			    cli->schema : cli->schema_before);
			exit(2);
		}
		unmap_document(cli->schema_text[i].buf,
		    cli->schema_text[i].len, cli->schema_text[i].mapped);
		cli->schema_text[i].buf = NULL;
		if (rc == DGS_ENOMEM) {
			fprintf(stderr, "dgslint: out of memory\n");
			exit(2);
		}
		if (rc != 0) {
			fprintf(stderr, "dgslint: %s\n", msg != NULL ? msg :
			    dgs_strerror(rc));
			exit(2);
		}
	}
}
