// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness for scripts/checkconduct.c: each input is a document,
 * given to the checker's reStructuredText reader as the process index
 * (toctrees, includes, :orphan:), as the code of conduct (section titles,
 * the required sections) and as a translation of it (:Original:), and
 * as Documentation/conf.py (exclude_patterns).  Entries resolve in a small
 * source tree made at start-up (documents, a subdirectory, a glob's worth
 * of files, texts to include that hold markup and include each other,
 * links out of Documentation/, a loop, a FIFO), so that the lookups,
 * globs, includes and "did you mean" run as they do on a real tree.
 *
 * Built by scripts/fuzz.sh:
 *
 *	clang -fsanitize=fuzzer,address,undefined -I$KSRC/scripts \
 *		-I$KSRC/tools/include fuzz_checkconduct.c
 *
 * The checker is included whole, its main() renamed; its global state is
 * reset after each input, so that memory does not grow from one to the
 * next.  Besides what the sanitizers catch, these abort (a crash to
 * libFuzzer):
 *
 *  - anything that makes the checker exit (fatal(), out of memory): the
 *    tree is readable, so an input alone must never make it give up;
 *  - opening a file or a directory outside Documentation/ (open() and
 *    opendir() are wrapped);
 *  - a diagnostic line that is not UTF-8 text without control characters.
 */
#define _GNU_SOURCE		/* nftw(), open_memstream() */
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fuzz_open(const char *path, int flags, ...);
static DIR *fuzz_opendir(const char *path);

#define main checkconduct_main
#define open fuzz_open
#define opendir fuzz_opendir
int checkconduct_main(int argc, char **argv);
#include "checkconduct.c"
#undef main
#undef open
#undef opendir

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_tree[] = "/tmp/fuzz-checkconduct.XXXXXX";
static char *conf_py;
static bool set_up;		/* the tree is made: check what is opened */

/* Abort if @path is outside Documentation/ of the tree. */
static void check_inside(const char *what, const char *path)
{
	size_t n = strlen(docroot);
	char *r;

	if (!set_up)
		return;
	r = realpath(path, NULL);
	if (r && (strncmp(r, docroot, n) || (r[n] && r[n] != '/'))) {
		fprintf(stderr, "fuzz: %s %s: outside %s\n", what, r, docroot);
		abort();
	}
	free(r);
}

static int fuzz_open(const char *path, int flags, ...)
{
	check_inside("open", path);
	return open(path, flags);
}

static DIR *fuzz_opendir(const char *path)
{
	check_inside("opendir", path);
	return opendir(path);
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
	char *path = xasprintf("%s/%s", fuzz_tree, rel);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
	free(path);
}

static void put_dir(const char *rel)
{
	char *path = xasprintf("%s/%s", fuzz_tree, rel);

	if (mkdir(path, 0755)) {
		perror(path);
		exit(1);
	}
	free(path);
}

static void put_special(const char *rel, const char *target)
{
	char *path = xasprintf("%s/%s", fuzz_tree, rel);

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

	srctree = fuzz_tree;
	docroot = realpath(fuzz_tree, NULL);
	if (!docroot)
		exit(1);
	conf_py = docroot;
	docroot = xasprintf("%s/Documentation", conf_py);
	free(conf_py);
	conf_py = xasprintf("%s/conf.py", docroot);
	set_up = true;
	return 0;
}

/* Forget the documents, the diagnostics and the rest of the run. */
static void reset(void)
{
	size_t i;

	for (i = 0; i < nr_diags; i++) {
		free(diags[i].file);
		free(diags[i].msg);
	}
	nr_diags = 0;
	for (i = 0; i < nr_notes; i++) {
		free(notes[i].file);
		free(notes[i].msg);
	}
	nr_notes = 0;
	for (i = 0; i < nr_lost; i++) {
		free(lost[i].from);
		free(lost[i].base);
	}
	nr_lost = 0;
	for (i = 0; i < doctab_size; i++) {
		if (doctab[i]) {
			free(doctab[i]->kids);
			free(doctab[i]);
		}
	}
	free(doctab);
	doctab = NULL;
	doctab_size = nr_docs = 0;
	for (i = 0; i < listtab_size; i++) {
		if (listtab[i].dir) {
			free(listtab[i].dir);
			free_names(listtab[i].names, listtab[i].count);
			free(listtab[i].regular);
		}
	}
	free(listtab);
	listtab = NULL;
	listtab_size = nr_listings = 0;
	nr_queue = queue_head = 0;
	nr_toctrees = 0;
	nr_suggestions = 0;
	coc_linked = coc_checked = false;
	root_toctree_line = 0;
	for (i = 0; i < nr_excludes; i++)
		free(excludes[i]);
	nr_excludes = 0;
	opt_all = false;
	for (i = 0; i < nr_incs; i++) {
		free(incs[i].name);
		free(incs[i].mem);
	}
	nr_incs = 0;
}

/* The input as the document @name, read as read_queue() reads one. */
static void read_as(const char *name, const uint8_t *data, size_t size)
{
	char *buf = xrealloc(NULL, size);
	struct text t;

	/* exactly the input: AddressSanitizer sees a read past its end */
	memcpy(buf, data, size);
	set_text(&t, buf, size);
	read_document(doc_get(xasprintf("%s", name)), &t);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct doc *doc;
	char *line;
	FILE *f;
	size_t i, n;

	/* --all (translations) for odd sizes */
	opt_all = size & 1;

	/* the index, as check_links() reads it, then its cycles */
	doc = doc_get(xasprintf("%s", PROCESS_INDEX));
	doc->root = true;
	enqueue(doc);
	queue_head = nr_queue;
	read_as(PROCESS_INDEX, data, size);
	check_cycles(PROCESS_INDEX);

	read_as(CODE_OF_CONDUCT, data, size);
	read_as("translations/it_IT/" CODE_OF_CONDUCT, data, size);

	/* as conf.py */
	f = fopen(conf_py, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		exit(1);
	read_excludes();
	is_excluded("process/howto");
	is_excluded("process/sub/one");

	if (nr_diags)
		qsort(diags, nr_diags, sizeof(*diags), diag_cmp);
	for (i = 0; i < nr_diags; i++) {
		f = open_memstream(&line, &n);
		if (!f)
			exit(1);
		print_diag(f, "", &diags[i]);
		fclose(f);
		check_line(line, n);
		free(line);
	}

	reset();
	return 0;
}
