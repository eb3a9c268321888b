/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/config.hpp"

#include <charconv>
#include <fstream>
#include <map>

namespace dpaa::model
{

namespace
{

constexpr std::string_view kDefaultBoard = "ls1046a-rdb";
constexpr uint64_t kMaxVlanId = 4094; // 4095 is reserved (802.1Q)
constexpr uint64_t kMaxCpu = 1023;

std::string_view trim(std::string_view s)
{
	const std::string_view ws = " \t\r\n";
	size_t b = s.find_first_not_of(ws);
	if (b == s.npos)
		return {};
	return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::vector<std::string_view> split(std::string_view s, char sep)
{
	std::vector<std::string_view> parts;
	size_t start = 0;
	for (;;) {
		size_t p = s.find(sep, start);
		parts.push_back(trim(s.substr(start, p == s.npos ? s.npos : p - start)));
		if (p == s.npos)
			return parts;
		start = p + 1;
	}
}

// Decimal digits only: no sign, no spaces, no overflow.
bool to_u64(std::string_view s, uint64_t &v)
{
	if (s.empty() || s.find_first_not_of("0123456789") != s.npos)
		return false;
	auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
	return ec == std::errc() && p == s.data() + s.size();
}

// Text from the configuration, quoted for a message; a long one (a file
// pasted by mistake) is cut, so that the message stays one readable line.
constexpr size_t kMaxQuoted = 64;

std::string quote(std::string_view s)
{
	std::string q = "\"";
	if (s.size() <= kMaxQuoted) {
		q += s;
		q += '"';
		return q;
	}
	q += s.substr(0, kMaxQuoted);
	q += "...\" (" + std::to_string(s.size()) + " characters)";
	return q;
}

// The same without quotes, for a value after its key.
std::string cut(std::string_view s)
{
	if (s.size() <= kMaxQuoted)
		return std::string(s);
	return std::string(s.substr(0, kMaxQuoted)) + "... (" + std::to_string(s.size()) +
	       " characters)";
}

// The machine's online CPUs as the kernel lists them ("0-1,4"), and
// whether 'cpu' is one of them; true when the list cannot be read. Not the
// calling thread's affinity: EAL pins its threads, and a configuration
// parsed again later (a hot-plug) must not be refused for that.
bool cpu_online(uint64_t cpu, std::string &list)
{
	std::ifstream f("/sys/devices/system/cpu/online");
	if (!std::getline(f, list))
		return true;
	for (std::string_view range : split(list, ',')) {
		size_t dash = range.find('-');
		uint64_t lo, hi;
		if (!to_u64(range.substr(0, dash), lo))
			return true;
		hi = lo;
		if (dash != range.npos && !to_u64(range.substr(dash + 1), hi))
			return true;
		if (cpu >= lo && cpu <= hi)
			return true;
	}
	return false;
}

// Whether a key names a port, if not of this board: fm<n>-mac<n>.
bool looks_like_port(std::string_view k)
{
	if (k.substr(0, 2) != "fm")
		return false;
	size_t dash = k.find("-mac");
	uint64_t a, b;
	return dash != k.npos && to_u64(k.substr(2, dash - 2), a) && to_u64(k.substr(dash + 4), b);
}

struct Item {
	unsigned n;
	std::string_view text;
};

class Parser
{
public:
	Parser(ModelConfig &cfg, std::string &error) : cfg_(cfg), error_(error) {}

	bool run(std::string_view text);

private:
	bool fail(const Item &it, const std::string &what)
	{
		error_ = "DPAA_MODEL: item " + std::to_string(it.n) + " " + quote(it.text) + ": " +
			 what;
		return false;
	}
	bool board(const Item &it, std::string_view value);
	bool global(const Item &it, std::string_view key, std::string_view value);
	bool port(const Item &it, std::string_view key, std::string_view value);
	bool wire(const Item &it, std::string_view port, std::string_view text, WireSpec &out);
	bool cables();

	// key=value options after a wire kind; each key at most once.
	using Options = std::vector<std::pair<std::string_view, std::string_view>>;
	bool options(const Item &it, std::string_view kind, std::span<const std::string_view> parts,
		     std::initializer_list<std::string_view> keys, Options &out);
	bool number(const Item &it, std::string_view key, std::string_view v, uint64_t lo,
		    uint64_t hi, uint64_t &out);
	bool rate(const Item &it, std::string_view v, Rate &out);
	bool gen(const Item &it, const Options &opts, GenParams &g);

	PortConfig *find(std::string_view name)
	{
		for (PortConfig &p : cfg_.ports)
			if (p.port == name)
				return &p;
		return nullptr;
	}
	std::string ports() const { return cfg_.board->port_list(); }

	ModelConfig &cfg_;
	std::string &error_;
	std::map<std::string, unsigned> seen_globals_;
	std::vector<Item> items_;
};

bool Parser::run(std::string_view text)
{
	std::vector<std::string_view> parts = split(text, ';');
	for (size_t i = 0; i < parts.size(); i++)
		if (!parts[i].empty())
			items_.push_back({unsigned(i + 1), parts[i]});

	// The board first, wherever it is: ports are checked against it.
	const Item *board_item = nullptr;
	for (const Item &it : items_) {
		size_t eq = it.text.find('=');
		if (eq == it.text.npos || trim(it.text.substr(0, eq)) != "board")
			continue;
		if (board_item)
			return fail(it, "board given twice (first in item " +
						std::to_string(board_item->n) + ")");
		board_item = &it;
		if (!board(it, trim(it.text.substr(eq + 1))))
			return false;
	}
	if (!board_item)
		cfg_.board = find_board(kDefaultBoard);
	for (const FmanDesc &f : cfg_.board->fmans)
		for (const MacDesc &m : f.macs)
			cfg_.ports.push_back({m.name, f.index, m.cell, wirespec::None{}, 0, {}});

	for (const Item &it : items_) {
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
	return cables();
}

bool Parser::board(const Item &it, std::string_view value)
{
	cfg_.board = find_board(value);
	if (!cfg_.board)
		return fail(it, "unknown board (expected " + board_names() + ")");
	return true;
}

bool Parser::global(const Item &it, std::string_view key, std::string_view value)
{
	auto [where, fresh] = seen_globals_.emplace(std::string(key), it.n);
	if (!fresh)
		return fail(it, std::string(key) + " given twice (first in item " +
					std::to_string(where->second) + ")");
	if (key == "mode") {
		if (value == "threaded")
			cfg_.mode = RunMode::threaded;
		else if (value == "stepped")
			cfg_.mode = RunMode::stepped;
		else
			return fail(it, "unknown mode (expected threaded|stepped)");
	} else if (key == "throttle") {
		if (value == "line")
			cfg_.throttle = Throttle::line;
		else if (value == "off")
			cfg_.throttle = Throttle::off;
		else
			return fail(it, "unknown throttle (expected line|off)");
	} else if (key == "profile") {
		if (value == "on")
			cfg_.profile = true;
		else if (value == "off")
			cfg_.profile = false;
		else
			return fail(it, "unknown profile (expected on|off)");
	} else {
		uint64_t cpu;
		if (!number(it, "cpu", value, 0, kMaxCpu, cpu))
			return false;
		// The model's thread is pinned there when it starts: a CPU the
		// machine does not have is refused now, naming the item, rather
		// than by the start.
		std::string online;
		if (!cpu_online(cpu, online))
			return fail(it, "cpu=" + std::to_string(cpu) +
						": no such CPU online (online CPUs: " + online +
						")");
		cfg_.cpu = int(cpu);
	}
	return true;
}

bool Parser::port(const Item &it, std::string_view key, std::string_view value)
{
	PortConfig *p = find(key);
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
	if (!wire(it, p->port, value, p->wire))
		return false;
	p->item = it.n;
	p->item_text = it.text;
	return true;
}

bool Parser::options(const Item &it, std::string_view kind, std::span<const std::string_view> parts,
		     std::initializer_list<std::string_view> keys, Options &out)
{
	std::string expected;
	for (std::string_view k : keys)
		expected += (expected.empty() ? "" : ", ") + std::string(k);
	for (std::string_view part : parts) {
		size_t eq = part.find('=');
		std::string_view k = trim(part.substr(0, eq));
		if (eq == part.npos || k.empty())
			return fail(it, "expected <key>=<value> in " + std::string(kind) +
						" options, not " + quote(part) +
						" (keys: " + expected + ")");
		std::string_view v = trim(part.substr(eq + 1));
		bool known = false;
		for (std::string_view key : keys)
			known |= key == k;
		if (!known)
			return fail(it, "unknown " + std::string(kind) + " option " + quote(k) +
						" (expected " + expected + ")");
		for (auto &[seen, unused] : out)
			if (seen == k)
				return fail(it, std::string(kind) + " option " + std::string(k) +
							" given twice");
		if (v.empty())
			return fail(it, std::string(kind) + " option " + std::string(k) +
						" has no value");
		out.emplace_back(k, v);
	}
	return true;
}

bool Parser::number(const Item &it, std::string_view key, std::string_view v, uint64_t lo,
		    uint64_t hi, uint64_t &out)
{
	if (!to_u64(v, out) || out < lo || out > hi)
		return fail(it, std::string(key) + "=" + cut(v) + ": expected a number in " +
					std::to_string(lo) + ".." + std::to_string(hi));
	return true;
}

bool Parser::rate(const Item &it, std::string_view v, Rate &out)
{
	if (v == "line") {
		out = {Rate::Kind::line, 0};
	} else if (v == "max") {
		out = {Rate::Kind::max, 0};
	} else {
		uint64_t pps;
		if (!to_u64(v, pps) || pps == 0)
			return fail(it, "rate=" + cut(v) +
						": expected line, max or frames per second (a "
						"positive number)");
		out = {Rate::Kind::pps, pps};
	}
	return true;
}

bool Parser::gen(const Item &it, const Options &opts, GenParams &g)
{
	for (auto &[k, v] : opts) {
		uint64_t n, m;
		if (k == "size") {
			g.sizes.clear();
			for (std::string_view s : split(v, ',')) {
				if (!number(it, "size", s, gen::kMinFrame, gen::kMaxFrame, n))
					return false;
				g.sizes.push_back(uint32_t(n));
			}
		} else if (k == "vlan") {
			if (!number(it, "vlan", v, 0, kMaxVlanId, n))
				return false;
			g.tags.vlan = uint16_t(n);
		} else if (k == "qinq") {
			size_t dot = v.find('.');
			if (dot == v.npos)
				return fail(it, "qinq=" + cut(v) +
							": expected <outer>.<inner> VLAN ids");
			if (!number(it, "qinq outer", v.substr(0, dot), 0, kMaxVlanId, n) ||
			    !number(it, "qinq inner", v.substr(dot + 1), 0, kMaxVlanId, m))
				return false;
			g.tags.outer = uint16_t(n);
			g.tags.inner = uint16_t(m);
		} else if (k == "flows") {
			if (!number(it, "flows", v, 1, gen::kMaxFlows, n))
				return false;
			g.flows = uint32_t(n);
		} else if (k == "rate") {
			if (!rate(it, v, g.rate))
				return false;
		} else if (k == "count") {
			if (!number(it, "count", v, 1, UINT64_MAX, g.count))
				return false;
		}
	}
	if (g.tags.vlan && g.tags.outer)
		return fail(it, "vlan and qinq together: qinq=<outer>.<inner> already tags twice");
	return true;
}

bool Parser::wire(const Item &it, std::string_view port, std::string_view text, WireSpec &out)
{
	std::vector<std::string_view> parts = split(text, ':');
	std::string_view kind = parts[0];
	std::span<const std::string_view> rest(parts.begin() + 1, parts.end());
	Options opts;
	auto no_options = [&]() {
		if (!rest.empty())
			return fail(it, "wire " + std::string(kind) + " takes no options");
		return true;
	};

	if (kind == "none") {
		out = wirespec::None{};
		return no_options();
	}
	if (kind == "loopback") {
		out = wirespec::Loopback{};
		return no_options();
	}
	if (kind == "sink") {
		out = wirespec::Sink{};
		return no_options();
	}
	if (kind == "cable") {
		if (rest.empty() || rest[0].empty())
			return fail(it, "expected cable:<peer-port>[:inject=<file>] (ports: " +
						ports() + ")");
		std::string_view peer = rest[0];
		if (!options(it, kind, rest.subspan(1), {"inject"}, opts))
			return false;
		if (!find(peer))
			return fail(it, "cable to " + quote(peer) + ": no such port on " +
						cfg_.board->name + " (ports: " + ports() + ")");
		if (peer == port)
			return fail(it,
				    "cable from " + std::string(port) + " to itself: use loopback");
		std::string inject;
		for (auto &[k, v] : opts)
			inject = v;
		out = wirespec::Cable{std::string(peer), inject};
		return true;
	}
	if (kind == "pcap") {
		PcapParams p;
		if (!options(it, kind, rest, {"rx", "tx", "rate", "loop", "start", "fcs"}, opts))
			return false;
		bool has_rate = false, has_start = false;
		for (auto &[k, v] : opts) {
			if (k == "start") {
				has_start = true;
				if (v == "poll")
					p.start = PcapStart::poll;
				else if (v == "enable")
					p.start = PcapStart::enable;
				else
					return fail(it, "start=" + cut(v) +
								": expected poll or enable");
			} else if (k == "fcs") {
				if (v == "yes")
					p.fcs = true;
				else if (v == "no")
					p.fcs = false;
				else
					return fail(it, "fcs=" + cut(v) + ": expected yes or no");
			} else if (k == "rx") {
				p.rx = v;
			} else if (k == "tx") {
				p.tx = v;
			} else if (k == "rate") {
				has_rate = true;
				if (!rate(it, v, p.rate))
					return false;
			} else if (!number(it, "loop", v, 0, UINT64_MAX, p.loop)) {
				return false;
			}
		}
		if (p.rx.empty() && p.tx.empty())
			return fail(it, "pcap needs rx=<file>, tx=<file> or both");
		if (p.rx.empty() && (has_rate || p.loop != 1 || has_start))
			return fail(
				it,
				"pcap rate, loop and start apply to rx=<file>, which is missing");
		out = std::move(p);
		return true;
	}
	if (kind == "tap") {
		TapParams t{std::string(port)};
		if (!options(it, kind, rest, {"name"}, opts))
			return false;
		if (!opts.empty())
			t.name = opts[0].second;
		if (t.name.size() > 15 || t.name.find_first_of("/ \t") != t.name.npos ||
		    t.name == "." || t.name == "..")
			return fail(it, "tap name " + quote(t.name) +
						": expected an interface name of 1 to 15 "
						"characters without '/' or spaces");
		out = std::move(t);
		return true;
	}
	if (kind == "gen") {
		GenParams g;
		if (!options(it, kind, rest, {"size", "vlan", "qinq", "flows", "rate", "count"},
			     opts) ||
		    !gen(it, opts, g))
			return false;
		out = std::move(g);
		return true;
	}
	return fail(it, "unknown wire " + quote(kind) +
				" (expected none, loopback, cable:<port>, pcap, tap, gen or sink)");
}

// A cable given on one end is the other end's wire too; given on both ends,
// the two must name each other.
bool Parser::cables()
{
	for (PortConfig &p : cfg_.ports) {
		auto *c = std::get_if<wirespec::Cable>(&p.wire);
		if (!c)
			continue;
		PortConfig &peer = *find(c->peer);
		Item it{p.item, {}};
		for (const Item &i : items_)
			if (i.n == p.item)
				it = i;
		auto *back = std::get_if<wirespec::Cable>(&peer.wire);
		if (back && back->peer == p.port)
			continue;
		if (peer.item) {
			static constexpr const char *kinds[] = {"none", "loopback", "cable", "pcap",
								"tap",	"gen",	    "sink"};
			std::string has = back ? "cable:" + back->peer
					       : std::string("wire ") + kinds[peer.wire.index()];
			return fail(it, "cable to " + peer.port + ", but " + peer.port + " has " +
						has + " (item " + std::to_string(peer.item) + ")");
		}
		peer.wire = wirespec::Cable{p.port, {}};
		peer.item = p.item;
		peer.item_text = p.item_text;
	}
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
