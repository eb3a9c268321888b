# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Frames built byte by byte, and pcap files, for the application tests.

Only the standard library: the tests must run on a bare Debian machine.
"""

import struct

ETH_P_IPV4 = 0x0800
ETH_P_IPV6 = 0x86DD
ETH_P_VLAN = 0x8100
ETH_P_QINQ = 0x88A8


def mac(text):
    return bytes(int(b, 16) for b in text.split(":"))


def mac_text(raw):
    return ":".join("%02X" % b for b in raw)


def csum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def ipv4(src, dst, proto, payload, ttl=64, ident=0):
    hdr = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), ident, 0, ttl, proto, 0,
                      bytes(src), bytes(dst))
    hdr = hdr[:10] + struct.pack("!H", csum(hdr)) + hdr[12:]
    return hdr + payload


def l4_pseudo_v4(src, dst, proto, length):
    return struct.pack("!4s4sBBH", bytes(src), bytes(dst), 0, proto, length)


def l4_pseudo_v6(src, dst, proto, length):
    return struct.pack("!16s16sIxxxB", bytes(src), bytes(dst), length, proto)


def udp(src_port, dst_port, payload, pseudo):
    seg = struct.pack("!HHHH", src_port, dst_port, 8 + len(payload), 0) + payload
    c = csum(pseudo(17, len(seg)) + seg) or 0xFFFF
    return seg[:6] + struct.pack("!H", c) + seg[8:]


def tcp(src_port, dst_port, payload, pseudo, seq=1):
    seg = struct.pack("!HHIIBBHHH", src_port, dst_port, seq, 0, 5 << 4, 0x18, 8192, 0, 0) + payload
    c = csum(pseudo(6, len(seg)) + seg)
    return seg[:16] + struct.pack("!H", c) + seg[18:]


def ipv6(src, dst, next_header, payload, hop_limit=64):
    return struct.pack("!IHBB16s16s", 6 << 28, len(payload), next_header, hop_limit,
                       bytes(src), bytes(dst)) + payload


def ether(dst, src, ethertype, payload, vlan=None, qinq=None):
    """vlan=id adds an 802.1Q tag; qinq=(outer, inner) adds 0x88a8 + 0x8100."""
    tags = b""
    if qinq is not None:
        tags = struct.pack("!HH", ETH_P_QINQ, qinq[0]) + struct.pack("!HH", ETH_P_VLAN, qinq[1])
    elif vlan is not None:
        tags = struct.pack("!HH", ETH_P_VLAN, vlan)
    frame = bytes(dst) + bytes(src) + tags + struct.pack("!H", ethertype) + payload
    return frame + b"\0" * max(0, 60 - len(frame))


def udp4_frame(dst_mac, src_mac, flow, size=64, vlan=None, qinq=None, ttl=64, dst_ip=None):
    """A UDP/IPv4 frame of 'size' bytes (without FCS) of flow number 'flow'."""
    src = bytes([10, 0, (flow >> 8) & 0xFF, flow & 0xFF])
    dst = bytes(dst_ip) if dst_ip else bytes([10, 1, 0, 1])
    tag_len = 8 if qinq is not None else 4 if vlan is not None else 0
    room = max(0, size - 14 - tag_len - 20 - 8)
    payload = struct.pack("!I", flow) + bytes((flow + i) & 0xFF for i in range(max(0, room - 4)))
    seg = udp(1024 + flow % 4096, 5000, payload, lambda p, n: l4_pseudo_v4(src, dst, p, n))
    return ether(dst_mac, src_mac, ETH_P_IPV4, ipv4(src, dst, 17, seg, ttl=ttl), vlan, qinq)


def tcp6_frame(dst_mac, src_mac, flow, vlan=None, qinq=None):
    src = bytes(range(16))[:14] + struct.pack("!H", flow)
    dst = bytes(range(16, 32))
    seg = tcp(2000 + flow, 80, b"dpaa" * 8, lambda p, n: l4_pseudo_v6(src, dst, p, n))
    return ether(dst_mac, src_mac, ETH_P_IPV6, ipv6(src, dst, 6, seg), vlan, qinq)


def write_pcap(path, frames):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i, frame in enumerate(frames):
            f.write(struct.pack("<IIII", i // 1000000, i % 1000000, len(frame), len(frame)))
            f.write(frame)


def read_pcap(path):
    """The frames of a pcap file; a file cut short in a record ends the list."""
    frames = []
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return frames
    if len(data) < 24:
        return frames
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    pos = 24
    while pos + 16 <= len(data):
        _, _, incl, _ = struct.unpack(endian + "IIII", data[pos:pos + 16])
        if pos + 16 + incl > len(data):
            break
        frames.append(data[pos + 16:pos + 16 + incl])
        pos += 16 + incl
    return frames
