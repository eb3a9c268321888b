/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#pragma once

namespace dpaa::model
{

// The model's own revision, reported next to the FMan revision it emulates.
const char *version() noexcept;

} // namespace dpaa::model
