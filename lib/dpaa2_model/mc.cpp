/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa2_model/mc.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>

#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/swp.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

namespace
{
constexpr const char *kMisuseNames[] = {"bad_token",	 "outside_container", "enabled_dpni",
					"bad_parameter", "unmapped_iova",     "unknown_portal"};
static_assert(std::size(kMisuseNames) == unsigned(McMisuse::kCount));
} // namespace

const char *mc_misuse_name(McMisuse m) noexcept
{
	return kMisuseNames[unsigned(m)];
}

Mc::Mc(const ModelConfig &cfg, Qbman &qbman, Wriop &wriop, dpaa::model::BusMemory &mem)
    : board_(*cfg.board), qbman_(qbman), wriop_(wriop), mem_(mem)
{
	build(cfg);
}

Mc::~Mc()
{
	for (McObject *o : objects_.all()) {
		if (o->type == McObjType::dpni) {
			auto *n = static_cast<DpniObject *>(o);
			n->ni->set_link_change_notify(nullptr, nullptr);
			wriop_.remove_ni(n->id);
		} else if (o->type == McObjType::dpio) {
			qbman_.portal_destroy(static_cast<DpioObject *>(o)->portal_index);
		} else if (o->type == McObjType::dpbp) {
			qbman_.bp_free(static_cast<DpbpObject *>(o)->bpid);
		} else if (o->type == McObjType::dpcon) {
			qbman_.channel_free(static_cast<DpconObject *>(o)->channel);
		}
	}
}

// What the DPL and dynamic_dpl.sh leave: dprc.1 with every DPMAC, dprc.2
// inside it with DPDK's objects, numbered from 1 in creation order.
void Mc::build(const ModelConfig &cfg)
{
	objects_.add<DprcObject>(kRootContainer, 0);
	objects_.add<DprcObject>(kDpdkContainer, kRootContainer);
	for (const DpmacDesc &d : board_.dpmacs)
		objects_.add<DpmacObject>(d.id, kRootContainer, wriop_.mac(d.id));

	for (unsigned id = 1; id <= cfg.num_dpmcp; id++)
		objects_.add<DpmcpObject>(id, kDpdkContainer);

	unsigned dpni_id = 1;
	for (unsigned mac_id : cfg.named_dpmacs()) {
		DpniAttributes attr;
		NiDatapath &ni = wriop_.add_ni(dpni_id, attr.num_rx_tcs, attr.num_queues,
					       attr.num_tx_tcs, attr.num_channels);
		auto &o = objects_.add<DpniObject>(dpni_id, kDpdkContainer, &ni);
		o.attr = attr;
		o.mc = this;
		ni.set_filter_sizes(attr.mac_filter_entries, attr.vlan_filter_entries);
		// dynamic_dpl.sh: --mac-addr=00:00:00:00:00:<dpmac id>.
		o.create_mac = {0, 0, 0, 0, 0, uint8_t(mac_id)};
		ni.primary_mac = o.create_mac;
		ni.set_tx_confirmation(true); // DPNI_CONF_AFFINE, the MC's default
		ni.connect(wriop_.mac(mac_id));
		ni.set_link_change_notify(
			[](void *ctx) {
				auto *n = static_cast<DpniObject *>(ctx);
				n->mc->raise_irq(*n, 0, 0x1); // DPNI_IRQ_EVENT_LINK_CHANGED
			},
			&o);
		objects_.connect({McObjType::dpni, dpni_id, 0}, {McObjType::dpmac, mac_id, 0});
		dpni_id++;
	}
	for (unsigned id = 1; id <= cfg.num_dpbp; id++)
		objects_.add<DpbpObject>(id, kDpdkContainer, qbman_.bp_alloc());
	for (unsigned id = 1; id <= cfg.num_dpcon; id++)
		objects_.add<DpconObject>(id, kDpdkContainer, qbman_.channel_alloc());
	// The board's DPL puts the 1588 timer's DPRTC in the root container
	// (the kernel's dpaa2-ptp); DPDK gets it when it is assigned to its
	// container (restool dprc assign), which the configuration asks for.
	if (cfg.dprtc)
		objects_.add<DprtcObject>(0, kDpdkContainer);
	for (unsigned id = 1; id <= cfg.num_dpio; id++) {
		auto &o = objects_.add<DpioObject>(id, kDpdkContainer, id - 1);
		o.swp = &qbman_.portal_create(o.portal_index);
	}
}

void Mc::execute(uint8_t portal[64], unsigned portal_owner_id)
{
	auto &cmd = *reinterpret_cast<McCommand *>(portal);
	const McObject *mcp = objects_.find(McObjType::dpmcp, portal_owner_id);
	if (!mcp) {
		cmd.set_status(misuse(McStatus::no_privilege, McMisuse::unknown_portal,
				      "a command on the portal of dpmcp.%u, which does not exist",
				      portal_owner_id));
		return;
	}
	run(cmd, mcp->container);
}

void Mc::execute_on_dprc_portal(uint8_t portal[64], unsigned dprc_id)
{
	auto &cmd = *reinterpret_cast<McCommand *>(portal);
	if (!objects_.find(McObjType::dprc, dprc_id)) {
		cmd.set_status(misuse(McStatus::no_privilege, McMisuse::unknown_portal,
				      "a command on the portal of dprc.%u, which does not exist",
				      dprc_id));
		return;
	}
	run(cmd, dprc_id);
}

void Mc::run(McCommand &cmd, unsigned caller_container)
{
	// The doorbell is the store of header word 0; the MC takes only a
	// command marked READY (a store that leaves another status is no
	// command, and a completed one is not run twice).
	if (cmd.status() != McStatus::ready)
		return;
	commands_++;
	McStatus s;
	bool handled = false;
	s = object_less(cmd, caller_container, handled);
	if (!handled) {
		McObject *o = objects_.session(cmd.token());
		if (!o) {
			s = misuse(McStatus::auth_err, McMisuse::bad_token,
				   "command 0x%04x with token %u, which no open gave or a close "
				   "ended",
				   cmd.cmd_id(), cmd.token());
		} else if (o->container != caller_container &&
			   !(o->type == McObjType::dprc && o->id == caller_container)) {
			s = misuse(McStatus::no_privilege, McMisuse::outside_container,
				   "command 0x%04x on %s, which is not in dprc.%u", cmd.cmd_id(),
				   o->name().c_str(), caller_container);
		} else if (cmd.cmd_id() == mc::kCmdClose) {
			objects_.close(cmd.token());
			s = McStatus::ok;
		} else {
			s = irq_command(*o, cmd, handled);
			if (!handled && enables_alike(o->type))
				s = enable_command(*o, cmd, handled);
			if (!handled) {
				switch (o->type) {
				case McObjType::dprc:
					s = dprc_command(static_cast<DprcObject &>(*o), cmd,
							 caller_container);
					break;
				case McObjType::dpio:
					s = dpio_command(static_cast<DpioObject &>(*o), cmd);
					break;
				case McObjType::dpbp:
					s = dpbp_command(static_cast<DpbpObject &>(*o), cmd);
					break;
				case McObjType::dpcon:
					s = dpcon_command(static_cast<DpconObject &>(*o), cmd);
					break;
				case McObjType::dpni:
					s = dpni_command(static_cast<DpniObject &>(*o), cmd);
					break;
				case McObjType::dprtc:
					s = dprtc_command(static_cast<DprtcObject &>(*o), cmd);
					break;
				case McObjType::dpmac:
					s = dpmac_command(static_cast<DpmacObject &>(*o), cmd);
					break;
				default:
					s = McStatus::unsupported_op;
					break;
				}
			}
		}
	}
	if (s == McStatus::unsupported_op)
		unsupported_++;
	// The driver polls the status byte, then reads the parameters: they are
	// complete before the status says so.
	std::atomic_thread_fence(std::memory_order_release);
	cmd.set_status(s);
}

// Commands without a token: the MC's own, the opens, the API versions.
Mc::McStatus Mc::object_less(McCommand &cmd, unsigned caller_container, bool &handled)
{
	McStatus s = dpmng_command(cmd, handled);
	if (handled)
		return s;
	handled = true;
	auto api = [&](const uint16_t v[2]) {
		cmd.clear_params();
		auto &r = cmd.as<mc::ApiVersionResponse>();
		r.major.store(v[0]);
		r.minor.store(v[1]);
		return McStatus::ok;
	};
	switch (cmd.cmd_id()) {
	case mc::kCmdDprcOpen:
		return open(McObjType::dprc, cmd, caller_container);
	case mc::dpni::kOpen:
		return open(McObjType::dpni, cmd, caller_container);
	case mc::kCmdDpioOpen:
		return open(McObjType::dpio, cmd, caller_container);
	case mc::kCmdDpbpOpen:
		return open(McObjType::dpbp, cmd, caller_container);
	case mc::kCmdDpconOpen:
		return open(McObjType::dpcon, cmd, caller_container);
	case mc::kCmdDprtcOpen:
		return open(McObjType::dprtc, cmd, caller_container);
	case mc::kCmdDpmacOpen:
		return open(McObjType::dpmac, cmd, caller_container);
	case mc::dpni::kGetApiVersion: {
		static constexpr uint16_t v[2] = {mc::kDpniApiMajor, mc::kDpniApiMinor};
		return api(v);
	}
	case hw::mc_cmd_id(0xA05, 1): // dprc_get_api_version
		return api(kDprcApi);
	case mc::kCmdDpioGetApiVersion:
		return api(kDpioApi);
	case mc::kCmdDpbpGetApiVersion:
		return api(kDpbpApi);
	case mc::kCmdDpconGetApiVersion:
		return api(kDpconApi);
	case mc::kCmdDprtcGetApiVersion:
		return api(kDprtcApi);
	}
	handled = false;
	return McStatus::ok;
}

Mc::McStatus Mc::open(McObjType type, McCommand &cmd, unsigned caller_container)
{
	const unsigned id = cmd.as<mc::ObjectOpen>().id.load();
	McObject *o = objects_.find(type, id);
	if (!o)
		return misuse(McStatus::config_err, McMisuse::bad_parameter,
			      "open of %s.%u: no such object", mc_obj_type_name(type), id);
	// A container may open itself and what is assigned to it.
	const bool own = o->container == caller_container ||
			 (type == McObjType::dprc && id == caller_container);
	if (!own)
		return misuse(McStatus::no_privilege, McMisuse::outside_container,
			      "open of %s from dprc.%u: it is not in that container",
			      o->name().c_str(), caller_container);
	cmd.header.token.store(objects_.open(*o));
	return McStatus::ok;
}

// Enable, disable and is-enabled have the same numbers and layouts on every
// object that has them. On these objects they only set the state that
// is-enabled reads; what a DPNI's enable starts (its datapath) is its own,
// and a DPRC or a DPMAC has no such commands.
bool Mc::enables_alike(McObjType t) noexcept
{
	return t == McObjType::dpio || t == McObjType::dpbp || t == McObjType::dpcon ||
	       t == McObjType::dprtc;
}

Mc::McStatus Mc::enable_command(McObject &o, McCommand &cmd, bool &handled)
{
	handled = true;
	switch (cmd.cmd_id()) {
	case mc::kCmdEnable:
		o.enabled = true;
		return McStatus::ok;
	case mc::kCmdDisable:
		o.enabled = false;
		return McStatus::ok;
	case mc::kCmdIsEnabled:
		cmd.clear_params();
		cmd.as<mc::IsEnabledResponse>().enabled = o.enabled;
		return McStatus::ok;
	}
	handled = false;
	return McStatus::ok;
}

// The interrupt commands have the same numbers and layouts on every object.
Mc::McStatus Mc::irq_command(McObject &o, McCommand &cmd, bool &handled)
{
	const uint16_t id = cmd.cmd_id();
	handled = id == mc::kCmdSetIrqEnable || id == mc::kCmdGetIrqEnable ||
		  id == mc::kCmdSetIrqMask || id == mc::kCmdGetIrqMask ||
		  id == mc::kCmdGetIrqStatus || id == mc::kCmdClearIrqStatus;
	if (!handled)
		return McStatus::ok;
	// irq_index is at byte 4 in all six.
	const unsigned index = cmd.as<mc::IrqWordCommand>().irq_index;
	if (index >= o.irqs.size())
		return misuse(McStatus::config_err, McMisuse::bad_parameter,
			      "irq command 0x%04x on %s: no irq index %u", id, o.name().c_str(),
			      index);
	McIrq &irq = o.irqs[index];
	const uint32_t value = cmd.as<mc::IrqWordCommand>().value.load();
	const uint8_t enable = cmd.as<mc::IrqEnableCommand>().enable;
	cmd.clear_params();
	switch (id) {
	case mc::kCmdSetIrqEnable:
		irq.enabled = enable & 1;
		raise_irq(o, index, 0);
		break;
	case mc::kCmdGetIrqEnable:
		cmd.as<mc::IsEnabledResponse>().enabled = irq.enabled;
		break;
	case mc::kCmdSetIrqMask:
		irq.mask = value;
		raise_irq(o, index, 0);
		break;
	case mc::kCmdGetIrqMask:
		cmd.as<mc::IrqWordResponse>().value.store(irq.mask);
		break;
	case mc::kCmdGetIrqStatus:
		cmd.as<mc::IrqWordResponse>().value.store(irq.status);
		break;
	case mc::kCmdClearIrqStatus: // write one to clear
		irq.status &= ~value;
		break;
	}
	return McStatus::ok;
}

// Status bits are set whatever the mask says; the interrupt fires when a
// masked-in bit is pending while the interrupt is enabled.
void Mc::raise_irq(McObject &o, unsigned index, uint32_t bits)
{
	McIrq &irq = o.irqs[index];
	irq.status |= bits;
	if (!irq.enabled || !(irq.status & irq.mask) || irq.eventfd < 0)
		return;
	const uint64_t one = 1;
	// A full counter (never read) only loses a wake-up the reader would
	// merge anyway.
	[[maybe_unused]] ssize_t n = ::write(irq.eventfd, &one, sizeof(one));
}

void Mc::set_irq_eventfd(const std::string &type, unsigned id, unsigned index, int efd)
{
	std::optional<McObjType> t = mc_obj_type(type);
	McObject *o = t ? objects_.find(*t, id) : nullptr;
	if (!o || index >= o->irqs.size())
		return;
	o->irqs[index].eventfd = efd;
}

std::vector<Mc::Object> Mc::container_objects(unsigned dprc_id) const
{
	std::vector<Object> out;
	const McObject *self = objects_.find(McObjType::dprc, dprc_id);
	if (!self)
		return out;
	const Region mc_portal{kMcPortalRegionSize, false, RegionKind::mc_portal};
	out.push_back({"dprc", dprc_id, {mc_portal}, unsigned(self->irqs.size())});
	for (const McObject *o : objects_.in_container(dprc_id)) {
		Object obj{mc_obj_type_name(o->type), o->id, {}, unsigned(o->irqs.size())};
		switch (o->type) {
		case McObjType::dprc:
		case McObjType::dpmcp:
			obj.regions.push_back(mc_portal);
			break;
		case McObjType::dpio:
			obj.regions.push_back({SwPortal::kCenaSize, true, RegionKind::qbman_cena});
			obj.regions.push_back({SwPortal::kCinhSize, false, RegionKind::qbman_cinh});
			if (qbman_.memory_backed())
				obj.regions.push_back(
					{SwPortal::kCenaSize, true, RegionKind::qbman_cena_memory});
			break;
		default:
			break;
		}
		out.push_back(std::move(obj));
	}
	return out;
}

SwPortal *Mc::dpio_portal(unsigned dpio_id)
{
	auto *o = objects_.find_as<DpioObject>(McObjType::dpio, dpio_id);
	return o ? o->swp : nullptr;
}

uint64_t Mc::misuse_count() const noexcept
{
	uint64_t n = 0;
	for (uint64_t c : misuse_)
		n += c;
	return n;
}

Mc::McStatus Mc::misuse(McStatus s, McMisuse m, const char *fmt, ...)
{
	if (misuse_[unsigned(m)]++ == 0) {
		char line[256];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(line, sizeof(line), fmt, ap);
		va_end(ap);
		if (log_)
			log_(log_ctx_, line);
		else
			fprintf(stderr, "dpaa2 model: mc: %s: %s\n", mc_misuse_name(m), line);
	}
	return s;
}

} // namespace dpaa2::model
