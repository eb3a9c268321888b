/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled MC answering upstream's own MC flib (DPDK 22.11's
// drivers/bus/fslmc/mc and drivers/net/dpaa2/mc, built unmodified into this
// test): mc_send_command() writes the portal and spins on its status as on
// silicon, a poller plays the MC's doorbell (it runs every command the
// portal shows READY), and the flib decodes the answers. What the
// decoded structures hold is what net_dpaa2 and the bus will see.

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "dpaa2_mc_test_support.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/wriop.hpp"

extern "C" {
#include <fsl_mc_sys.h>
#include <fsl_mc_cmd.h>
#include <fsl_dpbp.h>
#include <fsl_dpio.h>
#include <fsl_dpmng.h>
#include <fsl_dpni.h>
#include <fsl_dprc.h>

// mc_send_command's one-second timeout reads the TSC frequency from EAL.
uint64_t rte_get_tsc_hz(void)
{
	return 1000000000;
}
}

namespace
{

using dpaa2::model::System;

// The MC side of the portal: every command the driver marks READY runs.
class PortalPoller
{
public:
	PortalPoller(System &s, uint8_t *portal) : s_(s), portal_(portal)
	{
		t_ = std::thread([this] {
			while (!stop_.load(std::memory_order_relaxed)) {
				const uint8_t st = __atomic_load_n(portal_ + 2, __ATOMIC_ACQUIRE);
				if (st != 1)
					continue;
				s_.lock();
				s_.mc().execute(portal_, 1);
				s_.unlock();
			}
		});
	}
	~PortalPoller()
	{
		stop_ = true;
		t_.join();
	}

private:
	System &s_;
	uint8_t *portal_;
	std::atomic<bool> stop_{false};
	std::thread t_;
};

class Dpaa2McFlib : public ::testing::Test
{
protected:
	void SetUp() override
	{
		mem.map(dma, sizeof(dma));
		std::string error;
		s = System::create("dpmac.3=loopback;dpmac.17=sink;mode=stepped", mem, error);
		ASSERT_NE(s, nullptr) << error;
		io.regs = portal;
		poller = std::make_unique<PortalPoller>(*s, portal);
	}
	void TearDown() override { poller.reset(); }

	alignas(64) uint8_t portal[64] = {};
	alignas(64) uint8_t dma[4096] = {};
	dpaa2::test::IdentityMemory mem;
	std::unique_ptr<System> s;
	struct fsl_mc_io io {
	};
	std::unique_ptr<PortalPoller> poller;
};

TEST_F(Dpaa2McFlib, TheBusProbe)
{
	struct mc_version v {
	};
	ASSERT_EQ(mc_get_version(&io, CMD_PRI_LOW, &v), 0);
	EXPECT_EQ(v.major, 10u); // MC_VER_MAJOR
	EXPECT_GE(v.minor, 39u);
	struct mc_soc_version soc {
	};
	ASSERT_EQ(mc_get_soc_version(&io, CMD_PRI_LOW, &soc), 0);
	EXPECT_EQ(soc.svr & 0xffff0000, 0x87360000u);

	uint16_t dprc = 0;
	ASSERT_EQ(dprc_open(&io, CMD_PRI_LOW, 2, &dprc), 0);
	struct dprc_endpoint ep1 {
	}, ep2{};
	int state = -2;
	strcpy(ep1.type, "dpni");
	ep1.id = 1;
	ASSERT_EQ(dprc_get_connection(&io, CMD_PRI_LOW, dprc, &ep1, &ep2, &state), 0);
	EXPECT_STREQ(ep2.type, "dpmac");
	EXPECT_EQ(ep2.id, 3);
	EXPECT_EQ(state, 0);
	ASSERT_EQ(dprc_close(&io, CMD_PRI_LOW, dprc), 0);
	EXPECT_EQ(dprc_open(&io, CMD_PRI_LOW, 1, &dprc), -EPERM) << "the root container";

	for (int id = 1; id <= 10; id++) {
		uint16_t t = 0;
		ASSERT_EQ(dpio_open(&io, CMD_PRI_LOW, id, &t), 0);
		ASSERT_EQ(dpio_reset(&io, CMD_PRI_LOW, t), 0);
		ASSERT_EQ(dpio_enable(&io, CMD_PRI_LOW, t), 0);
		struct dpio_attr a {
		};
		ASSERT_EQ(dpio_get_attributes(&io, CMD_PRI_LOW, t, &a), 0);
		EXPECT_EQ(a.id, id);
		EXPECT_LT(a.qbman_portal_id, 64);
		EXPECT_EQ(a.qbman_version, 0x05000000u);
		EXPECT_EQ(a.channel_mode, DPIO_LOCAL_CHANNEL);
		EXPECT_EQ(a.num_priorities, 8);
		ASSERT_EQ(dpio_set_stashing_destination(&io, CMD_PRI_LOW, t, uint8_t(id / 2)), 0);
	}

	uint16_t bp = 0;
	ASSERT_EQ(dpbp_open(&io, CMD_PRI_LOW, 1, &bp), 0);
	ASSERT_EQ(dpbp_reset(&io, CMD_PRI_LOW, bp), 0);
	ASSERT_EQ(dpbp_enable(&io, CMD_PRI_LOW, bp), 0);
	struct dpbp_attr ba {
	};
	ASSERT_EQ(dpbp_get_attributes(&io, CMD_PRI_LOW, bp, &ba), 0);
	EXPECT_EQ(ba.id, 1);
	EXPECT_NE(ba.bpid, 0);
	ASSERT_TRUE(s->qbman().bp_release(ba.bpid, 0x1000));
	uint32_t n = 0;
	ASSERT_EQ(dpbp_get_num_free_bufs(&io, CMD_PRI_LOW, bp, &n), 0);
	EXPECT_EQ(n, 1u);
	EXPECT_EQ(dpbp_disable(&io, CMD_PRI_LOW, bp), 0);
	EXPECT_EQ(dpbp_close(&io, CMD_PRI_LOW, bp), 0);
	EXPECT_EQ(dpbp_enable(&io, CMD_PRI_LOW, bp), -EACCES) << "a closed token";
}

TEST_F(Dpaa2McFlib, NetDpaa2sDpniSequence)
{
	uint16_t t = 0;
	ASSERT_EQ(dpni_open(&io, CMD_PRI_LOW, 1, &t), 0);
	ASSERT_EQ(dpni_reset(&io, CMD_PRI_LOW, t), 0);
	struct dpni_attr attr {
	};
	ASSERT_EQ(dpni_get_attributes(&io, CMD_PRI_LOW, t, &attr), 0);
	EXPECT_EQ(attr.num_queues, 8);
	EXPECT_EQ(attr.num_rx_tcs, 1);
	EXPECT_GE(attr.num_tx_tcs * attr.num_channels, 1);
	EXPECT_EQ(attr.wriop_version, 3u << 10);
	uint16_t major = 0, minor = 0;
	ASSERT_EQ(dpni_get_api_version(&io, CMD_PRI_LOW, &major, &minor), 0);
	EXPECT_EQ(major, 8);
	EXPECT_EQ(minor, 6);

	uint8_t mac[6] = {1, 1, 1, 1, 1, 1};
	ASSERT_EQ(dpni_get_port_mac_addr(&io, CMD_PRI_LOW, t, mac), 0);
	for (uint8_t b : mac)
		EXPECT_EQ(b, 0);
	ASSERT_EQ(dpni_get_primary_mac_addr(&io, CMD_PRI_LOW, t, mac), 0);
	const uint8_t dpl_mac[6] = {0, 0, 0, 0, 0, 3};
	EXPECT_EQ(std::memcmp(mac, dpl_mac, 6), 0) << "00:00:00:00:00:03 in address order";
	const uint8_t new_mac[6] = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
	ASSERT_EQ(dpni_set_primary_mac_addr(&io, CMD_PRI_LOW, t, new_mac), 0);
	const std::array<uint8_t, 6> want = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
	EXPECT_EQ(s->wriop().ni(1)->primary_mac, want);

	struct dpni_buffer_layout bl {
	};
	bl.options = DPNI_BUF_LAYOUT_OPT_FRAME_STATUS;
	bl.pass_frame_status = 1;
	ASSERT_EQ(dpni_set_buffer_layout(&io, CMD_PRI_LOW, t, DPNI_QUEUE_TX, &bl), 0);
	ASSERT_EQ(dpni_set_max_frame_length(&io, CMD_PRI_LOW, t, 1518), 0);
	uint16_t mfl = 0;
	ASSERT_EQ(dpni_get_max_frame_length(&io, CMD_PRI_LOW, t, &mfl), 0);
	EXPECT_EQ(mfl, 1518);
	ASSERT_EQ(dpni_set_offload(&io, CMD_PRI_LOW, t, DPNI_FLCTYPE_HASH, 1), 0);
	EXPECT_TRUE(s->wriop().ni(1)->flc_hash);

	struct dpni_buffer_layout rx {
	};
	rx.options = DPNI_BUF_LAYOUT_OPT_DATA_HEAD_ROOM | DPNI_BUF_LAYOUT_OPT_FRAME_STATUS |
		     DPNI_BUF_LAYOUT_OPT_PARSER_RESULT | DPNI_BUF_LAYOUT_OPT_DATA_ALIGN |
		     DPNI_BUF_LAYOUT_OPT_TIMESTAMP | DPNI_BUF_LAYOUT_OPT_PRIVATE_DATA_SIZE;
	rx.pass_timestamp = rx.pass_parser_result = rx.pass_frame_status = 1;
	rx.data_align = 64;
	rx.data_head_room = 64;
	ASSERT_EQ(dpni_set_buffer_layout(&io, CMD_PRI_LOW, t, DPNI_QUEUE_RX, &rx), 0);
	struct dpni_buffer_layout back {
	};
	ASSERT_EQ(dpni_get_buffer_layout(&io, CMD_PRI_LOW, t, DPNI_QUEUE_RX, &back), 0);
	EXPECT_EQ(back.data_head_room, 64);
	EXPECT_EQ(back.data_align, 64);
	EXPECT_EQ(back.pass_parser_result, 1);

	struct dpni_pools_cfg pools {
	};
	pools.num_dpbp = 1;
	pools.pools[0].dpbp_id = 1;
	pools.pools[0].buffer_size = 2176;
	ASSERT_EQ(dpni_set_pools(&io, CMD_PRI_LOW, t, &pools), 0);
	EXPECT_EQ(s->wriop().ni(1)->pools[0].buffer_size, 2176);

	for (uint8_t q = 0; q < attr.num_queues; q++) {
		struct dpni_queue cfg {
		};
		cfg.user_context = 0xfeed0000 + q;
		cfg.flc.stash_control = true;
		cfg.flc.value = 0x10;
		ASSERT_EQ(dpni_set_queue(&io, CMD_PRI_LOW, t, DPNI_QUEUE_RX, 0, q,
					 DPNI_QUEUE_OPT_USER_CTX | DPNI_QUEUE_OPT_FLC, &cfg),
			  0);
		struct dpni_taildrop td {
		};
		td.enable = 1;
		td.threshold = 64 * 1024;
		td.units = DPNI_CONGESTION_UNIT_BYTES;
		td.oal = 128;
		ASSERT_EQ(dpni_set_taildrop(&io, CMD_PRI_LOW, t, DPNI_CP_QUEUE, DPNI_QUEUE_RX, 0, q,
					    &td),
			  0);
	}
	struct dpni_taildrop td {
	};
	ASSERT_EQ(dpni_get_taildrop(&io, CMD_PRI_LOW, t, DPNI_CP_QUEUE, DPNI_QUEUE_RX, 0, 3, &td),
		  0);
	EXPECT_EQ(td.enable, 1);
	EXPECT_EQ(td.threshold, 64u * 1024);
	EXPECT_EQ(td.oal, 128);

	ASSERT_EQ(dpni_set_tx_confirmation_mode(&io, CMD_PRI_LOW, t, DPNI_CONF_DISABLE), 0);
	struct dpni_queue txq {
	};
	struct dpni_queue_id qid {
	};
	ASSERT_EQ(dpni_set_queue(&io, CMD_PRI_LOW, t, DPNI_QUEUE_TX, 0, 0, 0, &txq), 0);
	ASSERT_EQ(dpni_get_queue(&io, CMD_PRI_LOW, t, DPNI_QUEUE_TX, 0, 0, &txq, &qid), 0);
	EXPECT_EQ(qid.fqid, s->wriop().ni(1)->tx_fqid(0, 0));

	struct dpni_congestion_notification_cfg cn {
	};
	cn.units = DPNI_CONGESTION_UNIT_FRAMES;
	cn.threshold_entry = 1024;
	cn.threshold_exit = 921;
	cn.message_iova = reinterpret_cast<uint64_t>(dma);
	cn.dest_cfg.dest_type = DPNI_DEST_NONE;
	cn.notification_mode = DPNI_CONG_OPT_WRITE_MEM_ON_ENTER | DPNI_CONG_OPT_WRITE_MEM_ON_EXIT |
			       DPNI_CONG_OPT_COHERENT_WRITE;
	cn.cg_point = DPNI_CP_QUEUE;
	std::memset(dma, 0xff, 16);
	ASSERT_EQ(dpni_set_congestion_notification(&io, CMD_PRI_LOW, t, DPNI_QUEUE_TX, 0, &cn), 0);
	EXPECT_EQ(dma[2], 0) << "the CSCN record's state: not congested";
	cn.message_iova += 8;
	EXPECT_EQ(dpni_set_congestion_notification(&io, CMD_PRI_LOW, t, DPNI_QUEUE_TX, 0, &cn),
		  -EINVAL);

	ASSERT_EQ(dpni_enable(&io, CMD_PRI_LOW, t), 0);
	int en = 0;
	ASSERT_EQ(dpni_is_enabled(&io, CMD_PRI_LOW, t, &en), 0);
	EXPECT_EQ(en, 1);
	struct dpni_link_state ls {
	};
	ASSERT_EQ(dpni_get_link_state(&io, CMD_PRI_LOW, t, &ls), 0);
	EXPECT_EQ(ls.up, 1);
	EXPECT_EQ(ls.state_valid, 1);
	EXPECT_EQ(ls.rate, 10000u);
	EXPECT_FALSE(ls.options & DPNI_LINK_OPT_HALF_DUPLEX);
	for (uint8_t q = 0; q < attr.num_queues; q++) {
		struct dpni_queue cfg {
		};
		ASSERT_EQ(dpni_get_queue(&io, CMD_PRI_LOW, t, DPNI_QUEUE_RX, 0, q, &cfg, &qid), 0);
		EXPECT_EQ(qid.fqid, s->wriop().ni(1)->rx_fqid(0, q));
		EXPECT_EQ(cfg.user_context, 0xfeed0000u + q);
		EXPECT_EQ(cfg.flc.value, 0x10u);
		EXPECT_TRUE(cfg.flc.stash_control);
	}
	struct dpni_error_cfg err {
	};
	err.errors = DPNI_ERROR_L3CE | DPNI_ERROR_L4CE | DPNI_ERROR_PHE | DPNI_ERROR_BLE;
	err.error_action = DPNI_ERROR_ACTION_CONTINUE;
	err.set_frame_annotation = 1;
	ASSERT_EQ(dpni_set_errors_behavior(&io, CMD_PRI_LOW, t, &err), 0);
	ASSERT_EQ(
		dpni_set_irq_mask(&io, CMD_PRI_LOW, t, DPNI_IRQ_INDEX, DPNI_IRQ_EVENT_LINK_CHANGED),
		0);
	ASSERT_EQ(dpni_set_irq_enable(&io, CMD_PRI_LOW, t, DPNI_IRQ_INDEX, 1), 0);
	s->step();
	uint32_t status = 0;
	ASSERT_EQ(dpni_get_irq_status(&io, CMD_PRI_LOW, t, DPNI_IRQ_INDEX, &status), 0);
	EXPECT_EQ(status, DPNI_IRQ_EVENT_LINK_CHANGED);
	ASSERT_EQ(dpni_clear_irq_status(&io, CMD_PRI_LOW, t, DPNI_IRQ_INDEX, status), 0);
	ASSERT_EQ(dpni_set_unicast_promisc(&io, CMD_PRI_LOW, t, 1), 0);

	// Running: the pools may not change (INVALID_STATE -> -ENODEV).
	EXPECT_EQ(dpni_set_pools(&io, CMD_PRI_LOW, t, &pools), -ENODEV);
	union dpni_statistics st {
	};
	ASSERT_EQ(dpni_get_statistics(&io, CMD_PRI_LOW, t, 0, 0, &st), 0);

	ASSERT_EQ(dpni_disable(&io, CMD_PRI_LOW, t), 0);
	ASSERT_EQ(dpni_is_enabled(&io, CMD_PRI_LOW, t, &en), 0);
	EXPECT_EQ(en, 0);
	ASSERT_EQ(dpni_reset(&io, CMD_PRI_LOW, t), 0);
	ASSERT_EQ(dpni_close(&io, CMD_PRI_LOW, t), 0);
	EXPECT_EQ(dpni_is_enabled(&io, CMD_PRI_LOW, t, &en), -EACCES);
	EXPECT_EQ(s->mc().misuse_count(), 3u) << "the three refusals above";
}

} // namespace
