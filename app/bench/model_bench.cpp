/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC's own cost per frame, stage by stage, stepped on one core,
// no DPDK: what the model's thread spends on each frame that testpmd forwards
// through it (devtools/run.sh), so that a change to the model can be judged
// stage by stage and the slowest stage found.
//
//   generator   GenWire::poll() into a MAC that takes every frame
//   fman_rx     the MAC's wire_rx(): counters, filter, parser, buffer
//               acquire, IC and frame write, enqueue to the Rx FQ
//   qman_eqcr   EQCR consumption: the portal's poll() takes the entries a
//               driver wrote and enqueues them to their FQ
//   qman_dqrr   DQRR production: FQ scheduling and the portal's produce()
//   fman_tx     the FMan Tx channel: QMan delivers the FDs to the Tx port,
//               the port reads the frame, counts it, hands it to a wire that
//               takes it, and releases the buffer to BMan
//   sink        SinkWire::transmit(): the check of every generator frame
//   loop        all of it: the LS1046A-RDB's fm1-mac9 with a generator at
//               rate=max, fm1-mac10 with a sink, Soc::step() and a minimal
//               driver (our portal driver) that moves every DQRR entry to
//               the Tx FQ, as testpmd's io forwarding does
//
// The ports are programmed by our FMan control driver as net_dpaa programs
// them (one Rx queue: a CGR of 1024 frames with tail drop, no KeyGen).
// Clock reads bracket batches of frames, never one frame; the untimed work
// between batches (refilling an FQ, draining one) is excluded. Wall-clock
// figures on a shared machine are noisy: for repeatable figures run one stage
// under valgrind --tool=callgrind and compare instruction counts.
//
// Usage: model-bench [--frames N] [--stage NAME] [--size BYTES] [--flows N]
// Prints one JSON object: ns per frame and Mfps per stage.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/gen_frame.hpp"
#include "dpaa_model/soc.hpp"
#include "dpaa_model/wire_gen.hpp"
#include "dpaa_model/wire_sink.hpp"
#include "fman/fman_mac.hpp"
#include "fman/fman_port.hpp"
#include "qbman/qman_portal.hpp"

namespace
{

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;
namespace fm = dpaa::hw::fman;
namespace model = dpaa::model;
using Clock = std::chrono::steady_clock;

constexpr unsigned kRxCell = 8, kTxCell = 9; // fm1-mac9, fm1-mac10
constexpr uint8_t kBpid = 1;
constexpr uint32_t kBufSize = 2176; // testpmd's mbufs: 128 headroom + 2048
constexpr uint16_t kHeadroom = 128;
constexpr uint16_t kIcOffset = 0x10;
constexpr unsigned kBuffers = 8192; // run.sh's --total-num-mbufs
constexpr unsigned kRxDesc = 1024;
constexpr uint32_t kRxFq = 0x100, kErrFq = 0x101, kTxFq = 0x200;
constexpr uint8_t kCgid = 1;
constexpr unsigned kBatch = 32;
const uint8_t kRxMac[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x01}; // gen::kDstMac
const uint8_t kTxMac[6] = {0x02, 0x00, 0x00, 0xd9, 0x01, 0x0a};

struct Options {
	uint64_t frames = 2'000'000;
	std::string stage; // empty: all
	uint32_t size = 60;
	uint32_t flows = 64;
};

// Bus address = offset in one host arena, as an IOMMU window would map it.
class Arena final : public model::BusMemory
{
public:
	static constexpr uint64_t kBase = uint64_t{1} << 32;
	explicit Arena(size_t size) : mem_(size) {}
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		if (bus < kBase || bus - kBase + len > mem_.size())
			return nullptr;
		return mem_.data() + (bus - kBase);
	}
	uint64_t bus(unsigned i) const { return kBase + uint64_t{i} * kBufSize; }

private:
	std::vector<uint8_t> mem_;
};

// A MAC that takes every frame (the generator's stage alone).
class NullMac final : public model::MacPort
{
public:
	bool wire_rx(std::span<const uint8_t> f, bool) override
	{
		bytes += f[f.size() - 1];
		return true;
	}
	uint32_t speed_mbps() const override { return 10000; }
	uint64_t bytes = 0;
};

// A wire that takes every frame (the Tx stage without the sink's check).
class NullWire final : public model::Wire
{
public:
	void attach(model::MacPort &) override {}
	bool transmit(std::span<const uint8_t> f) override
	{
		frames++;
		bytes += f.size();
		return true;
	}
	bool poll() override { return false; }
	bool link_up() const override { return true; }
	std::string describe() const override { return "null"; }
	uint64_t frames = 0, bytes = 0;
};

void step_model(void *soc)
{
	static_cast<model::Soc *>(soc)->step();
}

// fm1-mac9 receiving into portal 0's dedicated channel, fm1-mac10
// transmitting from its Tx FQ, both programmed by the FMan control driver;
// the wires are the stage's.
class Rig
{
public:
	Rig()
	    : arena(size_t{kBuffers} * kBufSize), macs{{kRxCell, model::MacType::memac_10g, 10000,
							"fm1-mac9"},
						       {kTxCell, model::MacType::memac_10g, 10000,
							"fm1-mac10"}},
	      fman(soc, arena, 0, macs)
	{
		soc.add_block(fman);
		auto &mp = soc.qman_portal(0);
		portal = std::make_unique<dpaa::qbman::QmanPortal>(dpaa::qbman::QmanPortalConfig{
			mp.ce(), mp.ci(), hw::Channel{mp.channel()}, 0});
		portal->init();
		portal->set_wait_hook({step_model, &soc});
		for (unsigned i = 0; i < kBuffers; i++)
			soc.bman().release(kBpid, arena.bus(i));

		dpaa::qbman::CgrInit cg;
		cg.threshold = kRxDesc - 1;
		portal->init_cgr(kCgid, cg);
		dpaa::qbman::FqInit rx;
		rx.dest = portal->channel();
		rx.wq = 3;
		rx.fq_ctrl = qm::fq_ctrl::kCtxAStashing;
		rx.cgid = kCgid;
		portal->init_fq(hw::Fqid{kRxFq}, rx);
		dpaa::qbman::FqInit err;
		err.dest = portal->channel();
		portal->init_fq(hw::Fqid{kErrFq}, err);
		dpaa::qbman::FqInit tx;
		tx.dest = hw::Channel{fman.tx_channel(kTxCell)};
		tx.context_a = fm::tx_context_a::kV3NoConfirmFreeBuffers;
		portal->init_fq(hw::Fqid{kTxFq}, tx);
		portal->static_dequeue(qm::sdqcr::kChannelsDedicated);

		dpaa::fman::Mac mac9(fman.ccsr(), kRxCell), mac10(fman.ccsr(), kTxCell);
		mac9.init(kRxMac, 1522);
		mac10.init(kTxMac, 1522);
		dpaa::fman::RxPort rxp(fman.ccsr(), fm::rx_port_id(kRxCell));
		dpaa::fman::RxPortConfig rc{};
		rc.bpid = kBpid;
		rc.buf_size = kBufSize;
		rc.data_offset = kHeadroom;
		rc.icp_offset = kIcOffset;
		rc.default_fqid = kRxFq;
		rc.error_fqid = kErrFq;
		rxp.configure(rc);
		rxp.set_distribution(kRxFq, 1, 0);
		dpaa::fman::TxPort txp(fman.ccsr(), fm::tx_port_id(kTxCell));
		txp.configure(0, kErrFq);
		txp.enable(true);
		rxp.enable(true);
		mac9.enable(true, true);
		mac10.enable(true, true);
	}
	~Rig() { soc.remove_block(fman); }

	// Everything the Rx FQ holds back to BMan, through the driver's DQRR.
	uint64_t drain_rx()
	{
		uint64_t n = 0;
		for (;;) {
			soc.step();
			const unsigned got = portal->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
				if (e.has_frame())
					soc.bman().release(e.fd.bpid(), e.fd.addr());
			});
			if (got == 0)
				break;
			n += got;
		}
		return n;
	}

	model::Soc soc;
	Arena arena;
	std::vector<model::MacDesc> macs;
	model::Fman fman;
	std::unique_ptr<dpaa::qbman::QmanPortal> portal;
};

struct Stage {
	const char *name;
	uint64_t frames = 0;
	double ns = 0; // timed nanoseconds
	bool ok = true;
	double ns_per_frame() const { return frames ? ns / double(frames) : 0; }
};

double since(Clock::time_point t0)
{
	return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

model::GenParams gen_params(const Options &o)
{
	model::GenParams g;
	g.sizes = {o.size};
	g.flows = o.flows;
	g.rate.kind = model::Rate::Kind::max;
	return g;
}

// The generator's frames, one per flow, for the stages that start from them.
std::vector<std::vector<uint8_t>> gen_frames(const Options &o)
{
	std::vector<std::vector<uint8_t>> out;
	for (uint32_t f = 0; f < o.flows; f++) {
		std::vector<uint8_t> b(o.size);
		model::gen::build(b, {}, uint16_t(f), 0);
		out.push_back(std::move(b));
	}
	return out;
}

Stage bench_generator(const Options &o)
{
	Stage s{"generator"};
	NullMac mac;
	model::GenWire g("fm1-mac9", gen_params(o), false);
	g.attach(mac);
	const auto t0 = Clock::now();
	while (g.sent() < o.frames)
		g.poll();
	s.ns = since(t0);
	s.frames = g.sent();
	s.ok = mac.bytes != 0;
	return s;
}

Stage bench_fman_rx(const Options &o)
{
	Stage s{"fman_rx"};
	Rig rig;
	const auto frames = gen_frames(o);
	model::MacPort &mac = rig.fman.mac_port(kRxCell);
	uint64_t taken = 0, drained = 0;
	while (s.frames < o.frames) {
		// Below the CGR's threshold, so that every frame is enqueued.
		const auto t0 = Clock::now();
		for (unsigned i = 0; i < 15 * kBatch; i++)
			taken += mac.wire_rx(frames[(s.frames + i) % frames.size()], true);
		s.ns += since(t0);
		s.frames += 15 * kBatch;
		drained += rig.drain_rx();
	}
	s.ok = taken == s.frames && drained == s.frames && rig.fman.stats(kRxCell).rx_taildrop == 0;
	return s;
}

// The Rx path when the Rx FQ is full: every frame tail-dropped by the CGR.
Stage bench_fman_rx_drop(const Options &o)
{
	Stage s{"fman_rx_taildrop"};
	Rig rig;
	const auto frames = gen_frames(o);
	model::MacPort &mac = rig.fman.mac_port(kRxCell);
	for (unsigned i = 0; i < kRxDesc; i++)
		mac.wire_rx(frames[i % frames.size()], true);
	const uint64_t before = rig.fman.stats(kRxCell).rx_taildrop;
	const auto t0 = Clock::now();
	while (s.frames < o.frames) {
		for (unsigned i = 0; i < kBatch; i++)
			mac.wire_rx(frames[(s.frames + i) % frames.size()], true);
		s.frames += kBatch;
	}
	s.ns = since(t0);
	s.ok = rig.fman.stats(kRxCell).rx_taildrop - before == s.frames;
	return s;
}

// A full EQCR of the driver's entries consumed by QMan into an FQ of the
// portal's channel (static dequeue off while timing), then drained untimed.
Stage bench_qman_eqcr(const Options &o)
{
	Stage s{"qman_eqcr"};
	Rig rig;
	model::QmanSwPortal &mp = rig.soc.qman_portal(0);
	rig.portal->static_dequeue(0); // nothing produced while timing
	std::array<hw::Fd, 8> fds;
	for (unsigned i = 0; i < fds.size(); i++)
		fds[i] = hw::Fd::contig(rig.arena.bus(i), kBpid, kHeadroom, o.size);
	uint64_t moved = 0;
	while (s.frames < o.frames) {
		unsigned n = 0;
		while (n < qm::kEqcrSize - 1)
			n += rig.portal->enqueue_burst(hw::Fqid{kErrFq}, fds);
		const auto t0 = Clock::now();
		mp.poll();
		s.ns += since(t0);
		s.frames += n;
		model::FqInfo fi{};
		rig.soc.qman().fq_info(kErrFq, fi);
		moved += fi.frames;
		// Empty the FQ untimed.
		rig.portal->static_dequeue(qm::sdqcr::kChannelsDedicated);
		while (rig.soc.qman().fq_info(kErrFq, fi) && fi.frames) {
			rig.soc.step();
			rig.portal->poll_dqrr(16, [](const qm::DqrrEntry &) {});
		}
		rig.portal->static_dequeue(0);
	}
	s.ok = moved == s.frames;
	return s;
}

Stage bench_qman_dqrr(const Options &o)
{
	Stage s{"qman_dqrr"};
	Rig rig;
	model::QmanSwPortal &mp = rig.soc.qman_portal(0);
	const hw::Fd fd = hw::Fd::contig(rig.arena.bus(0), kBpid, kHeadroom, o.size);
	uint64_t got = 0;
	while (s.frames < o.frames) {
		// Fill the FQ untimed, then time production, 15 entries at a time.
		for (unsigned i = 0; i < 64 * 15; i++)
			rig.soc.qman().enqueue(kErrFq, fd);
		for (unsigned r = 0; r < 64; r++) {
			const auto t0 = Clock::now();
			mp.produce();
			s.ns += since(t0);
			got += rig.portal->poll_dqrr(16, [](const qm::DqrrEntry &) {});
			mp.poll(); // the consumption, untimed
		}
		s.frames += 64 * 15;
	}
	s.ok = got == s.frames;
	return s;
}

// QMan's delivery to the Tx port and the Tx port itself, into a wire that
// takes every frame.
Stage bench_fman_tx(const Options &o)
{
	Stage s{"fman_tx"};
	Rig rig;
	NullWire null;
	rig.fman.attach_wire(kTxCell, null);
	const auto frames = gen_frames(o);
	// The frames sit in their buffers once and for all: FMan Tx does not
	// change them.
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < kBuffers; i++) {
		uint64_t a = 0;
		rig.soc.bman().acquire(kBpid, &a, 1);
		auto *p = static_cast<uint8_t *>(rig.arena.to_host(a + kHeadroom, o.size));
		std::memcpy(p, frames[i % frames.size()].data(), o.size);
		fds.push_back(hw::Fd::contig(a, kBpid, kHeadroom, o.size));
	}
	model::Qman &qman = rig.soc.qman();
	std::vector<uint64_t> back(kBuffers);
	while (s.frames < o.frames) {
		for (const hw::Fd &fd : fds)
			qman.enqueue(kTxFq, fd);
		const auto t0 = Clock::now();
		for (;;) {
			bool did = qman.poll_consumers();
			did |= rig.fman.poll();
			if (!did)
				break;
		}
		s.ns += since(t0);
		s.frames += fds.size();
		// Take the released buffers again, untimed, in the order BMan gives.
		if (rig.soc.bman().acquire(kBpid, back.data(), kBuffers) != kBuffers) {
			s.ok = false;
			break;
		}
		for (unsigned i = 0; i < kBuffers; i++)
			fds[i].set_addr(back[i]);
	}
	s.ok = s.ok && null.frames == s.frames;
	return s;
}

Stage bench_sink(const Options &o)
{
	Stage s{"sink"};
	model::SinkWire sw("fm1-mac10");
	model::gen::FrameTemplate t(o.size, {});
	std::vector<std::vector<uint8_t>> frames;
	for (uint32_t i = 0; i < 1024; i++) {
		auto f = t.make(uint16_t(i % o.flows), i / o.flows);
		frames.emplace_back(f.begin(), f.end());
	}
	// Sequence numbers continue across rounds: rewrite them untimed.
	uint32_t round = 0;
	while (s.frames < o.frames) {
		const auto t0 = Clock::now();
		for (const auto &f : frames)
			sw.transmit(f);
		s.ns += since(t0);
		s.frames += frames.size();
		round++;
		for (uint32_t i = 0; i < frames.size(); i++) {
			auto f = t.make(uint16_t(i % o.flows), (round * 1024 + i) / o.flows);
			std::memcpy(frames[i].data(), f.data(), f.size());
		}
	}
	const auto c = sw.counters();
	s.ok = c.frames == s.frames && c.bad == 0 && c.lost == 0 && c.duplicates == 0;
	return s;
}

struct LoopResult {
	Stage stage{"loop"};
	uint64_t generated = 0, taildrops = 0, steps = 0;
	double driver_ns = 0;
};

LoopResult bench_loop(const Options &o)
{
	LoopResult r;
	Rig rig;
	model::GenWire gen("fm1-mac9", gen_params(o), false);
	model::SinkWire sink("fm1-mac10");
	rig.fman.attach_wire(kRxCell, gen);
	rig.fman.attach_wire(kTxCell, sink);
	std::array<hw::Fd, 16> burst;
	uint64_t forwarded = 0;
	const auto t0 = Clock::now();
	while (forwarded < o.frames) {
		rig.soc.step();
		r.steps++;
		unsigned n = 0;
		rig.portal->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			if (e.has_frame())
				burst[n++] = e.fd;
		});
		unsigned sent = 0;
		while (sent < n) {
			const unsigned k = rig.portal->enqueue_burst(
				hw::Fqid{kTxFq}, std::span(burst.data() + sent, n - sent));
			if (k == 0)
				rig.soc.step();
			sent += k;
		}
		forwarded += n;
	}
	// What is still on its way to the sink.
	rig.soc.run_until_idle(1000);
	r.stage.ns = since(t0);
	r.stage.frames = forwarded;
	r.generated = gen.sent();
	r.taildrops = rig.fman.stats(kRxCell).rx_taildrop;
	const auto c = sink.counters();
	r.stage.ok =
		c.bad == 0 && c.duplicates == 0 && c.out_of_order == 0 && c.frames == forwarded;
	return r;
}

void print_stage(const Stage &s, bool last)
{
	const double ns = s.ns_per_frame();
	std::printf("  \"%s\": {\"frames\": %llu, \"ns_per_frame\": %.1f, \"mfps\": %.2f, "
		    "\"ok\": %s}%s\n",
		    s.name, static_cast<unsigned long long>(s.frames), ns, ns > 0 ? 1e3 / ns : 0,
		    s.ok ? "true" : "false", last ? "" : ",");
}

} // namespace

int main(int argc, char **argv)
{
	Options o;
	for (int i = 1; i < argc; i++) {
		if (!std::strcmp(argv[i], "--frames") && i + 1 < argc)
			o.frames = std::strtoull(argv[++i], nullptr, 0);
		else if (!std::strcmp(argv[i], "--stage") && i + 1 < argc)
			o.stage = argv[++i];
		else if (!std::strcmp(argv[i], "--size") && i + 1 < argc)
			o.size = uint32_t(std::strtoul(argv[++i], nullptr, 0));
		else if (!std::strcmp(argv[i], "--flows") && i + 1 < argc)
			o.flows = uint32_t(std::strtoul(argv[++i], nullptr, 0));
		else {
			std::fprintf(stderr,
				     "usage: %s [--frames N] [--stage NAME] [--size BYTES] "
				     "[--flows N]\n",
				     argv[0]);
			return 2;
		}
	}
	if (o.size < model::gen::kMinFrame || o.size > 1514 || o.flows == 0 ||
	    o.flows > model::gen::kMaxFlows) {
		std::fprintf(stderr, "model-bench: --size 60..1514, --flows 1..65536\n");
		return 2;
	}
	auto want = [&](const char *name) { return o.stage.empty() || o.stage == name; };

	std::vector<Stage> stages;
	if (want("generator"))
		stages.push_back(bench_generator(o));
	if (want("fman_rx"))
		stages.push_back(bench_fman_rx(o));
	if (want("fman_rx_taildrop"))
		stages.push_back(bench_fman_rx_drop(o));
	if (want("qman_eqcr"))
		stages.push_back(bench_qman_eqcr(o));
	if (want("qman_dqrr"))
		stages.push_back(bench_qman_dqrr(o));
	if (want("fman_tx"))
		stages.push_back(bench_fman_tx(o));
	if (want("sink"))
		stages.push_back(bench_sink(o));
	LoopResult loop;
	const bool with_loop = want("loop");
	if (with_loop)
		loop = bench_loop(o);
	if (stages.empty() && !with_loop) {
		std::fprintf(stderr, "model-bench: no stage named %s\n", o.stage.c_str());
		return 2;
	}

	bool ok = true;
	std::printf("{\"benchmark\": \"model stages, stepped, one core\", \"frame_size\": %u, "
		    "\"flows\": %u,\n",
		    o.size + 4, o.flows);
	std::printf(" \"stages\": {\n");
	for (size_t i = 0; i < stages.size(); i++) {
		print_stage(stages[i], i + 1 == stages.size() && !with_loop);
		ok &= stages[i].ok;
	}
	if (with_loop) {
		print_stage(loop.stage, true);
		ok &= loop.stage.ok;
	}
	std::printf(" }");
	if (with_loop)
		std::printf(",\n \"loop\": {\"forwarded\": %llu, \"generated\": %llu, "
			    "\"rx_taildrops\": %llu, \"steps\": %llu}",
			    static_cast<unsigned long long>(loop.stage.frames),
			    static_cast<unsigned long long>(loop.generated),
			    static_cast<unsigned long long>(loop.taildrops),
			    static_cast<unsigned long long>(loop.steps));
	std::printf(",\n \"ok\": %s}\n", ok ? "true" : "false");
	return ok ? 0 : 1;
}
