# dgslint: a plain Makefile for GNU make.
#
#   make            build build/dgslint and build/libdgslint.a
#   make help       this list
#   make check      after every change: install missing build dependencies,
#                   build, run the tests (about 2 minutes once built)
#   make check-arch when you add a rule, a format, a file or a function of
#                   dgslint.h: the architecture tests (a new rule and a new
#                   format in a copy of the tree, the layers, the sizes of
#                   files and functions, the library's page, the
#                   references, the fixes)
#   make check-all  before you merge: check, check-arch and memcheck
#   make demo       build and lint the bundled example configuration
#   make sanitize   build with ASan and UBSan and run make check's tests
#   make sanitize-thread  ThreadSanitizer over the language server's
#                   cases, its stress test and the threaded unit test
#   make memcheck   the unit tests and a sample of the golden cases under
#                   valgrind (MEMCHECK_SAMPLE= for them all)
#   make fuzz       libFuzzer for FUZZ_SECONDS (installs clang as root)
#   make fuzz-hostile  large hostile configurations and ignore files,
#                   and hostile repositories (links, devices, FIFOs, names)
#   make bench      the benchmark (testdata/bench/bench.sh) of the program
#                   as a release builds it (LTO, PGO), in build/lto
#   make html       build/html: the manual as HTML, a page per rule
#   make install    PREFIX=/usr/local DESTDIR=
#   make static     build/static/dgslint, linked with no shared library
#   make deb        the Debian packages dgslint and libdgslint-dev
#   make dist       build/dist: the release (source, static binary, .deb,
#                   SHA256SUMS), the same bytes from the same commit
#   make image      the container image of the release's static binary
#
# The user's CFLAGS, CPPFLAGS and LDFLAGS are kept; the flags the build
# needs are added in ALL_CFLAGS.  CI (.ci/run) runs check, check-arch,
# sanitize, memcheck and the rest with CFLAGS=-Werror.

VERSION    = 0.1.0
CC         = cc
AR         = ar
# D: deterministic archives (no dates, owners or modes in the members).
ARFLAGS    = rcsD
PKG_CONFIG = pkg-config
INSTALL    = install
PREFIX     = /usr/local
BINDIR     = $(PREFIX)/bin
LIBDIR     = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
MANDIR     = $(PREFIX)/share/man
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
# The shell completions (cli/completion/), where each shell looks.
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
DESTDIR    =
BUILD      = build

CFLAGS     = -O2 -g
WARNFLAGS  = -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes \
	     -Wstrict-prototypes -Wwrite-strings -Wformat=2 -Wvla \
	     -Wno-unused-parameter
DEPS_CFLAGS := $(shell $(PKG_CONFIG) --cflags json-c libpcre2-8 2>/dev/null)
DEPS_LIBS   := $(shell $(PKG_CONFIG) --libs json-c libpcre2-8 2>/dev/null)
# libcsv reads CSV schema snapshots (lib/snapshot_csv.c); it has no pkg-config
# file, so it is named here and in dgslint.pc's Libs.  Its static archive
# where it links (Debian ships one): loading the shared library took
# every run 40 microseconds, 4% of a small file's.
CSV_LIBS := $(shell echo 'int csv_init(void *, unsigned char);' \
	     'int main(void) { return csv_init(0, 0); }' | \
	     $(CC) -x c -o /dev/null - -Wl,-Bstatic -lcsv -Wl,-Bdynamic \
	     2>/dev/null && echo -Wl,-Bstatic -lcsv -Wl,-Bdynamic)
DEPS_LIBS   += $(if $(CSV_LIBS),$(CSV_LIBS),-lcsv)
CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
# libpq (optional): --snapshot is built when pkg-config finds it, and
# loads libpq when it runs (cli/remote/snapshot_pg.c says why it is not linked).
PQ_CFLAGS := $(shell $(PKG_CONFIG) --exists libpq 2>/dev/null && \
	     echo -DDGS_HAVE_LIBPQ $$($(PKG_CONFIG) --cflags libpq))
PQ_LIBS   := $(shell $(PKG_CONFIG) --exists libpq 2>/dev/null && echo -ldl)
# libcurl (optional): --service is built when pkg-config finds it, and
# loads libcurl when the first request is made (cli/remote/http.c says why).
CURL_CFLAGS := $(shell $(PKG_CONFIG) --exists libcurl 2>/dev/null && \
	     echo -DDGS_HAVE_LIBCURL $$($(PKG_CONFIG) --cflags libcurl))
CURL_LIBS   := $(shell $(PKG_CONFIG) --exists libcurl 2>/dev/null && echo -ldl)
# Link-time optimisation where the compiler takes it without a word (GCC):
# the small functions of one file that the rules call in their loops
# (dgs_is(), the pointer's pushes, the member lookups) are inlined into
# them; 5% less time on the 2,000 files.  The objects are fat, so that the
# installed libdgslint.a links without it.  Only where a release is built
# or measured (make static, deb, dist, bench: RELEASE_LTO); the development
# build goes without, as it nearly doubled its CPU time.  "make
# LTO='$(RELEASE_LTO)'" builds with it, "make static RELEASE_LTO=" without.
RELEASE_LTO := $(shell $(CC) -Werror -flto=auto -ffat-lto-objects -x c -c \
	     -o /dev/null /dev/null 2>/dev/null && \
	     echo -flto=auto -ffat-lto-objects)
LTO =
# Profile-guided optimisation, where a release is built or measured too
# (GCC): the program is built first to count its branches
# (-fprofile-generate, make pgo-train), run as users run it over
# testdata's documents (testdata/bench/pgo-train.sh), and built again
# laid out and inlined for what the counts say (PGO_USE): 9% fewer
# instructions on the benchmark's 2,000 files, and as much less time.
# The counts must be the same at every build, so that a release is the
# same bytes from the same commit: pgo-train.sh says how its runs are
# kept alike.  "make static RELEASE_PGO=" builds without.
RELEASE_PGO := $(shell $(CC) -Werror -fprofile-use -fprofile-partial-training \
	     -Wno-missing-profile -x c -c -o /dev/null /dev/null 2>/dev/null && \
	     echo yes)
# PGO=gen or PGO=use: the build's flags (PGO_FLAGS), taken where BUILD
# is known, in the make that builds it.
PGO       =
# The profile's directory: absolute where the training writes it, from
# another directory (PGO_PLACE), relative where the build reads it, as a
# release's debugging information records the options (the build in an
# unpacked source tarball must make the same bytes).  -fprofile-correction
# takes the calls into the uncounted functions (DGS_UNPROFILED)
# without a warning.
PGO_DIR   = $(BUILD)/profile
PGO_GEN   = -fprofile-generate -fprofile-update=atomic \
	    -fprofile-dir=$(abspath $(PGO_DIR))
PGO_USE   = -fprofile-use -fprofile-partial-training -fprofile-correction \
	    -Wno-missing-profile -fprofile-dir=$(PGO_DIR)
PGO_FLAGS = $(if $(RELEASE_PGO),$(if $(filter gen,$(PGO)),$(PGO_GEN), \
	    $(if $(filter use,$(PGO)),$(PGO_USE))))
# mimalloc (optional; Debian: libmimalloc-dev), the program's malloc()
# where it links: loaded before the C library, it serves json-c's many
# small blocks (a document's tree, freed for the next one built of the
# same sizes) from thread caches that glibc's calloc() does not use.  The
# library leaves the allocator to the program that links it; the static
# program (MIMALLOC_LIBS=) and a build under a sanitizer (-fsanitize= in
# CFLAGS or LDFLAGS: make sanitize, sanitize-thread), whose runtime
# replaces malloc(), use the C library's.  Found by pkg-config, else by
# -lmimalloc (Debian 12 ships no mimalloc.pc); linked even where the
# linker drops what no object names (--as-needed), as the program calls
# no function of its own.
MIMALLOC_LIBS := $(if $(findstring -fsanitize=,$(CFLAGS) $(LDFLAGS)),, \
	     $(shell if $(PKG_CONFIG) --exists mimalloc 2>/dev/null; \
	     then l=$$($(PKG_CONFIG) --libs mimalloc); \
	     elif echo 'int mi_version(void);' \
	         'int main(void) { return mi_version() == 0; }' | \
	         $(CC) -x c -o /dev/null - -lmimalloc 2>/dev/null; \
	     then l=-lmimalloc; fi; \
	     [ -z "$$l" ] || echo -Wl,--push-state,--no-as-needed $$l \
	         -Wl,--pop-state))
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNFLAGS) \
	     -Ilib -Irules $(DEPS_CFLAGS) $(LTO) $(PGO_FLAGS) $(CPPFLAGS) \
	     $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)

LIB_SRC   = $(filter-out lib/check_%.c,$(wildcard lib/*.c)) \
	    $(filter-out rules/check_%.c,$(wildcard rules/*.c))
CLI_SRC   = $(filter-out $(wildcard cli/check_*.c cli/*/check_*.c), \
	    $(wildcard cli/*.c cli/*/*.c))
CHECK_SRC = $(wildcard lib/check_*.c rules/check_*.c)
HDR       = $(wildcard lib/*.h rules/*.h rules/*.def cli/*.h cli/*/*.h)
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ   = $(CLI_SRC:%.c=$(BUILD)/%.o)
# The output formats (cli/format/: output.c and a file a format) and what they
# need, the ground floor (cli/base/): also linked by the fuzz harness.
CLI_OUT_SRC = $(wildcard cli/format/*.c cli/base/*.c)
CLI_OUT_OBJ = $(CLI_OUT_SRC:%.c=$(BUILD)/%.o)
# The service's reading, for its fuzzing harness (testdata/fuzz/fuzz_service.c).
CLI_SVC_OBJ = $(BUILD)/cli/remote/service.o \
	      $(BUILD)/cli/remote/service_trust.o $(BUILD)/cli/remote/http.o \
	      $(BUILD)/cli/remote/dl.o $(BUILD)/cli/remote/redact.o \
	      $(BUILD)/cli/repo/path.o $(BUILD)/cli/repo/readfile.o
CHECK_OBJ = $(CHECK_SRC:%.c=$(BUILD)/%.o)
# dgslint-rules(7) is made: its rules' entries from their records.
MAN       = man/dgslint.1 man/dgslint.json.5 $(BUILD)/man/dgslint-rules.7 \
	    man/dgslint-schema.5 man/dgslint.3

all: $(BUILD)/dgslint $(BUILD)/libdgslint.a $(BUILD)/dgslint.pc \
    $(BUILD)/man/dgslint-rules.7

# Each object depends on the headers and .def files it includes (-MMD -MP
# write them to its .d file as it is compiled), and on the Makefile: a
# change of flags rebuilds every object.
$(BUILD)/%.o: %.c Makefile
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(CHECK_OBJ:.o=.d)

$(BUILD)/lib/check_%.o $(BUILD)/rules/check_%.o: ALL_CFLAGS += $(CHECK_CFLAGS) -I$(BUILD)

# The unit-test runner finds every "Suite *NAME_suite(void)".
$(BUILD)/check_suites.h: $(CHECK_SRC)
	@mkdir -p $(@D)
	sed -n 's/^\([a-z_0-9]*_suite\)(void)$$/SUITE(\1)/p' $(CHECK_SRC) > $@

$(BUILD)/lib/check_main.o: $(BUILD)/check_suites.h

$(BUILD)/libdgslint.a: $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) $(ARFLAGS) $@ $(LIB_OBJ)

$(BUILD)/dgslint: $(CLI_OBJ) $(BUILD)/libdgslint.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) \
	    $(BUILD)/libdgslint.a $(MIMALLOC_LIBS) $(DEPS_LIBS) $(PQ_LIBS) \
	    $(CURL_LIBS) -lpthread

# The rules' manual: the hand-written part, and an entry for each rule
# made from its record by man/mkman.c.
$(BUILD)/mkman: man/mkman.c $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ man/mkman.c \
	    $(BUILD)/libdgslint.a $(DEPS_LIBS) -lpthread

# The records' bad and good examples, linted (testdata/rule-examples/).
$(BUILD)/rule-examples: testdata/rule-examples/check.c $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ testdata/rule-examples/check.c \
	    $(BUILD)/libdgslint.a $(DEPS_LIBS) -lpthread

$(BUILD)/man/dgslint-rules.7: man/dgslint-rules.7.in $(BUILD)/mkman
	@mkdir -p $(@D)
	$(BUILD)/mkman <man/dgslint-rules.7.in >$@.tmp
	mv $@.tmp $@

# make html: build/html, the five manual pages as HTML (mandoc -T html,
# each linking the others, in English; a page it does not make, such as
# psql(1), is named without a link) and a page per rule made from its record by
# man/mkhtml.c: build/html/rules/ID.html, the names that --rule-url
# and "ruleUrl" link to (publish build/html/rules/ at that URL), with
# build/html/rules/index.html and build/html/index.html.
HTML_MAN = man/dgslint.1 man/dgslint.3 man/dgslint.json.5 \
	   man/dgslint-schema.5 $(BUILD)/man/dgslint-rules.7
$(BUILD)/mkhtml: man/mkhtml.c $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ man/mkhtml.c \
	    $(BUILD)/libdgslint.a $(DEPS_LIBS) -lpthread

html: $(BUILD)/mkhtml $(HTML_MAN)
	@command -v mandoc >/dev/null || { echo "dgslint: make html needs" \
	    "mandoc (Debian: mandoc)" >&2; exit 1; }
	rm -rf $(BUILD)/html
	$(BUILD)/mkhtml $(BUILD)/html
	for p in $(HTML_MAN); do \
	    h=$(BUILD)/html/$$(basename $$p).html; \
	    mandoc -T html -O man=%N.%S.html $$p >$$h.tmp || exit 1; \
	    sed -e 's/^<html>$$/<html lang="en">/' \
	        -e 's#<a class="Xr" href="\([^"]*\)">\([^<]*\)</a>#<Xr \1>\2</Xr>#g' \
	        $(foreach m,$(notdir $(HTML_MAN)),-e 's#<Xr $(m).html>\([^<]*\)</Xr>#<a class="Xr" href="$(m).html">\1</a>#g') \
	        -e 's#<Xr [^>]*>\([^<]*\)</Xr>#<span class="Xr">\1</span>#g' \
	        $$h.tmp >$$h && rm $$h.tmp; \
	done
	@echo "$(BUILD)/html: $$(ls $(BUILD)/html/rules | grep -c "^DGS") rule pages" \
	    "and indexes, $(words $(HTML_MAN)) manual pages"

$(BUILD)/cli/remote/snapshot_pg.o: ALL_CFLAGS += $(PQ_CFLAGS)
$(BUILD)/cli/remote/http.o: ALL_CFLAGS += $(CURL_CFLAGS)
$(BUILD)/cli/remote/dl.o: ALL_CFLAGS += $(PQ_CFLAGS) $(CURL_CFLAGS)

# The glob patterns' test: against the matcher they had before issue 29.
$(BUILD)/check_glob: cli/repo/check_glob.c $(BUILD)/cli/repo/glob.o \
    $(BUILD)/cli/base/xalloc.o
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(ALL_LDFLAGS) -o $@ \
	    cli/repo/check_glob.c $(BUILD)/cli/repo/glob.o \
	    $(BUILD)/cli/base/xalloc.o \
	    $(CHECK_LIBS)

$(BUILD)/check_dgslint: $(CHECK_OBJ) $(BUILD)/libdgslint.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(CHECK_OBJ) \
	    $(BUILD)/libdgslint.a $(DEPS_LIBS) $(CHECK_LIBS)

# Written on every run and replaced only when its text changes, so that
# "make install PREFIX=..." after "make" installs the right paths.  Only a
# static library is installed: its dependencies are in Requires (not
# Requires.private) so that "pkg-config --libs dgslint" links.
$(BUILD)/dgslint.pc: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	    'includedir=$(INCLUDEDIR)' '' 'Name: dgslint' \
	    'Description: linter for Data Generation Service API documents' \
	    'Version: $(VERSION)' 'Requires: json-c libpcre2-8' \
	    'Cflags: -I$${includedir}' \
	    'Libs: -L$${libdir} -ldgslint -lcsv -lpthread' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; \
	    echo "wrote $@ (prefix $(PREFIX))"; fi

FORCE:

# make help: the list at the top of this file.
help:
	@sed -n '3,/^[^#]/s/^#//p' Makefile

# Installs what the build needs on Debian when it is missing (as root), or
# says exactly what to run.
# The tests' own: python3 (stand-in service, xattrs, sockets), git (the
# .gitignore walk), openssl (the stand-in's certificate).
DEB_DEPS = libjson-c-dev libpcre2-dev check pkg-config libpq-dev libcsv-dev \
	   libmimalloc-dev libcurl4-openssl-dev python3 git openssl
deps:
	@missing=; \
	if command -v dpkg-query >/dev/null 2>&1; then \
	    for p in $(DEB_DEPS); do \
	        dpkg-query -W -f='$${Status}' $$p 2>/dev/null | \
	            grep -q 'ok installed' || missing="$$missing $$p"; \
	    done; \
	elif ! $(PKG_CONFIG) --exists json-c libpcre2-8 check 2>/dev/null; then \
	    echo "dgslint: json-c, PCRE2 (8-bit) and Check must be installed" \
	        "with their pkg-config files" >&2; exit 1; \
	fi; \
	if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	        echo "installing:$$missing"; \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	            apt-get install -y -qq$$missing >/dev/null || exit 1; \
	    else \
	        echo "dgslint: missing build dependencies; run:" >&2; \
	        echo "    sudo apt-get install$$missing" >&2; exit 1; \
	    fi; \
	fi

# Which tests to run when:
#   make check       after every change (a few minutes): the unit tests,
#                    the golden tests (in parallel), the generators, the
#                    manual pages, the rules' examples, conflict markers;
#   make check-arch  when you add a rule, a format, a file or a public
#                    function, and before you merge: the architecture tests
#                    (a new rule and a new format in a copy of the tree,
#                    the layers, the sizes of files and functions, the
#                    library's page, the references, the fixes, the golden
#                    tests again with -j 3); make check first;
#   make check-all   before you merge: check, check-arch and memcheck,
#                    as CI's first steps run them.
# check and demo install dependencies first, then re-read this Makefile so
# that the pkg-config flags are those of the installed libraries.  The
# build is parallel (a job a processor, JOBS) unless make's -j says.
JOBS = $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
PAR  = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
check: deps
	@$(MAKE) --no-print-directory $(PAR) check-run

check-arch: deps
	@$(MAKE) --no-print-directory $(PAR) check-arch-run

check-all: deps
	@$(MAKE) --no-print-directory $(PAR) check-run
	@$(MAKE) --no-print-directory $(PAR) check-arch-run
	@$(MAKE) --no-print-directory $(PAR) memcheck-run

CHECK_BIN = all $(BUILD)/check_dgslint $(BUILD)/check_glob \
	    $(BUILD)/rule-examples
check-run: $(CHECK_BIN)
	@echo "== unit tests"
	@DGS_TOP=. $(BUILD)/check_dgslint
	@$(BUILD)/check_glob
	@echo "== golden tests"
	@sh testdata/run $(BUILD)/dgslint
	@echo "== generators"
	@sh testdata/generators/coverage $(BUILD)/dgslint
	@echo "== manual pages"
	@sh testdata/table-check $(BUILD)/dgslint
	@echo "== rule examples"
	@$(BUILD)/rule-examples
	@echo "== merge conflict markers"
	@sh testdata/conflict-check

check-arch-run: $(CHECK_BIN)
	@echo "== the library's page"
	@CC="$(CC)" CFLAGS="$(ALL_CFLAGS)" LDFLAGS="$(ALL_LDFLAGS)" \
	    LIBS="$(DEPS_LIBS) -lpthread" sh testdata/library-page $(BUILD)
	@echo "== a new format: its file and its row"
	@sh testdata/new-format $(BUILD)
	@echo "== a new rule: its record, its check and its test documents"
	@sh testdata/new-rule $(BUILD)
	@echo "== layers"
	@sh testdata/layers $(BUILD)
	@echo "== sizes: no C file over 1,200 lines, at most 25 functions over 80"
	@sh testdata/sizes
	@echo "== references"
	@sh testdata/references $(BUILD)/dgslint
	@echo "== fixes"
	@sh testdata/fix-check $(BUILD)/dgslint
	@echo "== golden tests with -j 3: the output of -j 1"
	@sh testdata/jobs-golden $(BUILD)/dgslint

# Rewrites the expected output of every golden test that differs.
accept: all
	@sh testdata/run --accept $(BUILD)/dgslint

demo: deps
	@$(MAKE) --no-print-directory all
	@echo "== $(BUILD)/dgslint testdata/examples"
	@$(BUILD)/dgslint testdata/examples; \
	    rc=$$?; echo "(exit status $$rc)"; [ $$rc -le 1 ]

# Check stops a unit test after 4 s; the sanitizers make the tests
# slower, and a CI machine may be slow as well: ten times that here.
sanitize: deps
	@CK_TIMEOUT_MULTIPLIER=10 \
	    $(MAKE) --no-print-directory $(PAR) BUILD=build/sanitize LTO= \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all $(CFLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined $(LDFLAGS)" check-run

# ThreadSanitizer (build/tsan, LTO off) over what runs on several threads:
# the language server's golden cases (testdata/lsp, with stress.cmd: many
# documents reopened while their configurations change), the service's
# (testdata/service/lsp*: its reader thread) and the unit test that lints
# on four threads.  Any report fails it: it stops the program
# (halt_on_error) and is written to $(BUILD)/tsan.PID, which must not be
# there after.  Debian 12's libtsan cannot map its shadow memory under the
# address randomisation of some kernels (vm.mmap_rnd_bits above 28); the
# tests then run under setarch -R, which turns it off for them.
TSAN_FLAGS = -O1 -g -fsanitize=thread -fno-omit-frame-pointer
sanitize-thread: deps
	@$(MAKE) --no-print-directory BUILD=build/tsan LTO= \
	    CFLAGS="$(TSAN_FLAGS) $(CFLAGS)" \
	    LDFLAGS="-fsanitize=thread $(LDFLAGS)" sanitize-thread-run

sanitize-thread-run: all $(BUILD)/check_dgslint
	@rm -f $(BUILD)/tsan.*
	@run=; \
	if ! $(BUILD)/dgslint --version >/dev/null 2>&1; then \
	    run="setarch $$(uname -m) -R"; \
	    $$run $(BUILD)/dgslint --version >/dev/null || { echo \
	        "dgslint: ThreadSanitizer cannot run here, even under" \
	        "setarch -R (try: sysctl vm.mmap_rnd_bits=28)" >&2; exit 1; }; \
	    echo "(ThreadSanitizer runs under $$run)"; \
	fi; \
	TSAN_OPTIONS="halt_on_error=1 log_path=$(abspath $(BUILD))/tsan" && \
	export TSAN_OPTIONS && \
	echo "== the threaded unit test under ThreadSanitizer" && \
	CK_RUN_SUITE=catalog CK_RUN_CASE=lint CK_TIMEOUT_MULTIPLIER=10 DGS_TOP=. \
	    $$run $(BUILD)/check_dgslint && \
	echo "== the language server under ThreadSanitizer" && \
	$$run sh testdata/run $(BUILD)/dgslint testdata/lsp \
	    $(wildcard testdata/service/lsp*.expected); rc=$$?; \
	for f in $(BUILD)/tsan.*; do \
	    [ -f "$$f" ] || continue; cat "$$f" >&2; rc=1; \
	done; \
	[ $$rc = 0 ] && echo "ThreadSanitizer: no report"; exit $$rc

# The unit tests and the golden cases under valgrind memcheck: any invalid
# access or leak fails the test (valgrind's messages change the output and
# its exit status 99 the last line).  The cases are testdata/run --sample's:
# every case of the folders of the program's paths (cli/, config/, fault/,
# fix/, lsp/, service/, formats/, badinput/...), and in the folders where
# each case is one more document through the same code (a rule's or a
# generator's folder under rules/ and generators/, corpus/'s), the first
# case of each kind (bad-*, good-*, ...): its check, report and fix run
# there as in the others, with other values.  About half the cases;
# MEMCHECK_SAMPLE= runs them all.  The unit tests run a suite a process
# (CK_RUN_SUITE: NAME_suite() makes the suite "NAME", as check_suites.h
# lists them), JOBS at a time; a suite of no check fails.  The program
# is the one make builds: valgrind replaces mimalloc's malloc() and free()
# as it does the C library's (--soname-synonyms names it; Debian 12's
# valgrind 3.19 does so unasked), so that it sees every block.
MEMCHECK_SAMPLE = --sample
MEMCHECK_ALONE = testdata/service testdata/lsp testdata/fault testdata/config \
		 testdata/cli
memcheck: deps
	@$(MAKE) --no-print-directory $(PAR) memcheck-run

memcheck-run: all $(BUILD)/check_dgslint
	@command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
	@echo "== unit tests under valgrind (a process a suite, $(JOBS) at a time)"
	@sed -n 's/^SUITE(\(.*\)_suite)$$/\1/p' $(BUILD)/check_suites.h | \
	    xargs -P $(JOBS) -I{} sh -c 'out=$$(CK_RUN_SUITE=$$0 CK_FORK=no \
	    DGS_TOP=. valgrind -q --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=definite,indirect,possible \
	    $(BUILD)/check_dgslint 2>&1); rc=$$?; printf "%s\n" "$$out"; \
	    case $$out in *"Checks: 0,"*) echo "suite $$0: none ran"; \
	    exit 1 ;; esac; exit $$rc' {}
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \047--soname-synonyms=somalloc=libmimalloc.so*\047 %s "$$@"\n' \
	    "$(abspath $(BUILD)/dgslint)" > $(BUILD)/valgrind-dgslint
	@chmod +x $(BUILD)/valgrind-dgslint
	@echo "== golden tests under valgrind"
	@# One case at a time in the folders whose cases have bounds in
	@# seconds (a stand-in service, a language server, a slow reader),
	@# which valgrind's twenty times the time meets alone but not beside
	@# another valgrind; the others JOBS at a time.
	@DGS_MEMCHECK=1 DGS_JOBS=1 sh testdata/run $(MEMCHECK_SAMPLE) \
	    $(BUILD)/valgrind-dgslint $(MEMCHECK_ALONE)
	@DGS_MEMCHECK=1 DGS_JOBS=$(JOBS) sh testdata/run $(MEMCHECK_SAMPLE) \
	    $(BUILD)/valgrind-dgslint \
	    $(filter-out $(MEMCHECK_ALONE:%=%/),$(wildcard testdata/*/))

# Fuzzing with libFuzzer, ASan and UBSan (clang; Debian: clang and
# libclang-rt-dev, installed like the other dependencies).  Builds
# build/fuzz/dgslint-fuzz from testdata/fuzz/fuzz.c, the library and
# the output formats (CLI_OUT_OBJ), then fuzzes for FUZZ_SECONDS.  The
# corpus is build/fuzz/corpus (new inputs go there; kept between runs) and
# every *.json under testdata/ (copied to build/fuzz/seed).  A crash, leak,
# hang, sanitizer report or broken invariant stops it with a non-zero
# status and leaves the input in build/fuzz/crash-* (leak-*, timeout-*,
# oom-*); replay it with "build/fuzz/dgslint-fuzz FILE".
FUZZ_CC       = clang
FUZZ_SECONDS  = 120
FUZZ_FLAGS    =
FUZZ_DEB_DEPS = clang libclang-rt-dev
FUZZ_CFLAGS   = -O1 -g -fno-omit-frame-pointer \
		-fsanitize=address,undefined -fno-sanitize-recover=all \
		-Wno-format-nonliteral

fuzz:
	@$(MAKE) --no-print-directory deps \
	    DEB_DEPS="$(DEB_DEPS) $(FUZZ_DEB_DEPS)"
	@$(MAKE) --no-print-directory fuzz-run

fuzz-build:
	@command -v $(FUZZ_CC) >/dev/null || { echo "dgslint: make fuzz" \
	    "needs $(FUZZ_CC) with libFuzzer (Debian: clang" \
	    "libclang-rt-dev)" >&2; exit 1; }
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) LTO= \
	    CFLAGS="$(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link" \
	    build/fuzz/dgslint-fuzz build/fuzz/dgslint-fuzz-service

# The harness's own checks are not instrumented for coverage: they would
# steer the fuzzer towards nothing and slow it down.
$(BUILD)/dgslint-fuzz: testdata/fuzz/fuzz.c $(CLI_OUT_OBJ) \
    $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(filter-out -fsanitize=fuzzer-no-link,$(ALL_CFLAGS)) -Icli \
	    -c -o $(BUILD)/fuzz.o testdata/fuzz/fuzz.c
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(ALL_LDFLAGS) -o $@ \
	    $(BUILD)/fuzz.o $(CLI_OUT_OBJ) $(BUILD)/libdgslint.a $(DEPS_LIBS)

# The service's answers (status, headers, body; testdata/fuzz/fuzz_service.c),
# seeded by testdata/fuzz/service/.
$(BUILD)/dgslint-fuzz-service: testdata/fuzz/fuzz_service.c $(CLI_SVC_OBJ) \
    $(CLI_OUT_OBJ) $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(filter-out -fsanitize=fuzzer-no-link,$(ALL_CFLAGS)) -Icli \
	    -c -o $(BUILD)/fuzz_service.o testdata/fuzz/fuzz_service.c
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(ALL_LDFLAGS) -o $@ \
	    $(BUILD)/fuzz_service.o $(CLI_SVC_OBJ) $(CLI_OUT_OBJ) \
	    $(BUILD)/libdgslint.a $(DEPS_LIBS) -ldl -lpthread

FUZZ_SERVICE_SECONDS = 30

fuzz-run: fuzz-build fuzz-run-documents fuzz-run-service

fuzz-run-service: fuzz-build
	@mkdir -p build/fuzz/corpus-service
	@echo "== fuzzing the service's answers for $(FUZZ_SERVICE_SECONDS) s" \
	    "(log: build/fuzz/fuzz-service.log)"
	@build/fuzz/dgslint-fuzz-service \
	    -max_total_time=$(FUZZ_SERVICE_SECONDS) -max_len=65536 \
	    -timeout=10 -rss_limit_mb=4096 -artifact_prefix=build/fuzz/ \
	    build/fuzz/corpus-service testdata/fuzz/service \
	    >build/fuzz/fuzz-service.log 2>&1 || { \
	    tail -n 30 build/fuzz/fuzz-service.log; \
	    echo "fuzz: the service's answers FAILED; replay with" \
	        "build/fuzz/dgslint-fuzz-service FILE"; exit 1; }
	@echo "fuzz: the service's answers: no crash, leak, hang or broken" \
	    "invariant"

fuzz-run-documents: fuzz-build
	@rm -rf build/fuzz/seed
	@mkdir -p build/fuzz/seed build/fuzz/corpus
	@find testdata -type f \( -name '*.json' -o -name '*.json.in' \) | \
	    while IFS= read -r f; do \
	        cp "$$f" "build/fuzz/seed/$$(printf '%s' "$$f" | tr / _)"; \
	    done
	@echo "== fuzzing for $(FUZZ_SECONDS) s (log: build/fuzz/fuzz.log)"
	@{ build/fuzz/dgslint-fuzz -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
	    -dict=testdata/fuzz/dgslint.dict -artifact_prefix=build/fuzz/ \
	    -print_final_stats=1 $(FUZZ_FLAGS) build/fuzz/corpus \
	    build/fuzz/seed 2>&1; echo $$? >build/fuzz/fuzz.rc; } | \
	    tee build/fuzz/fuzz.log | grep -v -e ' NEW ' -e ' REDUCE ' || :
	@rc=$$(cat build/fuzz/fuzz.rc); \
	fstat() { sed -n "s/^stat::$$1: *//p" build/fuzz/fuzz.log | tail -n 1; }; \
	runs=$$(fstat number_of_executed_units); \
	secs=$$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' \
	    build/fuzz/fuzz.log | tail -n 1); \
	echo "fuzz: $${runs:-?} executions in $${secs:-?} s" \
	    "($$(fstat average_exec_per_sec) per second)," \
	    "corpus $$(ls build/fuzz/corpus | wc -l) inputs," \
	    "peak RSS $$(fstat peak_rss_mb) MB"; \
	if [ "$$rc" != 0 ]; then \
	    echo "fuzz: FAILED (status $$rc); the input:" \
	        $$(sed -n 's/.*Test unit written to \(.*\)/\1/p' \
	        build/fuzz/fuzz.log); \
	    echo "fuzz: replay with build/fuzz/dgslint-fuzz FILE"; \
	    exit 1; \
	fi; \
	echo "fuzz: no crash, leak, hang or broken invariant"

# The harness without libFuzzer, built by any compiler (with sanitizers:
# make fuzz-replay BUILD=build/x CFLAGS="-g -fsanitize=address,undefined"
# LDFLAGS=-fsanitize=address,undefined): checks its invariants once on
# every *.json under testdata/, the regression cases included.
fuzz-replay: all $(BUILD)/fuzz-replay $(BUILD)/fuzz-service-replay
	@find testdata -type f \( -name '*.json' -o -name '*.json.in' \) | \
	    LC_ALL=C sort | xargs $(BUILD)/fuzz-replay
	@find testdata/fuzz/service testdata/service/fixtures -type f | \
	    LC_ALL=C sort | xargs $(BUILD)/fuzz-service-replay

$(BUILD)/fuzz-service-replay: testdata/fuzz/fuzz_service.c \
    testdata/fuzz/replay.c $(CLI_SVC_OBJ) $(CLI_OUT_OBJ) \
    $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(ALL_CFLAGS) -Icli $(ALL_LDFLAGS) -o $@ \
	    testdata/fuzz/fuzz_service.c testdata/fuzz/replay.c \
	    $(CLI_SVC_OBJ) $(CLI_OUT_OBJ) $(BUILD)/libdgslint.a $(DEPS_LIBS) \
	    -ldl -lpthread

$(BUILD)/fuzz-replay: testdata/fuzz/fuzz.c testdata/fuzz/replay.c \
    $(CLI_OUT_OBJ) $(BUILD)/libdgslint.a $(HDR)
	$(CC) $(ALL_CFLAGS) -Icli $(ALL_LDFLAGS) -o $@ testdata/fuzz/fuzz.c \
	    testdata/fuzz/replay.c $(CLI_OUT_OBJ) $(BUILD)/libdgslint.a \
	    $(DEPS_LIBS)

# Large hostile configurations and ignore files (testdata/fuzz/hostile.sh,
# issue 38): each linted at two sizes, within a time limit, in time linear
# in its size.  FUZZ_SCALE multiplies the sizes.  Then hostile repositories
# (issue 45): links, devices, FIFOs and odd names, within a time and a
# memory bound, nothing written outside the tree.
FUZZ_SCALE = 1
fuzz-hostile: all
	@sh testdata/fuzz/hostile.sh $(BUILD)/dgslint $(FUZZ_SCALE)

.PHONY: fuzz fuzz-build fuzz-run fuzz-run-documents fuzz-run-service \
	fuzz-replay fuzz-hostile

# The benchmark: generated documents, dgslint against a parse-only
# baseline, the targets checked (testdata/bench/bench.sh).  It measures
# the program as a release builds it, with link-time and profile-guided
# optimisation (PGO), in a build directory of its own (BENCH_BUILD; its
# documents in bench/ there).
BENCH_BUILD = $(BUILD)/lto
bench: deps
	@$(MAKE) --no-print-directory BUILD=$(BENCH_BUILD) LTO="$(RELEASE_LTO)" \
	    pgo-train
	@$(MAKE) --no-print-directory BUILD=$(BENCH_BUILD) LTO="$(RELEASE_LTO)" \
	    PGO=use all
	@sh testdata/bench/bench.sh $(BENCH_BUILD)

# make pgo-train (BUILD=, and the build's variables, LTO= among them):
# BUILD's profile (PGO_DIR) made anew as PGO's comment says, and its
# objects removed, for the build with PGO_USE that follows.  Nothing
# without RELEASE_PGO.
pgo-train:
	rm -rf $(PGO_DIR) $(BUILD)/cli $(BUILD)/lib $(BUILD)/rules \
	    $(BUILD)/dgslint $(BUILD)/libdgslint.a
	@if [ -n "$(RELEASE_PGO)" ]; then \
	    $(MAKE) --no-print-directory MIMALLOC_LIBS= PGO=gen \
	        $(BUILD)/dgslint && \
	    flock $(PGO_PLACE).lock sh testdata/bench/pgo-train.sh \
	        $(PGO_PLACE) $(BUILD)/dgslint && \
	    rm -rf $(BUILD)/cli $(BUILD)/lib $(BUILD)/rules \
	        $(BUILD)/dgslint $(BUILD)/libdgslint.a; \
	fi
# Where the training runs (testdata/bench/pgo-train.sh): a fixed place,
# one training at a time on a machine (flock(1)).
PGO_PLACE = /tmp/dgslint-pgo-train

# make static: build/static/dgslint, linked with no shared library
# (Debian ships the static archives of json-c, PCRE2 and libcsv): the
# program of the release's binary tarball and of the container image.
# With the C library's malloc() (Debian ships no static libmimalloc.a)
# and without --snapshot and --service, which load libpq and libcurl at
# run time, as a static program cannot (the options say so).
STATIC_LIBS = $(shell $(PKG_CONFIG) --static --libs json-c libpcre2-8 \
	      2>/dev/null) -lcsv
STATIC_MAKE = LTO="$(RELEASE_LTO)" MIMALLOC_LIBS= \
	      PQ_CFLAGS=-DDGS_STATIC PQ_LIBS= \
	      CURL_CFLAGS=-DDGS_STATIC CURL_LIBS= \
	      LDFLAGS="-static $(LDFLAGS)" DEPS_LIBS="$(STATIC_LIBS)"
static: deps
	@$(MAKE) --no-print-directory BUILD=build/static $(STATIC_MAKE) \
	    pgo-train
	@$(MAKE) --no-print-directory BUILD=build/static $(STATIC_MAKE) \
	    PGO=use build/static/dgslint
	@echo "build/static/dgslint: linked with no shared library"

# The date a release's files carry (reproducible builds' SOURCE_DATE_EPOCH,
# when the environment does not set it): the last commit's, else the one
# make dist wrote into the source tarball, else the Makefile's (an archive
# made by git archive dates its files so).
SOURCE_DATE_EPOCH ?= $(shell { [ -e .git ] && git log -1 --format=%ct; } \
	2>/dev/null || cat .release/source-date-epoch 2>/dev/null || \
	date -r Makefile +%s)

# make deb: build/dgslint_VERSION_ARCH.deb (the program, its manual pages,
# compressed as Debian's policy wants, and its completions) and
# build/libdgslint-dev_VERSION_ARCH.deb (libdgslint.a, dgslint.h,
# dgslint.pc), made with dpkg-deb from make install-program and make
# install-lib DESTDIR=, built in build/deb-build with Debian's hardening
# flags (dpkg-buildflags, hardening=+all) before the user's; the library
# apart (build/deb-build-lib) without link-time optimisation, whose
# objects would hold one compiler's bytecode and random section names,
# and stripped of debugging symbols, as Debian's policy wants.  The licence
# is each one's copyright file; the program's dependencies are computed by
# dpkg-shlibdeps; libcurl and libpq, which --service and --snapshot load
# when they run (dlopen), are recommended.  The files are dated
# SOURCE_DATE_EPOCH: the same commit makes the same bytes.  CI checks them
# with lintian and installs them with apt (.ci/packages).
DEB_ARCH = $(shell dpkg --print-architecture 2>/dev/null)
# Debian's control file needs a maintainer; the packager names one
# (make deb DEB_MAINTAINER='Name <mail>'): the default is a reserved
# .invalid address (RFC 2606), not an invented one.
DEB_MAINTAINER = dgslint packager <packager@dgslint.invalid>
DEB      = $(BUILD)/dgslint_$(VERSION)_$(DEB_ARCH).deb
DEB_DEV  = $(BUILD)/libdgslint-dev_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT = $(BUILD)/deb
DEB_FLAGS = DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get
DEB_MAKE = $(MAKE) --no-print-directory BUILD=$(BUILD)/deb-build \
	   LTO="$(RELEASE_LTO)" \
	   CFLAGS="$$($(DEB_FLAGS) CFLAGS) $(CFLAGS)" \
	   CPPFLAGS="$$($(DEB_FLAGS) CPPFLAGS) $(CPPFLAGS)" \
	   LDFLAGS="$$($(DEB_FLAGS) LDFLAGS) $(LDFLAGS)" PREFIX=/usr \
	   LIBDIR=/usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)
deb:
	@command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps \
	    >/dev/null || { echo "dgslint: make deb needs dpkg-dev" >&2; \
	    exit 1; }
	rm -rf $(DEB_ROOT) $(DEB) $(DEB_DEV)
	$(DEB_MAKE) pgo-train
	$(DEB_MAKE) PGO=use DESTDIR=$(abspath $(DEB_ROOT))/dgslint \
	    install-program
	$(DEB_MAKE) BUILD=$(BUILD)/deb-build-lib LTO= \
	    DESTDIR=$(abspath $(DEB_ROOT))/libdgslint-dev install-lib
	strip --strip-debug --remove-section=.comment \
	    --enable-deterministic-archives \
	    $(DEB_ROOT)/libdgslint-dev/usr/lib/*/libdgslint.a
	gzip -9n $(DEB_ROOT)/dgslint/usr/share/man/man*/* \
	    $(DEB_ROOT)/libdgslint-dev/usr/share/man/man3/*
	strip --remove-section=.comment --remove-section=.note \
	    --strip-unneeded $(DEB_ROOT)/dgslint/usr/bin/dgslint
	for p in dgslint libdgslint-dev; do \
	    d=$(DEB_ROOT)/$$p/usr/share/doc/$$p; \
	    mkdir -p $$d $(DEB_ROOT)/$$p/DEBIAN || exit 1; \
	    { echo 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'; \
	      echo 'Upstream-Name: dgslint'; echo; echo 'Files: *'; \
	      sed -n 's/^Copyright /Copyright: /p' LICENSE; \
	      echo 'License: Expat'; \
	      sed -n '/^Permission/,$$p' LICENSE | sed 's/^$$/./; s/^/ /'; \
	    } >$$d/copyright; \
	    { echo 'dgslint ($(VERSION)) unstable; urgency=medium'; echo; \
	      echo '  * Packaged from its source by make deb.'; echo; \
	      echo " -- $(DEB_MAINTAINER)  $$(LC_ALL=C date -u -R \
	          -d @$(SOURCE_DATE_EPOCH))"; \
	    } | gzip -9n >$$d/changelog.gz; \
	done
	mkdir -p $(DEB_ROOT)/src/debian
	printf 'Source: dgslint\n\nPackage: dgslint\nArchitecture: any\n' \
	    >$(DEB_ROOT)/src/debian/control
	cd $(DEB_ROOT)/src && dpkg-shlibdeps -O \
	    -e$(abspath $(DEB_ROOT))/dgslint/usr/bin/dgslint | sed -n \
	    's/^shlibs:Depends=//p' >../depends
	{ echo 'Package: dgslint'; echo 'Version: $(VERSION)'; \
	  echo 'Architecture: $(DEB_ARCH)'; echo 'Multi-Arch: foreign'; \
	  echo 'Maintainer: $(DEB_MAINTAINER)'; \
	  echo "Installed-Size: $$(sh .release/installed-size $(DEB_ROOT)/dgslint)"; \
	  echo "Depends: $$(cat $(DEB_ROOT)/depends)"; \
	  echo 'Recommends: libcurl4 | libcurl3-gnutls, libpq5'; \
	  echo 'Section: devel'; echo 'Priority: optional'; \
	  echo 'Description: linter for Data Generation Service API documents'; \
	  echo ' dgslint validates the JSON documents of the Data Generation'; \
	  echo ' Service API (generator assignments, subsetting, schema changes,'; \
	  echo ' resolutions, job starts, presets) before the service sees them:'; \
	  echo ' located findings under stable rule ids, fixes, SARIF, a language'; \
	  echo ' server, and checks against a snapshot of the source database.'; \
	  echo ' .'; \
	  echo ' libcurl (for --service) and libpq (for --snapshot) are loaded'; \
	  echo ' when those options run, and are only recommended.'; \
	} >$(DEB_ROOT)/dgslint/DEBIAN/control
	{ echo 'Package: libdgslint-dev'; echo 'Source: dgslint'; \
	  echo 'Version: $(VERSION)'; echo 'Architecture: $(DEB_ARCH)'; \
	  echo 'Multi-Arch: same'; echo 'Maintainer: $(DEB_MAINTAINER)'; \
	  echo "Installed-Size: $$(sh .release/installed-size $(DEB_ROOT)/libdgslint-dev)"; \
	  echo 'Depends: libjson-c-dev, libpcre2-dev, libcsv-dev'; \
	  echo 'Section: libdevel'; echo 'Priority: optional'; \
	  echo 'Description: linter for Data Generation Service API documents (library)'; \
	  echo ' dgslint validates the JSON documents of the Data Generation'; \
	  echo ' Service API before the service sees them.'; \
	  echo ' .'; \
	  echo ' This package holds its library: libdgslint.a, the header'; \
	  echo ' dgslint.h (options, dgs_lint() on a buffer, located findings'; \
	  echo ' and fixes, the rule table) and the pkg-config file dgslint.pc.'; \
	} >$(DEB_ROOT)/libdgslint-dev/DEBIAN/control
	for p in dgslint libdgslint-dev; do \
	    (cd $(DEB_ROOT)/$$p && find usr -type f | LC_ALL=C sort | \
	        xargs md5sum >DEBIAN/md5sums) || exit 1; \
	done
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) dpkg-deb --root-owner-group \
	    -Zxz --build $(DEB_ROOT)/dgslint $(DEB)
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) dpkg-deb --root-owner-group \
	    -Zxz --build $(DEB_ROOT)/libdgslint-dev $(DEB_DEV)

# make dist: build/dist/, everything a release publishes:
#   dgslint-VERSION.tar.gz: the source (the files git tracks, or every
#     file outside build/ where there is no git), which builds and passes
#     make check with no git and no network, and holds
#     .release/source-date-epoch, the date of its commit;
#   dgslint-VERSION-linux-ARCH.tar.gz: the static program (make static's,
#     stripped), its manual pages and completions laid out as make install
#     PREFIX= lays them, LICENSE and a README (.release/README.binary);
#   the .deb files of make deb, and SHA256SUMS of them all.
# Built from nothing in build/release each time, the files dated
# SOURCE_DATE_EPOCH, archives sorted and owned by root, gzip without a
# name or time, the build's directory mapped to "." in what the compiler
# writes, archives deterministic: the same commit makes the same bytes
# (.ci/release makes it twice and compares).
RELEASE  = $(BUILD)/release
DIST     = $(BUILD)/dist
DIST_SRC = dgslint-$(VERSION)
DIST_BIN = dgslint-$(VERSION)-linux-$(shell uname -m)
DIST_TAR = tar --sort=name --mtime=@$(SOURCE_DATE_EPOCH) --owner=0 \
	   --group=0 --numeric-owner --format=gnu --mode=u+w,go-w,a+rX
RELEASE_FLAGS = CFLAGS="-O2 -g -ffile-prefix-map=$(CURDIR)=. \
		-fstack-protector-strong -fstack-clash-protection $(CFLAGS)" \
		CPPFLAGS="-D_FORTIFY_SOURCE=2 $(CPPFLAGS)"
dist: deps
	@$(MAKE) --no-print-directory dist-run

dist-run:
	rm -rf $(DIST) $(RELEASE)
	mkdir -p $(DIST) $(RELEASE)/src/$(DIST_SRC) $(RELEASE)/bin
	@if [ -e .git ] && ! git diff --quiet HEAD 2>/dev/null; then \
	    echo "dgslint: warning: files differ from the last commit," \
	        "whose date the release carries" >&2; fi
	if [ -e .git ] && command -v git >/dev/null; then git ls-files -z; \
	else find . \( -path ./build -o -path ./.git \) -prune -o -type f \
	    ! -name '*.o' ! -name '*.actual' -print0 | sed -z 's|^\./||'; \
	fi | LC_ALL=C sort -z >$(RELEASE)/src.list
	tar -cf - --null -T $(RELEASE)/src.list | \
	    tar -xf - -C $(RELEASE)/src/$(DIST_SRC)
	mkdir -p $(RELEASE)/src/$(DIST_SRC)/.release
	echo $(SOURCE_DATE_EPOCH) \
	    >$(RELEASE)/src/$(DIST_SRC)/.release/source-date-epoch
	$(DIST_TAR) -C $(RELEASE)/src -cf - $(DIST_SRC) | gzip -9n \
	    >$(DIST)/$(DIST_SRC).tar.gz
	$(MAKE) --no-print-directory BUILD=$(RELEASE)/static $(STATIC_MAKE) \
	    $(RELEASE_FLAGS) pgo-train
	$(MAKE) --no-print-directory BUILD=$(RELEASE)/static $(STATIC_MAKE) \
	    $(RELEASE_FLAGS) PGO=use \
	    PREFIX= DESTDIR=$(abspath $(RELEASE)/bin/$(DIST_BIN)) \
	    install-program
	strip --remove-section=.comment $(RELEASE)/bin/$(DIST_BIN)/bin/dgslint
	$(INSTALL) -m 644 LICENSE $(RELEASE)/bin/$(DIST_BIN)/LICENSE
	sed 's/@VERSION@/$(VERSION)/g; s/@BIN@/$(DIST_BIN)/g' \
	    .release/README.binary >$(RELEASE)/bin/$(DIST_BIN)/README
	$(DIST_TAR) -C $(RELEASE)/bin -cf - $(DIST_BIN) | gzip -9n \
	    >$(DIST)/$(DIST_BIN).tar.gz
	$(MAKE) --no-print-directory BUILD=$(RELEASE) \
	    SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) deb
	cp $(RELEASE)/*.deb $(DIST)/
	cd $(DIST) && sha256sum $(DIST_SRC).tar.gz $(DIST_BIN).tar.gz *.deb \
	    >SHA256SUMS
	@echo "$(DIST):"; cat $(DIST)/SHA256SUMS

# make image: the container image dgslint:VERSION (podman, else docker),
# FROM scratch with the release's static program only
# (.release/Dockerfile), made from build/dist's binary tarball (make dist
# first when there is none), so that the image holds the bytes SHA256SUMS
# names.  IMAGE=NAME:TAG names it otherwise.
IMAGE     = dgslint:$(VERSION)
CONTAINER = $(shell command -v podman || command -v docker)
image:
	@[ -n "$(CONTAINER)" ] || { echo "dgslint: make image needs podman" \
	    "or docker" >&2; exit 1; }
	@[ -f $(DIST)/$(DIST_BIN).tar.gz ] || $(MAKE) --no-print-directory dist
	rm -rf $(RELEASE)/image
	mkdir -p $(RELEASE)/image
	tar -xzf $(DIST)/$(DIST_BIN).tar.gz -C $(RELEASE)/image \
	    --strip-components=2 $(DIST_BIN)/bin/dgslint
	$(CONTAINER) build $(if $(findstring podman,$(CONTAINER)),--timestamp \
	    $(SOURCE_DATE_EPOCH)) --build-arg VERSION=$(VERSION) \
	    -f .release/Dockerfile -t $(IMAGE) $(RELEASE)/image

lint-man:
	mandoc -T lint -W warning $(MAN)

# make install: the program (install-program: dgslint, its manual pages
# and completions) and the library (install-lib: libdgslint.a, dgslint.h,
# dgslint.pc).
install: install-program install-lib

install-program: $(BUILD)/dgslint $(BUILD)/man/dgslint-rules.7
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	$(INSTALL) -m 755 $(BUILD)/dgslint $(DESTDIR)$(BINDIR)/dgslint
	$(INSTALL) -m 644 man/dgslint.1 $(DESTDIR)$(MANDIR)/man1/dgslint.1
	$(INSTALL) -m 644 man/dgslint.json.5 \
	    $(DESTDIR)$(MANDIR)/man5/dgslint.json.5
	$(INSTALL) -m 644 $(BUILD)/man/dgslint-rules.7 \
	    $(DESTDIR)$(MANDIR)/man7/dgslint-rules.7
	$(INSTALL) -m 644 man/dgslint-schema.5 \
	    $(DESTDIR)$(MANDIR)/man5/dgslint-schema.5
	mkdir -p $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) \
	    $(DESTDIR)$(FISHCOMPDIR)
	$(INSTALL) -m 644 cli/completion/dgslint.bash \
	    $(DESTDIR)$(BASHCOMPDIR)/dgslint
	$(INSTALL) -m 644 cli/completion/_dgslint $(DESTDIR)$(ZSHCOMPDIR)/_dgslint
	$(INSTALL) -m 644 cli/completion/dgslint.fish \
	    $(DESTDIR)$(FISHCOMPDIR)/dgslint.fish

install-lib: $(BUILD)/libdgslint.a $(BUILD)/dgslint.pc
	mkdir -p $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	    $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 644 $(BUILD)/libdgslint.a $(DESTDIR)$(LIBDIR)/libdgslint.a
	$(INSTALL) -m 644 lib/dgslint.h $(DESTDIR)$(INCLUDEDIR)/dgslint.h
	$(INSTALL) -m 644 $(BUILD)/dgslint.pc $(DESTDIR)$(PKGCONFIGDIR)/dgslint.pc
	mkdir -p $(DESTDIR)$(MANDIR)/man3
	$(INSTALL) -m 644 man/dgslint.3 $(DESTDIR)$(MANDIR)/man3/dgslint.3

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dgslint $(DESTDIR)$(LIBDIR)/libdgslint.a \
	    $(DESTDIR)$(INCLUDEDIR)/dgslint.h \
	    $(DESTDIR)$(PKGCONFIGDIR)/dgslint.pc \
	    $(DESTDIR)$(MANDIR)/man1/dgslint.1 \
	    $(DESTDIR)$(MANDIR)/man3/dgslint.3 \
	    $(DESTDIR)$(MANDIR)/man5/dgslint.json.5 \
	    $(DESTDIR)$(MANDIR)/man7/dgslint-rules.7 \
	    $(DESTDIR)$(MANDIR)/man5/dgslint-schema.5 \
	    $(DESTDIR)$(BASHCOMPDIR)/dgslint $(DESTDIR)$(ZSHCOMPDIR)/_dgslint \
	    $(DESTDIR)$(FISHCOMPDIR)/dgslint.fish

clean:
	rm -rf build

.PHONY: all deps check check-run accept demo sanitize sanitize-thread \
	sanitize-thread-run memcheck memcheck-run bench \
	lint-man install install-program install-lib uninstall clean static deb \
	pgo-train \
	check-arch check-arch-run check-all help \
	dist dist-run image html FORCE
