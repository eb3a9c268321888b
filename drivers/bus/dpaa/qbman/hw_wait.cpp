/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "qbman/hw_wait.hpp"

int rte_dpaa_hw_lost;
