/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "platform/device_tree.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include "dpaa_hw/qman_cgr.hpp"
#include "dpaa_hw/qman_portal.hpp"

namespace dpaa::platform::dt
{

namespace
{

// The tree is read with scandir(), open() and read() only: the calls every
// USDPAA application makes on /proc/device-tree, so that whatever serves
// them (procfs on a board, an emulation of the kernel interface) serves
// this driver alike.

std::string parent_of(const std::string &root, const std::string &node)
{
	if (node.size() <= root.size())
		return {};
	return node.substr(0, node.rfind('/'));
}

bool is_dir(const std::string &path)
{
	const int fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

std::vector<std::string> child_dirs(const std::string &node)
{
	std::vector<std::string> out;
	dirent **list = nullptr;
	const int n = scandir(node.c_str(), &list, nullptr, alphasort);
	for (int i = 0; i < n; i++) {
		const char *name = list[i]->d_name;
		const unsigned char type = list[i]->d_type;
		if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
			const std::string path = node + "/" + name;
			// Node folders only: no symbolic link, whose target is
			// a node listed elsewhere.
			if (type == DT_DIR || (type == DT_UNKNOWN && is_dir(path)))
				out.push_back(path);
		}
		free(list[i]);
	}
	free(list);
	return out;
}

void walk(const std::string &node, std::vector<std::string> &out, std::string_view compat)
{
	for (const std::string &c : child_dirs(node)) {
		if (is_compatible(c, compat))
			out.push_back(c);
		walk(c, out, compat);
	}
}

std::string walk_phandle(const std::string &node, uint32_t ph)
{
	for (const std::string &c : child_dirs(node)) {
		for (const char *name : {"phandle", "linux,phandle"}) {
			auto p = read_property(c, name);
			if (p && cell(*p, 0) == ph)
				return c;
		}
		std::string found = walk_phandle(c, ph);
		if (!found.empty())
			return found;
	}
	return {};
}

std::optional<uint32_t> u32_property(const std::string &node, std::string_view name)
{
	auto p = read_property(node, name);
	if (!p)
		return std::nullopt;
	return cell(*p, 0);
}

// A "fsl,*-range" property: <first count>.
bool read_range(const std::string &root, std::string_view compat, std::string_view prop,
		uint32_t &first, uint32_t &count)
{
	for (const std::string &n : find_compatible(root, compat)) {
		auto p = read_property(n, prop);
		if (p && cell(*p, 0) && cell(*p, 1)) {
			first = *cell(*p, 0);
			count = *cell(*p, 1);
			return true;
		}
	}
	return false;
}

// 10G for the 10G interface modes the mEMAC runs, 1G for the others.
void mac_mode(const std::string &node, MacInfo &mac)
{
	std::string mode;
	for (const char *name : {"phy-connection-type", "phy-mode"}) {
		auto p = read_property(node, name);
		if (p && !strings(*p).empty()) {
			mode = strings(*p)[0];
			break;
		}
	}
	for (const char *ten : {"xgmii", "xfi", "10gbase-r", "10gbase-kr", "usxgmii", "xaui"})
		if (mode == ten) {
			mac.type = MacType::memac_10g;
			mac.speed_mbps = 10000;
			return;
		}
	mac.type = MacType::memac_1g;
	mac.speed_mbps = (mode == "2500base-x" || mode == "sgmii-2500") ? 2500 : 1000;
}

// The MAC's line side: a fixed-link (property or subnode: an SFP+ cage, a
// fixed link), or the PHY its phy-handle names. A clause-45 PHY on a 10G
// mEMAC is, on the LS104x RDBs, the 10GBASE-T PHY that adapts the rate
// (AQR105, AQR106); a tree that names none of them leaves it unknown.
PhyKind phy_kind(const std::string &root, const std::string &node, const MacInfo &mac)
{
	if (read_property(node, "fixed-link") || is_dir(node + "/fixed-link"))
		return PhyKind::fixed_link;
	auto ph = u32_property(node, "phy-handle");
	const std::string phy = ph ? find_phandle(root, *ph) : std::string();
	if (!phy.empty() && mac.type == MacType::memac_10g &&
	    is_compatible(phy, "ethernet-phy-ieee802.3-c45"))
		return PhyKind::multirate;
	return PhyKind::phy;
}

// The major revision a portal's compatible names ("fsl,qman-portal-3.2.0"
// is 3), 0 when it names none.
unsigned revision_major(const std::string &node, std::string_view compat)
{
	auto p = read_property(node, "compatible");
	if (!p)
		return 0;
	const std::string prefix = std::string(compat) + "-";
	for (const std::string &s : strings(*p))
		if (s.rfind(prefix, 0) == 0)
			return static_cast<unsigned>(
				strtoul(s.c_str() + prefix.size(), nullptr, 10));
	return 0;
}

// QMan 1.x/2.x (P4080 and kin) number pool channel 1 0x21.
constexpr uint16_t kPool1Rev1 = 0x21;

int parse_portals(const std::string &root, std::string_view compat, std::vector<PortalDesc> &out,
		  std::string &error)
{
	for (const std::string &n : find_compatible(root, compat)) {
		if (!is_enabled(n))
			continue;
		auto index = u32_property(n, "cell-index");
		std::vector<Range> r = reg(root, n);
		if (!index || r.size() < 2) {
			error = n + ": a " + std::string(compat) +
				" node needs cell-index and reg = <CE area>, <CI area>";
			return -EINVAL;
		}
		auto ce = translate(root, n, r[0].addr);
		auto ci = translate(root, n, r[1].addr);
		if (!ce || !ci) {
			error = n + ": reg is outside the ranges of its parent buses";
			return -EINVAL;
		}
		auto ch = u32_property(n, "fsl,qman-channel-id");
		out.push_back(PortalDesc{
			*index, *ce, r[0].size, *ci, r[1].size,
			static_cast<uint16_t>(ch ? *ch : hw::qm::channel::sw_portal(*index)),
			revision_major(n, compat)});
	}
	std::sort(out.begin(), out.end(),
		  [](const PortalDesc &a, const PortalDesc &b) { return a.index < b.index; });
	return 0;
}

// A MAC the fsl,dpaa node hands to user space: its fsl,dpa-ethernet-init
// child (whose name the kernel's link ioctls take), by the MAC node's path.
struct UserMac {
	std::string mac_node;
	std::string dpa_name;
};

// The kernel keeps every MAC for its own network interfaces but those the
// USDPAA tree gives user space: the fsl,dpa-ethernet-init children of the
// fsl,dpaa node, each naming its MAC by phandle in fsl,fman-mac.
int user_space_macs(const std::string &root, std::vector<UserMac> &out, std::string &error)
{
	for (const std::string &dpaa : find_compatible(root, "fsl,dpaa")) {
		if (!is_enabled(dpaa))
			continue;
		for (const std::string &c : child_dirs(dpaa)) {
			if (!is_compatible(c, "fsl,dpa-ethernet-init") || !is_enabled(c))
				continue;
			auto ph = u32_property(c, "fsl,fman-mac");
			const std::string mac = ph ? find_phandle(root, *ph) : std::string();
			if (mac.empty()) {
				error = c + ": fsl,fman-mac " +
					(ph ? "names a node that is not in the tree"
					    : "is missing");
				return -EINVAL;
			}
			out.push_back(UserMac{mac, c.substr(c.rfind('/') + 1)});
		}
	}
	return 0;
}

// The FMan's 1588 timer: the node its ptimer-handle names, else the
// "fsl,fman-ptp-timer" node whose block starts within the FMan's 1 MiB
// (on LS1046A the FMan covers 0x1a00000..0x1afdfff, the timer 0x1afe000).
// Its absence is no error: timesync is then unavailable.
void parse_timer(const std::string &root, const std::string &fman, FmanInfo &f)
{
	std::vector<std::string> nodes;
	if (auto ph = u32_property(fman, "ptimer-handle")) {
		std::string n = find_phandle(root, *ph);
		if (!n.empty() && is_compatible(n, "fsl,fman-ptp-timer"))
			nodes.push_back(n);
	}
	if (nodes.empty())
		nodes = find_compatible(root, "fsl,fman-ptp-timer");
	constexpr uint64_t kFmanSpan = 0x100000;
	for (const std::string &n : nodes) {
		if (!is_enabled(n))
			continue;
		std::vector<Range> r = reg(root, n);
		auto phys = r.empty() ? std::nullopt : translate(root, n, r[0].addr);
		if (!phys || *phys < f.ccsr_phys || *phys >= f.ccsr_phys + kFmanSpan ||
		    r[0].size == 0)
			continue;
		f.timer_phys = *phys;
		f.timer_size = static_cast<uint32_t>(r[0].size);
		return;
	}
}

int parse_fman(const std::string &root, const std::string &fman, unsigned fman_index,
	       const std::vector<UserMac> &user, SocInfo &soc, std::string &error)
{
	std::vector<MacInfo> macs;
	for (const std::string &n : find_compatible(fman, "fsl,fman-memac")) {
		if (!is_enabled(n))
			continue;
		auto um = std::find_if(user.begin(), user.end(),
				       [&](const UserMac &u) { return u.mac_node == n; });
		if (um == user.end())
			continue; // the kernel's own interface
		auto cell_index = u32_property(n, "cell-index");
		if (!cell_index) {
			error = n + ": fsl,fman-memac node without cell-index";
			return -EINVAL;
		}
		MacInfo mac{};
		mac.fman = fman_index;
		mac.cell = *cell_index;
		mac_mode(n, mac);
		mac.phy = phy_kind(root, n, mac);
		snprintf(mac.name, sizeof(mac.name), "fm%u-mac%u", fman_index + 1, mac.cell + 1);
		snprintf(mac.if_name, sizeof(mac.if_name), "%s", um->dpa_name.c_str());
		// The address the boot loader gave the port; the MAC's own
		// MAC_ADDR0 is whatever the kernel left there.
		auto addr = read_property(n, "local-mac-address");
		if (!addr || addr->size() != sizeof(mac.addr)) {
			error = n + ": local-mac-address is missing or not 6 bytes";
			return -EINVAL;
		}
		memcpy(mac.addr, addr->data(), sizeof(mac.addr));
		// fsl,fman-ports = <&rx_port &tx_port>
		auto ports = read_property(n, "fsl,fman-ports");
		if (!ports || !cell(*ports, 0) || !cell(*ports, 1)) {
			error = n + ": fsl,fman-ports = <&rx_port &tx_port> is missing";
			return -EINVAL;
		}
		std::string rx = find_phandle(root, *cell(*ports, 0));
		std::string tx = find_phandle(root, *cell(*ports, 1));
		if (rx.empty() || tx.empty()) {
			error = n + ": fsl,fman-ports names a port that is not in the tree";
			return -EINVAL;
		}
		auto rx_id = u32_property(rx, "cell-index"), tx_id = u32_property(tx, "cell-index");
		auto tx_channel = u32_property(tx, "fsl,qman-channel-id");
		if (!rx_id || !tx_id || !tx_channel) {
			error = (tx_channel ? rx : tx) +
				(tx_channel ? ": port without cell-index"
					    : ": Tx port without fsl,qman-channel-id");
			return -EINVAL;
		}
		mac.rx_port_id = static_cast<uint8_t>(*rx_id);
		mac.tx_port_id = static_cast<uint8_t>(*tx_id);
		mac.tx_channel = static_cast<uint16_t>(*tx_channel);
		macs.push_back(mac);
	}
	std::sort(macs.begin(), macs.end(),
		  [](const MacInfo &a, const MacInfo &b) { return a.cell < b.cell; });
	for (const MacInfo &m : macs) {
		if (soc.num_macs == kMaxMacs) {
			error = fman + ": more than " + std::to_string(kMaxMacs) + " MACs";
			return -E2BIG;
		}
		soc.macs[soc.num_macs++] = m;
	}
	return 0;
}

} // namespace

std::optional<Bytes> read_property(const std::string &node, std::string_view name)
{
	const std::string path = node + "/" + std::string(name);
	const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return std::nullopt;
	Bytes b;
	uint8_t buf[512];
	ssize_t n;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		b.insert(b.end(), buf, buf + n);
	close(fd);
	if (n < 0)
		return std::nullopt; // a folder (a node), or unreadable
	return b;
}

std::optional<uint32_t> cell(const Bytes &prop, size_t i)
{
	if (prop.size() < (i + 1) * 4)
		return std::nullopt;
	const uint8_t *p = prop.data() + i * 4;
	return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

std::optional<uint64_t> cells(const Bytes &prop, size_t i, unsigned ncells)
{
	if (ncells == 0 || ncells > 2)
		return ncells == 0 ? std::optional<uint64_t>(0) : std::nullopt;
	uint64_t v = 0;
	for (unsigned k = 0; k < ncells; k++) {
		auto c = cell(prop, i + k);
		if (!c)
			return std::nullopt;
		v = v << 32 | *c;
	}
	return v;
}

std::vector<std::string> strings(const Bytes &prop)
{
	std::vector<std::string> out;
	std::string cur;
	for (uint8_t c : prop) {
		if (c == 0) {
			if (!cur.empty())
				out.push_back(cur);
			cur.clear();
		} else {
			cur.push_back(static_cast<char>(c));
		}
	}
	if (!cur.empty())
		out.push_back(cur);
	return out;
}

bool is_compatible(const std::string &node, std::string_view compat)
{
	auto p = read_property(node, "compatible");
	if (!p)
		return false;
	for (const std::string &s : strings(*p))
		if (s == compat)
			return true;
	return false;
}

bool is_enabled(const std::string &node)
{
	auto p = read_property(node, "status");
	if (!p || strings(*p).empty())
		return true;
	const std::string s = strings(*p)[0];
	return s == "okay" || s == "ok";
}

std::vector<std::string> find_compatible(const std::string &root, std::string_view compat)
{
	std::vector<std::string> out;
	walk(root, out, compat);
	return out;
}

std::string find_phandle(const std::string &root, uint32_t ph)
{
	return walk_phandle(root, ph);
}

namespace
{

// The specification wants #address-cells and #size-cells on every node with
// children, and says a client should assume 2 and 1 where one is missing.
// Linux (of_n_addr_cells / of_n_size_cells) and every USDPAA driver look
// up the ancestors first, and board trees rely on that: a node's value
// is its own, else its nearest ancestor's, else the default.
unsigned inherited_cells(const std::string &root, std::string node, const char *name, unsigned dflt)
{
	while (!node.empty()) {
		if (auto v = u32_property(node, name))
			return *v;
		node = parent_of(root, node);
	}
	return u32_property(root, name).value_or(dflt);
}

} // namespace

unsigned address_cells(const std::string &root, const std::string &node)
{
	return inherited_cells(root, node, "#address-cells", 2);
}

unsigned size_cells(const std::string &root, const std::string &node)
{
	return inherited_cells(root, node, "#size-cells", 1);
}

std::vector<Range> reg(const std::string &root, const std::string &node)
{
	std::vector<Range> out;
	const std::string parent = parent_of(root, node);
	if (parent.empty())
		return out;
	const unsigned ac = address_cells(root, parent), sc = size_cells(root, parent);
	auto p = read_property(node, "reg");
	if (!p || ac + sc == 0)
		return out;
	for (size_t i = 0; i + ac + sc <= p->size() / 4; i += ac + sc) {
		auto a = cells(*p, i, ac), s = cells(*p, i + ac, sc);
		if (!a || !s)
			break;
		out.push_back(Range{*a, *s});
	}
	return out;
}

std::optional<uint64_t> translate(const std::string &root, const std::string &node, uint64_t addr)
{
	// Climb: the address is in the space of bus = parent(node); each bus's
	// "ranges" maps <child-addr parent-addr size> into its own parent's.
	std::string bus = parent_of(root, node);
	while (!bus.empty() && bus.size() > root.size()) {
		const std::string up = parent_of(root, bus);
		auto ranges = read_property(bus, "ranges");
		if (!ranges)
			return std::nullopt; // no ranges: not mapped to the CPU
		if (!ranges->empty()) {
			const unsigned cac = address_cells(root, bus), csz = size_cells(root, bus);
			const unsigned pac = address_cells(root, up.empty() ? root : up);
			const unsigned entry = cac + pac + csz;
			bool hit = false;
			for (size_t i = 0; entry && i + entry <= ranges->size() / 4; i += entry) {
				auto child = cells(*ranges, i, cac);
				auto parent = cells(*ranges, i + cac, pac);
				auto size = cells(*ranges, i + cac + pac, csz);
				if (!child || !parent || !size)
					return std::nullopt;
				if (addr >= *child && addr - *child < *size) {
					addr = addr - *child + *parent;
					hit = true;
					break;
				}
			}
			if (!hit)
				return std::nullopt;
		}
		bus = up;
	}
	return addr;
}

int parse_board(const std::string &root, BoardTree &out, std::string &error)
{
	out = BoardTree{};
	SocInfo &soc = out.soc;

	// Board and SoC from the root's compatible: "fsl,ls1046a-rdb", "fsl,ls1046a".
	if (auto c = read_property(root, "compatible")) {
		for (const std::string &s : strings(*c)) {
			std::string v = s.substr(s.find(',') + 1);
			if (soc.board[0] == 0 && v.find('-') != std::string::npos)
				snprintf(soc.board, sizeof(soc.board), "%s", v.c_str());
			else if (soc.soc[0] == 0 && v.find('-') == std::string::npos) {
				std::transform(v.begin(), v.end(), v.begin(), ::toupper);
				snprintf(soc.soc, sizeof(soc.soc), "%s", v.c_str());
			}
		}
	}

	std::vector<std::pair<unsigned, std::string>> fmans;
	for (const std::string &n : find_compatible(root, "fsl,fman")) {
		if (!is_enabled(n))
			continue;
		auto idx = u32_property(n, "cell-index");
		if (!idx) {
			error = n + ": fsl,fman node without cell-index";
			return -EINVAL;
		}
		fmans.emplace_back(*idx, n);
	}
	std::sort(fmans.begin(), fmans.end());
	std::vector<UserMac> user;
	if (int ret = user_space_macs(root, user, error); ret < 0)
		return ret;
	if (fmans.empty()) {
		error = root + ": no fsl,fman node";
		return -ENODEV;
	}
	if (fmans.size() > kMaxFmans) {
		error = root + ": more than " + std::to_string(kMaxFmans) + " FMans";
		return -E2BIG;
	}
	for (const auto &[idx, n] : fmans) {
		FmanInfo &f = soc.fmans[soc.num_fmans++];
		f.index = idx;
		std::vector<Range> r = reg(root, n);
		if (r.empty()) {
			error = n + ": fsl,fman node without reg";
			return -EINVAL;
		}
		auto phys = translate(root, n, r[0].addr);
		if (!phys) {
			error = n + ": reg is outside the ranges of its parent buses";
			return -EINVAL;
		}
		f.ccsr_phys = *phys;
		f.ccsr_size = static_cast<uint32_t>(r[0].size);
		if (auto clk = u32_property(n, "clock-frequency"))
			f.clock_mhz = *clk / 1000000;
		parse_timer(root, n, f);
		int ret = parse_fman(root, n, idx, user, soc, error);
		if (ret < 0)
			return ret;
	}

	if (soc.num_macs == 0) {
		error = root + ": no fsl,dpa-ethernet-init node of fsl,dpaa hands an enabled "
			       "fsl,fman-memac MAC to user space";
		return -ENODEV;
	}

	int ret = parse_portals(root, "fsl,qman-portal", out.qman_portals, error);
	if (ret == 0)
		ret = parse_portals(root, "fsl,bman-portal", out.bman_portals, error);
	if (ret < 0)
		return ret;
	if (out.qman_portals.empty() || out.bman_portals.empty()) {
		error = root + ": no fsl,qman-portal or fsl,bman-portal node";
		return -ENODEV;
	}
	soc.num_qman_portals = std::min<unsigned>(out.qman_portals.size(), kMaxPortals);
	soc.num_bman_portals = std::min<unsigned>(out.bman_portals.size(), kMaxPortals);

	for (const std::string &n : find_compatible(root, "fsl,bman")) {
		std::vector<Range> r = reg(root, n);
		auto phys = r.empty() ? std::nullopt : translate(root, n, r[0].addr);
		if (phys) {
			out.bman_ccsr_phys = *phys;
			out.bman_ccsr_size = r[0].size;
		}
	}

	// What the USDPAA tree reserves for user space; the SoC's whole range
	// when the tree says nothing.
	if (!read_range(root, "fsl,fqid-range", "fsl,fqid-range", soc.fqid_base, soc.fqid_count)) {
		soc.fqid_base = 0x100;
		soc.fqid_count = 0x100;
	}
	if (!read_range(root, "fsl,bpid-range", "fsl,bpid-range", soc.bpid_base, soc.bpid_count)) {
		soc.bpid_base = 0;
		soc.bpid_count = 64;
	}
	if (!read_range(root, "fsl,cgrid-range", "fsl,cgrid-range", soc.cgrid_base,
			soc.cgrid_count)) {
		soc.cgrid_base = 0;
		soc.cgrid_count = hw::qm::kNumCgrs;
	}
	if (soc.cgrid_base >= hw::qm::kNumCgrs ||
	    soc.cgrid_count > hw::qm::kNumCgrs - soc.cgrid_base) {
		char what[96];
		snprintf(what, sizeof(what), "fsl,cgrid-range <%u %u>: a QMan has CGRIDs 0..%u",
			 soc.cgrid_base, soc.cgrid_count, hw::qm::kNumCgrs - 1);
		error = what;
		return -EINVAL;
	}
	// The pool channels this process may use: the LS104x trees give the
	// QMan's whole set, <0x401 0xf>, but a tree may keep some for the
	// kernel. SDQCR's pool bits count from the QMan's pool channel 1, which
	// its revision fixes, not from the first channel of the range: 0x401
	// on QMan 3.x (LS104x: "fsl,qman-portal-3.x.y"), 0x21 before.
	uint16_t pool1 = hw::qm::channel::pool(1);
	for (const PortalDesc &p : out.qman_portals)
		if (p.rev_major != 0 && p.rev_major < 3)
			pool1 = kPool1Rev1;
	uint32_t pc_first = pool1, pc_count = hw::qm::channel::kNumPools;
	read_range(root, "fsl,pool-channel-range", "fsl,pool-channel-range", pc_first, pc_count);
	if (pc_first < pool1 || pc_count > hw::qm::channel::kNumPools ||
	    pc_first + pc_count > pool1 + hw::qm::channel::kNumPools) {
		char what[128];
		snprintf(what, sizeof(what),
			 "fsl,pool-channel-range <0x%x %u>: this QMan has 15 pool channels, "
			 "0x%x..0x%x",
			 pc_first, pc_count, pool1, pool1 + hw::qm::channel::kNumPools - 1);
		error = what;
		return -EINVAL;
	}
	soc.pool_channel1 = pool1;
	soc.num_pool_channels = std::min<unsigned>(pc_count, kMaxPoolChannels);
	for (unsigned i = 0; i < soc.num_pool_channels; i++)
		soc.pool_channels[i] = static_cast<uint16_t>(pc_first + i);
	return 0;
}

} // namespace dpaa::platform::dt
