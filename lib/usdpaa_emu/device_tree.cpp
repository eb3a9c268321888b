/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "usdpaa_emu/device_tree.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <sys/stat.h>
#include <unistd.h>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_memac.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "emu_common/libc_next.hpp"

namespace dpaa::usdpaa
{

namespace libc = emu::libc;

namespace
{

namespace ch = hw::qm::channel;

// The USDPAA device trees NXP ships give each MAC two Rx FQIDs from 0x50
// and two Tx FQIDs from 0x70, below the allocator's ranges.
constexpr uint32_t kRxFqidBase = 0x50;
constexpr uint32_t kTxFqidBase = 0x70;

uint32_t svr_of(const std::string &soc)
{
	if (soc == "LS1043A")
		return 0x87920010;
	return 0x87070010; // LS1046A rev 1.0
}

class Writer
{
public:
	Writer(std::string root, std::string &error) : root_(std::move(root)), error_(error) {}

	bool node(const std::string &path)
	{
		const std::string p = root_ + path;
		if (mkdir(p.c_str(), 0755) != 0 && errno != EEXIST)
			return fail(p);
		return true;
	}
	bool bytes(const std::string &node, const char *name, const void *data, size_t len)
	{
		const std::string p = root_ + node + "/" + name;
		int fd = libc::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0)
			return fail(p);
		const bool ok = len == 0 || write(fd, data, len) == static_cast<ssize_t>(len);
		libc::close(fd);
		return ok || fail(p);
	}
	bool cells(const std::string &node, const char *name, std::initializer_list<uint32_t> v)
	{
		std::vector<uint8_t> b;
		for (uint32_t c : v)
			for (int s = 24; s >= 0; s -= 8)
				b.push_back(static_cast<uint8_t>(c >> s));
		return bytes(node, name, b.data(), b.size());
	}
	bool strings(const std::string &node, const char *name,
		     std::initializer_list<std::string> v)
	{
		std::string b;
		for (const std::string &s : v) {
			b += s;
			b += '\0';
		}
		return bytes(node, name, b.data(), b.size());
	}
	uint32_t phandle() { return ++last_phandle_; }

private:
	bool fail(const std::string &p)
	{
		error_ = p + ": " + strerror(errno);
		return false;
	}
	std::string root_;
	std::string &error_;
	uint32_t last_phandle_ = 0;
};

std::string hex(uint64_t v)
{
	char b[32];
	snprintf(b, sizeof(b), "%llx", static_cast<unsigned long long>(v));
	return b;
}

uint32_t hi(uint64_t v)
{
	return static_cast<uint32_t>(v >> 32);
}
uint32_t lo(uint64_t v)
{
	return static_cast<uint32_t>(v);
}

} // namespace

DeviceTree describe(const model::BoardDesc &board)
{
	DeviceTree dt;
	dt.soc_svr = svr_of(board.soc);
	dt.ranges = model::usdpaa_id_ranges();
	for (const model::FmanDesc &f : board.fmans)
		for (const model::MacDesc &m : f.macs) {
			DpaInterface i;
			i.node_name = "ethernet@" + std::to_string(m.cell);
			i.fman = f.index;
			i.cell = m.cell;
			i.rx_err_fqid = kRxFqidBase + 2 * m.cell;
			i.rx_def_fqid = i.rx_err_fqid + 1;
			i.tx_err_fqid = kTxFqidBase + 2 * m.cell;
			i.tx_conf_fqid = i.tx_err_fqid + 1;
			// Locally administered, from the MAC's position, as our own
			// driver derives one for a MAC that holds none.
			i.mac_addr = {0x02,
				      0x00,
				      0x00,
				      0xd9,
				      static_cast<uint8_t>(f.index + 1),
				      static_cast<uint8_t>(m.cell + 1)};
			dt.interfaces.push_back(i);
		}
	return dt;
}

int write_device_tree(const model::BoardDesc &board, const DeviceTree &dt, const std::string &dir,
		      std::string &error)
{
	Writer w(dir, error);
	const std::string soc_name = board.soc == "LS1043A" ? "fsl,ls1043a" : "fsl,ls1046a";
	bool ok = w.strings("", "compatible", {"fsl," + board.name, soc_name}) &&
		  w.strings("", "model", {board.name}) && w.cells("", "#address-cells", {2}) &&
		  w.cells("", "#size-cells", {2});

	// The SoC bus: children's addresses are physical (empty ranges).
	const std::string soc = "/soc";
	ok = ok && w.node(soc) && w.strings(soc, "compatible", {"simple-bus"}) &&
	     w.cells(soc, "#address-cells", {2}) && w.cells(soc, "#size-cells", {2}) &&
	     w.bytes(soc, "ranges", nullptr, 0);

	const std::string qman = soc + "/qman@" + hex(phys::kQmanCcsr);
	ok = ok && w.node(qman) && w.strings(qman, "compatible", {"fsl,qman"}) &&
	     w.cells(qman, "reg", {0, lo(phys::kQmanCcsr), 0, lo(phys::kCcsrSize)}) &&
	     w.cells(qman, "clock-frequency", {300000000});
	const std::string bman = soc + "/bman@" + hex(phys::kBmanCcsr);
	ok = ok && w.node(bman) && w.strings(bman, "compatible", {"fsl,bman"}) &&
	     w.cells(bman, "reg", {0, lo(phys::kBmanCcsr), 0, lo(phys::kCcsrSize)});

	// Portal versions: QMan 3.x numbers pool channels from 0x401, earlier
	// revisions from 0x21; the tree names the revision whose numbering the
	// modelled QMan implements, so a driver's pool-channel arithmetic
	// matches the channels the model serves.
	const bool rev3 = ch::kPool1 == 0x401;
	for (unsigned i = 0; i < board.qman_portals; i++) {
		const std::string p =
			soc + "/qman-portal@" + hex(phys::kQmanPortalCe + i * phys::kPortalStride);
		const uint64_t ce = phys::kQmanPortalCe + i * phys::kPortalStride;
		const uint64_t ci = phys::kQmanPortalCi + i * phys::kPortalStride;
		ok = ok && w.node(p) &&
		     (rev3 ? w.strings(p, "compatible",
				       {"fsl,qman-portal-3.2.0", "fsl,qman-portal"})
			   : w.strings(p, "compatible", {"fsl,qman-portal"})) &&
		     w.cells(p, "reg",
			     {hi(ce), lo(ce), 0, lo(phys::kPortalSize), hi(ci), lo(ci), 0,
			      lo(phys::kPortalSize)}) &&
		     w.cells(p, "cell-index", {i}) &&
		     w.cells(p, "fsl,qman-channel-id", {ch::sw_portal(i)});
	}
	for (unsigned i = 0; i < board.bman_portals; i++) {
		const std::string p =
			soc + "/bman-portal@" + hex(phys::kBmanPortalCe + i * phys::kPortalStride);
		const uint64_t ce = phys::kBmanPortalCe + i * phys::kPortalStride;
		const uint64_t ci = phys::kBmanPortalCi + i * phys::kPortalStride;
		ok = ok && w.node(p) &&
		     w.strings(p, "compatible", {"fsl,bman-portal-2.1.0", "fsl,bman-portal"}) &&
		     w.cells(p, "reg",
			     {hi(ce), lo(ce), 0, lo(phys::kPortalSize), hi(ci), lo(ci), 0,
			      lo(phys::kPortalSize)}) &&
		     w.cells(p, "cell-index", {i});
	}

	// The ID ranges the kernel's allocators hand out.
	unsigned n = 0;
	auto range = [&](const char *node, const char *compat,
			 const std::vector<std::pair<uint32_t, uint32_t>> &v) {
		for (auto [base, num] : v) {
			const std::string p = std::string("/") + node + "@" + std::to_string(n++);
			ok = ok && w.node(p) && w.strings(p, "compatible", {compat}) &&
			     w.cells(p, compat, {base, num});
		}
	};
	range("qman-fqids", "fsl,fqid-range", dt.ranges.fqids);
	range("qman-pools", "fsl,pool-channel-range", dt.ranges.pool_channels);
	range("qman-cgrids", "fsl,cgrid-range", dt.ranges.cgrids);
	range("bman-bpids", "fsl,bpid-range", dt.ranges.bpids);

	// Buffer pools the SDK's USDPAA trees declare for the interfaces.
	std::vector<uint32_t> pools;
	const uint32_t pool_sizes[][2] = {{7, 192}, {8, 576}, {9, 2048}};
	for (auto [bpid, size] : pool_sizes) {
		const std::string p = "/buffer-pool@" + std::to_string(bpid);
		const uint32_t ph = w.phandle();
		pools.push_back(ph);
		ok = ok && w.node(p) && w.strings(p, "compatible", {"fsl,bpool"}) &&
		     w.cells(p, "fsl,bpid", {bpid}) &&
		     w.cells(p, "fsl,bpool-ethernet-cfg", {0, 0, 0, size, 0, 0}) &&
		     w.cells(p, "phandle", {ph});
	}

	// The FMan: ports and MACs, with one address cell as the kernel's
	// trees have it (addresses relative to the FMan).
	std::vector<uint32_t> mac_phandle(board.fmans.size() * hw::fman::kMaxMacs);
	for (const model::FmanDesc &f : board.fmans) {
		const uint64_t base = phys::kFmanCcsr + f.index * 0x100000;
		const std::string fm = soc + "/fman@" + hex(base);
		// The timer is the FMan's neighbour on the SoC bus, as in the
		// kernel's qoriq-fman3-0.dtsi, with a clock of the FMan's.
		const uint64_t tmr = phys::kFmanTimer + f.index * 0x100000;
		const std::string timer = soc + "/ptp-timer@" + hex(tmr);
		const uint32_t timer_ph = w.phandle();
		ok = ok && w.node(timer) &&
		     w.strings(timer, "compatible", {"fsl,fman-ptp-timer"}) &&
		     w.cells(timer, "reg", {0, lo(tmr), 0, lo(phys::kFmanTimerSize)}) &&
		     w.cells(timer, "phandle", {timer_ph});
		ok = ok && w.node(fm) && w.strings(fm, "compatible", {"fsl,fman"}) &&
		     w.cells(fm, "cell-index", {f.index}) &&
		     w.cells(fm, "ptimer-handle", {timer_ph}) &&
		     w.cells(fm, "reg", {0, lo(base), 0, lo(phys::kFmanSize)}) &&
		     w.cells(fm, "#address-cells", {1}) && w.cells(fm, "#size-cells", {1}) &&
		     w.cells(fm, "ranges", {0, 0, lo(base), lo(phys::kFmanSize)});
		for (const model::MacDesc &m : f.macs) {
			namespace fmh = hw::fman;
			const bool ten = m.type == model::MacType::memac_10g;
			const uint8_t rx_id = fmh::rx_port_id(m.cell),
				      tx_id = fmh::tx_port_id(m.cell);
			const uint32_t rx_ph = w.phandle(), tx_ph = w.phandle(),
				       mac_ph = w.phandle();
			const std::string rx = fm + "/port@" + hex(fmh::port_page(rx_id));
			const std::string tx = fm + "/port@" + hex(fmh::port_page(tx_id));
			const uint32_t mac_off = fmh::mac_base(m.cell);
			const std::string mac = fm + "/ethernet@" + hex(mac_off);
			const auto &addr = [&] {
				for (const DpaInterface &i : dt.interfaces)
					if (i.fman == f.index && i.cell == m.cell)
						return i.mac_addr;
				return std::array<uint8_t, 6>{};
			}();
			ok = ok && w.node(rx) &&
			     w.strings(rx, "compatible",
				       {ten ? "fsl,fman-port-10g-rx" : "fsl,fman-port-1g-rx",
					"fsl,fman-v3-port-rx"}) &&
			     w.cells(rx, "cell-index", {rx_id}) &&
			     w.cells(rx, "reg", {fmh::port_page(rx_id), fmh::kPortPageSize}) &&
			     w.cells(rx, "phandle", {rx_ph});
			ok = ok && w.node(tx) &&
			     w.strings(tx, "compatible",
				       {ten ? "fsl,fman-port-10g-tx" : "fsl,fman-port-1g-tx",
					"fsl,fman-v3-port-tx"}) &&
			     w.cells(tx, "cell-index", {tx_id}) &&
			     w.cells(tx, "reg", {fmh::port_page(tx_id), fmh::kPortPageSize}) &&
			     w.cells(tx, "fsl,qman-channel-id",
				     {uint32_t(ch::kFman0Base + fmh::tx_channel_offset(m.cell))}) &&
			     w.cells(tx, "phandle", {tx_ph});
			// The line side as the RDBs' trees describe it: a
			// phy-handle to a PHY on one of the FMan's MDIO buses
			// (clause 45 for the 10GBASE-T PHYs), or a fixed link
			// for the SFP+ cage.
			if (m.phy == model::PhyKind::sfp_cage) {
				ok = ok && w.node(mac) &&
				     w.cells(mac, "fixed-link", {0, 1, 10000, 0, 0});
			} else {
				const bool c45 = m.phy == model::PhyKind::multirate;
				const std::string mdio = fm + (c45 ? "/mdio@fd000" : "/mdio@fc000");
				const uint32_t addr_on_bus = c45 ? 0 : m.cell;
				const std::string phy = mdio + "/ethernet-phy@" + hex(addr_on_bus);
				const uint32_t phy_ph = w.phandle();
				ok = ok && w.node(mdio) &&
				     w.strings(mdio, "compatible", {"fsl,fman-memac-mdio"}) &&
				     w.node(phy) &&
				     w.strings(phy, "compatible",
					       {c45 ? "ethernet-phy-ieee802.3-c45"
						    : "ethernet-phy-ieee802.3-c22"}) &&
				     w.cells(phy, "reg", {addr_on_bus}) &&
				     w.cells(phy, "phandle", {phy_ph}) && w.node(mac) &&
				     w.cells(mac, "phy-handle", {phy_ph});
			}
			ok = ok && w.node(mac) &&
			     w.strings(mac, "compatible", {"fsl,fman-memac"}) &&
			     w.cells(mac, "cell-index", {m.cell}) &&
			     w.cells(mac, "reg", {mac_off, hw::fman::kMacSize}) &&
			     w.cells(mac, "fsl,fman-ports", {rx_ph, tx_ph}) &&
			     w.strings(mac, "phy-connection-type", {ten ? "xgmii" : "sgmii"}) &&
			     w.bytes(mac, "local-mac-address", addr.data(), addr.size()) &&
			     w.cells(mac, "phandle", {mac_ph});
			mac_phandle[f.index * hw::fman::kMaxMacs + m.cell] = mac_ph;
		}
	}

	// The MACs user space owns.
	const std::string dpaa = "/fsl,dpaa";
	ok = ok && w.node(dpaa) &&
	     w.strings(dpaa, "compatible", {soc_name, "fsl,dpaa", "simple-bus"});
	for (const DpaInterface &i : dt.interfaces) {
		const std::string p = dpaa + "/" + i.node_name;
		std::vector<uint8_t> pool_cells;
		for (uint32_t ph : pools)
			for (int s = 24; s >= 0; s -= 8)
				pool_cells.push_back(static_cast<uint8_t>(ph >> s));
		ok = ok && w.node(p) && w.strings(p, "compatible", {"fsl,dpa-ethernet-init"}) &&
		     w.cells(p, "fsl,fman-mac",
			     {mac_phandle[i.fman * hw::fman::kMaxMacs + i.cell]}) &&
		     w.bytes(p, "fsl,bman-buffer-pools", pool_cells.data(), pool_cells.size()) &&
		     w.cells(p, "fsl,qman-frame-queues-rx", {i.rx_err_fqid, 1, i.rx_def_fqid, 1}) &&
		     w.cells(p, "fsl,qman-frame-queues-tx", {i.tx_err_fqid, 1, i.tx_conf_fqid, 1});
	}
	return ok ? 0 : -EIO;
}

} // namespace dpaa::usdpaa
