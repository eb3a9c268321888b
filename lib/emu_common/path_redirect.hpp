/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The files an emulated kernel shows (procfs, sysfs) are generated in a
// folder of the emulation's own; the interposed path functions (open,
// opendir, stat, readlink, ...) pass every path through redirect() first.
// A rule names a folder of the real system (every path under it moves) or
// one file (only that path moves).
#pragma once

#include <string>
#include <vector>

namespace dpaa::emu
{

// What follows 'prefix' in 'path' ("" or "/..."), or nullptr when the path
// is not the prefix or under it ("/sys/modules" is not under "/sys/module").
const char *path_under(const char *path, const char *prefix) noexcept;

class PathRedirect
{
public:
	// Everything under the folder 'from' is looked up under 'to'.
	void add_folder(std::string from, std::string to);
	// The file 'from' (that path only) is 'to'.
	void add_file(std::string from, std::string to);

	// Where 'path' really is: 'path' itself when no rule moves it, else a
	// path kept in 'buf'.
	const char *redirect(const char *path, std::string &buf) const;

private:
	struct Rule {
		std::string from, to;
		bool folder;
	};
	std::vector<Rule> rules_;
};

} // namespace dpaa::emu
