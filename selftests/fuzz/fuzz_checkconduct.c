// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness for scripts/checkconduct/: each input is a document,
 * given to the checker's reStructuredText reader as the process index
 * (toctrees, includes, :orphan:), as the code of conduct (section titles,
 * the required sections) and as a translation of it (:Original:), and
 * as Documentation/conf.py (exclude_patterns) and the list of required
 * sections.  Entries resolve in a small source tree made at start-up
 * (documents, a subdirectory, a glob's worth of files, texts to include
 * that hold markup and include each other, links out of Documentation/,
 * a loop, a FIFO), so that the lookups, globs, includes and "did you
 * mean" run as they do on a real tree.
 *
 * Built by scripts/fuzz.sh with the checker's files but main.c:
 *
 *	clang -fsanitize=fuzzer,address,undefined -I$KSRC/scripts/checkconduct \
 *		-Wl,--wrap=open,--wrap=openat,--wrap=opendir \
 *		fuzz_checkconduct.c $KSRC/scripts/checkconduct/{util,diag,...}.c
 *
 * Each input gets a checker of its own, freed after it, so that memory
 * does not grow from one to the next.  Besides what the sanitizers catch,
 * these abort (a crash to libFuzzer):
 *
 *  - anything that makes the checker exit (fatal(), out of memory): the
 *    tree is readable, so an input alone must never make it give up;
 *  - opening a file or a directory outside Documentation/ (open(),
 *    openat() and opendir() are wrapped);
 *  - a diagnostic line that is not UTF-8 text without control characters;
 *  - may_find_anything() saying no to a text in which the reader then
 *    finds a toctree, an include or :orphan:: the filter may only let
 *    more texts through than need reading, never fewer.
 */
#define _GNU_SOURCE		/* nftw(), open_memstream() */
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkconduct.h"

int __real_open(const char *path, int flags, ...);
int __real_openat(int dirfd, const char *path, int flags, ...);
DIR *__real_opendir(const char *path);
int __wrap_open(const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...);
DIR *__wrap_opendir(const char *path);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_tree[] = "/tmp/fuzz-checkconduct.XXXXXX";
static char *docroot;		/* its Documentation/, real */
static char *conf_py, *sections_list;
static bool checking;		/* in the checker: check what it opens */

/* Abort if @path (relative to @dirfd) is outside Documentation/. */
static void check_inside(const char *what, int dirfd, const char *path)
{
	size_t n = strlen(docroot);
	char *full = NULL, *r;

	if (!checking)
		return;
	if (path[0] != '/' && dirfd != AT_FDCWD) {
		char link[64], dir[PATH_MAX];
		ssize_t len;

		snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
		len = readlink(link, dir, sizeof(dir) - 1);
		if (len < 0)
			abort();
		dir[len] = '\0';
		full = concat(dir, "/", path, NULL);
	}
	r = realpath(full ? full : path, NULL);
	if (r && (strncmp(r, docroot, n) || (r[n] && r[n] != '/'))) {
		fprintf(stderr, "fuzz: %s %s: outside %s\n", what, r, docroot);
		abort();
	}
	free(r);
	free(full);
}

int __wrap_open(const char *path, int flags, ...)
{
	check_inside("open", AT_FDCWD, path);
	return __real_open(path, flags);
}

int __wrap_openat(int dirfd, const char *path, int flags, ...)
{
	check_inside("openat", dirfd, path);
	return __real_openat(dirfd, path, flags);
}

DIR *__wrap_opendir(const char *path)
{
	check_inside("opendir", AT_FDCWD, path);
	return __real_opendir(path);
}

/* Abort unless @s is UTF-8 text, without control characters but a final \n. */
static void check_line(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, len, j;

	if (!n || s[n - 1] != '\n')
		goto bad;
	for (n--; i < n; i += len) {
		if (u[i] < 0x80) {
			if (u[i] < 0x20 || u[i] == 0x7f)
				goto bad;
			len = 1;
			continue;
		}
		len = u[i] >= 0xc2 && u[i] <= 0xdf ? 2 :
		      u[i] >= 0xe0 && u[i] <= 0xef ? 3 :
		      u[i] >= 0xf0 && u[i] <= 0xf4 ? 4 : 0;
		if (!len || i + len > n)
			goto bad;
		for (j = 1; j < len; j++)
			if ((u[i + j] & 0xc0) != 0x80)
				goto bad;
		if ((u[i] == 0xc2 && u[i + 1] < 0xa0) ||	/* C1 */
		    (u[i] == 0xe0 && u[i + 1] < 0xa0) ||	/* overlong */
		    (u[i] == 0xed && u[i + 1] > 0x9f) ||	/* surrogate */
		    (u[i] == 0xf0 && u[i + 1] < 0x90) ||	/* overlong */
		    (u[i] == 0xf4 && u[i + 1] > 0x8f))		/* > U+10FFFF */
			goto bad;
	}
	return;
bad:
	fprintf(stderr, "fuzz: a diagnostic that is not plain text: '%.*s'\n",
		(int)n, s);
	abort();
}

static void put_file(const char *rel, const char *text)
{
	char *path = concat(fuzz_tree, "/", rel, NULL);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
	free(path);
}

static void put_dir(const char *rel)
{
	char *path = concat(fuzz_tree, "/", rel, NULL);

	if (mkdir(path, 0755)) {
		perror(path);
		exit(1);
	}
	free(path);
}

static void put_special(const char *rel, const char *target)
{
	char *path = concat(fuzz_tree, "/", rel, NULL);

	if (target ? symlink(target, path) : mkfifo(path, 0644)) {
		perror(path);
		exit(1);
	}
	free(path);
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	return remove(path);
}

static void remove_tree(void)
{
	nftw(fuzz_tree, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const docs[] = {
		"Documentation/process/howto.rst",
		"Documentation/process/code-of-conduct.rst",
		"Documentation/process/submitting-patches.rst",
		"Documentation/process/sub/one.rst",
		"Documentation/process/sub/two.rst",
		"Documentation/other/guide.rst",
		"Documentation/translations/it_IT/process/index.rst",
		"Documentation/translations/it_IT/process/code-of-conduct.rst",
		"outside/secret.rst",
	};
	size_t i;
	char *r;

	if (!mkdtemp(fuzz_tree)) {
		perror(fuzz_tree);
		exit(1);
	}
	atexit(remove_tree);
	put_dir("Documentation");
	put_dir("Documentation/process");
	put_dir("Documentation/process/sub");
	put_dir("Documentation/other");
	put_dir("Documentation/translations");
	put_dir("Documentation/translations/it_IT");
	put_dir("Documentation/translations/it_IT/process");
	put_dir("outside");
	put_file("Documentation/process/index.rst", "Index\n=====\n");
	for (i = 0; i < sizeof(docs) / sizeof(*docs); i++)
		put_file(docs[i], "Title\n=====\n\nText.\n");
	/* included texts that bring words: read whole, or for :orphan: */
	put_file("Documentation/process/inc.txt",
		 ":orphan:\n\n.. toctree::\n\n   howto\n\n.. include:: inc2.rst\n");
	put_file("Documentation/process/inc2.rst",
		 "Scope\n=====\n\n.. include:: inc.txt\n");
	put_special("Documentation/process/out.rst", "../../outside/secret.rst");
	put_special("Documentation/process/outdir", "../../outside");
	put_special("Documentation/process/loop.rst", "loop.rst");
	put_special("Documentation/process/fifo.rst", NULL);

	r = realpath(fuzz_tree, NULL);
	if (!r)
		exit(1);
	docroot = concat(r, "/Documentation", NULL);
	free(r);
	conf_py = concat(docroot, "/conf.py", NULL);
	sections_list = concat(fuzz_tree, "/", SECTIONS_FILE, NULL);
	return 0;
}

/* The input as the document @name, read as the checks read one. */
static void read_as(struct checker *c, const char *name, const uint8_t *data,
		    size_t size)
{
	char *buf = xrealloc(NULL, size);
	struct text t;

	/* exactly the input: AddressSanitizer sees a read past its end */
	memcpy(buf, data, size);
	set_text(&t, buf, size);
	read_document(c, doc_get(&c->tree, xstrdup(name)), &t, true);
	free(buf);
}

/* Write the input to @path. */
static void write_as(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		exit(1);
}

/* The filter may say no only where the reader finds nothing it acts on. */
static void check_filter(struct checker *c, const uint8_t *data, size_t size)
{
	char *buf = xrealloc(NULL, size);
	struct found f;
	struct text t;

	memcpy(buf, data, size);
	set_text(&t, buf, size);
	if (!may_find_anything(t.buf, t.size)) {
		read_rst(&c->tree, PROCESS_INDEX, &t, false, &f);
		if (f.nr_toctrees || f.nr_includes || f.orphan) {
			fprintf(stderr, "fuzz: the filter skips a text with %zu toctrees, %zu includes%s\n",
				f.nr_toctrees, f.nr_includes,
				f.orphan ? ", :orphan:" : "");
			abort();
		}
		found_free(&f);
	}
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct checker c = { 0 };
	struct doc *doc;
	char *line;
	FILE *f;
	size_t i, n;

	checking = true;
	c.diags.srctree = fuzz_tree;
	c.diags.nr_checks = NR_CHECKS;
	/* --all (translations) for odd sizes */
	c.all = size & 1;
	if (tree_open(&c.tree, fuzz_tree, &c.diags))
		exit(1);
	/*
	 * the versions of Sphinx: 5.3, as the harness compares, or (for
	 * sizes of 2 mod 4) every one the table knows, where rows disagree
	 */
	versions_init(&c.versions, size & 2 ? NULL : "5.3.0",
		      size & 2 ? NULL : "0.19");
	c.tree.versions = &c.versions;

	check_filter(&c, data, size);

	/* the index, as check_links() reads it, then its cycles */
	doc = doc_get(&c.tree, xstrdup(PROCESS_INDEX));
	doc->root = true;
	enqueue(&c, doc);
	c.queue_head = c.nr_queue;
	read_as(&c, PROCESS_INDEX, data, size);
	check_cycles(&c, PROCESS_INDEX);

	/* as the list of required sections, then the code of conduct */
	write_as(sections_list, data, size);
	read_as(&c, CODE_OF_CONDUCT, data, size);
	read_as(&c, "translations/it_IT/" CODE_OF_CONDUCT, data, size);

	/* as conf.py */
	write_as(conf_py, data, size);
	read_conf(&c.tree);
	is_excluded(&c.tree, "process/howto");
	is_excluded(&c.tree, "process/sub/one");

	sort_diags(&c.diags);
	for (i = 0; i < c.diags.nr; i++) {
		f = open_memstream(&line, &n);
		if (!f)
			exit(1);
		print_diag(&c.diags, f, "", &c.diags.v[i]);
		fclose(f);
		check_line(line, n);
		free(line);
	}
	checker_free(&c);
	checking = false;
	return 0;
}
