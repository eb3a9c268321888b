/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "mc/mc_api.hpp"

#include <cerrno>
#include <cstring>

#include "dpaa2_hw/mc_commands.hpp"

namespace dpaa2::fslmc::mc
{

namespace hmc = dpaa2::hw::mc;
using hw::McCommand;

namespace
{

uint16_t open_cmd(ObjType t) noexcept
{
	switch (t) {
	case ObjType::dprc:
		return hmc::kCmdDprcOpen;
	case ObjType::dpbp:
		return hmc::kCmdDpbpOpen;
	case ObjType::dpio:
		return hmc::kCmdDpioOpen;
	case ObjType::dpcon:
		return hmc::kCmdDpconOpen;
	case ObjType::dpni:
		return hmc::dpni::kOpen;
	case ObjType::dprtc:
		return hmc::kCmdDprtcOpen;
	}
	return 0;
}

uint16_t api_version_cmd(ObjType t) noexcept
{
	switch (t) {
	case ObjType::dpbp:
		return hmc::kCmdDpbpGetApiVersion;
	case ObjType::dpio:
		return hmc::kCmdDpioGetApiVersion;
	case ObjType::dpcon:
		return hmc::kCmdDpconGetApiVersion;
	case ObjType::dpni:
		return hmc::dpni::kGetApiVersion;
	case ObjType::dprtc:
		return hmc::kCmdDprtcGetApiVersion;
	case ObjType::dprc:
		break;
	}
	return 0;
}

// A command with no parameters on an object.
int simple(McIo &io, uint16_t cmd_id, const McObject &obj) noexcept
{
	if (!obj.open)
		return -EBADF;
	McCommand c = McCommand::make(cmd_id, obj.token);
	return io.send(c);
}

} // namespace

int get_version(McIo &io, McVersion &out) noexcept
{
	McCommand c = McCommand::make(hmc::kCmdMcGetVersion, 0);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::McVersionResponse>();
	out.revision = r.revision.load();
	out.major = r.major.load();
	out.minor = r.minor.load();
	return 0;
}

int get_soc_version(McIo &io, uint32_t &svr, uint32_t &pvr) noexcept
{
	McCommand c = McCommand::make(hmc::kCmdMcGetSocVersion, 0);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::SocVersionResponse>();
	svr = r.svr.load();
	pvr = r.pvr.load();
	return 0;
}

int check_version(const McVersion &v) noexcept
{
	return v.major == hmc::kMcVersionMajorRequired && v.minor >= kMcMinorRequired ? 0
										      : -ENOTSUP;
}

int open(McIo &io, ObjType type, uint32_t id, McObject &out) noexcept
{
	McCommand c = McCommand::make(open_cmd(type), 0);
	c.as<hmc::ObjectOpen>().id.store(id);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	out.type = type;
	out.id = id;
	out.token = c.token(); // the response header carries the new token
	out.open = true;
	return 0;
}

int close(McIo &io, McObject &obj) noexcept
{
	if (!obj.open)
		return 0;
	int ret = simple(io, hmc::kCmdClose, obj);
	// A token the MC refused is of no use either way.
	obj.open = false;
	return ret;
}

int enable(McIo &io, const McObject &obj) noexcept
{
	return simple(io, hmc::kCmdEnable, obj);
}

int disable(McIo &io, const McObject &obj) noexcept
{
	return simple(io, hmc::kCmdDisable, obj);
}

int reset(McIo &io, const McObject &obj) noexcept
{
	return simple(io, hmc::kCmdReset, obj);
}

int is_enabled(McIo &io, const McObject &obj, bool &enabled) noexcept
{
	if (!obj.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdIsEnabled, obj.token);
	int ret = io.send(c);
	if (ret == 0)
		enabled = (c.as<hmc::IsEnabledResponse>().enabled & 1) != 0;
	return ret;
}

int get_api_version(McIo &io, ObjType type, uint16_t &major, uint16_t &minor) noexcept
{
	const uint16_t id = api_version_cmd(type);
	if (id == 0)
		return -EINVAL;
	McCommand c = McCommand::make(id, 0);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	major = c.as<hmc::ApiVersionResponse>().major.load();
	minor = c.as<hmc::ApiVersionResponse>().minor.load();
	return 0;
}

int dprc_get_connection(McIo &io, const McObject &dprc, const Endpoint &ep1, Endpoint &ep2,
			int &state) noexcept
{
	if (!dprc.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDprcGetConnection, dprc.token);
	auto &cmd = c.as<hmc::DprcGetConnectionCommand>();
	cmd.ep1_id.store(ep1.id);
	cmd.ep1_interface_id.store(ep1.interface_id);
	std::memcpy(cmd.ep1_type, ep1.type, sizeof(cmd.ep1_type));
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::DprcGetConnectionResponse>();
	ep2.id = r.ep2_id.load();
	ep2.interface_id = r.ep2_interface_id.load();
	std::memcpy(ep2.type, r.ep2_type, sizeof(ep2.type));
	ep2.type[sizeof(ep2.type) - 1] = '\0';
	state = static_cast<int>(r.state.load());
	return 0;
}

int dpbp_get_attributes(McIo &io, const McObject &dpbp, DpbpAttributes &out) noexcept
{
	if (!dpbp.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDpbpGetAttributes, dpbp.token);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpbpAttributesResponse>();
	out.bpid = r.bpid.load();
	out.id = r.id.load();
	return 0;
}

int dpbp_get_num_free_bufs(McIo &io, const McObject &dpbp, uint32_t &num) noexcept
{
	if (!dpbp.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDpbpGetFreeBuffersNum, dpbp.token);
	int ret = io.send(c);
	if (ret == 0)
		num = c.as<hmc::DpbpFreeBuffersResponse>().num_free_bufs.load();
	return ret;
}

int dpio_get_attributes(McIo &io, const McObject &dpio, DpioAttributes &out) noexcept
{
	if (!dpio.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdGetAttributes, dpio.token);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpioAttributesResponse>();
	out.id = r.id.load();
	out.qbman_portal_id = r.qbman_portal_id.load();
	out.num_priorities = r.num_priorities;
	out.channel_mode = r.channel_mode & 0xf;
	out.ce_offset = r.qbman_portal_ce_offset.load();
	out.ci_offset = r.qbman_portal_ci_offset.load();
	out.qbman_version = r.qbman_version.load();
	out.clk = r.clk.load();
	return 0;
}

int dpio_set_stashing_destination(McIo &io, const McObject &dpio, uint8_t sdest) noexcept
{
	if (!dpio.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDpioSetStashingDest, dpio.token);
	c.as<hmc::DpioStashingDest>().sdest = sdest;
	return io.send(c);
}

int dpio_add_static_dequeue_channel(McIo &io, const McObject &dpio, uint32_t dpcon_id,
				    uint8_t &channel_index) noexcept
{
	if (!dpio.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDpioAddStaticDequeueChannel, dpio.token);
	c.as<hmc::DpioStaticDequeueChannelCommand>().dpcon_id.store(dpcon_id);
	int ret = io.send(c);
	if (ret == 0)
		channel_index = c.as<hmc::DpioStaticDequeueChannelResponse>().channel_index;
	return ret;
}

int dpio_remove_static_dequeue_channel(McIo &io, const McObject &dpio, uint32_t dpcon_id) noexcept
{
	if (!dpio.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdDpioRemoveStaticDequeueChannel, dpio.token);
	c.as<hmc::DpioStaticDequeueChannelCommand>().dpcon_id.store(dpcon_id);
	return io.send(c);
}

int dpcon_get_attributes(McIo &io, const McObject &dpcon, DpconAttributes &out) noexcept
{
	if (!dpcon.open)
		return -EBADF;
	McCommand c = McCommand::make(hmc::kCmdGetAttributes, dpcon.token);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpconAttributesResponse>();
	out.id = r.id.load();
	out.qbman_ch_id = r.qbman_ch_id.load();
	out.num_priorities = r.num_priorities;
	return 0;
}

} // namespace dpaa2::fslmc::mc
