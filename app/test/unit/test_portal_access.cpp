/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The portal-access contract (lib/dpaa_hw/portal_access.hpp) between two
// threads, one on each side of a ring or of the command handshake: every
// entry read behind a valid verb carries the body written before that verb,
// and no entry is overwritten before its consumer gave it back. On a weakly
// ordered machine (or arm64 under emulation) the producer and consumer really
// run in parallel; only values and order are asserted.

#include <atomic>
#include <cstdint>
#include <thread>

#include <gtest/gtest.h>

#include "dpaa_hw/portal_access.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_hw/ring.hpp"

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;

namespace
{

constexpr unsigned kRing = 16;
constexpr uint32_t kEntries = 50000;
constexpr uint32_t kCiReg = 0; // the consumer index, a CI register

// Body of entry number i: every field a function of i, so that a body from
// another lap or half written cannot pass.
void fill(qm::DqrrEntry &e, uint32_t i)
{
	e.set_fqid(i & qm::kFqidMask);
	e.set_context_b(~i);
	e.fd.set_addr(uint64_t{i} * 64 + 0x100000);
	e.fd.set_length(i & 0xfffff);
}

bool matches(const qm::DqrrEntry &e, uint32_t i)
{
	return e.fqid() == (i & qm::kFqidMask) && e.context_b() == ~i &&
	       e.fd.addr() == uint64_t{i} * 64 + 0x100000 && e.fd.length() == (i & 0xfffff);
}

// One producer, one consumer, a ring of kRing entries and a consumer-index
// register the producer reads to know which slots it may write again.
template <hw::PortalSide ProducerSide, hw::PortalSide ConsumerSide> uint32_t run_ring()
{
	alignas(64) static qm::DqrrEntry mem[kRing];
	alignas(64) static uint32_t ci[16];
	for (auto &e : mem)
		e = qm::DqrrEntry{};
	hw::reg_write(ci, kCiReg, 0);

	std::atomic<uint32_t> bad{0};
	std::thread consumer([&] {
		hw::Ring<qm::DqrrEntry, kRing, ConsumerSide> ring;
		ring.init(mem);
		for (uint32_t i = 0; i < kEntries;) {
			const qm::DqrrEntry *e = ring.current();
			if (e == nullptr) {
				std::this_thread::yield();
				continue;
			}
			if (!matches(*e, i))
				bad.fetch_add(1, std::memory_order_relaxed);
			ring.next();
			i++;
			// Give the entry back: its reads come before this write.
			hw::reg_write(ci, kCiReg, i);
		}
	});
	hw::Ring<qm::DqrrEntry, kRing, ProducerSide> ring;
	ring.init(mem);
	for (uint32_t i = 0; i < kEntries; i++) {
		// One slot stays empty, as on the portal's rings.
		while (i - hw::reg_read(ci, kCiReg) >= kRing - 1)
			std::this_thread::yield();
		fill(*ring.start(), i);
		ring.commit(qm::dqrr_verb::kFrameDequeue);
	}
	consumer.join();
	return bad.load();
}

} // namespace

// The driver's EQCR/RCR direction: the CPU produces, the portal consumes.
TEST(PortalAccess, CpuProducerDeviceConsumerAcrossThreads)
{
	EXPECT_EQ((run_ring<hw::PortalSide::cpu, hw::PortalSide::device>()), 0u);
}

// The DQRR/MR direction: the portal produces, the CPU consumes.
TEST(PortalAccess, DeviceProducerCpuConsumerAcrossThreads)
{
	EXPECT_EQ((run_ring<hw::PortalSide::device, hw::PortalSide::cpu>()), 0u);
}

// The management-command handshake: the CPU submits a command on the CR and
// polls the response line; the portal answers on RR0/RR1 alternately and
// clears the other one, as QMan does.
TEST(PortalAccess, CommandHandshakeAcrossThreads)
{
	struct alignas(64) Line {
		uint8_t verb;
		uint8_t pad[3];
		uint32_t arg;
		uint8_t rest[56];
	};
	static_assert(sizeof(Line) == hw::kPortalLine);
	alignas(64) static Line cr, rr[2];
	cr = Line{};
	rr[0] = rr[1] = Line{};
	constexpr uint32_t kCommands = 5000;

	std::thread portal([&] {
		uint8_t vbit = hw::kVbit;
		for (uint32_t n = 0, idx = 1; n < kCommands; n++, idx ^= 1, vbit ^= hw::kVbit) {
			uint8_t verb;
			while (((verb = hw::load_verb(&cr)) & hw::kVbit) != vbit)
				std::this_thread::yield();
			hw::store_verb(&rr[idx ^ 1], 0);
			rr[idx].arg = cr.arg * 3 + 1;
			hw::store_verb(&rr[idx], static_cast<uint8_t>((verb & 0x7f) | 0x80));
		}
	});
	uint32_t wrong = 0;
	uint8_t vbit = hw::kVbit;
	for (uint32_t n = 0, idx = 1; n < kCommands; n++, idx ^= 1, vbit ^= hw::kVbit) {
		cr.arg = n;
		hw::submit_command(&cr, static_cast<uint8_t>(0x40 | vbit), &rr[idx]);
		while (!hw::response_ready(&rr[idx]))
			std::this_thread::yield();
		if (rr[idx].arg != n * 3 + 1)
			wrong++;
	}
	portal.join();
	EXPECT_EQ(wrong, 0u);
}
