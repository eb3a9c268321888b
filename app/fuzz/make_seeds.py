#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Write the seed corpus of each fuzz target into app/fuzz/corpus/<target>/.

The seeds are committed; this script says how they were made and makes them
again (python3 app/fuzz/make_seeds.py). A few valid inputs per target are
enough: libFuzzer mutates from there.
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "apps"))
import frames  # noqa: E402  (app/test/apps/frames.py)

DST = frames.mac("02:00:00:00:00:02")
SRC = frames.mac("02:00:00:00:00:01")
IP_A, IP_B = [10, 0, 0, 1], [10, 0, 0, 2]
IP6_A, IP6_B = bytes(15) + b"\x01", bytes(15) + b"\x02"


def parser_seeds():
    pseudo4 = lambda p, n: frames.l4_pseudo_v4(IP_A, IP_B, p, n)  # noqa: E731
    pseudo6 = lambda p, n: frames.l4_pseudo_v6(IP6_A, IP6_B, p, n)  # noqa: E731
    tcp4 = frames.ipv4(IP_A, IP_B, 6, frames.tcp(1, 2, b"x" * 6, pseudo4))
    udp6 = frames.ipv6(IP6_A, IP6_B, 17, frames.udp(3, 4, b"y" * 10, pseudo6))
    # IPv6 with hop-by-hop options then a fragment header, then UDP.
    hbh = bytes([44, 0]) + bytes(6)
    frag = bytes([17, 0, 0, 0]) + struct.pack("!I", 7)
    ext6 = frames.ipv6(IP6_A, IP6_B, 0, hbh + frag + frames.udp(5, 6, b"z" * 4, pseudo6))
    # IPv4 in GRE in IPv4.
    gre = struct.pack("!HH", 0, 0x0800) + frames.ipv4(IP_A, IP_B, 17, frames.udp(
        7, 8, b"g" * 4, pseudo4))
    return {
        "eth_ipv4_tcp": frames.ether(DST, SRC, 0x0800, tcp4),
        "vlan_ipv6_udp": frames.ether(DST, SRC, 0x86DD, udp6, vlan=100),
        "qinq_ipv4_tcp": frames.ether(DST, SRC, 0x0800, tcp4, qinq=(10, 20)),
        "ipv6_ext_frag": frames.ether(DST, SRC, 0x86DD, ext6),
        "ipv4_gre_ipv4": frames.ether(DST, SRC, 0x0800, frames.ipv4(IP_A, IP_B, 47, gre)),
        "arp": frames.ether(b"\xff" * 6, SRC, 0x0806, bytes(28)),
        "mpls_ipv4": frames.ether(DST, SRC, 0x8847, struct.pack("!I", 0x00001140) + tcp4),
        "pppoe_ipv4": frames.ether(DST, SRC, 0x8864,
                                   struct.pack("!BBHHH", 0x11, 0, 1, len(tcp4) + 2, 0x0021) + tcp4),
    }


# The layout of fuzz_fd_to_mbuf.cpp's pool: 8 objects, each a 128-byte mbuf
# header then a 2176-byte buffer, 4096 bytes apart after a 256-byte gap, in
# bus space from 2^36; BPID 5.
BUS_BASE, GAP, STRIDE, META, BPID = 1 << 36, 256, 4096, 128, 5


def buf_bus(i):
    return BUS_BASE + GAP + i * STRIDE + META


def fd(bpid, fmt, offset, length, status, obj=0):
    addr = buf_bus(obj)
    cfg = fmt << 29 | offset << 20 | length
    return struct.pack("!BBBBIII", 0, bpid, 0, addr >> 32 & 0xFF, addr & 0xFFFFFFFF, cfg, status)


def parse_result(l2r=0x8000, l3r=0x8000, l4r=0x20):
    # lpid shimr l2r l3r l4r cplan nxthdr cksum flags_frag route rhp shim[2] ip_pid eth llc
    # vlan[2] etype pppoe mpls[2] ip[2] gre l4 nxthdr_off
    return struct.pack("!BBHHBBHHHBB2BBBB2BBB2B2BBBB", 0, 0, l2r, l3r, l4r, 0, 6, 0, 0, 0, 1,
                       0xFF, 0xFF, 23, 0, 0xFF, 0xFF, 0xFF, 12, 0xFF, 0xFF, 0xFF, 14, 14,
                       0xFF, 34, 54)


def buffer_with(frame_at, frame, extra=b""):
    # The parse result at 0x10, the hash at 0x38, the frame at its offset.
    b = bytearray(frame_at + len(frame))
    b[0x10:0x30] = parse_result()
    b[0x38:0x40] = struct.pack("!Q", 0x1234_5678_9ABC_DEF0)
    b[frame_at:] = frame
    return bytes(b) + extra


def sg_entry(obj, length, offset, final):
    addr = buf_bus(obj)
    cfg = (1 << 30 if final else 0) | length
    return struct.pack("!3xBIIxBH", addr >> 32 & 0xFF, addr & 0xFFFFFFFF, cfg, BPID, offset)


def fd_seeds():
    frame = frames.udp4_frame(DST, SRC, 1, size=64)
    table = sg_entry(1, 1000, 128, False) + sg_entry(2, 500, 128, True)
    sg_buf = bytearray(128 + len(table))
    sg_buf[0x10:0x30] = parse_result()
    sg_buf[128:] = table
    return {
        # FD, then the queue settings byte (port 1, hash valid), then the buffer.
        "contig": fd(BPID, 0, 128, len(frame), 0) + b"\x81" + buffer_with(128, frame),
        "contig_l4cv": fd(BPID, 0, 128, len(frame), 0x4) + b"\x01" + buffer_with(128, frame),
        "error_status": fd(BPID, 0, 128, len(frame), 0x80) + b"\x00" + buffer_with(128, frame),
        "sg_two_segments": fd(BPID, 4, 128, 1500, 0, obj=3) + b"\x81" + bytes(sg_buf),
    }


def config_seeds():
    return {
        "guide_gen_sink.txt": b"board=ls1046a-rdb;fm1-mac9=gen:size=64:flows=16;fm1-mac10=sink;"
                              b"mode=threaded;cpu=1",
        "pcap.txt": b"fm1-mac9=pcap:rx=in.pcap:tx=out.pcap:rate=max:loop=0:start=enable",
        "cable_tap.txt": b"board=ls1043a-rdb;fm1-mac3=cable:fm1-mac4;fm1-mac5=tap:name=dpaa0;"
                         b"mode=stepped;throttle=off",
        "gen_all.txt": b"fm1-mac10=gen:size=64,128,1518:vlan=100:flows=1024:rate=1000000:count=5;"
                       b"fm1-mac9=loopback",
        "qinq.txt": b"fm1-mac9=gen:qinq=10.20:rate=line;fm1-mac10=none",
    }


def pcap_file(records, magic=0xA1B2C3D4, endian="<", snaplen=65535):
    out = struct.pack(endian + "IHHiIII", magic, 2, 4, 0, 0, snaplen, 1)
    for i, (data, caplen, length) in enumerate(records):
        out += struct.pack(endian + "IIII", 1, i, caplen, length) + data
    return out


def pcap_seeds():
    f = [frames.udp4_frame(DST, SRC, n, size=s) for n, s in enumerate((64, 128, 1518))]
    whole = [(x, len(x), len(x)) for x in f]
    return {
        "three_frames.pcap": pcap_file(whole),
        "big_endian.pcap": pcap_file(whole, endian=">"),
        "nanoseconds.pcap": pcap_file(whole, magic=0xA1B23C4D),
        "snapped.pcap": pcap_file([(f[2][:96], 96, len(f[2]))], snaplen=96),
        "cut_mid_record.pcap": pcap_file(whole)[:-40],
    }


def main():
    for target, seeds in (("parser", parser_seeds()), ("fd_to_mbuf", fd_seeds()),
                          ("model_config", config_seeds()), ("pcap_reader", pcap_seeds())):
        d = os.path.join(HERE, "corpus", target)
        os.makedirs(d, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
