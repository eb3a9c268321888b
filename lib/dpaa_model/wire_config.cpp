/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_config.hpp"

#include <charconv>
#include <fstream>
#include <span>

namespace dpaa::model
{

namespace config_text
{

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

bool to_u64(std::string_view s, uint64_t &v)
{
	if (s.empty() || s.find_first_not_of("0123456789") != s.npos)
		return false;
	auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
	return ec == std::errc() && p == s.data() + s.size();
}

// A long text (a file pasted by mistake) is cut, so that the message stays
// one readable line.
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

std::string cut(std::string_view s)
{
	if (s.size() <= kMaxQuoted)
		return std::string(s);
	return std::string(s.substr(0, kMaxQuoted)) + "... (" + std::to_string(s.size()) +
	       " characters)";
}

// The machine's online CPUs, not the calling thread's affinity: EAL pins its
// threads, and a configuration parsed again later (a hot-plug) must not be
// refused for that.
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

RunSetting run_setting(std::string_view key, std::string_view value, RunMode &mode,
		       Throttle &throttle, int &cpu, std::string &what)
{
	constexpr uint64_t kMaxCpu = 1023;
	if (key == "mode") {
		if (value == "threaded")
			mode = RunMode::threaded;
		else if (value == "stepped")
			mode = RunMode::stepped;
		else
			return what = "unknown mode (expected threaded|stepped)", RunSetting::bad;
		return RunSetting::ok;
	}
	if (key == "throttle") {
		if (value == "line")
			throttle = Throttle::line;
		else if (value == "off")
			throttle = Throttle::off;
		else
			return what = "unknown throttle (expected line|off)", RunSetting::bad;
		return RunSetting::ok;
	}
	if (key != "cpu")
		return RunSetting::not_mine;
	uint64_t n;
	if (!to_u64(value, n) || n > kMaxCpu)
		return what = "cpu=" + cut(value) + ": expected a number in 0.." +
			      std::to_string(kMaxCpu),
		       RunSetting::bad;
	// The model's thread is pinned there when it starts: a CPU the machine
	// does not have is refused now, naming the item, rather than by the
	// start.
	std::string online;
	if (!cpu_online(n, online))
		return what = "cpu=" + std::to_string(n) +
			      ": no such CPU online (online CPUs: " + online + ")",
		       RunSetting::bad;
	cpu = int(n);
	return RunSetting::ok;
}

std::vector<ConfigItem> items(std::string_view text)
{
	std::vector<ConfigItem> out;
	std::vector<std::string_view> parts = split(text, ';');
	for (size_t i = 0; i < parts.size(); i++)
		if (!parts[i].empty())
			out.push_back({unsigned(i + 1), parts[i]});
	return out;
}

SingleItem single_item(const std::vector<ConfigItem> &items, std::string_view key)
{
	SingleItem found;
	for (const ConfigItem &it : items) {
		size_t eq = it.text.find('=');
		if (eq == it.text.npos || trim(it.text.substr(0, eq)) != key)
			continue;
		if (found.item) {
			found.twice = &it;
			found.what = std::string(key) + " given twice (first in item " +
				     std::to_string(found.item->n) + ")";
			break;
		}
		found.item = &it;
		found.value = trim(it.text.substr(eq + 1));
	}
	return found;
}

std::string item_error(std::string_view variable, const ConfigItem &it, const std::string &what)
{
	return std::string(variable) + ": item " + std::to_string(it.n) + " " + quote(it.text) +
	       ": " + what;
}

} // namespace config_text

using namespace config_text;

namespace
{

constexpr uint64_t kMaxVlanId = 4094; // 4095 is reserved (802.1Q)

class WireParser
{
public:
	WireParser(const WirePorts &ports, const ConfigItem &it, std::string &error)
	    : ports_(ports), it_(it), error_(error)
	{
	}

	bool wire(std::string_view port, std::string_view text, WireSpec &out);

private:
	bool fail(const std::string &what)
	{
		error_ = item_error(ports_.variable, it_, what);
		return false;
	}
	// key=value options after a wire kind; each key at most once.
	using Options = std::vector<std::pair<std::string_view, std::string_view>>;
	bool options(std::string_view kind, std::span<const std::string_view> parts,
		     std::initializer_list<std::string_view> keys, Options &out);
	bool number(std::string_view key, std::string_view v, uint64_t lo, uint64_t hi,
		    uint64_t &out);
	bool rate(std::string_view v, Rate &out);
	bool gen(const Options &opts, GenParams &g);

	const WirePorts &ports_;
	const ConfigItem &it_;
	std::string &error_;
};

bool WireParser::options(std::string_view kind, std::span<const std::string_view> parts,
			 std::initializer_list<std::string_view> keys, Options &out)
{
	std::string expected;
	for (std::string_view k : keys)
		expected += (expected.empty() ? "" : ", ") + std::string(k);
	for (std::string_view part : parts) {
		size_t eq = part.find('=');
		std::string_view k = trim(part.substr(0, eq));
		if (eq == part.npos || k.empty())
			return fail("expected <key>=<value> in " + std::string(kind) +
				    " options, not " + quote(part) + " (keys: " + expected + ")");
		std::string_view v = trim(part.substr(eq + 1));
		bool known = false;
		for (std::string_view key : keys)
			known |= key == k;
		if (!known)
			return fail("unknown " + std::string(kind) + " option " + quote(k) +
				    " (expected " + expected + ")");
		for (auto &[seen, unused] : out)
			if (seen == k)
				return fail(std::string(kind) + " option " + std::string(k) +
					    " given twice");
		if (v.empty())
			return fail(std::string(kind) + " option " + std::string(k) +
				    " has no value");
		out.emplace_back(k, v);
	}
	return true;
}

bool WireParser::number(std::string_view key, std::string_view v, uint64_t lo, uint64_t hi,
			uint64_t &out)
{
	if (!to_u64(v, out) || out < lo || out > hi)
		return fail(std::string(key) + "=" + cut(v) + ": expected a number in " +
			    std::to_string(lo) + ".." + std::to_string(hi));
	return true;
}

bool WireParser::rate(std::string_view v, Rate &out)
{
	if (v == "line") {
		out = {Rate::Kind::line, 0};
	} else if (v == "max") {
		out = {Rate::Kind::max, 0};
	} else {
		uint64_t pps;
		if (!to_u64(v, pps) || pps == 0)
			return fail("rate=" + cut(v) +
				    ": expected line, max or frames per second (a "
				    "positive number)");
		out = {Rate::Kind::pps, pps};
	}
	return true;
}

bool WireParser::gen(const Options &opts, GenParams &g)
{
	for (auto &[k, v] : opts) {
		uint64_t n, m;
		if (k == "size") {
			g.sizes.clear();
			for (std::string_view s : split(v, ',')) {
				if (!number("size", s, gen::kMinFrame, gen::kMaxFrame, n))
					return false;
				g.sizes.push_back(uint32_t(n));
			}
		} else if (k == "vlan") {
			if (!number("vlan", v, 0, kMaxVlanId, n))
				return false;
			g.tags.vlan = uint16_t(n);
		} else if (k == "qinq") {
			size_t dot = v.find('.');
			if (dot == v.npos)
				return fail("qinq=" + cut(v) +
					    ": expected <outer>.<inner> VLAN ids");
			if (!number("qinq outer", v.substr(0, dot), 0, kMaxVlanId, n) ||
			    !number("qinq inner", v.substr(dot + 1), 0, kMaxVlanId, m))
				return false;
			g.tags.outer = uint16_t(n);
			g.tags.inner = uint16_t(m);
		} else if (k == "flows") {
			if (!number("flows", v, 1, gen::kMaxFlows, n))
				return false;
			g.flows = uint32_t(n);
		} else if (k == "rate") {
			if (!rate(v, g.rate))
				return false;
		} else if (k == "count") {
			if (!number("count", v, 1, UINT64_MAX, g.count))
				return false;
		}
	}
	if (g.tags.vlan && g.tags.outer)
		return fail("vlan and qinq together: qinq=<outer>.<inner> already tags twice");
	return true;
}

bool WireParser::wire(std::string_view port, std::string_view text, WireSpec &out)
{
	std::vector<std::string_view> parts = split(text, ':');
	std::string_view kind = parts[0];
	std::span<const std::string_view> rest(parts.begin() + 1, parts.end());
	Options opts;
	auto no_options = [&]() {
		if (!rest.empty())
			return fail("wire " + std::string(kind) + " takes no options");
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
			return fail("expected cable:<peer-port>[:inject=<file>] (ports: " +
				    ports_.list + ")");
		std::string_view peer = rest[0];
		if (!options(kind, rest.subspan(1), {"inject"}, opts))
			return false;
		if (!ports_.find(peer))
			return fail("cable to " + quote(peer) + ": no such port on " +
				    std::string(ports_.board) + " (ports: " + ports_.list + ")");
		if (peer == port)
			return fail("cable from " + std::string(port) + " to itself: use loopback");
		std::string inject;
		for (auto &[k, v] : opts)
			inject = v;
		out = wirespec::Cable{std::string(peer), inject};
		return true;
	}
	if (kind == "pcap") {
		PcapParams p;
		if (!options(kind, rest, {"rx", "tx", "rate", "loop", "start", "fcs"}, opts))
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
					return fail("start=" + cut(v) +
						    ": expected poll or enable");
			} else if (k == "fcs") {
				if (v == "yes")
					p.fcs = true;
				else if (v == "no")
					p.fcs = false;
				else
					return fail("fcs=" + cut(v) + ": expected yes or no");
			} else if (k == "rx") {
				p.rx = v;
			} else if (k == "tx") {
				p.tx = v;
			} else if (k == "rate") {
				has_rate = true;
				if (!rate(v, p.rate))
					return false;
			} else if (!number("loop", v, 0, UINT64_MAX, p.loop)) {
				return false;
			}
		}
		if (p.rx.empty() && p.tx.empty())
			return fail("pcap needs rx=<file>, tx=<file> or both");
		if (p.rx.empty() && (has_rate || p.loop != 1 || has_start))
			return fail("pcap rate, loop and start apply to rx=<file>, which is "
				    "missing");
		out = std::move(p);
		return true;
	}
	if (kind == "tap") {
		TapParams t{std::string(port)};
		if (!options(kind, rest, {"name"}, opts))
			return false;
		if (!opts.empty())
			t.name = opts[0].second;
		if (t.name.size() > 15 || t.name.find_first_of("/ \t") != t.name.npos ||
		    t.name == "." || t.name == "..")
			return fail("tap name " + quote(t.name) +
				    ": expected an interface name of 1 to 15 "
				    "characters without '/' or spaces");
		out = std::move(t);
		return true;
	}
	if (kind == "gen") {
		GenParams g;
		if (!options(kind, rest, {"size", "vlan", "qinq", "flows", "rate", "count"},
			     opts) ||
		    !gen(opts, g))
			return false;
		out = std::move(g);
		return true;
	}
	return fail("unknown wire " + quote(kind) +
		    " (expected none, loopback, cable:<port>, pcap, tap, gen or sink)");
}

} // namespace

const char *wire_kind_name(const WireSpec &spec)
{
	static constexpr const char *kinds[] = {"none", "loopback", "cable", "pcap",
						"tap",	"gen",	    "sink"};
	static_assert(std::size(kinds) == std::variant_size_v<WireSpec>);
	return kinds[spec.index()];
}

PortWire *WirePorts::find(std::string_view name) const
{
	for (PortWire *p : ports)
		if (p->port == name)
			return p;
	return nullptr;
}

bool parse_wire_item(const WirePorts &ports, const ConfigItem &it, std::string_view port,
		     std::string_view text, WireSpec &out, std::string &error)
{
	return WireParser(ports, it, error).wire(port, text, out);
}

bool resolve_cables(const WirePorts &ports, const std::vector<ConfigItem> &items,
		    std::string &error)
{
	for (PortWire *p : ports.ports) {
		auto *c = std::get_if<wirespec::Cable>(&p->wire);
		if (!c)
			continue;
		PortWire &peer = *ports.find(c->peer);
		ConfigItem it{p->item, {}};
		for (const ConfigItem &i : items)
			if (i.n == p->item)
				it = i;
		auto *back = std::get_if<wirespec::Cable>(&peer.wire);
		if (back && back->peer == p->port)
			continue;
		if (peer.item) {
			std::string has = back ? "cable:" + back->peer
					       : std::string("wire ") + wire_kind_name(peer.wire);
			error = item_error(ports.variable, it,
					   "cable to " + peer.port + ", but " + peer.port +
						   " has " + has + " (item " +
						   std::to_string(peer.item) + ")");
			return false;
		}
		peer.wire = wirespec::Cable{p->port, {}};
		peer.item = p->item;
		peer.item_text = p->item_text;
	}
	return true;
}

} // namespace dpaa::model
