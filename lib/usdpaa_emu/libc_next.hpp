/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The C library's own functions behind the ones this library interposes
// (dlsym RTLD_NEXT). Inside the library, call these: a plain call to, say,
// mmap() would come back into our interposer.
#pragma once

#include <cstddef>
#include <cstdio>
#include <dirent.h>
#include <sys/types.h>

namespace dpaa::usdpaa::libc
{

int open(const char *path, int flags, mode_t mode);
int close(int fd);
ssize_t read(int fd, void *buf, size_t n);
int ioctl(int fd, unsigned long req, void *arg);
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
int access(const char *path, int mode);
FILE *fopen(const char *path, const char *mode);
int scandir(const char *path, struct dirent ***list, int (*filter)(const struct dirent *),
	    int (*compar)(const struct dirent **, const struct dirent **));
int socket(int domain, int type, int protocol);

} // namespace dpaa::usdpaa::libc
