/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The C library's own functions behind the ones an emulation interposes
// (dlsym RTLD_NEXT). Inside an emulation, call these: a plain call to, say,
// mmap() would come back into its interposer. Each emulation interposes a
// subset of them; the rest are here for it to call all the same.
#pragma once

#include <cstddef>
#include <cstdio>
#include <dirent.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>

namespace dpaa::emu::libc
{

int open(const char *path, int flags, mode_t mode);
int close(int fd);
ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
ssize_t pread(int fd, void *buf, size_t n, off_t off);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off);
int ioctl(int fd, unsigned long req, void *arg);
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
int access(const char *path, int mode);
FILE *fopen(const char *path, const char *mode);
int scandir(const char *path, struct dirent ***list, int (*filter)(const struct dirent *),
	    int (*compar)(const struct dirent **, const struct dirent **));
DIR *opendir(const char *path);
int stat(const char *path, struct stat *st);
int lstat(const char *path, struct stat *st);
ssize_t readlink(const char *path, char *buf, size_t n);
char *realpath(const char *path, char *resolved);
int socket(int domain, int type, int protocol);
ssize_t recvmsg(int fd, struct msghdr *msg, int flags);

} // namespace dpaa::emu::libc
