/*
 * service_trust.c: whom the service's API key may be sent to, and the
 * forms it is masked in.  A base URL is checked (service_url_check():
 * https, or http to this machine only; no user information, query or
 * fragment) and shown without what may be secret (service_url_shown());
 * a service that only a repository's configuration names gets the key
 * only when the user allows it (service_trusted()); the key itself,
 * from DGSLINT_API_KEY, is added to the run's secrets in every form the
 * layers of a request or an answer may spell it (service_secrets_init()).
 * The requests are service.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../repo/repo.h"
#include "remote.h"

/*
 * URLs.
 */
int
service_url_check(const char *url, char *why, size_t whysize)
{
	const char *p, *host;
	char local[64];
	size_t n;
	int tls;

	for (p = url; *p != '\0'; p++)
		if ((unsigned char)*p <= 0x20 || *p == 0x7f) {
			snprintf(why, whysize, "a URL holds no space nor "
			    "control character");
			return -1;
		}
	if (strncasecmp(url, "https://", 8) == 0)
		tls = 1;
	else if (strncasecmp(url, "http://", 7) == 0)
		tls = 0;
	else {
		snprintf(why, whysize, "the service's URL starts with https:// "
		    "(or http:// on this machine)");
		return -1;
	}
	host = url + (tls ? 8 : 7);
	n = strcspn(host, "/");
	if (strpbrk(url, "?#") != NULL) {
		snprintf(why, whysize, "the service's base URL has no query "
		    "nor fragment (?, #)");
		return -1;
	}
	if (memchr(host, '@', n) != NULL) {
		snprintf(why, whysize, "the service's URL holds no user nor "
		    "password: the API key, from %s, is the credential",
		    SERVICE_KEY_ENV);
		return -1;
	}
	if (n == 0 || host[0] == ':') {
		snprintf(why, whysize, "the service's URL names no host");
		return -1;
	}
	/* The host without its port. */
	if ((p = memchr(host, host[0] == '[' ? ']' : ':', n)) != NULL)
		n = (size_t)(p - host) + (host[0] == '[');
	if (!tls && http_local_addr(url, local, sizeof(local)) != 0) {
		snprintf(why, whysize, "http:// would send the API key "
		    "unencrypted to another machine: use https:// (plain "
		    "http is for a service on this machine only, named "
		    "localhost, [::1] or 127.A.B.C)");
		return -1;
	}
	return 0;
}

char *
service_url_shown(const char *url)
{
	const char *sep = strstr(url, "://"), *auth, *host, *rest;
	struct str b = { NULL, 0, 0 };
	size_t an, pn, i;

	/* Its scheme and host, without user information; its path; no
	 * query nor fragment. */
	auth = sep != NULL ? sep + 3 : url;
	an = strcspn(auth, "/?#");
	for (host = auth + an; host > auth && host[-1] != '@'; host--)
		continue;
	rest = auth + an;
	pn = strcspn(rest, "?#");
	str_addn(&b, url, (size_t)(auth - url));
	if (host > auth)
		str_addn(&b, "...@", 4);
	str_addn(&b, host, (size_t)(rest - host));
	str_addn(&b, rest, pn);
	if (rest[pn] != '\0')
		str_addn(&b, rest[pn] == '?' ? "?..." : "#...", 4);
	str_addn(&b, "", 0);
	/* No control character reaches a terminal. */
	for (i = 0; i < b.len; i++)
		if ((unsigned char)b.s[i] < 0x20 || b.s[i] == 0x7f)
			b.s[i] = '?';
	return b.s;
}

/* s[0..n) percent-encoded for a URL's path segment or query value,
 * in hex digits of lower case or not: RFC 3986's unreserved characters
 * as they are. */
void
url_escape(struct str *b, const char *s, size_t n, int lower)
{
	static const char hex[2][17] = { "0123456789ABCDEF",
	    "0123456789abcdef" };
	char e[3];
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.' ||
		    c == '_' || c == '~') {
			str_addn(b, s + i, 1);
			continue;
		}
		e[0] = '%';
		e[1] = hex[lower != 0][c >> 4];
		e[2] = hex[lower != 0][c & 15];
		str_addn(b, e, 3);
	}
}

/*
 * Trust: a repository's configuration names a service, the user allows
 * it.  A cloned repository's .dgslint.json would otherwise send the key
 * of the user's environment wherever it says, as soon as an editor opens
 * one of its files.  As git's safe.directory and direnv's allow, the list
 * is the user's, outside every repository: DGSLINT_TRUSTED_SERVICES
 * (base URLs separated by white space) and the file
 * $XDG_CONFIG_HOME/dgslint/trusted-services (~/.config when the variable
 * is not set; a base URL a line, '#' starts a comment); "*" allows any.
 */

/* Whether base URLs a[0..an) and b[0..bn) are the same: the scheme and
 * host in any letter case, the path exactly, trailing slashes aside. */
static int
url_same(const char *a, size_t an, const char *b, size_t bn)
{
	const char *sa, *sb;
	size_t ha, hb;

	while (an > 0 && a[an - 1] == '/')
		an--;
	while (bn > 0 && b[bn - 1] == '/')
		bn--;
	if (an != bn || (sa = strstr(a, "://")) == NULL ||
	    (sb = strstr(b, "://")) == NULL)
		return 0;
	ha = (size_t)(sa - a) + 3 + strcspn(sa + 3, "/");
	hb = (size_t)(sb - b) + 3 + strcspn(sb + 3, "/");
	if (ha > an)
		ha = an;
	if (hb > bn)
		hb = bn;
	return ha == hb && strncasecmp(a, b, ha) == 0 &&
	    memcmp(a + ha, b + hb, an - ha) == 0;
}

/* Whether the list text (entries separated by white space, '#' to the
 * end of a line a comment) allows url. */
static int
list_allows(const char *text, const char *url)
{
	const char *p = text;
	size_t n;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			return 0;
		if (*p == '#') {
			p += strcspn(p, "\n");
			continue;
		}
		n = strcspn(p, " \t\r\n#");
		if ((n == 1 && *p == '*') || url_same(p, n, url, strlen(url)))
			return 1;
		p += n;
	}
}

/* The user's file of trusted services, into path: under an absolute
 * $XDG_CONFIG_HOME, or ~/.config under an absolute $HOME (a relative
 * one is the working directory's, which may be any repository's, as
 * the XDG Base Directory page says of XDG_CONFIG_HOME); -1 when there is
 * none, with why a relative HOME is not used in note. */
static int
trust_file(char *path, size_t size, char *note, size_t nsize)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	if (xdg != NULL && *xdg == '/')
		snprintf(path, size, "%s/%s", xdg, SERVICE_TRUST_FILE);
	else if (home != NULL && *home == '/')
		snprintf(path, size, "%s/.config/%s", home,
		    SERVICE_TRUST_FILE);
	else {
		if (home != NULL && *home != '\0')
			snprintf(note, nsize, "HOME (%s) is not an absolute "
			    "path: ~/.config/" SERVICE_TRUST_FILE " is not "
			    "read", home);
		return -1;
	}
	return 0;
}

int
service_trusted(const char *url, const char *checkout, char *note,
    size_t size)
{
	const char *env = getenv(SERVICE_TRUST_ENV);
	char path[4096], why[256], *buf;
	size_t n;
	int ok = 0, rc;

	*note = '\0';
	if (env != NULL && list_allows(env, url))
		return 1;
	if (trust_file(path, sizeof(path), note, size) != 0)
		return 0;
	/* The repository's own file is not the user's (HOME or
	 * XDG_CONFIG_HOME set to a directory of the checkout). */
	if (checkout != NULL && path_within(path, checkout)) {
		snprintf(note, size, "%s is not read: it lies in the "
		    "repository (%s), not among the user's files", path,
		    checkout);
		return 0;
	}
	/* A list of base URLs, of at most 64 KiB, never waited for: a FIFO
	 * there blocked the run forever (read_found()). */
	if ((rc = read_found(path, 0, 65536, &buf, &n, why,
	    sizeof(why))) != 0) {
		if (rc < 0)
			snprintf(note, size, "%s is not read: %s", path, why);
		return 0;
	}
	if (strlen(buf) == n)	/* a NUL is no list */
		ok = list_allows(buf, url);
	free(buf);
	return ok;
}

void
service_secrets_init(void)
{
	static int done;
	const char *key = getenv(SERVICE_KEY_ENV);

	static const char *const sets[] = { "+", "+<>&'", "+<>&'=" };
	static const char hex[2][17] = { "0123456789ABCDEF",
	    "0123456789abcdef" };
	struct str b;
	size_t n, i, k, c, x;
	int slash;

	/* The key as sent (and percent-decoded); redact() finds it in text
	 * that JSON and HTTP layers escaped, as it decodes the text.  Where
	 * an escape of the text would hide where the key starts ("%2fKEY"
	 * read as "/" then "KEY"...), the forms whole encoders write are
	 * found as they are: percent-encoded, and JSON-escaped as .NET's
	 * encoder and others do (\u002B in either case, / or \/). */
	if (done || key == NULL || *key == '\0') {
		done = 1;
		return;
	}
	done = 1;
	n = strlen(key);
	secrets_add(secrets_run(), key, n);
	for (x = 0; x < 2; x++) {
		memset(&b, 0, sizeof(b));
		url_escape(&b, key, n, (int)x);
		secrets_add(secrets_run(), b.s, b.len);
		free(b.s);
	}
	for (k = 0; k < sizeof(sets) / sizeof(sets[0]); k++)
		for (x = 0; x < 2; x++)
			for (slash = 0; slash < 2; slash++) {
				memset(&b, 0, sizeof(b));
				for (i = 0; i < n; i++) {
					c = (unsigned char)key[i];
					if (c == '/' && slash)
						str_addn(&b, "\\/", 2);
					else if (strchr(sets[k], (int)c) ==
					    NULL || c == 0)
						str_addn(&b, key + i, 1);
					else {
						str_addn(&b, "\\u00", 4);
						str_addn(&b, &hex[x][c >> 4], 1);
						str_addn(&b, &hex[x][c & 15], 1);
					}
				}
				secrets_add(secrets_run(), b.s, b.len);
				free(b.s);
			}
}
