/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The Rx path's checks of a frame descriptor (drivers/net/dpaa/
// dpaa_rx_check.cpp) for a pool laid out in plain memory, without EAL: the
// cases the fd_to_mbuf fuzz target (app/fuzz) found.

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_rx_check.hpp"

namespace
{

namespace net = dpaa::net;
namespace hw = dpaa::hw;

constexpr unsigned kObjs = 4;
constexpr uint32_t kMeta = sizeof(rte_mbuf);
constexpr uint32_t kDataRoom = RTE_PKTMBUF_HEADROOM + 2048;
constexpr uint32_t kStride = 4096;
constexpr uint64_t kBusBase = uint64_t{1} << 36;
constexpr uint8_t kBpid = 7;

unsigned g_puts;

int count_put(rte_mempool *, void *const *, unsigned n)
{
	g_puts += n;
	return 0;
}

int no_get(rte_mempool *, void **, unsigned)
{
	return -ENOENT;
}

unsigned no_count(const rte_mempool *)
{
	return 0;
}

int no_alloc(rte_mempool *)
{
	return 0;
}

void no_free(rte_mempool *) {}

// One pool of kObjs mbufs in one chunk, mapped in bus space at kBusBase.
class RxFdCheck : public ::testing::Test
{
protected:
	void SetUp() override
	{
		mem_ = static_cast<char *>(std::aligned_alloc(4096, kStride * kObjs));
		ASSERT_NE(mem_, nullptr);
		memset(mem_, 0, kStride * kObjs);
		rte_mempool_ops ops{};
		snprintf(ops.name, sizeof(ops.name), "rx_fd_check");
		ops.alloc = no_alloc;
		ops.free = no_free;
		ops.enqueue = count_put;
		ops.dequeue = no_get;
		ops.get_count = no_count;
		static const int ops_index = rte_mempool_register_ops(&ops);
		ASSERT_GE(ops_index, 0);
		pool_.ops_index = ops_index;
		pool_.elt_size = kMeta + kDataRoom;
		pool_.size = pool_.populated_size = kObjs;
		pool_.nb_mem_chunks = 1;
		STAILQ_INIT(&pool_.mem_list);
		chunk_.mp = &pool_;
		chunk_.addr = mem_;
		chunk_.len = kStride * kObjs;
		STAILQ_INSERT_TAIL(&pool_.mem_list, &chunk_, next);
		for (unsigned i = 0; i < kObjs; i++) {
			auto *m = mbuf(i);
			m->buf_addr = reinterpret_cast<char *>(m) + kMeta;
			m->buf_len = kDataRoom;
			m->pool = &pool_;
			rte_mbuf_refcnt_set(m, 1);
			m->nb_segs = 1;
		}
		ASSERT_EQ(rte_dpaa_windows.add(reinterpret_cast<uintptr_t>(mem_), kBusBase,
					       kStride * kObjs),
			  0);
		rte_dpaa_bpid_info[kBpid] = {&pool_, kMeta, kDataRoom};
		// The drop's log line names the port: there is no ethdev without EAL.
		saved_data_ = rte_eth_devices[0].data;
		snprintf(port_data_.name, sizeof(port_data_.name), "test-port");
		rte_eth_devices[0].data = &port_data_;
		q_.meta_size = kMeta;
		q_.bpid = kBpid;
		q_.buf_size = kDataRoom;
		q_.span = net::pool_span(&pool_, kMeta, kDataRoom);
		g_puts = 0;
	}
	void TearDown() override
	{
		rte_dpaa_bpid_info[kBpid] = {};
		rte_eth_devices[0].data = saved_data_;
		rte_dpaa_windows.remove(reinterpret_cast<uintptr_t>(mem_));
		std::free(mem_);
	}

	rte_mbuf *mbuf(unsigned i) { return reinterpret_cast<rte_mbuf *>(mem_ + i * kStride); }
	static uint64_t buf_bus(unsigned i) { return kBusBase + i * kStride + kMeta; }
	// What a misaligned "mbuf" at obj would say to pass for one of the
	// pool's: its pool, and its buffer at obj + meta.
	void forge_header(char *obj)
	{
		const auto mp = reinterpret_cast<uintptr_t>(&pool_);
		const auto buf = reinterpret_cast<uintptr_t>(obj + kMeta);
		memcpy(obj + offsetof(rte_mbuf, pool), &mp, sizeof(uintptr_t));
		memcpy(obj + offsetof(rte_mbuf, buf_addr), &buf, sizeof(uintptr_t));
	}
	hw::SgEntry *table(unsigned i, uint16_t off)
	{
		return reinterpret_cast<hw::SgEntry *>(static_cast<char *>(mbuf(i)->buf_addr) +
						       off);
	}

	char *mem_ = nullptr;
	rte_mempool pool_{};
	rte_mempool_memhdr chunk_{};
	net::RxQueue q_{};
	rte_eth_dev_data port_data_{};
	rte_eth_dev_data *saved_data_ = nullptr;
};

// An address inside pool memory whose mbuf would not be cache-line aligned
// names no buffer, whatever the bytes there say: found by fuzzing, where
// reading that "mbuf"'s pool and buf_addr fields was undefined behaviour (a
// misaligned rte_mbuf), and a forged header there passed for a buffer.
TEST_F(RxFdCheck, MisalignedAddressInsidePoolMemoryIsNoBuffer)
{
	EXPECT_EQ(net::pool_buffer(kBpid, buf_bus(1)), mbuf(1));
	for (uint64_t skew : {8u, 16u, 32u, 200u}) {
		forge_header(reinterpret_cast<char *>(mbuf(2)) + skew);
		EXPECT_EQ(net::pool_buffer(kBpid, buf_bus(2) + skew), nullptr) << skew;
	}
}

TEST_F(RxFdCheck, SgEntryAtAMisalignedAddressDropsTheFrameAndFreesTheTable)
{
	hw::SgEntry *sg = table(0, 128);
	memset(sg, 0, 2 * sizeof(*sg));
	sg[0].set_addr(buf_bus(1));
	sg[0].set_bpid(kBpid);
	sg[0].set_offset(128);
	sg[0].set_length_flags(100, false, false);
	forge_header(reinterpret_cast<char *>(mbuf(2)) + 24);
	sg[1].set_addr(buf_bus(2) + 24);
	sg[1].set_bpid(kBpid);
	sg[1].set_offset(128);
	sg[1].set_length_flags(100, false, true);
	hw::Fd fd{};
	fd.set_addr(buf_bus(0));
	fd.set_bpid(kBpid);
	fd.set_format_offset_length(hw::FdFormat::sg, 128, 200);
	EXPECT_EQ(net::rx_fd_slow(q_, fd), nullptr);
	EXPECT_EQ(q_.bad_fds, 1u);
	// The table and the one genuine segment go back; nothing else.
	EXPECT_EQ(g_puts, 2u);
}

// The same table with both entries genuine is a two-segment frame.
TEST_F(RxFdCheck, SgFrameOfGenuineBuffersIsAChain)
{
	hw::SgEntry *sg = table(0, 128);
	memset(sg, 0, 2 * sizeof(*sg));
	for (unsigned i = 0; i < 2; i++) {
		sg[i].set_addr(buf_bus(i + 1));
		sg[i].set_bpid(kBpid);
		sg[i].set_offset(128);
		sg[i].set_length_flags(100, false, i == 1);
	}
	hw::Fd fd{};
	fd.set_addr(buf_bus(0));
	fd.set_bpid(kBpid);
	fd.set_format_offset_length(hw::FdFormat::sg, 128, 200);
	rte_mbuf *m = net::rx_fd_slow(q_, fd);
	ASSERT_EQ(m, mbuf(1));
	EXPECT_EQ(m->nb_segs, 2);
	EXPECT_EQ(m->pkt_len, 200u);
	EXPECT_EQ(m->next, mbuf(2));
	EXPECT_EQ(q_.bad_fds, 0u);
	EXPECT_EQ(g_puts, 1u); // the table
}

} // namespace
