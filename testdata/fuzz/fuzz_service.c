/*
 * fuzz_service.c: the libFuzzer harness of the service's answers ("make
 * fuzz", beside fuzz.c's documents).
 *
 * An input is one HTTP answer: a status line ("HTTP/1.1 404 Not Found",
 * or a bare number), header lines, an empty line, the body (a missing
 * status is 200).  Every request of a workspace's reading
 * (cli/remote/service.c: the search by name, the schema changes, the generators, the subsetting
 * configurations; by name and by id) gets that answer, with no network
 * (service_answer()).  The headers are parsed and dropped, as dgslint
 * reads no header of an answer.
 *
 * The promises checked: no crash, leak or undefined behaviour (ASan,
 * UBSan, LeakSanitizer); what the reading says holds neither the key nor
 * its JSON-escaped or percent-encoded forms (the key holds '+' and '/'),
 * nor a control character other than the line breaks between messages;
 * masking is linear (a bounded input is masked at once, which -timeout
 * catches).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "remote/service.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define KEY	"fuzz+Key/9=Q"

static void
broken(const char *what, const char *said)
{
	fprintf(stderr, "fuzz_service: %s:\n%s\n", what, said);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const forms[] = {
		KEY, "fuzz\\u002BKey\\/9\\u003DQ", "fuzz%2BKey%2F9%3DQ",
		"fuzz%2bKey%2f9%3dQ", "fuzz\\u002bKey/9=Q",
	};
	static int ready;
	const char *p = (const char *)data, *end = p + size, *nl, *body;
	char *said, *q;
	long status = 200;
	size_t i;

	if (!ready) {
		setenv("DGSLINT_API_KEY", KEY, 1);
		service_secrets_init();
		ready = 1;
	}
	/* The status line, then the headers up to an empty line. */
	body = p;
	if ((nl = memchr(p, '\n', size)) != NULL) {
		q = strndup(p, (size_t)(nl - p));
		if (q == NULL)
			return 0;
		if (strncmp(q, "HTTP/", 5) == 0 && strchr(q, ' ') != NULL)
			status = strtol(strchr(q, ' ') + 1, NULL, 10);
		else
			status = strtol(q, NULL, 10);
		free(q);
		if (status < 100 || status > 599)
			status = 200;
		for (body = nl + 1; body < end; body = nl + 1) {
			if ((nl = memchr(body, '\n', (size_t)(end - body))) ==
			    NULL)
				break;
			if (nl == body || (nl == body + 1 && *body == '\r')) {
				body = nl + 1;
				break;
			}
		}
		if (nl == NULL)
			body = end;
	}
	said = service_answer(status, body, (size_t)(end - body));
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (strstr(said, forms[i]) != NULL)
			broken("the key is shown", said);
	for (q = said; *q != '\0'; q++)
		if (((unsigned char)*q < 0x20 && *q != '\n') || *q == 0x7f)
			broken("a control character is shown", said);
	free(said);
	return 0;
}
