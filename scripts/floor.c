// SPDX-License-Identifier: GPL-2.0
/*
 * The I/O floor of make bench: open, read whole and close each file named
 * in LIST (one path a line, relative to the current directory), as the
 * checker reads the documents it checks, and nothing else; a path that
 * ends with "/" is a directory the checker lists, and is listed.  No
 * program that reads those files can be faster; cat is not this floor, as
 * it also pays for writing what it reads.
 *
 *	floor LIST
 *
 * Exit status: 0, or 1 if a file cannot be read (named on stderr).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char buf[1 << 16];

static int read_whole(const char *path)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	do {
		n = read(fd, buf, sizeof(buf));
	} while (n > 0 || (n < 0 && errno == EINTR));
	close(fd);
	return n < 0 ? -1 : 0;
}

static int list_whole(const char *path)
{
	DIR *d = opendir(path);

	if (!d)
		return -1;
	errno = 0;
	while (readdir(d))
		;
	closedir(d);
	return errno ? -1 : 0;
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t alloc = 0;
	ssize_t len;
	int status = 0;
	FILE *list;

	if (argc != 2) {
		fprintf(stderr, "usage: floor LIST\n");
		return 2;
	}
	list = fopen(argv[1], "r");
	if (!list) {
		perror(argv[1]);
		return 2;
	}
	while ((len = getline(&line, &alloc, list)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '/' ? list_whole(line) :
		    read_whole(line)) {
			perror(line);
			status = 1;
		}
	}
	free(line);
	fclose(list);
	return status;
}
