/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The MC firmware's objects: what a DPL and restool create (containers,
// portals, buffer pools, network interfaces, MACs, channels), each in one
// container, the sessions opened on them (a token per open, invalid after
// close), their interrupt registers and the connections between endpoints
// that dprc_get_connection reports.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dpaa2::model
{

class SwPortal;
class NiDatapath;
class Dpmac;
class Mc;

enum class McObjType : uint8_t { dprc, dpmcp, dpio, dpbp, dpni, dpmac, dpcon, dprtc };

const char *mc_obj_type_name(McObjType t);
std::optional<McObjType> mc_obj_type(std::string_view name);

// One interrupt of an object (its index is its place in McObject::irqs).
struct McIrq {
	uint32_t mask = 0;
	uint32_t status = 0;
	bool enabled = false;
	int eventfd = -1; // registered by the emulation (VFIO_DEVICE_SET_IRQS)
};

struct McObject {
	McObject(McObjType t, unsigned i, unsigned c, unsigned num_irqs)
	    : type(t), id(i), container(c), irqs(num_irqs)
	{
	}
	virtual ~McObject() = default;
	std::string name() const
	{
		std::string s = mc_obj_type_name(type);
		s += '.';
		s += std::to_string(id);
		return s;
	}

	const McObjType type;
	const unsigned id;
	unsigned container; // the dprc id it is assigned to
	bool enabled = false;
	std::vector<McIrq> irqs;
};

struct DprcObject final : McObject {
	DprcObject(unsigned id, unsigned parent) : McObject(McObjType::dprc, id, parent, 1) {}
};

struct DpmcpObject final : McObject {
	DpmcpObject(unsigned id, unsigned c) : McObject(McObjType::dpmcp, id, c, 1) {}
};

struct DpioObject final : McObject {
	DpioObject(unsigned id, unsigned c, unsigned portal_index)
	    : McObject(McObjType::dpio, id, c, 1), portal_index(portal_index)
	{
	}
	unsigned portal_index; // qbman_portal_id
	SwPortal *swp = nullptr;
	uint8_t num_priorities = 8;
	uint8_t sdest = 0;
};

struct DpbpObject final : McObject {
	DpbpObject(unsigned id, unsigned c, uint16_t bpid)
	    : McObject(McObjType::dpbp, id, c, 0), bpid(bpid)
	{
	}
	uint16_t bpid;
};

struct DpconObject final : McObject {
	DpconObject(unsigned id, unsigned c, uint16_t channel)
	    : McObject(McObjType::dpcon, id, c, 0), channel(channel)
	{
	}
	uint16_t channel;
	uint8_t num_priorities = 8;
};

// The IEEE 1588 timer's MC object; its time is WRIOP's (Wriop::now_ns).
struct DprtcObject final : McObject {
	DprtcObject(unsigned id, unsigned c) : McObject(McObjType::dprtc, id, c, 1) {}
};

struct DpmacObject final : McObject {
	DpmacObject(unsigned id, unsigned c, Dpmac *mac)
	    : McObject(McObjType::dpmac, id, c, 1), mac(mac)
	{
	}
	Dpmac *mac;
};

// What restool dpni create fixed (dpni_get_attributes).
struct DpniAttributes {
	uint32_t options = 0;
	uint8_t num_queues = 8; // --max-dist-per-tc=8
	uint8_t num_rx_tcs = 1; // --max-tcs=1
	uint8_t num_tx_tcs = 8;
	uint8_t num_channels = 1;
	uint8_t mac_filter_entries = 16;
	uint8_t vlan_filter_entries = 16;
	uint8_t qos_entries = 0;
	uint16_t fs_entries = 64;
	uint16_t num_opr = 0;
	uint8_t qos_key_size = 32;
	uint8_t fs_key_size = 32;
	uint8_t dist_key_size = 32; // --max-dist-key-size=32
	uint8_t num_cgs = 0;
};

struct DpniObject final : McObject {
	DpniObject(unsigned id, unsigned c, NiDatapath *ni)
	    : McObject(McObjType::dpni, id, c, 1), ni(ni)
	{
	}
	NiDatapath *ni;
	Mc *mc = nullptr; // for the link-change interrupt
	DpniAttributes attr;
	std::array<uint8_t, 6> create_mac{}; // --mac-addr: what reset restores
	uint8_t tx_confirmation_mode = 0;    // DPNI_CONF_AFFINE until set
	struct LinkCfg {
		uint32_t rate = 0;
		uint64_t options = 0, advertising = 0;
	} link_cfg;
	uint32_t max_frame_length = 1536;
	// Per FQ: what set_queue's destination and set_taildrop's OAL say, for
	// get_queue and get_taildrop (the FQ keeps the rest).
	struct QueueDest {
		uint8_t type = 0;
		uint32_t id = 0;
		uint8_t prio = 0;
		bool hold_active = false;
	};
	std::map<uint32_t, QueueDest> dest;
	std::map<uint32_t, uint16_t> taildrop_oal;
	struct Cscn {
		uint32_t dest_id = 0;
		uint8_t dest_type = 0, dest_prio = 0, units = 0;
	};
	std::map<uint32_t, Cscn> cscn;
	// Offloads the driver reads back (dpni_get_offload).
	std::array<uint32_t, 8> offload{};
};

struct McEndpoint {
	McObjType type;
	unsigned id;
	unsigned if_id = 0;
	bool operator==(const McEndpoint &) const = default;
};

// The registry. Not thread-safe: the System lock covers the MC.
class McObjects
{
public:
	template <class T, class... A> T &add(A &&...args)
	{
		auto o = std::make_unique<T>(std::forward<A>(args)...);
		T &ref = *o;
		objects_[{o->type, o->id}] = std::move(o);
		return ref;
	}
	McObject *find(McObjType t, unsigned id);
	const McObject *find(McObjType t, unsigned id) const;
	template <class T> T *find_as(McObjType t, unsigned id)
	{
		return static_cast<T *>(find(t, id));
	}
	// The objects of one container (not those of its children), in type
	// then id order.
	std::vector<const McObject *> in_container(unsigned dprc_id) const;
	std::vector<McObject *> all();

	// Sessions: open gives a token (non-zero, not reused until the 16-bit
	// space wraps, so a stale token is caught); close invalidates it.
	uint16_t open(McObject &o);
	McObject *session(uint16_t token);
	bool close(uint16_t token);
	// Every session on that object ends (dprc_reset, object destroyed).
	void close_all(const McObject &o);

	void connect(const McEndpoint &a, const McEndpoint &b);
	const McEndpoint *peer(const McEndpoint &a) const;

private:
	std::map<std::pair<McObjType, unsigned>, std::unique_ptr<McObject>> objects_;
	std::map<uint16_t, McObject *> sessions_;
	uint16_t next_token_ = 1;
	std::vector<std::pair<McEndpoint, McEndpoint>> links_;
};

} // namespace dpaa2::model
