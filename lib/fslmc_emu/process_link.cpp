/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fslmc_emu/process_link.hpp"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"

namespace dpaa2::emu
{

namespace libc = dpaa::emu::libc;

namespace
{

bool fill_address(const std::string &path, sockaddr_un &a)
{
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	if (path.size() >= sizeof(a.sun_path))
		return false;
	memcpy(a.sun_path, path.c_str(), path.size() + 1);
	return true;
}

// One message with at most one descriptor; bytes or -errno.
ssize_t send_message(int sock, const void *buf, size_t n, int fd)
{
	iovec iov{const_cast<void *>(buf), n};
	msghdr m{};
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
	if (fd >= 0) {
		m.msg_control = control;
		m.msg_controllen = sizeof(control);
		cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	const ssize_t r = sendmsg(sock, &m, MSG_NOSIGNAL);
	return r < 0 ? -errno : r;
}

ssize_t receive_message(int sock, void *buf, size_t n, int *fd)
{
	iovec iov{buf, n};
	msghdr m{};
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
	m.msg_control = control;
	m.msg_controllen = sizeof(control);
	ssize_t r;
	do
		r = libc::recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	if (fd != nullptr) {
		*fd = -1;
		for (cmsghdr *c = CMSG_FIRSTHDR(&m); c != nullptr; c = CMSG_NXTHDR(&m, c))
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
				memcpy(fd, CMSG_DATA(c), sizeof(int));
	}
	return r;
}

} // namespace

int LinkListener::start(const std::string &path, LinkServer &server) noexcept
{
	sockaddr_un a;
	if (!fill_address(path, a))
		return -ENAMETOOLONG;
	fd_ = libc::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd_ < 0)
		return -errno;
	unlink(path.c_str());
	if (bind(fd_, reinterpret_cast<sockaddr *>(&a), sizeof(a)) < 0 || listen(fd_, 8) < 0) {
		const int err = errno;
		libc::close(fd_);
		fd_ = -1;
		return -err;
	}
	path_ = path;
	server_ = &server;
	thread_ = std::thread([this] { accept_loop(); });
	pthread_setname_np(thread_.native_handle(), "fslmc-emu-link");
	return 0;
}

void LinkListener::stop() noexcept
{
	if (fd_ < 0)
		return;
	// Wakes accept() up with an error; the connections' threads end with
	// their clients (or with the process).
	shutdown(fd_, SHUT_RDWR);
	if (thread_.joinable())
		thread_.join();
	libc::close(fd_);
	fd_ = -1;
	unlink(path_.c_str());
}

void LinkListener::accept_loop() noexcept
{
	for (;;) {
		const int c = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
		if (c < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			return;
		}
		dpaa::emu::log("a second process attached to the kernel");
		std::thread([this, c] {
			LinkRequest req;
			for (;;) {
				if (receive_message(c, &req, sizeof(req), nullptr) !=
				    ssize_t(sizeof(req)))
					break;
				LinkAnswer ans{};
				int fd = -1;
				server_->serve(req, ans, fd);
				if (send_message(c, &ans, sizeof(ans), fd) < 0)
					break;
			}
			libc::close(c);
		}).detach();
	}
}

int LinkClient::connect(const std::string &path) noexcept
{
	sockaddr_un a;
	if (!fill_address(path, a))
		return -ENAMETOOLONG;
	const int s = libc::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (s < 0)
		return -errno;
	if (::connect(s, reinterpret_cast<sockaddr *>(&a), sizeof(a)) < 0) {
		const int err = errno;
		libc::close(s);
		return -err;
	}
	fd_ = s;
	return 0;
}

LinkClient::~LinkClient()
{
	if (fd_ >= 0)
		libc::close(fd_);
}

int LinkClient::call(const LinkRequest &req, LinkAnswer &ans, int *fd_out) noexcept
{
	std::lock_guard<std::mutex> g(lock_);
	if (fd_ < 0 || send_message(fd_, &req, sizeof(req), -1) < 0 ||
	    receive_message(fd_, &ans, sizeof(ans), fd_out) != ssize_t(sizeof(ans))) {
		memset(ans.data, 0xff, sizeof(ans.data)); // a bus with nothing behind it
		return ans.status = -EPIPE;
	}
	return ans.status;
}

} // namespace dpaa2::emu
