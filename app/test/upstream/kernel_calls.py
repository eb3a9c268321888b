# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Run with the emulation preloaded: makes the kernel calls named on the
command line, as a USDPAA driver would, and prints one line per call:
"<name> <return value> <errno>"."""

import ctypes
import os
import struct
import sys
import time

libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                      ctypes.c_long]
libc.ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]
MAP_FAILED = ctypes.c_void_p(-1).value

ID_ALLOC = 0xC0147501
ID_RESERVE = 0x400C750A
PORTAL_MAP = 0xC0207507
GET_IOCTL_VERSION = 0x80047514


def say(name, ret):
    print("%s %d %d" % (name, ret, ctypes.get_errno() if ret == -1 else 0), flush=True)


def usdpaa():
    return os.open("/dev/fsl-usdpaa", os.O_RDWR)


def ioctl(fd, req, buf):
    ctypes.set_errno(0)
    return libc.ioctl(fd, req, buf)


def main(calls):
    fd = None
    for call in calls:
        if call in ("unknown-ioctl", "unknown-ioctl-again"):
            fd = fd or usdpaa()
            say(call, ioctl(fd, 0xC0087599, ctypes.create_string_buffer(8)))
        elif call == "version":
            fd = fd or usdpaa()
            buf = ctypes.create_string_buffer(4)
            ret = ioctl(fd, GET_IOCTL_VERSION, buf)
            say(call, ret if ret else struct.unpack("<i", buf.raw)[0])
        elif call == "mmap-nowhere":
            mem = os.open("/dev/mem", os.O_RDWR)
            ctypes.set_errno(0)
            p = libc.mmap(None, 0x1000, 3, 1, mem, 0x12340000)
            say(call, -1 if p == MAP_FAILED else 0)
        elif call == "dt-missing":
            try:
                os.close(os.open("/proc/device-tree/no-such-node/reg", os.O_RDONLY))
                say(call, 0)
            except OSError as e:
                print("%s -1 %d" % (call, e.errno), flush=True)
        elif call == "wait":  # until killed
            time.sleep(600)
        elif call == "tmp-folders":  # the emulation's folders under TMPDIR
            folders = sorted(n for n in os.listdir(os.environ["TMPDIR"]) if n.startswith("usdpaa-emu."))
            print("%s %s" % (call, " ".join(folders)), flush=True)
        elif call == "dt-soc-id":
            with open("/sys/devices/soc0/soc_id") as f:
                print("%s %s" % (call, f.read().strip()), flush=True)
        elif call.startswith("portal-"):  # portal-<index>: map QMan portal <index> (any: all ones)
            fd = fd or usdpaa()
            index = 0xffffffff if call == "portal-any" else int(call[7:])
            buf = ctypes.create_string_buffer(struct.pack("<II", 0, index) + b"\0" * 24)
            ret = ioctl(fd, PORTAL_MAP, buf)
            say(call, ret if ret else struct.unpack("<I", buf.raw[4:8])[0])
        elif call.startswith("bpids-"):  # bpids-<n>: allocate n BPIDs, print the first
            fd = fd or usdpaa()
            buf = ctypes.create_string_buffer(struct.pack("<IIIIi", 0, 1, int(call[6:]), 0, 0))
            ret = ioctl(fd, ID_ALLOC, buf)
            say(call, ret if ret else struct.unpack("<I", buf.raw[0:4])[0])
        elif call.startswith("reserve-fqid-"):
            fd = fd or usdpaa()
            buf = ctypes.create_string_buffer(struct.pack("<III", 0, int(call[13:], 0), 1))
            say(call, ioctl(fd, ID_RESERVE, buf))
        else:
            raise SystemExit("unknown call " + call)


if __name__ == "__main__":
    main(sys.argv[1:])
