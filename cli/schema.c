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
	int rc;

	if (read_document(path, &buf, &len, err, sizeof(err)) != 0) {
		snprintf(why, whysize, "%s: cannot read the schema snapshot: "
		    "%s", shown, err);
		return NULL;
	}
	rc = dgs_schema_load(buf, len, shown, &s, &msg);
	free(buf);
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
