/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// libFuzzer target: the DPAA_MODEL parser (lib/dpaa_model/config.cpp) given
// an arbitrary string. It must accept it with a whole configuration (a
// board, every one of its ports) or refuse it with an error that says
// "DPAA_MODEL: " first, as the guide shows; never crash.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "dpaa_model/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	dpaa::model::ModelConfig cfg;
	std::string error;
	if (dpaa::model::parse_config(text, cfg, error)) {
		if (cfg.board == nullptr || cfg.ports.empty()) {
			fprintf(stderr, "fuzz_model_config: accepted without a board or ports\n");
			abort();
		}
		for (const auto &p : cfg.ports)
			if (cfg.port(p.port) != &p) {
				fprintf(stderr, "fuzz_model_config: port %s not found by name\n",
					p.port.c_str());
				abort();
			}
	} else if (error.rfind("DPAA_MODEL: ", 0) != 0) {
		fprintf(stderr, "fuzz_model_config: refused with \"%s\"\n", error.c_str());
		abort();
	}
	return 0;
}
