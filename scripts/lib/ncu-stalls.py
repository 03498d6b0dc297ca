#!/usr/bin/env python3
"""Where a kernel's warps stall, from `ncu --page source --csv --print-source
sass` (scripts/candidates-device-run.sh NCU_SOURCE; gzip or plain): the warp
samples by how often their instruction ran (the main loop, per-tile code,
the producer's loop... fall into different classes), then the N busiest
instructions with their two largest stall reasons.
Usage: ncu-stalls.py FILE [N]"""
import collections
import csv
import gzip
import sys

path = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
opener = gzip.open if path.endswith(".gz") else open
rows = list(csv.reader(opener(path, "rt")))
start = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
header = rows[start]
samples, executed = ("Warp Stall Sampling (All Samples)",
                     "Instructions Executed")
stalls = [c for c in header if c.startswith("stall_") and "Not Issued" not in c]
code = []
for r in rows[start + 1:]:
    if len(r) != len(header) or not r[0].startswith("0x"):
        break
    code.append(dict(zip(header, r)))
total = sum(int(i[samples]) for i in code) or 1
print(f"{len(code)} instructions, {total} samples")
classes = collections.Counter()
for i in code:
    classes[i[executed]] += int(i[samples])
print("samples by execution count:")
for count, n in classes.most_common(8):
    print(f"  {count:>10}: {n:6} ({100 * n / total:5.2f} %)")
print(f"the {top} instructions with the most samples (index, executions):")
busiest = sorted(enumerate(code), key=lambda x: -int(x[1][samples]))[:top]
for index, i in busiest:
    reasons = sorted(((int(i[c]), c[6:]) for c in stalls), reverse=True)[:2]
    why = ", ".join(f"{name} {n}" for n, name in reasons if n)
    print(f"  {index:5} {i[executed]:>8} {100 * int(i[samples]) / total:5.2f} % "
          f"{i['Source'].strip()[:56]:56} {why}")
