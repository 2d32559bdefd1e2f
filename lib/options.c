/*
 * options.c: options, names of kinds and severities, errors, version.
 */
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

static const char *const kind_names[DGS_KIND_MAX] = {
	[DGS_KIND_UNKNOWN] = "unknown",
	[DGS_KIND_REPLACEMENTS] = "replacements",
	[DGS_KIND_SUBSETTING] = "subsetting",
	[DGS_KIND_SUBSETTING_PUT] = "subsetting-put",
	[DGS_KIND_SCHEMA_CHANGES] = "schema-changes",
	[DGS_KIND_RESOLUTION] = "resolution",
	[DGS_KIND_JOB_START] = "job-start",
	[DGS_KIND_PRESET] = "preset",
};

static const char *const sev_names[] = { "off", "info", "warning", "error" };

struct dgs_options *
dgs_options_new(void)
{
	struct dgs_options *o;
	size_t i;

	if ((o = calloc(1, sizeof(*o))) == NULL)
		return NULL;
	for (i = 0; i < DGS_R_MAX; i++)
		o->severity[i] = dgs_rules[i].severity;
	return o;
}

void
dgs_options_free(struct dgs_options *o)
{
	free(o);
}

void
dgs_options_set_kind(struct dgs_options *o, enum dgs_kind k)
{
	o->kind = (unsigned)k < DGS_KIND_MAX ? k : DGS_KIND_UNKNOWN;
}

void
dgs_options_set_license(struct dgs_options *o, enum dgs_license l)
{
	o->license = l;
}

int
dgs_options_set_severity(struct dgs_options *o, const char *rule,
    enum dgs_severity sev)
{
	const struct dgs_rule_info *r;

	if ((r = dgs_rule_find(rule)) == NULL || sev > DGS_SEV_ERROR)
		return DGS_EINVAL;
	o->severity[r - dgs_rules] = sev;
	return 0;
}

const char *
dgs_kind_name(enum dgs_kind k)
{
	return (unsigned)k < DGS_KIND_MAX ? kind_names[k] : NULL;
}

enum dgs_kind
dgs_kind_from_name(const char *s)
{
	int k;

	for (k = 1; k < DGS_KIND_MAX; k++)
		if (strcmp(kind_names[k], s) == 0)
			return (enum dgs_kind)k;
	return DGS_KIND_UNKNOWN;
}

const char *
dgs_severity_name(enum dgs_severity s)
{
	return (unsigned)s <= DGS_SEV_ERROR ? sev_names[s] : "?";
}

int
dgs_severity_from_name(const char *s, enum dgs_severity *out)
{
	int i;

	for (i = 0; i <= DGS_SEV_ERROR; i++)
		if (strcmp(sev_names[i], s) == 0) {
			*out = (enum dgs_severity)i;
			return 0;
		}
	return DGS_EINVAL;
}

const char *
dgs_strerror(int e)
{
	switch (e) {
	case 0:
		return "success";
	case DGS_ENOMEM:
		return "out of memory";
	case DGS_EINVAL:
		return "invalid argument";
	case DGS_ECONFIG:
		return "unusable configuration";
	default:
		return "unknown error";
	}
}

const char *
dgs_version(void)
{
	return DGS_VERSION;
}
