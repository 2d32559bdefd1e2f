/*
 * load.c: what the command line's settings name, read before any
 * document: the --generators and --presets catalogues, the --schema and
 * --schema-before snapshots, and the workspace on the --service, which
 * the language server reads again when a configuration changes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "main.h"

/* Reads --generators or --presets FILE into the settings and loads it
 * into opts; returns 0, or EXIT_TROUBLE after saying why. */
static int
load_catalogue(const char *path, char **text, size_t *len,
    struct dgs_options *opts,
    int (*load)(struct dgs_options *, const char *, size_t, const char **))
{
	const char *why = NULL;
	char err[256];
	int rc;

	if (path == NULL)
		return 0;
	if (read_document(path, text, len, err, sizeof(err)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, err);
		return EXIT_TROUBLE;
	}
	if ((rc = load(opts, *text, *len, &why)) == 0)
		return 0;
	fprintf(stderr, "dgslint: %s: %s\n", path,
	    why != NULL ? why : dgs_strerror(rc));
	return EXIT_TROUBLE;
}

/* --generators and --presets: load_catalogue() of each into the
 * settings and base; returns 0, or EXIT_TROUBLE after saying why. */
int
load_catalogues(struct settings *cli, struct dgs_options *base)
{
	if (load_catalogue(cli->generators, &cli->generators_text,
	    &cli->generators_len, base, dgs_options_load_generators) != 0 ||
	    load_catalogue(cli->presets, &cli->presets_text,
	    &cli->presets_len, base, dgs_options_load_presets) != 0)
		return EXIT_TROUBLE;
	return 0;
}

/* Loads --schema and --schema-before into the settings and base, or
 * starts their loads on threads (async: run_jobs() waits for them before
 * the first output, so that a document is scanned while they load);
 * returns 0, or EXIT_TROUBLE after saying why. */
int
load_snapshots(struct settings *cli, struct dgs_options *base, int async)
{
	char why[1024];

	if (cli->snapshot_file != NULL && (cli->snapshot_now = async ?
	    snapshot_start(cli->snapshot_file, &cli->snapshot_text[0], why,
	    sizeof(why)) : snapshot_read(cli->snapshot_file,
	    cli->snapshot_file, why, sizeof(why))) == NULL) {
		fprintf(stderr, "dgslint: %s\n", why);
		return EXIT_TROUBLE;
	}
	if (cli->snapshot_before_file != NULL && (cli->snapshot_old = async ?
	    snapshot_start(cli->snapshot_before_file, &cli->snapshot_text[1],
	    why, sizeof(why)) : snapshot_read(cli->snapshot_before_file,
	    cli->snapshot_before_file, why, sizeof(why))) == NULL) {
		fprintf(stderr, "dgslint: %s\n", why);
		return EXIT_TROUBLE;
	}
	dgs_options_set_snapshots(base, cli->snapshot_now, cli->snapshot_old);
	return 0;
}

/* --service: checks its options, and reads the workspace's state into
 * the settings and base (its generators unless --generators names
 * them); returns 0, or EXIT_TROUBLE after saying why. */
int
read_service(struct settings *cli, struct dgs_options *base,
    enum service_mode m)
{
	const struct service_state *st;
	const char *why = NULL;
	char *msg;

	service_set_mode(m);
	/* What is printed is masked with the key, whoever reads it. */
	service_secrets_init();
	if (cli->service.url == NULL) {
		if (cli->service.workspace != NULL ||
		    cli->service.workspace_id != NULL)
			return bad_usage("%s needs --service, the service's "
			    "base URL", cli->service.workspace != NULL ?
			    "--workspace" : "--workspace-id");
		return 0;
	}
	if (cli->service.workspace != NULL && cli->service.workspace_id !=
	    NULL)
		return bad_usage("--workspace and --workspace-id exclude each "
		    "other: give the workspace's name or its id");
	if (cli->service.workspace == NULL && cli->service.workspace_id ==
	    NULL)
		return bad_usage("--service needs the workspace: --workspace "
		    "NAME or --workspace-id ID");
	if ((cli->service.workspace != NULL && *cli->service.workspace ==
	    '\0') || (cli->service.workspace_id != NULL &&
	    *cli->service.workspace_id == '\0'))
		return bad_usage("%s takes a non-empty value",
		    cli->service.workspace != NULL ? "--workspace" :
		    "--workspace-id");
	if ((st = service_get(&cli->service, &msg)) == NULL) {
		if (msg == NULL)	/* nothing is read */
			return 0;
		fprintf(stderr, "dgslint: --service %s\n", msg);
		free(msg);
		return EXIT_TROUBLE;
	}
	cli->service_state = st;
	dgs_options_set_service(base, st->svc);
	if (st->generators != NULL && cli->generators_text == NULL &&
	    dgs_options_load_generators(base, st->generators,
	    st->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		return EXIT_TROUBLE;
	}
	return 0;
}

/* The language server: takes the states read in the background, and
 * queues every state to be read again when a configuration changes
 * (lsp/server.c, with no lint running and no configuration loaded). */

void
refresh_service(void *arg, int reread)
{
	struct refresh_arg *ra = arg;
	const struct service_state *st = ra->cli->service_state;
	const char *why = NULL;

	if (reread)
		service_refresh();
	(void)service_adopt();
	if (st == NULL)
		return;
	dgs_options_set_service(ra->base, st->svc);
	if (st->generators != NULL && ra->cli->generators_text == NULL &&
	    dgs_options_load_generators(ra->base, st->generators,
	    st->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
}
