/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#include "version.hpp"

namespace dpaa::model
{

const char *version() noexcept
{
	return "dpaa_model 0.1";
}

} // namespace dpaa::model
