/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa2_model/config.hpp"

#include <map>

namespace dpaa2::model
{

namespace
{

using namespace dpaa::model::config_text;
using dpaa::model::ConfigItem;
using dpaa::model::WirePorts;

constexpr uint64_t kMaxObjects = 64; // DPDK's portal_idx_map has 64 entries
constexpr std::string_view kGlobals = "board, mode, cpu, throttle, dpio, dpbp, dpcon, dpmcp, dprtc";

std::string dpmac_name(unsigned id)
{
	return "dpmac." + std::to_string(id);
}

class Parser
{
public:
	Parser(ModelConfig &cfg, std::string &error) : cfg_(cfg), error_(error) {}

	bool run(std::string_view text);

private:
	bool fail(const ConfigItem &it, const std::string &what)
	{
		error_ = item_error(kConfigVariable, it, what);
		return false;
	}
	bool global(const ConfigItem &it, std::string_view key, std::string_view value);
	bool dpmac(const ConfigItem &it, std::string_view key, std::string_view value);
	bool count(const ConfigItem &it, std::string_view key, std::string_view value, uint64_t lo,
		   unsigned &out);

	ModelConfig &cfg_;
	std::string &error_;
	WirePorts wire_ports_;
	std::map<std::string, unsigned> seen_globals_;
	std::vector<ConfigItem> items_;
};

bool Parser::run(std::string_view text)
{
	items_ = items(text);

	// The board first, wherever it is: DPMACs are checked against it.
	const SingleItem board_setting = single_item(items_, "board");
	if (board_setting.twice)
		return fail(*board_setting.twice, board_setting.what);
	const ConfigItem *board_item = board_setting.item;
	if (board_item) {
		cfg_.board = find_board(board_setting.value);
		if (!cfg_.board)
			return fail(*board_item, "unknown board (expected " + board_names() + ")");
	}
	if (!board_item)
		cfg_.board = &default_board();
	for (const DpmacDesc &d : cfg_.board->dpmacs)
		cfg_.dpmacs.push_back({dpmac_name(d.id), dpaa::model::wirespec::None{}, 0, {}});
	wire_ports_.variable = kConfigVariable;
	wire_ports_.board = cfg_.board->name;
	wire_ports_.list = cfg_.board->dpmac_range();
	for (PortWire &p : cfg_.dpmacs)
		wire_ports_.ports.push_back(&p);

	for (const ConfigItem &it : items_) {
		if (&it == board_item)
			continue;
		size_t eq = it.text.find('=');
		if (eq == it.text.npos)
			return fail(it, "expected <setting>=<value> (" + std::string(kGlobals) +
						") or dpmac.<id>=<wire>");
		std::string_view key = trim(it.text.substr(0, eq));
		std::string_view value = trim(it.text.substr(eq + 1));
		if (key.substr(0, 6) == "dpmac.") {
			if (!dpmac(it, key, value))
				return false;
		} else if (!global(it, key, value)) {
			return false;
		}
	}
	return resolve_cables(wire_ports_, items_, error_);
}

bool Parser::count(const ConfigItem &it, std::string_view key, std::string_view value, uint64_t lo,
		   unsigned &out)
{
	uint64_t n;
	if (!to_u64(value, n) || n < lo || n > kMaxObjects)
		return fail(it, std::string(key) + "=" + cut(value) + ": expected a number in " +
					std::to_string(lo) + ".." + std::to_string(kMaxObjects));
	out = unsigned(n);
	return true;
}

bool Parser::global(const ConfigItem &it, std::string_view key, std::string_view value)
{
	const bool known = key == "mode" || key == "cpu" || key == "throttle" || key == "dpio" ||
			   key == "dpbp" || key == "dpcon" || key == "dpmcp" || key == "dprtc";
	if (!known)
		return fail(it, "unknown setting " + quote(key) + " (expected " +
					std::string(kGlobals) + " or dpmac.<id> of " +
					std::string(cfg_.board->name) + ": " +
					cfg_.board->dpmac_range() + ")");
	auto [where, fresh] = seen_globals_.emplace(std::string(key), it.n);
	if (!fresh)
		return fail(it, std::string(key) + " given twice (first in item " +
					std::to_string(where->second) + ")");
	std::string what;
	switch (run_setting(key, value, cfg_.mode, cfg_.throttle, cfg_.cpu, what)) {
	case RunSetting::ok:
		return true;
	case RunSetting::bad:
		return fail(it, what);
	case RunSetting::not_mine:
		break;
	}
	if (key == "dpio") {
		// DPDK's primary process leaves the last DPIO to secondaries and
		// needs one per polling lcore and one for the main lcore.
		return count(it, key, value, 1, cfg_.num_dpio);
	} else if (key == "dpbp") {
		return count(it, key, value, 1, cfg_.num_dpbp);
	} else if (key == "dpcon") {
		return count(it, key, value, 0, cfg_.num_dpcon);
	} else if (key == "dpmcp") {
		// A DPDK secondary process sends its MC commands through a
		// DPMCP of its own, the container's last one.
		return count(it, key, value, 1, cfg_.num_dpmcp);
	} else if (key == "dprtc") {
		if (value != "0" && value != "1")
			return fail(it, "dprtc=" + cut(value) + ": expected 0 or 1");
		cfg_.dprtc = value == "1";
	}
	return true;
}

bool Parser::dpmac(const ConfigItem &it, std::string_view key, std::string_view value)
{
	PortWire *p = wire_ports_.find(key);
	if (!p)
		return fail(it, "no " + cut(key) + " on " + std::string(cfg_.board->name) + " (" +
					cfg_.board->dpmac_range() + ")");
	if (p->item)
		return fail(it,
			    p->port + " already has a wire (item " + std::to_string(p->item) + ")");
	if (!parse_wire_item(wire_ports_, it, p->port, value, p->wire, error_))
		return false;
	p->item = it.n;
	p->item_text = it.text;
	return true;
}

} // namespace

const PortWire *ModelConfig::dpmac(unsigned id) const
{
	const std::string name = dpmac_name(id);
	for (const PortWire &p : dpmacs)
		if (p.port == name)
			return &p;
	return nullptr;
}

std::vector<unsigned> ModelConfig::named_dpmacs() const
{
	std::vector<unsigned> ids;
	for (size_t i = 0; i < dpmacs.size(); i++)
		if (dpmacs[i].item)
			ids.push_back(board->dpmacs[i].id);
	return ids;
}

bool parse_config(std::string_view text, ModelConfig &out, std::string &error)
{
	ModelConfig cfg;
	Parser parser(cfg, error);
	if (!parser.run(text))
		return false;
	out = std::move(cfg);
	return true;
}

} // namespace dpaa2::model
