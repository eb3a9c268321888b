/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_pcap.hpp"

#include "dpaa_model/ether_fcs.hpp"

#include <pcap/pcap.h>
#include <sys/time.h>

namespace dpaa::model
{

PcapWire::PcapWire(std::string port, const PcapParams &params, bool throttle, bool wall_clock)
    : port_(std::move(port)), params_(params), throttle_(throttle), wall_clock_(wall_clock)
{
}

std::unique_ptr<PcapWire> PcapWire::open(std::string port, const PcapParams &params, bool throttle,
					 bool wall_clock, std::string &error)
{
	std::unique_ptr<PcapWire> w(new PcapWire(std::move(port), params, throttle, wall_clock));
	char err[PCAP_ERRBUF_SIZE] = "";
	if (!params.rx.empty()) {
		w->in_ = pcap_open_offline(params.rx.c_str(), err);
		if (!w->in_) {
			error = "cannot read pcap file " + params.rx + ": " + err;
			return nullptr;
		}
		if (pcap_datalink(w->in_) != DLT_EN10MB) {
			error = "pcap file " + params.rx + " is not Ethernet (link type " +
				std::to_string(pcap_datalink(w->in_)) + ")";
			return nullptr;
		}
	} else {
		w->rx_done_ = true;
	}
	if (!params.tx.empty()) {
		w->dead_ = pcap_open_dead(DLT_EN10MB, kSnapLen);
		w->out_ = w->dead_ ? pcap_dump_open(w->dead_, params.tx.c_str()) : nullptr;
		if (!w->out_) {
			error = "cannot write pcap file " + params.tx + ": " +
				(w->dead_ ? pcap_geterr(w->dead_) : "out of memory");
			return nullptr;
		}
		// The header alone is a valid, empty capture from now on.
		pcap_dump_flush(w->out_);
	}
	return w;
}

PcapWire::~PcapWire()
{
	if (out_)
		pcap_dump_close(out_);
	if (dead_)
		pcap_close(dead_);
	if (in_)
		pcap_close(in_);
}

void PcapWire::attach(MacPort &mac)
{
	mac_ = &mac;
	pacer_ = Pacer(params_.rate, mac.speed_mbps(), throttle_);
}

bool PcapWire::transmit(std::span<const uint8_t> frame)
{
	tx_frames_.fetch_add(1, std::memory_order_relaxed);
	if (!out_)
		return true;
	pcap_pkthdr h{};
	if (wall_clock_) {
		gettimeofday(&h.ts, nullptr);
	} else {
		h.ts.tv_sec = time_t(stamp_us_ / 1'000'000);
		h.ts.tv_usec = suseconds_t(stamp_us_ % 1'000'000);
		stamp_us_++;
	}
	const uint8_t *data = frame.data();
	if (params_.fcs) {
		tx_stage_.assign(frame.begin(), frame.end());
		tx_stage_.resize(frame.size() + kEtherFcsLen);
		store_ether_fcs(tx_stage_.data() + frame.size(),
				ether_fcs(frame.data(), frame.size()));
		data = tx_stage_.data();
	}
	h.caplen = h.len = uint32_t(frame.size() + (params_.fcs ? kEtherFcsLen : 0));
	pcap_dump(reinterpret_cast<u_char *>(out_), &h, data);
	dirty_ = true;
	return true;
}

bool PcapWire::next_frame()
{
	while (in_) {
		pcap_pkthdr *h;
		const u_char *data;
		int rc = pcap_next_ex(in_, &h, &data);
		if (rc == 1) {
			// A record cut short by the capture's snap length carries
			// only what was captured.
			held_.assign(data, data + h->caplen);
			held_fcs_ok_ = true;
			if (params_.fcs) {
				// Fewer bytes than an FCS: a fragment, whose FCS
				// cannot be right.
				held_fcs_ok_ = held_.size() >= kEtherFcsLen;
				if (held_fcs_ok_) {
					const size_t n = held_.size() - kEtherFcsLen;
					held_fcs_ok_ = load_ether_fcs(held_.data() + n) ==
						       ether_fcs(held_.data(), n);
					held_.resize(n);
				}
			}
			pass_frames_++;
			return true;
		}
		if (rc == PCAP_ERROR)
			// Cut mid-record, or a record longer than any capture can
			// hold: nothing after it can be trusted.
			wire_warning(port_ + " pcap: " + params_.rx + ": record " +
				     std::to_string(pass_frames_ + 1) + ": " + pcap_geterr(in_) +
				     "; playback ends after " + std::to_string(pass_frames_) +
				     " frames");
		pcap_close(in_);
		in_ = nullptr;
		passes_++;
		// Another pass, unless that was the last, the file is damaged
		// (no end-of-file mark) or empty (a loop that never sends).
		if (rc != PCAP_ERROR_BREAK || pass_frames_ == 0 ||
		    (params_.loop && passes_ >= params_.loop))
			break;
		pass_frames_ = 0;
		char err[PCAP_ERRBUF_SIZE];
		in_ = pcap_open_offline(params_.rx.c_str(), err);
	}
	rx_done_ = true;
	return false;
}

bool PcapWire::may_play()
{
	if (playing_.load(std::memory_order_relaxed))
		return true;
	if (params_.start == PcapStart::poll) {
		const uint32_t who = mac_->rx_dequeuers();
		if (who == 0) {
			dequeuers_ = 0;
			return false;
		}
		if (wall_clock_) {
			const uint64_t now = Pacer::now_ps();
			if (who != dequeuers_) {
				dequeuers_ = who;
				settled_since_ps_ = now;
				return false;
			}
			if (now - settled_since_ps_ < kSettleMs * 1'000'000'000)
				return false;
		}
	}
	playing_.store(true, std::memory_order_relaxed);
	return true;
}

bool PcapWire::poll()
{
	bool worked = false;
	if (mac_ && mac_->rx_ready() && !rx_done_.load(std::memory_order_relaxed) && may_play()) {
		const uint64_t now = pacer_.throttled() ? Pacer::now_ps() : 0;
		for (unsigned n = 0; n < kPollBurst; n++) {
			if (!have_held_ && !(have_held_ = next_frame()))
				break;
			if (!pacer_.ready(now))
				break;
			if (!mac_->wire_rx(held_, held_fcs_ok_))
				break;
			pacer_.sent(held_.size());
			have_held_ = false;
			if (!held_fcs_ok_)
				bad_fcs_.fetch_add(1, std::memory_order_relaxed);
			rx_frames_.fetch_add(1, std::memory_order_relaxed);
			worked = true;
		}
	}
	if (dirty_)
		flush();
	return worked;
}

void PcapWire::flush()
{
	if (out_ && dirty_)
		pcap_dump_flush(out_);
	dirty_ = false;
}

std::string PcapWire::describe() const
{
	std::string s = "pcap";
	if (!params_.rx.empty())
		s += ":rx=" + params_.rx;
	if (!params_.tx.empty())
		s += ":tx=" + params_.tx;
	if (params_.fcs)
		s += ":fcs=yes";
	return s;
}

} // namespace dpaa::model
