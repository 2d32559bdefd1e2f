/*
 * dl.c: the one loader of the libraries that --service and --snapshot
 * use (libcurl, libpq), opened with dlopen(3) when the option first
 * needs them rather than linked: a run without them loads nothing of
 * them, nor the TLS, Kerberos, LDAP and other libraries they need (about
 * 20, which took every other run 3 ms to load).
 */
#include <stdio.h>

#include "remote.h"

#if defined(DGS_HAVE_LIBPQ) || defined(DGS_HAVE_LIBCURL)
#include <dlfcn.h>

int
dl_load(const char *const *files, const char *lib, const char *package,
    const struct dl_sym *syms, size_t n, char *why, size_t whysize)
{
	void *h = NULL;
	size_t i;

	for (i = 0; files[i] != NULL && h == NULL; i++)
		h = dlopen(files[i], RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		snprintf(why, whysize, "cannot load %s (install %s): %s", lib,
		    package, dlerror());
		return -1;
	}
	for (i = 0; i < n; i++)
		if ((*syms[i].fn = dlsym(h, syms[i].name)) == NULL) {
			snprintf(why, whysize, "%s has no %s: %s", lib,
			    syms[i].name, dlerror());
			return -1;
		}
	return 0;
}
#else
int
dl_load(const char *const *files, const char *lib, const char *package,
    const struct dl_sym *syms, size_t n, char *why, size_t whysize)
{
	(void)files;
	(void)package;
	(void)syms;
	(void)n;
	snprintf(why, whysize, "dgslint was built without %s", lib);
	return -1;
}
#endif
