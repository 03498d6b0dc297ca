#!/usr/bin/env python3
"""Summarizes scripts/sessions/session18-epilogue-device-run.sh's console (summary.txt):
per bundle, the fused kernel's median ms and its ratios to cuBLASLt's fused
epilogue and to cuBLAS GemmEx + a separate kernel, one column per round,
and the median ratio over the rounds."""
import re
import statistics
import sys
from collections import defaultdict

rows = defaultdict(lambda: defaultdict(list))
bundle = None
for line in open(sys.argv[1] if len(sys.argv) > 1 else "summary.txt"):
    header = re.match(r"-- \d+ (\S+) rc=", line)
    if header:
        bundle = header.group(1)
        continue
    cells = [c.strip() for c in line.split("|")]
    if bundle and len(cells) >= 4 and cells[0] in ("fused", "unfused", "cublaslt"):
        rows[bundle][cells[0]].append(cells[1] if cells[0] == "fused" else cells[3].split()[0])

print(f"{'bundle':58s} {'vs cuBLASLt (median; rounds)':44s} vs cuBLAS + kernel")
for name, r in rows.items():
    lt = [float(x.rstrip("x")) for x in r["cublaslt"]]
    un = [float(x.rstrip("x")) for x in r["unfused"]]
    if not lt:
        continue
    print(f"{name:58s} {statistics.median(lt):.3f} ({' '.join(f'{x:.3f}' for x in lt)})"
          f"   {statistics.median(un):.3f}")
