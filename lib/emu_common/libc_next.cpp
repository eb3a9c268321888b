/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The plain names (open, mmap, stat, ...) are looked up as the C library
// exports them: the 64-bit-offset redirection the build turns on would
// rename them into their *64 twins, which is the same on LP64 anyway.
#undef _FILE_OFFSET_BITS

#include "emu_common/libc_next.hpp"

#include <dlfcn.h>

namespace dpaa::emu::libc
{

namespace
{

template <typename F> F next(const char *name)
{
	return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

} // namespace

int open(const char *path, int flags, mode_t mode)
{
	static auto f = next<int (*)(const char *, int, ...)>("open");
	return f(path, flags, mode);
}
int close(int fd)
{
	static auto f = next<int (*)(int)>("close");
	return f(fd);
}
ssize_t read(int fd, void *buf, size_t n)
{
	static auto f = next<ssize_t (*)(int, void *, size_t)>("read");
	return f(fd, buf, n);
}
ssize_t write(int fd, const void *buf, size_t n)
{
	static auto f = next<ssize_t (*)(int, const void *, size_t)>("write");
	return f(fd, buf, n);
}
ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	static auto f = next<ssize_t (*)(int, void *, size_t, off_t)>("pread");
	return f(fd, buf, n, off);
}
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	static auto f = next<ssize_t (*)(int, const void *, size_t, off_t)>("pwrite");
	return f(fd, buf, n, off);
}
int ioctl(int fd, unsigned long req, void *arg)
{
	static auto f = next<int (*)(int, unsigned long, ...)>("ioctl");
	return f(fd, req, arg);
}
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static auto f = next<void *(*)(void *, size_t, int, int, int, off_t)>("mmap");
	return f(addr, len, prot, flags, fd, off);
}
int munmap(void *addr, size_t len)
{
	static auto f = next<int (*)(void *, size_t)>("munmap");
	return f(addr, len);
}
int access(const char *path, int mode)
{
	static auto f = next<int (*)(const char *, int)>("access");
	return f(path, mode);
}
FILE *fopen(const char *path, const char *mode)
{
	static auto f = next<FILE *(*)(const char *, const char *)>("fopen");
	return f(path, mode);
}
int scandir(const char *path, struct dirent ***list, int (*filter)(const struct dirent *),
	    int (*compar)(const struct dirent **, const struct dirent **))
{
	static auto f = next<decltype(&::scandir)>("scandir");
	return f(path, list, filter, compar);
}
DIR *opendir(const char *path)
{
	static auto f = next<DIR *(*)(const char *)>("opendir");
	return f(path);
}
int stat(const char *path, struct stat *st)
{
	static auto f = next<int (*)(const char *, struct stat *)>("stat");
	return f(path, st);
}
int lstat(const char *path, struct stat *st)
{
	static auto f = next<int (*)(const char *, struct stat *)>("lstat");
	return f(path, st);
}
ssize_t readlink(const char *path, char *buf, size_t n)
{
	static auto f = next<ssize_t (*)(const char *, char *, size_t)>("readlink");
	return f(path, buf, n);
}
char *realpath(const char *path, char *resolved)
{
	static auto f = next<char *(*)(const char *, char *)>("realpath");
	return f(path, resolved);
}
int socket(int domain, int type, int protocol)
{
	static auto f = next<int (*)(int, int, int)>("socket");
	return f(domain, type, protocol);
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	static auto f = next<ssize_t (*)(int, struct msghdr *, int)>("recvmsg");
	return f(fd, msg, flags);
}

} // namespace dpaa::emu::libc
