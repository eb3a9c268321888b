/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The extended statistics of a port as both net drivers (net_dpaa,
// net_dpaa2) answer ethdev for them: a table of named entries, the device's
// counters read once per call into a snapshot, and each entry's value taken
// from that snapshot. What the counters are and how they are read stays in
// each driver; the ethdev callbacks' logic (sizes, ids, names) is here once.

#pragma once

#include <cerrno>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include <ethdev_driver.h>
#include <rte_log.h>

namespace dpaa::bus_common
{

// Entry: a type with a 'const char *name'; Snapshot: what one read of the
// device's counters gives.
template <typename Entry, size_t N, typename Snapshot> class XstatsTable
{
public:
	// Reads the device's counters: 0 or a negative errno (the driver logs).
	using ReadFn = int (*)(rte_eth_dev *dev, Snapshot &s) noexcept;
	// The value of entry 'id' in a snapshot.
	using ValueFn = uint64_t (*)(rte_eth_dev *dev, const Snapshot &s, unsigned id) noexcept;

	// 'driver' and '*logtype' name what logs an unknown id.
	constexpr XstatsTable(const Entry (&table)[N], const char *driver, const int *logtype,
			      int (*read)(rte_eth_dev *, Snapshot &) noexcept,
			      uint64_t (*value)(rte_eth_dev *, const Snapshot &,
						unsigned) noexcept) noexcept
	    : table_(table), driver_(driver), logtype_(logtype), read_(read), value_(value)
	{
	}

	// ethdev's xstats_get: every entry, or how many there are when
	// 'xstats' cannot hold them.
	int get(rte_eth_dev *dev, rte_eth_xstat *xstats, unsigned n) const noexcept
	{
		if (xstats == nullptr || n < N)
			return static_cast<int>(N);
		Snapshot s;
		if (int ret = read_(dev, s); ret < 0)
			return ret;
		for (unsigned i = 0; i < N; i++) {
			xstats[i].id = i;
			xstats[i].value = value_(dev, s, i);
		}
		return static_cast<int>(N);
	}

	// ethdev's xstats_get_names.
	int names(rte_eth_xstat_name *names, unsigned size) const noexcept
	{
		if (names == nullptr || size < N)
			return static_cast<int>(N);
		for (unsigned i = 0; i < N; i++)
			snprintf(names[i].name, sizeof(names[i].name), "%s", table_[i].name);
		return static_cast<int>(N);
	}

	// ethdev's xstats_get_by_id: the values of 'ids' from one read, all of
	// them (ids == nullptr: the count), or -EINVAL for an unknown id.
	int get_by_id(rte_eth_dev *dev, const uint64_t *ids, uint64_t *values,
		      unsigned n) const noexcept
	{
		if (ids == nullptr)
			return get(dev, nullptr, 0);
		if (!ids_known(dev, ids, n))
			return -EINVAL;
		Snapshot s;
		if (int ret = read_(dev, s); ret < 0)
			return ret;
		for (unsigned i = 0; i < n; i++)
			values[i] = value_(dev, s, static_cast<unsigned>(ids[i]));
		return static_cast<int>(n);
	}

	// ethdev's xstats_get_names_by_id.
	int names_by_id(rte_eth_dev *dev, const uint64_t *ids, rte_eth_xstat_name *names,
			unsigned size) const noexcept
	{
		if (ids == nullptr)
			return this->names(names, size);
		if (!ids_known(dev, ids, size))
			return -EINVAL;
		for (unsigned i = 0; i < size; i++)
			snprintf(names[i].name, sizeof(names[i].name), "%s", table_[ids[i]].name);
		return static_cast<int>(size);
	}

private:
	bool ids_known(const rte_eth_dev *dev, const uint64_t *ids, unsigned n) const noexcept
	{
		for (unsigned i = 0; i < n; i++)
			if (ids[i] >= N) {
				rte_log(RTE_LOG_ERR, *logtype_,
					"%s: %s: no extended statistic of id %" PRIu64 "\n",
					driver_, dev->data->name, ids[i]);
				return false;
			}
		return true;
	}

	const Entry (&table_)[N];
	const char *driver_;
	const int *logtype_;
	ReadFn read_;
	ValueFn value_;
};

// ethdev's four extended statistics callbacks in 'o', answered by 'Table'
// (an XstatsTable of static storage).
template <const auto &Table> void set_xstats_ops(eth_dev_ops &o) noexcept
{
	o.xstats_get = [](rte_eth_dev *dev, rte_eth_xstat *xstats, unsigned n) {
		return Table.get(dev, xstats, n);
	};
	o.xstats_get_names = [](rte_eth_dev *, rte_eth_xstat_name *names, unsigned size) {
		return Table.names(names, size);
	};
	o.xstats_get_by_id = [](rte_eth_dev *dev, const uint64_t *ids, uint64_t *values,
				unsigned n) { return Table.get_by_id(dev, ids, values, n); };
	o.xstats_get_names_by_id = [](rte_eth_dev *dev, const uint64_t *ids,
				      rte_eth_xstat_name *names, unsigned size) {
		return Table.names_by_id(dev, ids, names, size);
	};
}

} // namespace dpaa::bus_common
