/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_tap.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace dpaa::model
{

std::unique_ptr<TapWire> TapWire::open(const TapParams &params, std::string &error)
{
	std::unique_ptr<TapWire> w(new TapWire);
	if (params.name.empty() || params.name.size() >= IFNAMSIZ) {
		error = "TAP name \"" + params.name + "\" must have 1 to " +
			std::to_string(IFNAMSIZ - 1) + " characters";
		return nullptr;
	}
	w->fd_ = ::open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (w->fd_ < 0) {
		error = std::string("cannot open /dev/net/tun: ") + std::strerror(errno);
		return nullptr;
	}
	ifreq ifr{};
	// Ethernet frames without the packet-information prefix.
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	std::memcpy(ifr.ifr_name, params.name.data(), params.name.size());
	if (ioctl(w->fd_, TUNSETIFF, &ifr) < 0) {
		error = "cannot create TAP " + params.name + ": " + std::strerror(errno);
		return nullptr;
	}
	w->name_ = ifr.ifr_name;
	w->ctl_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (w->ctl_ < 0) {
		error = std::string("cannot open a socket for TAP ") + w->name_ + ": " +
			std::strerror(errno);
		return nullptr;
	}
	return w;
}

TapWire::~TapWire()
{
	if (ctl_ >= 0)
		close(ctl_);
	if (fd_ >= 0)
		close(fd_);
}

bool TapWire::link_up() const
{
	ifreq ifr{};
	std::memcpy(ifr.ifr_name, name_.data(), name_.size());
	if (ioctl(ctl_, SIOCGIFFLAGS, &ifr) < 0)
		return false;
	return (ifr.ifr_flags & IFF_UP) != 0;
}

void TapWire::transmit(std::span<const uint8_t> frame)
{
	// A TAP that is down refuses writes (EIO); a full kernel backlog
	// (EAGAIN) drops as a congested link would.
	if (write(fd_, frame.data(), frame.size()) == ssize_t(frame.size()))
		tx_frames_.fetch_add(1, std::memory_order_relaxed);
	else
		tx_dropped_.fetch_add(1, std::memory_order_relaxed);
}

bool TapWire::poll()
{
	if (!mac_)
		return false;
	bool worked = false;
	for (unsigned n = 0; n < kPollBurst; n++) {
		if (!held_len_) {
			ssize_t r = read(fd_, buf_.data(), buf_.size());
			if (r <= 0)
				break;
			held_len_ = size_t(r);
		}
		if (!mac_->wire_rx({buf_.data(), held_len_}, true))
			break;
		held_len_ = 0;
		rx_frames_.fetch_add(1, std::memory_order_relaxed);
		worked = true;
	}
	return worked;
}

} // namespace dpaa::model
