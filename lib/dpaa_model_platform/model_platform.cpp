/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC as a platform: lib/dpaa_model's System, built from the
// DPAA_MODEL configuration string, with its portals' memory, its CCSR
// windows, and an IOMMU-like bus address space over the process's memory.
//
// Bus addresses: the model has no physical memory, so this platform assigns
// bus addresses itself, one contiguous range per VA reservation DPDK makes
// (memseg list), from kFirstBus upwards, inside 40 bits. The model reaches
// the memory behind a bus address only through to_host() (BusMemory), which
// walks the same window table the drivers translate with.
//
// This file is compiled into the model's own library (model_plugin.hpp), not
// into the bus: it reaches the bus only through the ModelPluginHost it is
// given (the bus-address table, the log). What DPDK secondary processes need
// of the model (its portals' memory files, its CCSR) the bus serves from
// here through ModelCore (drivers/bus/dpaa/model_host).

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_memac.hpp"
#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/hardware_ids.hpp"
#include "dpaa_model/misuse.hpp"
#include "dpaa_model/system.hpp"
#include "dpaa_model_platform/model_core.hpp"
#include "platform/bus_addr.hpp"

namespace dpaa::platform
{

namespace
{

// Above 0 (an FD address of 0 is always a bug) and visibly unlike a VA.
constexpr uint64_t kFirstBus = uint64_t{1} << 32;
constexpr uint64_t kBusAlign = uint64_t{1} << 21;

// The host's log, for the model's warnings about its wires.
void (*host_log)(PluginLog, const char *);

void log_wire_warning(const std::string &message)
{
	host_log(PluginLog::warning, message.c_str());
}

class ModelPlatform final : public ModelCore, public model::BusMemory
{
public:
	explicit ModelPlatform(WindowTable &windows) noexcept : windows_(windows) {}

	int init(const char *config, std::string &error) noexcept
	{
		model::set_wire_warning(log_wire_warning);
		sys_ = model::System::create(config, *this, error);
		if (!sys_)
			return -EINVAL;
		describe();
		return 0;
	}

	~ModelPlatform() override { stop(); }

	const char *kind() const noexcept override { return "model"; }
	const SocInfo &soc() const noexcept override { return soc_; }

	int start() noexcept override
	{
		if (started_)
			return 0;
		int ret = sys_->start();
		if (ret < 0)
			return ret;
		started_ = true;
		return 0;
	}

	std::vector<std::string> wire_report() const override { return sys_->wire_summary(); }
	std::string misuse_report() noexcept override { return model::misuse_summary(*sys_); }

	void stop() noexcept override
	{
		if (!started_)
			return;
		sys_->stop();
		started_ = false;
	}

	int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept override
	{
		if (index >= soc_.num_qman_portals)
			return -EINVAL;
		model::QmanSwPortal &p = sys_->soc().qman_portal(index);
		// Every pool channel: the modelled QMan is this process's alone.
		out = QmanPortalMap{p.ce(), p.ci(), index, p.channel(),
				    hw::qm::sdqcr::kChannelsPoolMask};
		return 0;
	}

	int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept override
	{
		if (index >= soc_.num_bman_portals)
			return -EINVAL;
		model::BmanSwPortal &p = sys_->soc().bman_portal(index);
		out = BmanPortalMap{p.ce(), p.ci(), index};
		return 0;
	}

	// The model raises the line from its thread, under its lock, which
	// also orders the hook's installation against its calls.
	int set_qman_portal_irq(unsigned index, IrqFn fn) noexcept override
	{
		if (index >= soc_.num_qman_portals || index >= kMaxPortals)
			return -EINVAL;
		model::Soc &soc = sys_->soc();
		std::lock_guard<std::mutex> hold(soc.lock());
		irq_[index] = fn;
		soc.qman_portal(index).set_irq_hook(fn.fn ? deliver_irq : nullptr, &irq_[index]);
		return 0;
	}

	// The portal keeps its state, as silicon does; the driver's init()
	// takes over whatever its previous owner left.
	void unmap_qman_portal(unsigned) noexcept override {}
	void unmap_bman_portal(unsigned) noexcept override {}

	// ModelCore: what the bus hands secondary processes.
	int portal_fds(unsigned index, int fds[4], uint16_t &channel) noexcept override
	{
		if (index >= soc_.num_qman_portals || index >= soc_.num_bman_portals)
			return -EINVAL;
		model::QmanSwPortal &q = sys_->soc().qman_portal(index);
		model::BmanSwPortal &b = sys_->soc().bman_portal(index);
		fds[0] = q.ce_fd();
		fds[1] = q.ci_fd();
		fds[2] = b.ce_fd();
		fds[3] = b.ci_fd();
		channel = q.channel();
		for (unsigned i = 0; i < 4; i++)
			if (fds[i] < 0)
				return -ENOMEM;
		return 0;
	}

	hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept override
	{
		return fman < soc_.num_fmans ? &sys_->fman(fman).ccsr() : nullptr;
	}

	hw::RegisterWindow *bman_ccsr() noexcept override { return &sys_->soc().bman().ccsr(); }

	// The timer block is part of the modelled FMan's 1 MiB window.
	hw::RegisterWindow *fman_timer(unsigned fman) noexcept override
	{
		if (fman >= soc_.num_fmans || fman >= timer_win_.size())
			return nullptr;
		timer_win_[fman].base = &sys_->fman(fman).ccsr();
		return &timer_win_[fman];
	}

	bool assigns_bus_addresses() const noexcept override { return true; }

	int dma_map(uintptr_t va, size_t len, uint64_t) noexcept override
	{
		if (windows_.covers(va, len))
			return 0;
		uint64_t bus = windows_.bus_end();
		if (bus < kFirstBus)
			bus = kFirstBus;
		bus = (bus + kBusAlign - 1) & ~(kBusAlign - 1);
		return windows_.add(va, bus, len);
	}

	// In stepped mode nothing advances the model but its user: a driver
	// waiting for a management command's answer steps it.
	WaitFn wait_fn() noexcept override { return WaitFn{step_if_stepped, &sys_->soc()}; }

	// A full EQCR is consumed on the driver's thread, as silicon would have
	// consumed it whether or not the model's thread (or a stepping test) ran.
	EqcrFullFn eqcr_full_fn() noexcept override { return EqcrFullFn{drain_eqcr, &sys_->soc()}; }

	void *model_system() noexcept override { return sys_.get(); }

	// The link of a modelled MAC as its PHY would report it: the model's
	// MAC shows it in IF_STATUS, in a layout of the model's own (up while
	// the far end is there, at the speed and duplex that IF_MODE settles
	// at against it). A board's kernel reports the same from the PHY.
	// The model's allocator, the emulated kernel's (hardware_ids.hpp).
	int alloc_ids(IdKind kind, uint32_t count, uint32_t align, uint32_t &base) noexcept override
	{
		uint32_t num = count;
		const int ret = ids_.alloc(model_kind(kind), base, num, align, false);
		// As the kernel's allocator, ENOMEM is "no free run of that size".
		return ret == -ENOMEM ? -ENOSPC : ret;
	}

	void free_ids(IdKind kind, uint32_t base, uint32_t count) noexcept override
	{
		if (ids_.release(model_kind(kind), base, count) < 0)
			host_log(PluginLog::warning,
				 "freeing hardware IDs this process does not hold");
	}

	int link_state(unsigned mac, LinkState &out) noexcept override
	{
		namespace st = model::memac_if_status;
		if (mac >= soc_.num_macs)
			return -EINVAL;
		const MacInfo &m = soc_.macs[mac];
		hw::RegisterWindow *w = fman_ccsr(m.fman);
		if (w == nullptr)
			return -ENODEV;
		const uint32_t v = w->read32(hw::fman::mac_base(m.cell) + hw::memac::kIfStatus);
		const bool up = v & st::kLinkUp;
		const uint32_t speed = st::speed_mbps(v);
		out = LinkState{up, speed, up && (v & st::kFullDuplex) != 0,
				m.type == MacType::memac_1g};
		return 0;
	}

	// The port set administratively down or up: a board's kernel stops or
	// starts the PHY, so that the link partner (a cable's far end) loses or
	// regains its link too; the modelled PHY does the same.
	int set_link_admin(unsigned mac, bool up) noexcept override
	{
		if (mac >= soc_.num_macs)
			return -EINVAL;
		const MacInfo &m = soc_.macs[mac];
		return sys_->fman(m.fman).set_phy_power(m.cell, up);
	}

	// The modelled board has no kernel to own its PHYs: the platform does
	// what a board's PHY driver would, and programs IF_MODE for the mode.
	int set_link_mode(unsigned mac, const LinkMode &mode) noexcept override
	{
		if (mac >= soc_.num_macs)
			return -EINVAL;
		const MacInfo &m = soc_.macs[mac];
		hw::RegisterWindow *w = fman_ccsr(m.fman);
		if (w == nullptr)
			return -ENODEV;
		if (m.phy == PhyKind::multirate) {
			// The PHY takes the line rate; the MAC stays on XFI.
			const int ret = sys_->fman(m.fman).set_phy_line_rate(
				m.cell, mode.autoneg ? 0 : mode.speed_mbps);
			if (ret < 0)
				return ret;
			w->write32(hw::fman::mac_base(m.cell) + hw::memac::kIfMode,
				   hw::memac::if_mode::k10G);
			return 0;
		}
		w->write32(hw::fman::mac_base(m.cell) + hw::memac::kIfMode,
			   hw::memac::if_mode::for_link(mode.speed_mbps, mode.full_duplex,
							mode.autoneg,
							m.type == MacType::memac_10g));
		return 0;
	}

	// model::BusMemory: what a modelled block (FMan) sees at a bus address.
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		char *va = static_cast<char *>(windows_.to_va(bus));
		if (va == nullptr || len == 0)
			return va;
		if (windows_.to_va(bus + len - 1) != va + len - 1)
			return nullptr; // not one piece
		return va;
	}

private:
	static void deliver_irq(void *arg, uint32_t)
	{
		const IrqFn &f = *static_cast<const IrqFn *>(arg);
		f.fn(f.arg);
	}

	static void step_if_stepped(void *arg)
	{
		auto *soc = static_cast<model::Soc *>(arg);
		if (!soc->threaded())
			soc->step();
	}

	static bool drain_eqcr(void *arg, unsigned portal) noexcept
	{
		return static_cast<model::Soc *>(arg)->drain_eqcr(portal);
	}

	void describe() noexcept
	{
		const model::BoardDesc &b = sys_->board();
		snprintf(soc_.board, sizeof(soc_.board), "%s", b.name.c_str());
		snprintf(soc_.soc, sizeof(soc_.soc), "%s", b.soc.c_str());
		for (const model::FmanDesc &f : b.fmans) {
			if (f.index >= sys_->num_fmans())
				continue;
			if (soc_.num_fmans == kMaxFmans)
				break;
			soc_.fmans[soc_.num_fmans++] = FmanInfo{f.index, 0x100000, 0, 0};
			for (const model::MacDesc &m : f.macs) {
				if (soc_.num_macs == kMaxMacs)
					break;
				MacInfo &mi = soc_.macs[soc_.num_macs++];
				mi.fman = f.index;
				mi.cell = m.cell;
				mi.type = m.type == model::MacType::memac_10g ? MacType::memac_10g
									      : MacType::memac_1g;
				mi.speed_mbps = m.speed_mbps;
				mi.phy = m.phy == model::PhyKind::multirate  ? PhyKind::multirate
					 : m.phy == model::PhyKind::sfp_cage ? PhyKind::fixed_link
									     : PhyKind::phy;
				snprintf(mi.name, sizeof(mi.name), "%s", m.name.c_str());
				mi.rx_port_id = hw::fman::rx_port_id(m.cell);
				mi.tx_port_id = hw::fman::tx_port_id(m.cell);
				mi.tx_channel = sys_->fman(f.index).tx_channel(m.cell);
			}
		}
		soc_.num_qman_portals = std::min<unsigned>(b.qman_portals, kMaxPortals);
		soc_.num_bman_portals = std::min<unsigned>(b.bman_portals, kMaxPortals);
		const model::IdRanges r = model::usdpaa_id_ranges();
		soc_.fqid_base = r.fqids.front().first;
		soc_.fqid_count = r.fqids.front().second;
		soc_.pool_channel1 = hw::qm::channel::pool(1);
		soc_.num_pool_channels = hw::qm::channel::kNumPools;
		for (unsigned i = 0; i < soc_.num_pool_channels; i++)
			soc_.pool_channels[i] = hw::qm::channel::pool(i + 1);
		soc_.bpid_base = r.bpids.front().first;
		soc_.bpid_count = r.bpids.front().second;
		soc_.cgrid_base = r.cgrids.front().first;
		soc_.cgrid_count = r.cgrids.front().second;
	}

	static unsigned model_kind(IdKind k) noexcept
	{
		switch (k) {
		case IdKind::fqid:
			return model::kIdFqid;
		case IdKind::bpid:
			return model::kIdBpid;
		case IdKind::pool_channel:
			return model::kIdPoolChannel;
		case IdKind::cgrid:
			return model::kIdCgrid;
		}
		return model::kNumIdKinds;
	}

	// A window onto the timer's block of an FMan's window.
	struct TimerWindow final : hw::RegisterWindow {
		hw::RegisterWindow *base = nullptr;
		uint32_t read32(uint32_t off) noexcept override
		{
			return base->read32(hw::fman_timer::kBlockOffset + off);
		}
		void write32(uint32_t off, uint32_t v) noexcept override
		{
			base->write32(hw::fman_timer::kBlockOffset + off, v);
		}
	};

	WindowTable &windows_;
	std::unique_ptr<model::System> sys_;
	SocInfo soc_{};
	// The SoC's IDs as the USDPAA kernel gives them to user space.
	emu::IdPools ids_ = model::make_id_pools(model::usdpaa_id_ranges());
	std::array<TimerWindow, kMaxFmans> timer_win_{};
	IrqFn irq_[kMaxPortals];
	bool started_ = false;
};

} // namespace

int create_model_core(const ModelPluginHost &host, const char *config,
		      std::unique_ptr<ModelCore> &out, std::string &error) noexcept
{
	host_log = host.log;
	auto p = std::unique_ptr<ModelPlatform>(new (std::nothrow) ModelPlatform(*host.windows));
	if (!p)
		return -ENOMEM;
	int ret = p->init(config, error);
	if (ret < 0)
		return ret;
	out = std::move(p);
	return 0;
}

} // namespace dpaa::platform
