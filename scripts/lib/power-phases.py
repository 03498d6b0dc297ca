#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Splits a power log by the phases a device script ran.

Usage: power-phases.py LOG CONSOLE

LOG has one sample per line, "epoch,power W,SM MHz,sw power cap,temperature"
(scripts/lib/power-log.sh). CONSOLE holds tensor-ceiling's "sustained:"
lines, each naming a phase and its epoch start and end. For each phase this
prints the samples taken inside it (the first 0.5 s left out: the clock
settles), their mean power and SM clock, how many said the software power
cap was active, and the mean temperature."""
import re
import statistics
import sys

samples = []
for line in open(sys.argv[1]):
    cells = [c.strip() for c in line.split(",")]
    try:
        samples.append((float(cells[0]), float(cells[1]), float(cells[2]),
                        cells[3], float(cells[4])))
    except (ValueError, IndexError):
        continue

phases = []
label = ""
for line in open(sys.argv[2]):
    if line.startswith("== "):
        label = line[3:].strip()
    match = re.search(r"sustained: (\S+) .* ([\d.]+) TFLOP/s, epoch ([\d.]+) to ([\d.]+)", line)
    if match:
        phases.append((f"{label}: {match.group(1)}", float(match.group(2)),
                       float(match.group(3)), float(match.group(4))))

print(f"{'phase':52s} {'TFLOP/s':>8s} {'n':>4s} {'W':>7s} {'MHz':>6s} {'cap':>7s} {'°C':>5s}")
for name, tflops, start, end in phases:
    inside = [s for s in samples if start + 0.5 <= s[0] <= end]
    if not inside:
        print(f"{name:52s} {tflops:8.1f}    0 (no samples)")
        continue
    capped = sum(1 for s in inside if "Active" in s[3] and "Not" not in s[3])
    print(f"{name:52s} {tflops:8.1f} {len(inside):4d} "
          f"{statistics.mean(s[1] for s in inside):7.1f} "
          f"{statistics.mean(s[2] for s in inside):6.0f} "
          f"{capped:3d}/{len(inside):<3d} {statistics.mean(s[4] for s in inside):5.1f}")
