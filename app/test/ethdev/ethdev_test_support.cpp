/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "ethdev_test_support.hpp"

#include <cstdlib>
#include <memory>
#include <utility>

#include "dpaa_model/misuse.hpp"
#include "model_access.hpp"

namespace dpaa_test
{

namespace
{

// Every test program of the suite fails when the drivers misused the
// modelled hardware (a reserved bit written, a bad release, a bad command),
// whichever test did it: checked once all tests ran, while EAL and the model
// still exist. On the board platform the emulated kernel prints the same
// counters when the process exits.
class ModelMisuse final : public testing::Environment
{
public:
	void TearDown() override
	{
		dpaa::model::System *sys = bus_model();
		if (sys != nullptr) {
			EXPECT_EQ(dpaa::model::misuse_summary(*sys), "")
				<< "the drivers misused the modelled hardware";
		}
	}
};

[[maybe_unused]] testing::Environment *const model_misuse =
	testing::AddGlobalTestEnvironment(new ModelMisuse);

} // namespace

int eal_start(const char *argv0, const std::string &model, const std::vector<std::string> &extra)
{
	// DPAA_TEST_PLATFORM=board: the board platform over the emulated
	// USDPAA kernel interface (the suite preloads libusdpaa_emu.so), whose
	// model takes virtual addresses as bus addresses: IOVA as VA.
	const char *platform = getenv("DPAA_TEST_PLATFORM");
	const bool board = platform != nullptr && strcmp(platform, "board") == 0;
	if (board) {
		unsetenv("DPAA_MODEL");
		setenv("DPAA_KERNEL_MODEL", model.c_str(), 1);
	} else {
		setenv("DPAA_MODEL", model.c_str(), 1);
	}
	std::vector<std::string> args = {"--no-huge",
					 "-m",
					 "512",
					 "--no-pci",
					 "--no-shconf",
					 "--log-level=*:warning",
					 "--log-level=pmd.net.dpaa:info"};
	if (board)
		args.emplace_back("--iova-mode=va");
	if (getenv("DPAA_TEST_DEBUG"))
		args.emplace_back("--log-level=pmd.net.dpaa:debug");
	return eal_init(argv0, args, extra);
}

EalTestProgram model_program(const std::string &model, const std::vector<std::string> &extra,
			     std::function<std::string()> set_up)
{
	EalTestProgram program;
	program.start_eal = [model, extra](const char *argv0) {
		return eal_start(argv0, model, extra);
	};
	program.set_up = std::move(set_up);
	return program;
}

EalTestProgram pcap_program(const std::string &dir_prefix,
			    std::function<std::string(const std::string &dir)> model,
			    const std::vector<std::string> &extra,
			    std::function<std::string()> set_up)
{
	auto dir = std::make_shared<std::string>();
	EalTestProgram program;
	program.start_eal = [dir, dir_prefix, model = std::move(model), extra](const char *argv0) {
		*dir = make_temp_dir(dir_prefix);
		return dir->empty() ? -1 : eal_start(argv0, model(*dir), extra);
	};
	program.set_up = std::move(set_up);
	program.tear_down = [dir] {
		if (!dir->empty())
			remove_dir(*dir);
	};
	return program;
}

rte_mempool *dpaa_pool(const char *name, unsigned n, uint16_t data_room)
{
	return rte_pktmbuf_pool_create_by_ops(name, n, 0, 0, data_room, SOCKET_ID_ANY, "dpaa");
}

} // namespace dpaa_test
