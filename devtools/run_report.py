#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Summarise a dpdk-testpmd run of devtools/run.sh for a person.

usage: run_report.py <testpmd output> <duration in seconds>
"""

import re
import statistics
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# Every access the driver made to a portal or register window that the
# emulated kernel traps (each one a signal and a decoded instruction,
# microseconds), from its exit report.
TRAPPED = re.compile(r"^(?:usdpaa_emu: model misuse: .*; (\d+) accesses trapped|"
                     r"fslmc_emu: refused: .*; trapped accesses (\d+))", re.M)
MODEL_THREAD = re.compile(r"model thread: ([\d.]+)% busy \(([\d.]+) of ([\d.]+) s\)")


def emulation_figures(text):
    """What the emulated kernel and the model's thread report at exit:
    {"trapped": accesses, "model_busy_percent", "model_busy_s", "model_run_s"}
    (the keys present that the text has)."""
    r = {}
    trapped = TRAPPED.findall(text)
    if trapped:
        r["trapped"] = int(trapped[-1][0] or trapped[-1][1])
    model = MODEL_THREAD.findall(text)
    if model:
        busy, busy_s, run_s = (float(x) for x in model[-1])
        r.update(model_busy_percent=busy, model_busy_s=busy_s, model_run_s=run_s)
    return r


def main(path, duration):
    text = ANSI.sub("", open(path, errors="replace").read())
    ports = re.findall(r"^Port (\d+): ([0-9A-F:]{17})$", text, re.M)
    links = dict(re.findall(r"^Port (\d+) (Link .*)$", text, re.M))
    links.update(re.findall(r"net_dpaa: fm\d+-mac\d+: port (\d+) (Link .*)$", text, re.M))
    names = dict(re.findall(r"net_dpaa: (fm\d+-mac\d+): port (\d+)", text))
    names = {port: name for name, port in names.items()}
    # Upstream's driver names each port with its address when it probes it.
    by_mac = dict((mac, name) for name, mac in re.findall(r"PMD: net: dpaa: (fm\d+-mac\d+): ([0-9A-F:]{17})", text))
    names.update((port, by_mac[mac]) for port, mac in ports if mac in by_mac and port not in names)
    # Our net_dpaa2 names each DPNI, its port and what it is connected to,
    # and logs each link change with the speed.
    for dpni, port, ep in re.findall(r"net_dpaa2: (dpni\.\d+): port (\d+), connected to ([^,]+),", text):
        names.setdefault(port, "%s (%s)" % (dpni, ep))
    links.update(re.findall(r"net_dpaa2: dpni\.\d+: port (\d+) (Link .*)$", text, re.M))
    # Upstream's net_dpaa2 names each DPNI and the DPMAC it is connected
    # to as it probes them, in port order.
    for port, (dpni, ep) in enumerate(re.findall(r"(dpni\.\d+): netdev created, connected to (\S+)", text)):
        names.setdefault(str(port), "%s (%s)" % (dpni, ep))
    # Upstream's driver logs "Link is Up" without the speed; the emulated
    # kernel logs what it answered it (the first answer: the link at start).
    emu_links = {}
    for name, link in re.findall(r"usdpaa_emu: (fm\d+-mac\d+): link (.*) \(GET_LINK_STATUS\)$", text, re.M):
        emu_links.setdefault(name, "Link " + link)
    for port, name in names.items():
        if port not in links and name in emu_links:
            links[port] = emu_links[name]
    # Upstream's net_dpaa2 logs the state its link update read from the MC
    # (dpni_get_link_state), without the speed (testpmd's "show port info"
    # has it).
    for port, state in re.findall(r"dpaa2_net: Port (\d+) Link is (Up|Down)", text):
        links.setdefault(port, "Link " + state.lower())
    if not ports:
        print(text[-3000:])
        print("run: testpmd found no DPAA or DPAA2 port")
        return 1
    print("Ports found:")
    for port, mac in ports:
        print("  port %s  %-16s  %s  %s" % (port, names.get(port, ""), mac, links.get(port, "link unknown")))

    # Each --stats-period print holds one "NIC statistics" block per port.
    rates = {}
    for block in re.finditer(r"NIC statistics for port (\d+).*?Rx-pps: +(\d+).*?Tx-pps: +(\d+)", text, re.S):
        rates.setdefault(block.group(1), []).append((int(block.group(2)), int(block.group(3))))
    print("Rates (median of the 1-second samples after the first):")
    for port in sorted(rates):
        samples = rates[port][1:] or rates[port]
        rx = statistics.median(s[0] for s in samples)
        tx = statistics.median(s[1] for s in samples)
        print("  port %s  Rx %12.0f pps   Tx %12.0f pps   (%d samples)" % (port, rx, tx, len(samples)))

    totals = re.search(r"Accumulated forward statistics for all ports.*?RX-packets: (\d+) +RX-dropped: (\d+) +"
                       r"RX-total: (\d+).*?TX-packets: (\d+) +TX-dropped: (\d+) +TX-total: (\d+)", text, re.S)
    cycles = re.search(r"CPU cycles/packet=([\d.]+) \(total cycles=(\d+) / total \w+ packets=(\d+)\) at (\d+) MHz",
                       text)
    if totals:
        rx, rx_drop, _, tx, tx_drop, _ = (int(x) for x in totals.groups())
        print("Forwarded: %d packets received, %d transmitted in %ss (%.0f pps)" % (rx, tx, duration,
                                                                              tx / float(duration)))
        print("Drops: %d at Rx (missed/no mbuf), %d at Tx (ring full)" % (rx_drop, tx_drop))
    missed = re.findall(r"RX-missed: +(\d+)", text)
    if missed:
        print("Hardware Rx drops (RX-missed, last report): %s" % ", ".join(missed[-len(ports):]))
    if cycles:
        print("Forwarding core: %s cycles/packet (%s cycles for %s packets at %s MHz)" % cycles.groups())
    # On the emulated kernel: where each frame went, from the MAC's and the
    # BMI's counters (upstream's driver reports the MAC's only).
    for line in re.findall(r"^(?:usdpaa|fslmc)_emu: ((?:fm\d+-mac\d+|dpmac\.\d+|dpni\.\d+) [rt]x: .*)$", text, re.M):
        print("Hardware: " + line)
    sink = re.findall(r"^.*sink.*$", text, re.M)
    for line in sink[-2:]:
        print("Sink: " + line.strip())
    # The model's thread: below 100 % busy it kept up, and the forwarding
    # core, not the model, set the rate.
    # The emulated kernel's count of what the driver did wrong to the model.
    misuse = re.findall(r"^(?:usdpaa|fslmc)_emu: model misuse: (.*)$", text, re.M)
    if misuse:
        print("Model misuse: " + misuse[-1].strip())
    # The trapped accesses: the emulation's cost, not the driver's, and the
    # same for any driver on it.
    emu = emulation_figures(text)
    if "trapped" in emu and totals:
        n = emu["trapped"]
        print("Emulated kernel: %d accesses trapped, %.2f per forwarded frame" % (n, n / max(tx, 1)))
    model = re.findall(r"model thread: (.*)$", text, re.M)
    if model:
        print("Model thread: " + model[-1].strip())
    # run.sh --profile: the model thread's time by stage, per frame that
    # reached the far wire (idle polls included: a stage that waits for
    # the other side costs the thread's time too).
    stages = re.findall(r"model stages \(ms\): (.*)$", text, re.M)
    if stages and totals:
        pairs = re.findall(r"([\w-]+) ([\d.]+)", stages[-1])
        total_ms = sum(float(v) for _, v in pairs)
        frames = max(tx, 1)
        mhz = float(cycles.group(4)) if cycles else 0
        print("Model stages, per forwarded frame%s:" % (" (ns, CPU cycles at %.0f MHz)" % mhz if mhz else " (ns)"))
        for name, ms in pairs:
            ns = float(ms) * 1e6 / frames
            print("  %-14s %7.1f ns %s %5.1f %%" % (name, ns, "%6.0f cycles" % (ns * mhz / 1e3) if mhz else "",
                                                   100.0 * float(ms) / total_ms if total_ms else 0))
    return 0 if totals and int(totals.group(4)) > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
