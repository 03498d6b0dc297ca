#!/usr/bin/env python3
"""One line per profiled kernel launch of an `ncu --csv --metrics ...` log:
its ID, name (90 characters) and metrics (their names up to the first '.')."""
import collections
import csv
import sys

rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
if not rows:
    sys.exit()
header = rows[0]
kernel, metric, value, launch = (header.index(n) for n in
                                 ("Kernel Name", "Metric Name", "Metric Value", "ID"))
launches = collections.OrderedDict()
for r in rows[1:]:
    launches.setdefault((r[launch], r[kernel][:90]), {})[r[metric]] = r[value]
for (i, name), metrics in launches.items():
    print(i, name)
    print("   ", "; ".join(f"{n.split('.')[0]}={v}"
                         for n, v in metrics.items()))
