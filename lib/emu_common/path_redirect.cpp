/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "emu_common/path_redirect.hpp"

#include <cstring>

namespace dpaa::emu
{

const char *path_under(const char *path, const char *prefix) noexcept
{
	const size_t n = strlen(prefix);
	if (path == nullptr || strncmp(path, prefix, n) != 0)
		return nullptr;
	return path[n] == '\0' || path[n] == '/' ? path + n : nullptr;
}

void PathRedirect::add_folder(std::string from, std::string to)
{
	rules_.push_back({std::move(from), std::move(to), true});
}

void PathRedirect::add_file(std::string from, std::string to)
{
	rules_.push_back({std::move(from), std::move(to), false});
}

const char *PathRedirect::redirect(const char *path, std::string &buf) const
{
	if (path == nullptr)
		return path;
	for (const Rule &r : rules_) {
		if (!r.folder) {
			if (r.from == path) {
				buf = r.to;
				return buf.c_str();
			}
			continue;
		}
		if (const char *rest = path_under(path, r.from.c_str())) {
			buf = r.to + rest;
			return buf.c_str();
		}
	}
	return path;
}

} // namespace dpaa::emu
