/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// libFuzzer target: the Rx conversion eth_fd_to_mbuf (drivers/net/dpaa/
// dpaa_rx.cpp) given an arbitrary frame descriptor (format, offset, length,
// status, BPID) and arbitrary buffer contents (parse result, hash, an SG
// table), for a buffer of a pool that lives in plain memory.
//
// Input: the 16-byte FD as QMan hands it (its address, if not one of the
// pool's buffers, replaced by one its low bits choose), one byte of queue
// settings (port, hash valid),
// then the bytes of that buffer from its start (the rest stays zero).
//
// What must hold, each checked here or by the sanitizers:
// - nothing is read or written outside the pool's memory (the guards around
//   its chunk are poisoned), and for a contiguous FD outside the one object
//   the FD names (everything else is poisoned then);
// - what is freed is a whole object of the pool, and is not freed twice;
// - a frame handed out is a chain of distinct pool objects, each segment's
//   data inside its buffer, pkt_len the sum of the segments' data_len;
// - the FD's own buffer, if its BPID is the pool's, is either handed out
//   or given back.
//
// eth_fd_to_mbuf is internal to dpaa_rx.cpp, so that file is compiled in
// here (devtools/fuzz.sh links its slow path, dpaa_rx_check.cpp, beside);
// the queue-binding and portal functions the bursts also call are not
// reached and trap if they are.

#include <sanitizer/asan_interface.h>
#include <sys/mman.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "dpaa_rx.cpp" // NOLINT(bugprone-suspicious-include)

namespace
{

namespace net = dpaa::net;
namespace hw = dpaa::hw;

constexpr unsigned kObjs = 8;
constexpr uint32_t kMeta = sizeof(rte_mbuf); // no private area
constexpr uint32_t kDataRoom = RTE_PKTMBUF_HEADROOM + 2048;
// The region: a guard, the pool's one memory chunk (each object after its
// mempool header, kStride apart), a guard. The guards are process memory
// that a window maps but no pool owns.
constexpr uint32_t kGap = 256;	   // the guard and object 0's header
constexpr uint32_t kObjHdr = 64;   // the mempool's header before each object
constexpr uint32_t kStride = 4096; // from object to object
static_assert(kObjHdr + kMeta + kDataRoom <= kStride && kObjHdr <= kGap);
constexpr size_t kChunk = size_t{kStride} * kObjs;
constexpr size_t kRegion = kGap + kChunk + kGap;
constexpr uint64_t kBusBase = uint64_t{1} << 36;
constexpr uint8_t kBpid = 5;

char *region;
rte_mempool pool;
rte_mempool_memhdr chunk;
bool is_free[kObjs];
unsigned frees;

[[noreturn]] void fail(const char *what, const void *p = nullptr)
{
	fprintf(stderr, "fuzz_fd_to_mbuf: %s (%p)\n", what, p);
	abort();
}

char *obj(unsigned i)
{
	return region + kGap + size_t{i} * kStride;
}

// The object index of an mbuf header address; kObjs if it is none.
unsigned index_of(const void *p)
{
	const auto off = static_cast<size_t>(static_cast<const char *>(p) - region);
	if (static_cast<const char *>(p) < region || off < kGap || (off - kGap) % kStride)
		return kObjs;
	const size_t i = (off - kGap) / kStride;
	return i < kObjs ? static_cast<unsigned>(i) : kObjs;
}

int pool_enqueue(rte_mempool *mp, void *const *objs, unsigned n)
{
	if (mp != &pool)
		fail("freed into another pool", mp);
	for (unsigned k = 0; k < n; k++) {
		const unsigned i = index_of(objs[k]);
		if (i == kObjs)
			fail("freed an address that is no object of the pool", objs[k]);
		if (is_free[i])
			fail("freed an object twice", objs[k]);
		is_free[i] = true;
		frees++;
	}
	return 0;
}

int pool_dequeue(rte_mempool *, void **, unsigned)
{
	fail("the Rx conversion allocated from the pool");
}

unsigned pool_count(const rte_mempool *)
{
	return 0;
}

// Poison all but what the conversion may touch: the pool's memory (an SG
// table names other buffers of the pool, which the driver may check), or
// only the FD's object (a contiguous frame of a buffer of the pool).
void expose(int only)
{
	__asan_poison_memory_region(region, kRegion);
	if (only < 0)
		__asan_unpoison_memory_region(obj(0) - kObjHdr, kChunk);
	else
		__asan_unpoison_memory_region(obj(static_cast<unsigned>(only)), kMeta + kDataRoom);
}

void reset_object(unsigned i)
{
	char *o = obj(i);
	memset(o, 0, kMeta + kDataRoom);
	auto *m = reinterpret_cast<rte_mbuf *>(o);
	m->buf_addr = o + kMeta;
	m->buf_iova = kBusBase + static_cast<uint64_t>(o + kMeta - region);
	m->buf_len = kDataRoom;
	m->pool = &pool;
	m->priv_size = 0;
	m->nb_segs = 1;
	m->port = RTE_MBUF_PORT_INVALID;
	rte_mbuf_refcnt_set(m, 1);
	is_free[i] = false;
}

// refcnt 1, nb_segs 1, the port: what the queue's setup computes.
uint64_t rearm_word(uint16_t port)
{
	rte_mbuf m{};
	rte_mbuf_refcnt_set(&m, 1);
	m.nb_segs = 1;
	m.port = port;
	uint64_t w;
	memcpy(&w, &m.rearm_data, sizeof(w));
	return w;
}

// The checks on a frame handed out; then it goes back to the pool as an
// application would free it.
void check_chain(rte_mbuf *m, const hw::Fd &fd, unsigned fd_obj)
{
	bool seen[kObjs] = {};
	uint32_t sum = 0;
	unsigned segs = 0;
	for (rte_mbuf *s = m; s != nullptr; s = s->next) {
		const unsigned i = index_of(s);
		if (i == kObjs)
			fail("a segment is no object of the pool", s);
		if (seen[i])
			fail("an object is twice in one chain", s);
		if (is_free[i])
			fail("a segment was also given back to the pool", s);
		seen[i] = true;
		if (uint32_t{s->data_off} + s->data_len > s->buf_len)
			fail("a segment's data runs past its buffer", s);
		// Read the data as the application will.
		volatile uint8_t sink = 0;
		const auto *d = rte_pktmbuf_mtod(s, const uint8_t *);
		for (uint32_t k = 0; k < s->data_len; k++)
			sink = sink ^ d[k];
		sum += s->data_len;
		if (++segs > kObjs)
			fail("a chain longer than the pool", s);
	}
	if (m->nb_segs != segs)
		fail("nb_segs is not the chain's length", m);
	if (m->pkt_len != sum)
		fail("pkt_len is not the sum of the segments' data_len", m);
	if (fd.format() == hw::FdFormat::contig && index_of(m) != fd_obj)
		fail("a contiguous frame came back in another buffer", m);
	rte_pktmbuf_free(m);
}

} // namespace

// What dpaa_rx.cpp needs from the rest of the driver, the bus and EAL.
namespace dpaa::net
{
int logtype;
RxQueue *rxq_by_ctx(uint32_t) noexcept
{
	fail("rxq_by_ctx: not reached by the conversion");
}
uint32_t fq_frame_count(uint32_t) noexcept
{
	fail("fq_frame_count: not reached by the conversion");
}
uint16_t rxq_idle_burst(RxQueue &, qbman::QmanPortal &) noexcept
{
	fail("rxq_idle_burst: not reached by the conversion");
}
int bind_push_queue(RxQueue &, qbman::QmanPortal &) noexcept
{
	fail("bind_push_queue: not reached by the conversion");
}
} // namespace dpaa::net

namespace dpaa::qbman
{
int QmanPortal::volatile_dequeue(hw::Fqid, unsigned, bool) noexcept
{
	fail("volatile_dequeue: not reached by the conversion");
}
} // namespace dpaa::qbman

extern "C" {
dpaa::platform::WindowTable rte_dpaa_windows;
dpaa_bpid_info rte_dpaa_bpid_info[DPAA_MEMPOOL_MAX_BPIDS];
struct rte_mempool_ops_table rte_mempool_ops_table;
RTE_DEFINE_PER_LCORE(unsigned int, _lcore_id) = 0;
__thread dpaa::qbman::QmanPortal *rte_dpaa_tls_qman_portal;

dpaa::qbman::QmanPortal *rte_dpaa_qman_portal_slow() noexcept
{
	fail("rte_dpaa_qman_portal_slow: not reached by the conversion");
}

// The log line is formatted, so that a bad format or argument shows.
int rte_log(uint32_t, uint32_t, const char *format, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, format);
	vsnprintf(line, sizeof(line), format, ap);
	va_end(ap);
	return 0;
}

// The slow path's log line names the port.
struct rte_eth_dev rte_eth_devices[RTE_MAX_ETHPORTS];

// The slow path's log rate limit reads the time.
uint64_t rte_get_tsc_hz()
{
	return 1'000'000'000;
}

void __rte_panic(const char *, const char *, ...)
{
	fail("rte_panic");
}

int LLVMFuzzerInitialize(int *, char ***)
{
	void *p =
		mmap(nullptr, kRegion, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		fail("mmap");
	region = static_cast<char *>(p);
	if (rte_dpaa_windows.add(reinterpret_cast<uintptr_t>(region), kBusBase, kRegion) != 0)
		fail("window");
	rte_mempool_ops &ops = rte_mempool_ops_table.ops[0];
	snprintf(ops.name, sizeof(ops.name), "fuzz");
	ops.enqueue = pool_enqueue;
	ops.dequeue = pool_dequeue;
	ops.get_count = pool_count;
	rte_mempool_ops_table.num_ops = 1;
	pool.ops_index = 0;
	pool.cache_size = 0;
	pool.size = kObjs;
	pool.populated_size = kObjs;
	pool.header_size = kObjHdr;
	pool.elt_size = kMeta + kDataRoom;
	pool.trailer_size = kStride - kObjHdr - pool.elt_size;
	pool.nb_mem_chunks = 1;
	STAILQ_INIT(&pool.mem_list);
	chunk.mp = &pool;
	chunk.addr = obj(0) - kObjHdr;
	chunk.iova = kBusBase + kGap - kObjHdr;
	chunk.len = kChunk;
	STAILQ_INSERT_TAIL(&pool.mem_list, &chunk, next);
	snprintf(pool.name, sizeof(pool.name), "fuzz_pool");
	rte_dpaa_bpid_info[kBpid] = {&pool, kMeta, kDataRoom};
	static rte_eth_dev_data port_data;
	snprintf(port_data.name, sizeof(port_data.name), "fm1-mac9");
	for (rte_eth_dev &d : rte_eth_devices)
		d.data = &port_data;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < sizeof(hw::Fd) + 1)
		return -1;
	hw::Fd fd;
	memcpy(&fd, data, sizeof(fd));
	const uint8_t settings = data[sizeof(fd)];
	data += sizeof(fd) + 1;
	size -= sizeof(fd) + 1;

	expose(-1);
	for (unsigned i = 0; i < kObjs; i++)
		reset_object(i);
	// The buffer the FD names if it is one of the pool's, else one its
	// address picks.
	const uint64_t want = fd.addr() - kBusBase - kMeta;
	unsigned fd_obj = fd.addr_lo.load() % kObjs;
	if (want >= kGap && (want - kGap) % kStride == 0 && (want - kGap) / kStride < kObjs)
		fd_obj = static_cast<unsigned>((want - kGap) / kStride);
	memcpy(obj(fd_obj) + kMeta, data, RTE_MIN(size, size_t{kDataRoom}));
	fd.set_addr(kBusBase + static_cast<uint64_t>(obj(fd_obj) + kMeta - region));
	frees = 0;

	// As rx_queue_setup() fills it for a queue of this pool.
	net::RxQueue q{};
	q.meta_size = kMeta;
	q.bpid = kBpid;
	q.buf_size = kDataRoom;
	q.span = net::pool_span(&pool, kMeta, kDataRoom);
	q.port_id = settings & 0x7;
	q.rearm = rearm_word(q.port_id);
	q.hash_valid = settings & 0x80;
	q.mp = &pool;

	expose(fd.format() == hw::FdFormat::contig ? static_cast<int>(fd_obj) : -1);
	rte_mbuf *m = net::eth_fd_to_mbuf(q, fd);
	expose(-1);
	if (m != nullptr)
		check_chain(m, fd, fd_obj);
	// A buffer of an unknown BPID has no pool to go back to.
	if (fd.bpid() == kBpid && !is_free[fd_obj])
		fail("the FD's buffer was neither handed out nor given back", obj(fd_obj));
	return 0;
}

} // extern "C"
