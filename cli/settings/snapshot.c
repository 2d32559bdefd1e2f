/*
 * snapshot.c: reading a schema snapshot (--schema, --schema-before and the
 * configuration's "schema" and "schemaBefore") into the library.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../cli.h"
#include "config.h"

struct dgs_snapshot *
snapshot_read(const char *path, const char *shown, char *why, size_t whysize)
{
	struct dgs_snapshot *s = NULL;
	char err[256], *msg = NULL;
	char *buf;
	size_t len;
	int rc, mapped;

	/* A large snapshot is mapped, not copied: its pages come from the
	 * page cache a batch at a time (for the benchmark's 34.8 MB, 8,500
	 * of the load's 24,000 page faults were this copy's). */
	if (map_document(path, 0, &buf, &len, &mapped, NULL, err,
	    sizeof(err)) != 0) {
		snprintf(why, whysize, "%s: cannot read the schema snapshot: "
		    "%s", shown, err);
		return NULL;
	}
	rc = dgs_snapshot_load(buf, len, shown, &s, &msg);
	if (rc == 0 && map_changed(buf, mapped)) {
		unmap_document(buf, len, mapped);
		dgs_snapshot_free(s);
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

struct dgs_snapshot *
snapshot_start(const char *path, struct snapshot_text *t, char *why,
    size_t whysize)
{
	struct dgs_snapshot *s;
	char err[256];

	if (map_document(path, 0, &t->buf, &t->len, &t->mapped, NULL, err,
	    sizeof(err)) != 0) {
		snprintf(why, whysize, "%s: cannot read the schema snapshot: "
		    "%s", path, err);
		return NULL;
	}
	if (dgs_snapshot_load_start(t->buf, t->len, path, &s) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	return s;
}

void
snapshots_wait(struct settings *cli)
{
	struct dgs_snapshot *v[2] = { cli->snapshot_now, cli->snapshot_old };
	char *msg;
	size_t i;
	int rc;

	for (i = 0; i < 2; i++) {
		if (v[i] == NULL || cli->snapshot_text[i].buf == NULL)
			continue;
		rc = dgs_snapshot_wait(v[i], &msg);
		if (rc == 0 && map_changed(cli->snapshot_text[i].buf,
		    cli->snapshot_text[i].mapped)) {
			fprintf(stderr, "dgslint: %s: the schema snapshot "
			    "changed while it was read\n", i == 0 ?
			    cli->snapshot_file : cli->snapshot_before_file);
			exit(2);
		}
		unmap_document(cli->snapshot_text[i].buf,
		    cli->snapshot_text[i].len, cli->snapshot_text[i].mapped);
		cli->snapshot_text[i].buf = NULL;
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
