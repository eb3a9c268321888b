/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/config.hpp"

#include <map>

namespace dpaa::model
{

namespace
{

using namespace config_text;

constexpr std::string_view kVariable = "DPAA_MODEL";
constexpr std::string_view kDefaultBoard = "ls1046a-rdb";

// Whether a key names a port, if not of this board: fm<n>-mac<n>.
bool looks_like_port(std::string_view k)
{
	if (k.substr(0, 2) != "fm")
		return false;
	size_t dash = k.find("-mac");
	uint64_t a, b;
	return dash != k.npos && to_u64(k.substr(2, dash - 2), a) && to_u64(k.substr(dash + 4), b);
}

class Parser
{
public:
	Parser(ModelConfig &cfg, std::string &error) : cfg_(cfg), error_(error) {}

	bool run(std::string_view text);

private:
	bool fail(const ConfigItem &it, const std::string &what)
	{
		error_ = item_error(kVariable, it, what);
		return false;
	}
	bool board(const ConfigItem &it, std::string_view value);
	bool global(const ConfigItem &it, std::string_view key, std::string_view value);
	bool port(const ConfigItem &it, std::string_view key, std::string_view value);

	std::string ports() const { return cfg_.board->port_list(); }

	ModelConfig &cfg_;
	std::string &error_;
	WirePorts wire_ports_;
	std::map<std::string, unsigned> seen_globals_;
	std::vector<ConfigItem> items_;
};

bool Parser::run(std::string_view text)
{
	items_ = items(text);

	// The board first, wherever it is: ports are checked against it.
	const SingleItem board_setting = single_item(items_, "board");
	if (board_setting.twice)
		return fail(*board_setting.twice, board_setting.what);
	const ConfigItem *board_item = board_setting.item;
	if (board_item && !board(*board_item, board_setting.value))
		return false;
	if (!board_item)
		cfg_.board = find_board(kDefaultBoard);
	for (const FmanDesc &f : cfg_.board->fmans)
		for (const MacDesc &m : f.macs)
			cfg_.ports.push_back({{m.name, wirespec::None{}, 0, {}}, f.index, m.cell});
	wire_ports_.variable = kVariable;
	wire_ports_.board = cfg_.board->name;
	wire_ports_.list = ports();
	for (PortConfig &p : cfg_.ports)
		wire_ports_.ports.push_back(&p);

	for (const ConfigItem &it : items_) {
		if (&it == board_item)
			continue;
		size_t eq = it.text.find('=');
		if (eq == it.text.npos)
			return fail(it, "expected <setting>=<value> (board, mode, cpu, throttle, "
					"profile) or "
					"<port>=<wire>");
		std::string_view key = trim(it.text.substr(0, eq));
		std::string_view value = trim(it.text.substr(eq + 1));
		if (key == "mode" || key == "cpu" || key == "throttle" || key == "profile") {
			if (!global(it, key, value))
				return false;
		} else if (!port(it, key, value)) {
			return false;
		}
	}
	return resolve_cables(wire_ports_, items_, error_);
}

bool Parser::board(const ConfigItem &it, std::string_view value)
{
	cfg_.board = find_board(value);
	if (!cfg_.board)
		return fail(it, "unknown board (expected " + board_names() + ")");
	return true;
}

bool Parser::global(const ConfigItem &it, std::string_view key, std::string_view value)
{
	auto [where, fresh] = seen_globals_.emplace(std::string(key), it.n);
	if (!fresh)
		return fail(it, std::string(key) + " given twice (first in item " +
					std::to_string(where->second) + ")");
	if (key == "profile") {
		if (value == "on")
			cfg_.profile = true;
		else if (value == "off")
			cfg_.profile = false;
		else
			return fail(it, "unknown profile (expected on|off)");
		return true;
	}
	std::string what;
	if (run_setting(key, value, cfg_.mode, cfg_.throttle, cfg_.cpu, what) == RunSetting::bad)
		return fail(it, what);
	return true;
}

bool Parser::port(const ConfigItem &it, std::string_view key, std::string_view value)
{
	PortWire *p = wire_ports_.find(key);
	if (!p) {
		if (looks_like_port(key))
			return fail(it, "no port " + cut(key) + " on " + cfg_.board->name +
						" (ports: " + ports() + ")");
		return fail(it,
			    "unknown setting " + quote(key) +
				    " (expected board, mode, cpu, throttle, profile or a port of " +
				    cfg_.board->name + ": " + ports() + ")");
	}
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

const PortConfig *ModelConfig::port(std::string_view name) const
{
	for (const PortConfig &p : ports)
		if (p.port == name)
			return &p;
	return nullptr;
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

} // namespace dpaa::model
