/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "usdpaa_emu/kernel.hpp"

#include <algorithm>
#include <cerrno>
#include <initializer_list>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_hw/fman_memac.hpp"
#include "dpaa_model/fman.hpp"
#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"
#include "emu_common/scratch_dir.hpp"

namespace dpaa::usdpaa
{

namespace libc = emu::libc;
using emu::log;
using emu::log_once;
using emu::mmio_trap_count;
using emu::mmio_trap_install;
using emu::mmio_trap_map;
using emu::mmio_trap_unmap;

namespace
{

// SDQCR pool-channel bits (pools 1..15: bits 14..0) a portal may dequeue
// from; the kernel grants user-space portals all of them.
constexpr uint32_t kAllPools = 0x7fff;

constexpr const char kFolderPrefix[] = "usdpaa-emu.";

bool inside(uint64_t phys, size_t len, uint64_t base, uint64_t size)
{
	return phys >= base && len <= size && phys - base <= size - len;
}

} // namespace

std::unique_ptr<Kernel> Kernel::create(const char *config, std::string &error)
{
	model::ModelConfig cfg;
	if (!model::parse_config(config, cfg, error)) {
		// The parser names its variable DPAA_MODEL; ours has its own name.
		if (error.rfind("DPAA_MODEL:", 0) == 0)
			error = "DPAA_KERNEL_MODEL:" + error.substr(strlen("DPAA_MODEL:"));
		return nullptr;
	}
	std::unique_ptr<Kernel> k(new Kernel());
	k->sys_ = model::System::create(std::move(cfg), k->mem_, error);
	if (!k->sys_) {
		if (error.rfind("DPAA_MODEL:", 0) == 0)
			error = "DPAA_KERNEL_MODEL:" + error.substr(strlen("DPAA_MODEL:"));
		return nullptr;
	}
	k->dt_ = describe(k->sys_->board());
	k->link_efd_.fill(-1);

	const std::string templ = emu::make_scratch_dir(kFolderPrefix, error);
	if (templ.empty()) {
		error = "DPAA_KERNEL_MODEL: the device tree's folder: " + error;
		return nullptr;
	}
	k->tmp_dir_ = templ;
	k->dt_root_ = templ + "/device-tree";
	k->soc_id_file_ = templ + "/soc_id";
	if (mkdir(k->dt_root_.c_str(), 0755) != 0 ||
	    write_device_tree(k->sys_->board(), k->dt_, k->dt_root_, error) < 0) {
		error = "DPAA_KERNEL_MODEL: writing the device tree: " + error;
		return nullptr;
	}
	FILE *f = libc::fopen(k->soc_id_file_.c_str(), "w");
	if (f == nullptr) {
		error = "DPAA_KERNEL_MODEL: " + k->soc_id_file_ + ": " + strerror(errno);
		return nullptr;
	}
	fprintf(f, "svr:0x%08x\n", k->dt_.soc_svr);
	fclose(f);

	k->boot_state();
	int ret = mmio_trap_install();
	if (ret == 0)
		ret = k->sys_->start();
	if (ret < 0) {
		error = std::string("DPAA_KERNEL_MODEL: starting the model: ") + strerror(-ret);
		return nullptr;
	}
	return k;
}

Kernel::~Kernel()
{
	shutdown();
}

void Kernel::shutdown()
{
	if (sys_)
		sys_->stop();
	emu::remove_scratch_dir(tmp_dir_);
}

// What the kernel's init driver for fsl,dpa-ethernet-init nodes leaves: the
// ports configured and enabled towards the device tree's FQIDs, the MAC's
// address programmed. The MAC itself stays disabled until its driver
// enables Rx and Tx in COMMAND_CONFIG.
void Kernel::boot_state()
{
	namespace f = hw::fman;
	for (const DpaInterface &i : dt_.interfaces) {
		hw::RegisterWindow &w = sys_->fman(i.fman).ccsr();
		const uint32_t rx = f::port_page(f::rx_port_id(i.cell));
		const uint32_t tx = f::port_page(f::tx_port_id(i.cell));
		w.write32(rx + f::bmi_rx::kRfne, f::nia::kEngParser);
		w.write32(rx + f::bmi_rx::kRfpne, f::nia::kEnqueue);
		w.write32(rx + f::bmi_rx::kRfene, f::nia::kEngQmiEnq);
		w.write32(rx + f::bmi_rx::kRfqid, i.rx_def_fqid);
		w.write32(rx + f::bmi_rx::kRefqid, i.rx_err_fqid);
		w.write32(rx + f::bmi_rx::kRstc, f::bmi_rx::kStatsEn);
		w.write32(rx + f::qmi::kPageOffset + f::qmi::kPnc, f::qmi::kPncEn);
		w.write32(rx + f::bmi_rx::kRcfg, f::bmi_rx::kCfgEn);
		w.write32(tx + f::bmi_tx::kTicp, f::icp::kDefault);
		w.write32(tx + f::bmi_tx::kTcfqid, i.tx_conf_fqid);
		w.write32(tx + f::bmi_tx::kTefqid, i.tx_err_fqid);
		w.write32(tx + f::bmi_tx::kTstc, f::bmi_rx::kStatsEn);
		w.write32(tx + f::qmi::kPageOffset + f::qmi::kPnc, f::qmi::kPncEn);
		w.write32(tx + f::bmi_tx::kTcfg, f::bmi_tx::kCfgEn);
		const auto &a = i.mac_addr;
		const uint32_t mac = f::mac_base(i.cell);
		w.write32(mac + hw::memac::mac_addr_lo(0),
			  a[0] | uint32_t(a[1]) << 8 | uint32_t(a[2]) << 16 | uint32_t(a[3]) << 24);
		w.write32(mac + hw::memac::mac_addr_hi(0), a[4] | uint32_t(a[5]) << 8);
	}
}

// The ioctls' ID types index the model's allocator as they are.
static_assert(int{kIdFqid} == int{model::kIdFqid} && int{kIdBpid} == int{model::kIdBpid} &&
	      int{kIdQpool} == int{model::kIdPoolChannel} &&
	      int{kIdCgrid} == int{model::kIdCgrid} && int{kNumIdTypes} == int{model::kNumIdKinds});

int Kernel::usdpaa_ioctl(int, unsigned long req, void *arg)
{
	std::lock_guard<std::mutex> g(lock_);
	switch (req) {
	case kIdAlloc: {
		auto *a = static_cast<IdAlloc *>(arg);
		if (a->type >= kNumIdTypes)
			return -EINVAL;
		return ids_.alloc(a->type, a->base, a->num, a->align, a->partial != 0);
	}
	case kIdRelease: {
		auto *a = static_cast<IdRange *>(arg);
		if (a->type >= kNumIdTypes)
			return -EINVAL;
		int ret = ids_.release(a->type, a->base, a->num);
		if (ret < 0)
			log_once("release", "ID_RELEASE of IDs not held (type %u, base 0x%x, %u)",
				 a->type, a->base, a->num);
		return ret;
	}
	case kIdReserve: {
		auto *a = static_cast<IdRange *>(arg);
		if (a->type >= kNumIdTypes)
			return -EINVAL;
		return ids_.reserve(a->type, a->base, a->num);
	}
	case kPortalMap:
		return portal_map(*static_cast<PortalMap *>(arg));
	case kPortalUnmap:
		return portal_unmap(*static_cast<PortalUnmap *>(arg));
	case kGetIoctlVersion:
		*static_cast<int *>(arg) = kIoctlVersion;
		return 0;
	case kGetLinkStatus: {
		auto *a = static_cast<LinkStatus *>(arg);
		const DpaInterface *i = interface(a->if_name);
		if (i == nullptr)
			return -ENODEV;
		const PhyLink l = phy_link(*i);
		a->status = l.up ? 1 : 0;
		a->speed = l.up ? int32_t(l.speed_mbps) : 0;
		a->duplex = l.up && l.full_duplex ? 1 : 0;
		a->autoneg = l.autoneg ? 1 : 0;
		// What the driver was told, once per port and state: the driver
		// itself logs the state without the speed.
		std::string speed = l.speed_mbps >= 1000 && l.speed_mbps % 1000 == 0
					    ? std::to_string(l.speed_mbps / 1000) + " Gbps"
					    : std::to_string(l.speed_mbps) + " Mbps";
		if (l.speed_mbps == 2500)
			speed = "2.5 Gbps";
		const std::string what =
			"fm" + std::to_string(i->fman + 1) + "-mac" + std::to_string(i->cell + 1) +
			": link " +
			(l.up ? "up at " + speed + (l.full_duplex ? " FDX" : " HDX") +
					 (l.autoneg ? " Autoneg" : " Fixed")
			      : std::string("down"));
		log_once(what.c_str(), "%s (GET_LINK_STATUS)", what.c_str());
		return 0;
	}
	case kUpdateLinkStatus: {
		auto *a = static_cast<LinkUpdate *>(arg);
		const DpaInterface *i = interface(a->if_name);
		if (i == nullptr)
			return -ENODEV;
		// The kernel stops or starts the PHY (phy_stop/phy_start): a
		// cable's far end loses or regains its link partner, and every
		// interface whose link changed is signalled.
		const size_t n = size_t(i - dt_.interfaces.data());
		std::vector<bool> was_up;
		for (const DpaInterface &d : dt_.interfaces)
			was_up.push_back(phy_link(d).up);
		admin_down_[n] = a->status == 0;
		sys_->fman(i->fman).set_phy_power(i->cell, a->status != 0);
		for (size_t k = 0; k < dt_.interfaces.size(); k++)
			if (phy_link(dt_.interfaces[k]).up != was_up[k])
				signal_link(k);
		return 0;
	}
	case kUpdateLinkSpeed: {
		auto *a = static_cast<LinkSpeed *>(arg);
		const DpaInterface *i = interface(a->if_name);
		if (i == nullptr)
			return -ENODEV;
		if (a->speed <= 0 || (a->duplex != 0 && a->duplex != 1))
			return -EINVAL;
		return set_phy(*i, uint32_t(a->speed), a->duplex == 1, false);
	}
	case kRestartAutoneg: {
		const DpaInterface *i = interface(static_cast<IfName *>(arg)->if_name);
		if (i == nullptr)
			return -ENODEV;
		return set_phy(*i, 0, true, true);
	}
	case kLinkIntrEnable: {
		auto *a = static_cast<LinkIntr *>(arg);
		const DpaInterface *i = interface(a->if_name);
		if (i == nullptr)
			return -ENODEV;
		// The kernel reports the link's state once its PHY has come up,
		// then every change; the model's wires are up from the start.
		const size_t n = size_t(i - dt_.interfaces.data());
		link_efd_[n] = int(a->efd);
		if (link_up(*i))
			signal_link(n);
		return 0;
	}
	case kLinkIntrDisable: {
		const DpaInterface *i = interface(static_cast<IfName *>(arg)->if_name);
		if (i == nullptr)
			return -ENODEV;
		link_efd_[size_t(i - dt_.interfaces.data())] = -1;
		return 0;
	}
	default:
		log_once("ioctl",
			 "/dev/fsl-usdpaa: ioctl 0x%lx is not one the USDPAA kernel "
			 "interface has (EINVAL)",
			 req);
		return -EINVAL;
	}
}

int Kernel::portal_map(PortalMap &m)
{
	const bool qman = m.type == kPortalQman;
	if (m.type != kPortalQman && m.type != kPortalBman)
		return -EINVAL;
	auto &mapped = qman ? qportal_ : bportal_;
	const unsigned n = qman ? model::Soc::num_qman_portals() : model::Soc::num_bman_portals();
	unsigned idx = m.index;
	if (idx == kAnyPortal) {
		for (idx = 0; idx < n && mapped[idx].cinh != nullptr; idx++)
			;
		if (idx == n)
			return -ENODEV;
	} else if (idx >= n) {
		return -ENODEV;
	} else if (mapped[idx].cinh != nullptr) {
		log_once(qman ? "qportal-busy" : "bportal-busy",
			 "%s portal %u is mapped already (EBUSY)", qman ? "QMan" : "BMan", idx);
		return -EBUSY;
	}
	bool ok;
	if (qman) {
		model::QmanSwPortal &p = sys_->soc().qman_portal(idx);
		ok = map_views(mapped[idx], p.ce(), p.ci(), hw::qm::ci::kIsr, &p, nullptr);
		m.channel = p.channel();
		m.pools = kAllPools;
	} else {
		model::BmanSwPortal &p = sys_->soc().bman_portal(idx);
		ok = map_views(mapped[idx], p.ce(), p.ci(), hw::bm::ci::kIsr, nullptr, &p);
	}
	if (!ok) {
		log_once("portal-map", "mapping a portal: %s", strerror(errno));
		return -ENOMEM;
	}
	m.index = idx;
	m.cena = mapped[idx].cena;
	m.cinh = mapped[idx].cinh;
	return 0;
}

// The cache-inhibited area always through a trapped window; BMan's
// cache-enabled area as lines flushed at the verb (portal_view.hpp). QMan's
// cache-enabled area is the model's memory: its rings are written body
// first and verb last by upstream and read in place.
bool Kernel::map_views(Mapped &m, void *ce, void *ci, uint32_t isr, model::QmanSwPortal *qman,
		       model::BmanSwPortal *bman)
{
	m.ci = std::make_unique<CiView>(ci, isr, qman, bman);
	m.cinh = mmio_trap_map(hw::qm::kCiSize, *m.ci);
	if (m.cinh == nullptr)
		return false;
	if (bman == nullptr) {
		m.cena = ce;
		return true;
	}
	m.ce = std::make_unique<CeLineView>(ce, *bman);
	m.cena = mmio_trap_map(CeLineView::kSize, *m.ce);
	if (m.cena == nullptr) {
		unmap_views(m);
		return false;
	}
	return true;
}

void Kernel::unmap_views(Mapped &m)
{
	if (m.cinh != nullptr)
		mmio_trap_unmap(m.cinh, hw::qm::kCiSize);
	if (m.ce && m.cena != nullptr)
		mmio_trap_unmap(m.cena, CeLineView::kSize);
	m = Mapped{};
}

int Kernel::portal_unmap(const PortalUnmap &m)
{
	for (auto *table : {&qportal_, &bportal_})
		for (Mapped &p : *table)
			if (p.cinh != nullptr && p.cinh == m.cinh) {
				unmap_views(p);
				return 0;
			}
	log_once("unmap", "PORTAL_UNMAP of a portal not mapped (EINVAL)");
	return -EINVAL;
}

void Kernel::signal_link(size_t interface)
{
	const uint64_t one = 1;
	if (link_efd_[interface] >= 0 && write(link_efd_[interface], &one, sizeof(one)) < 0)
		log_once("lsc", "signalling a link change: %s", strerror(errno));
}

void Kernel::raise_irq(void *arg, uint32_t)
{
	auto *b = static_cast<IrqBinding *>(arg);
	const uint64_t one = 1;
	if (b->fd >= 0 && write(b->fd, &one, sizeof(one)) < 0)
		log_once("irq", "signalling a portal interrupt: %s", strerror(errno));
}

int Kernel::irq_ioctl(int fd, unsigned long req, void *arg)
{
	if (req != kPortalIrqMap) {
		log_once("irq-ioctl",
			 "/dev/fsl-usdpaa-irq: ioctl 0x%lx is not one the USDPAA "
			 "kernel interface has (EINVAL)",
			 req);
		return -EINVAL;
	}
	auto *m = static_cast<IrqMap *>(arg);
	if (m->type == kPortalBman)
		return 0; // BMan portal interrupts are not modelled; nothing to signal
	std::lock_guard<std::mutex> g(lock_);
	for (unsigned i = 0; i < model::Soc::num_qman_portals(); i++) {
		model::QmanSwPortal &p = sys_->soc().qman_portal(i);
		if (qportal_[i].cinh == nullptr || qportal_[i].cinh != m->portal_cinh)
			continue;
		std::lock_guard<std::mutex> hold(sys_->soc().lock());
		irq_[i] = IrqBinding{fd, this};
		p.set_irq_hook(raise_irq, &irq_[i]);
		return 0;
	}
	log_once("irq-map", "PORTAL_IRQ_MAP of a portal not mapped (EINVAL)");
	return -EINVAL;
}

void Kernel::irq_closed(int fd)
{
	std::lock_guard<std::mutex> g(lock_);
	std::lock_guard<std::mutex> hold(sys_->soc().lock());
	for (unsigned i = 0; i < model::Soc::num_qman_portals(); i++)
		if (irq_[i].fd == fd) {
			sys_->soc().qman_portal(i).set_irq_hook(nullptr, nullptr);
			irq_[i] = IrqBinding{};
		}
}

void *Kernel::map_phys(size_t len, uint64_t phys)
{
	if (inside(phys, len, phys::kQmanCcsr, phys::kCcsrSize)) {
		// Mapped by the QMan driver and never accessed: a zero page.
		return libc::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				  -1, 0);
	}
	if (inside(phys, len, phys::kBmanCcsr, phys::kCcsrSize)) {
		void *p = mmio_trap_map(len, sys_->soc().bman().ccsr(),
					uint32_t(phys - phys::kBmanCcsr));
		return p ? p : MAP_FAILED;
	}
	for (unsigned f = 0; f < sys_->num_fmans(); f++) {
		const uint64_t base = phys::kFmanCcsr + f * 0x100000;
		if (inside(phys, len, base, phys::kFmanSize)) {
			void *p = mmio_trap_map(len, sys_->fman(f).ccsr(), uint32_t(phys - base));
			return p ? p : MAP_FAILED;
		}
		// The 1588 timer's node: the model keeps its registers at the
		// same offset of the FMan's window as the silicon's map.
		static_assert(phys::kFmanTimer - phys::kFmanCcsr == hw::fman_timer::kBlockOffset);
		const uint64_t timer = phys::kFmanTimer + f * 0x100000;
		if (inside(phys, len, timer, phys::kFmanTimerSize)) {
			void *p = mmio_trap_map(len, sys_->fman(f).ccsr(), uint32_t(phys - base));
			return p ? p : MAP_FAILED;
		}
	}
	log_once("mem", "/dev/mem: nothing of the board at 0x%llx (+0x%zx): EINVAL",
		 static_cast<unsigned long long>(phys), len);
	errno = EINVAL;
	return MAP_FAILED;
}

const DpaInterface *Kernel::interface(const char *if_name) const
{
	const std::string name(if_name, strnlen(if_name, kIfNameLen));
	for (const DpaInterface &i : dt_.interfaces)
		if (i.node_name == name)
			return &i;
	return nullptr;
}

// The PHY's link as the kernel's PHY driver reads it: up while the model's
// MAC sees its far end at a speed both ends settle at (the model shows it
// in IF_STATUS, in the model's own layout), negotiated when IF_MODE follows
// the PHY (AUTO).
Kernel::PhyLink Kernel::phy_link(const DpaInterface &i) const
{
	namespace st = model::memac_if_status;
	hw::RegisterWindow &w = sys_->fman(i.fman).ccsr();
	const uint32_t mac = hw::fman::mac_base(i.cell);
	const uint32_t v = w.read32(mac + hw::memac::kIfStatus);
	PhyLink l{};
	l.autoneg = w.read32(mac + hw::memac::kIfMode) & hw::memac::if_mode::kRgmiiAuto;
	if (!link_up(i) || !(v & st::kLinkUp))
		return l;
	l.up = true;
	l.full_duplex = v & st::kFullDuplex;
	l.speed_mbps = st::speed_mbps(v);
	return l;
}

// UPDATE_LINK_SPEED / RESTART_LINK_AUTONEG: the kernel forces the PHY (or
// has it negotiate) and, once it settles, programs the MAC's IF_MODE, as
// Linux's fman_memac does when its PHY reports a change. A speed the MAC
// and its PHY cannot run is refused as the PHY layer refuses it.
int Kernel::set_phy(const DpaInterface &i, uint32_t speed_mbps, bool full_duplex, bool autoneg)
{
	const model::MacDesc *m = nullptr;
	for (const model::FmanDesc &fd : sys_->board().fmans)
		for (const model::MacDesc &d : fd.macs)
			if (fd.index == i.fman && d.cell == i.cell)
				m = &d;
	if (m == nullptr)
		return -ENODEV;
	const bool ten = m->type == model::MacType::memac_10g;
	const bool multirate = m->phy == model::PhyKind::multirate;
	if (!autoneg) {
		auto one_of = [&](std::initializer_list<uint32_t> v) {
			return std::find(v.begin(), v.end(), speed_mbps) != v.end();
		};
		const bool ok = multirate ? one_of({100, 1000, 2500, 5000, 10000})
				: ten	  ? one_of({1000, 10000})
					  : one_of({10, 100, 1000});
		if (!ok || (!full_duplex && speed_mbps >= 1000)) {
			log("%s: UPDATE_LINK_SPEED %u Mbps %s duplex: not a mode of the MAC and "
			    "its PHY (EINVAL)",
			    m->name.c_str(), speed_mbps, full_duplex ? "full" : "half");
			return -EINVAL;
		}
	}
	// The far end's link changes with this one's (a cable between two
	// MACs): every interface whose link changed is signalled.
	std::vector<bool> was_up;
	for (const DpaInterface &d : dt_.interfaces)
		was_up.push_back(phy_link(d).up);
	if (multirate) {
		// The PHY takes the line rate; the MAC stays on XFI.
		sys_->fman(i.fman).set_phy_line_rate(i.cell, autoneg ? 0 : speed_mbps);
		sys_->fman(i.fman).ccsr().write32(hw::fman::mac_base(i.cell) + hw::memac::kIfMode,
						  hw::memac::if_mode::k10G);
	} else {
		sys_->fman(i.fman).ccsr().write32(
			hw::fman::mac_base(i.cell) + hw::memac::kIfMode,
			hw::memac::if_mode::for_link(speed_mbps, full_duplex, autoneg, ten));
	}
	for (size_t n = 0; n < dt_.interfaces.size(); n++)
		if (phy_link(dt_.interfaces[n]).up != was_up[n])
			signal_link(n);
	return 0;
}

bool Kernel::link_up(const DpaInterface &i) const
{
	if (admin_down_[size_t(&i - dt_.interfaces.data())])
		return false;
	std::string port = "fm" + std::to_string(i.fman + 1) + "-mac" + std::to_string(i.cell + 1);
	model::Wire *w = sys_->wire(port);
	return w != nullptr && w->link_up();
}

// Where every frame of a port went, from the counters the silicon keeps:
// the mEMAC's (which upstream's driver reports as ipackets and xstats) and
// the BMI's (which it does not read: a frame the MAC accepted and the FMan
// then discarded, tail-dropped by QMan say, shows in no ethdev counter of
// upstream's), with the model's reasons for the discards.
void Kernel::report_port(const DpaInterface &i)
{
	namespace f = hw::fman;
	namespace st = hw::memac::stat;
	hw::RegisterWindow &w = sys_->fman(i.fman).ccsr();
	const uint32_t mac = f::mac_base(i.cell);
	const uint32_t rx = f::port_page(f::rx_port_id(i.cell));
	const uint32_t tx = f::port_page(f::tx_port_id(i.cell));
	auto mib = [&](uint32_t off) {
		return static_cast<unsigned long long>(w.read32(mac + off + 4)) << 32 |
		       w.read32(mac + off);
	};
	auto bmi = [&](uint32_t off) { return static_cast<unsigned long long>(w.read32(off)); };
	const model::FmanPortStats &s = sys_->fman(i.fman).stats(i.cell);
	const unsigned long long rfrm = mib(st::kRFrm), rerr = mib(st::kRErr),
				 rdrp = mib(st::kRDrp);
	if (rfrm + rerr + rdrp != 0) {
		const unsigned long long rfrc = bmi(rx + f::bmi_rx::kRfrc),
					 rfdc = bmi(rx + f::bmi_rx::kRfdc),
					 rodc = bmi(rx + f::bmi_rx::kRodc),
					 rfldec = bmi(rx + f::bmi_rx::kRfldec);
		log("fm%u-mac%u rx: MAC %llu good (RFRM), %llu bad (RERR), %llu dropped (RDRP: "
		    "%llu "
		    "filtered out, %llu with Rx disabled); BMI %llu frames (RFRC), %llu discarded "
		    "(RFDC: %llu QMan tail drop, %llu FQ out of service, %llu no FQID), %llu out "
		    "of "
		    "buffers (RODC), %llu DMA errors (RFLDEC); %llu enqueued",
		    i.fman + 1, i.cell + 1, rfrm, rerr, rdrp, (unsigned long long)s.rx_filtered,
		    (unsigned long long)s.rx_mac_disabled, rfrc, rfdc,
		    (unsigned long long)s.rx_taildrop, (unsigned long long)s.rx_enqueue_rejected,
		    (unsigned long long)s.rx_no_fqid, rodc, rfldec,
		    rfrc >= rfdc + rodc + rfldec ? rfrc - rfdc - rodc - rfldec : 0);
	}
	const unsigned long long tfrm = mib(st::kTFrm), terr = mib(st::kTErr),
				 tfrc = bmi(tx + f::bmi_tx::kTfrc);
	if (tfrm + terr + tfrc != 0)
		log("fm%u-mac%u tx: BMI %llu frames (TFRC), %llu discarded (TFDC); MAC %llu sent "
		    "(TFRM), %llu with errors (TERR); %llu confirmed, %llu dropped with Tx "
		    "disabled",
		    i.fman + 1, i.cell + 1, tfrc, bmi(tx + f::bmi_tx::kTfdc), tfrm, terr,
		    (unsigned long long)s.tx_confirmations, (unsigned long long)s.tx_mac_disabled);
}

void Kernel::report()
{
	for (const std::string &l : sys_->wire_summary())
		log("%s", l.c_str());
	for (const DpaInterface &i : dt_.interfaces)
		report_port(i);
	const model::PortalFaults p = sys_->soc().faults();
	uint64_t fm[7] = {};
	for (unsigned f = 0; f < sys_->num_fmans(); f++) {
		const model::FmanFaults x = sys_->fman(f).faults();
		fm[0] += x.read_only_write;
		fm[1] += x.pools_not_ascending;
		fm[2] += x.ic_overlaps_frame;
		fm[3] += x.dtc_without_rpd;
		fm[4] += x.bad_release_bpid;
		fm[5] += x.keygen_bad_access;
		fm[6] += x.tx_buffers_leaked;
	}
	const uint64_t total = p.bad_eqcr_verb + p.bad_mc_verb + p.bad_consume + p.vdqcr_busy +
			       p.bad_rcr_entry + fm[0] + fm[1] + fm[2] + fm[3] + fm[4] + fm[5] +
			       fm[6];
	log("model misuse: %llu (bad_eqcr_verb %llu, bad_mc_verb %llu, bad_consume %llu, "
	    "vdqcr_busy %llu, bad_rcr_entry %llu, read_only_write %llu, pools_not_ascending %llu, "
	    "ic_overlaps_frame %llu, dtc_without_rpd %llu, bad_release_bpid %llu, "
	    "keygen_bad_access %llu, tx_buffers_leaked %llu); %llu accesses trapped (registers and "
	    "portals)",
	    (unsigned long long)total, (unsigned long long)p.bad_eqcr_verb,
	    (unsigned long long)p.bad_mc_verb, (unsigned long long)p.bad_consume,
	    (unsigned long long)p.vdqcr_busy, (unsigned long long)p.bad_rcr_entry,
	    (unsigned long long)fm[0], (unsigned long long)fm[1], (unsigned long long)fm[2],
	    (unsigned long long)fm[3], (unsigned long long)fm[4], (unsigned long long)fm[5],
	    (unsigned long long)fm[6], (unsigned long long)mmio_trap_count());
}

} // namespace dpaa::usdpaa
