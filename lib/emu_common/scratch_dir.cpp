/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "emu_common/scratch_dir.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>

#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"

namespace dpaa::emu
{

namespace
{

constexpr const char kLockFile[] = "/owner.lock";

void remove_stale_folders(const std::string &tmp, const char *prefix)
{
	std::error_code ec;
	for (const auto &e : std::filesystem::directory_iterator(tmp, ec)) {
		const std::string name = e.path().filename().string();
		if (name.rfind(prefix, 0) != 0 || !e.is_directory(ec))
			continue;
		const std::string lock = e.path().string() + kLockFile;
		const int fd = libc::open(lock.c_str(), O_RDONLY | O_CLOEXEC, 0);
		if (fd < 0)
			continue;
		const bool stale = flock(fd, LOCK_EX | LOCK_NB) == 0;
		libc::close(fd);
		if (stale)
			std::filesystem::remove_all(e.path(), ec);
	}
}

} // namespace

std::string make_scratch_dir(const char *prefix, std::string &error)
{
	const char *tmp = getenv("TMPDIR");
	const std::string tmp_dir = tmp && *tmp ? tmp : "/tmp";
	remove_stale_folders(tmp_dir, prefix);
	std::string templ = tmp_dir + "/" + prefix + "XXXXXX";
	if (mkdtemp(templ.data()) == nullptr) {
		error = "cannot create a folder in " + templ + ": " + strerror(errno);
		return "";
	}
	// Held until the process ends (never closed: see remove_stale_folders).
	const int lock =
		libc::open((templ + kLockFile).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lock < 0 || flock(lock, LOCK_EX | LOCK_NB) != 0) {
		error = templ + kLockFile + ": " + strerror(errno);
		std::error_code ec;
		std::filesystem::remove_all(templ, ec);
		return "";
	}
	return templ;
}

void remove_scratch_dir(std::string &dir)
{
	if (dir.empty())
		return;
	std::error_code ec;
	std::filesystem::remove_all(dir, ec);
	if (ec)
		log_once("cleanup", "could not remove %s", dir.c_str());
	dir.clear();
}

} // namespace dpaa::emu
