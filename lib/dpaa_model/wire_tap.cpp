/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_tap.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace dpaa::model
{

namespace
{

// A datagram socket in the network namespace nsfd names. A namespace is
// entered per thread: a short-lived thread enters it so that the caller's
// (the model's thread) stays where it is; the socket keeps its namespace.
int socket_in_netns(int nsfd)
{
	int s = -1;
	std::thread t([&] {
		if (setns(nsfd, CLONE_NEWNET) == 0)
			s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	});
	t.join();
	return s;
}

} // namespace

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
		// EINVAL: the name is an interface that is no TAP (lo, eth0);
		// EBUSY: a TAP of that name that another process has open.
		const int e = errno;
		error = "cannot create TAP " + params.name + ": " + std::strerror(e);
		if (e == EINVAL)
			error += " (an interface of that name exists and is not a TAP)";
		else if (e == EBUSY)
			error += " (a TAP of that name is in use by another process)";
		return nullptr;
	}
	w->name_ = ifr.ifr_name;
	w->ctl_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (w->ctl_ < 0) {
		error = std::string("cannot open a socket for TAP ") + w->name_ + ": " +
			std::strerror(errno);
		return nullptr;
	}
	// The interface is in this thread's namespace, where ctl_ was made.
	int ns = ioctl(w->fd_, TUNGETDEVNETNS);
	struct stat st;
	if (ns >= 0 && fstat(ns, &st) == 0)
		w->ctl_netns_ = st.st_ino;
	if (ns >= 0)
		close(ns);
	return w;
}

TapWire::~TapWire()
{
	if (ctl_ >= 0)
		close(ctl_);
	if (fd_ >= 0)
		close(fd_);
}

int TapWire::ctl_socket() const
{
	// The TAP's own descriptor names the namespace the interface is in.
	int ns = ioctl(fd_, TUNGETDEVNETNS);
	if (ns < 0)
		return ctl_; // an older kernel: the interface cannot have moved
	struct stat st;
	if (fstat(ns, &st) == 0 && st.st_ino != ctl_netns_) {
		int s = socket_in_netns(ns);
		if (s >= 0) {
			if (ctl_ >= 0)
				close(ctl_);
			ctl_ = s;
			ctl_netns_ = st.st_ino;
		}
	}
	close(ns);
	return ctl_;
}

bool TapWire::link_up() const
{
	ifreq ifr{};
	// The interface's name now (the user may have renamed it), as the
	// TAP's descriptor knows it.
	if (ioctl(fd_, TUNGETIFF, &ifr) < 0)
		return false;
	std::lock_guard<std::mutex> hold(ctl_lock_);
	const int s = ctl_socket();
	if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		return false;
	return (ifr.ifr_flags & IFF_UP) != 0;
}

bool TapWire::transmit(std::span<const uint8_t> frame)
{
	if (write(fd_, frame.data(), frame.size()) == ssize_t(frame.size())) {
		tx_frames_.fetch_add(1, std::memory_order_relaxed);
		return true;
	}
	// A TAP that is down refuses writes (EIO): no carrier. A full kernel
	// backlog (EAGAIN) drops as a congested receiver would.
	if (errno == EIO) {
		tx_no_carrier_.fetch_add(1, std::memory_order_relaxed);
		return false;
	}
	tx_dropped_.fetch_add(1, std::memory_order_relaxed);
	return true;
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
			if (held_len_ < kMinFrame) {
				// What the sending MAC does to a short frame.
				std::memset(buf_.data() + held_len_, 0, kMinFrame - held_len_);
				held_len_ = kMinFrame;
			}
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
