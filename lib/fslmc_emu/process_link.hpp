/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A second process on the same emulated kernel (a DPDK secondary).
//
// On a board every process reaches the one kernel and the one SoC: a DPDK
// secondary is handed the primary's VFIO container and group descriptors
// (EAL's multi-process channel passes them with SCM_RIGHTS, as the group
// opens only once), asks the group for device fds of its own and maps the
// same MC and QBMan portals. Here the kernel and the SoC live in the process
// that preloaded the emulation and opened /dev/vfio first (the primary); a
// process that is handed one of its descriptors reaches them through a
// socket the primary listens on:
//
//  - the primary's container and group descriptors are memory files whose
//    name says what they are and where the socket is ("fslmc-emu:group:
//    <socket path>"), so the receiving process's emulation recognises them
//    (interposed recvmsg) and becomes a client of that kernel;
//  - the client's trapped accesses (an MC command at its doorbell, each
//    register access of a cache-inhibited portal page or of a direct-mode
//    cache-enabled one) are requests run on the primary's model; a
//    memory-backed portal's cache-enabled area is the same memory file,
//    passed back, so Rx and Tx reach the same rings as in the primary.
//
// DPDK's memory is shared by its processes at the same addresses, so the
// primary's IOMMU table already maps what a secondary hands QBMan.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace dpaa2::emu
{

// What a request reaches.
enum class LinkOp : uint8_t {
	mc_command, // 64 bytes run on the MC portal of dpmcp.<id> (dprc.<id>)
	cinh_load,  // n bytes at off of dpio.<id>'s cache-inhibited page
	cinh_store,
	cena_load, // the same on a direct-mode cache-enabled page
	cena_store,
	cena_memory, // the memory file of dpio.<id>'s memory-backed CENA
};

struct LinkRequest {
	LinkOp op;
	uint8_t dprc; // mc_command: the container's own portal
	uint16_t n;   // bytes of a register access (at most 64)
	uint32_t id;  // the object's id
	uint32_t off;
	uint8_t data[64];
};

struct LinkAnswer {
	int32_t status; // 0 or a negative errno
	uint8_t data[64];
};

// The prefix of the name of a descriptor the primary's kernel hands out.
inline constexpr const char kLinkFdPrefix[] = "fslmc-emu:";

// What the primary runs a request on (the Kernel). fd_out: a descriptor
// the answer passes (cena_memory), or -1.
class LinkServer
{
public:
	virtual void serve(const LinkRequest &req, LinkAnswer &ans, int &fd_out) noexcept = 0;

protected:
	~LinkServer() = default;
};

// The primary's end: a socket in the kernel's folder and a thread per
// connected process.
class LinkListener
{
public:
	// -errno when the socket cannot be made.
	int start(const std::string &path, LinkServer &server) noexcept;
	// Stops accepting (connections end with their clients or the process).
	void stop() noexcept;
	~LinkListener() { stop(); }
	const std::string &path() const noexcept { return path_; }

private:
	void accept_loop() noexcept;

	std::string path_;
	int fd_ = -1;
	LinkServer *server_ = nullptr;
	std::thread thread_;
};

// A client process's end.
class LinkClient
{
public:
	// -errno when the primary's socket does not answer.
	int connect(const std::string &path) noexcept;
	~LinkClient();
	// The answer's status (-EPIPE once the primary is gone); a passed
	// descriptor in fd_out, else -1.
	int call(const LinkRequest &req, LinkAnswer &ans, int *fd_out = nullptr) noexcept;

private:
	int fd_ = -1;
	std::mutex lock_;
};

} // namespace dpaa2::emu
