#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Edits a compiled bundle's launch metadata in every way the schema lets
through and checks that gemm-run refuses each edit before it launches.

On the GPU machine (gemm-run built there or carried):

    scripts/bundle-edits-check.py BIN/gemm-run BUNDLE_DIR [BUNDLE_DIR...]

For each bundle, the first kernel entry of kernel.json is edited one field
at a time: every integer becomes 0, -1, 1, its double, 2^31 and 2^63 - 1;
every string another of the values the field takes elsewhere in the entry,
and the empty string; every boolean its negation; every array loses its
last element; every object loses each key. The edited bundle (the same
images) runs at a small shape with --no-timing. Each edit must end in exit
2 (refused, with a message) or in exit 0 (validated against cuBLAS and
fp64: an edit that means the same launch, such as an optional field removed
that held its default). A mismatch (1), a CUDA failure (4), a crash or a run
over 120 s is a failure. Prints one line per failing edit and a
summary last; exits 1 when any edit failed.
"""

import concurrent.futures
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

IGNORED = {"ptxas_info", "ptxas_opt_level", "cubin", "ptx"}
SHAPE = ["-m", "256", "-n", "512", "-k", "384"]


def paths(value, prefix=()):
    """Yields (path, value) for every node under `value`."""
    yield prefix, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, prefix + (index,))


def strings(entry):
    return sorted({v for _, v in paths(entry) if isinstance(v, str)})


def edits(entry):
    """Yields (description, edited entry) pairs."""
    choices = strings(entry)
    for path, value in paths(entry):
        if not path or path[0] in IGNORED:
            continue
        parent_path, key = path[:-1], path[-1]

        def edited(new=None, delete=False):
            result = copy.deepcopy(entry)
            parent = result
            for step in parent_path:
                parent = parent[step]
            if delete:
                del parent[key]
            else:
                parent[key] = new
            return result

        where = "/".join(str(p) for p in path)
        if isinstance(value, bool):
            yield f"{where}: {value} -> {not value}", edited(not value)
        elif isinstance(value, int):
            for new in sorted({0, -1, 1, value * 2, 2**31, 2**63 - 1} - {value}):
                yield f"{where}: {value} -> {new}", edited(new)
        elif isinstance(value, str):
            others = [c for c in choices if c != value][:3] + [""]
            for new in others:
                yield f"{where}: {value!r} -> {new!r}", edited(new)
        elif isinstance(value, list) and value:
            yield f"{where}: last element removed", edited(value[:-1])
        if isinstance(key, str):
            yield f"{where}: removed", edited(delete=True)


def run(gemm_run, source, description, entry, scratch):
    directory = tempfile.mkdtemp(dir=scratch)
    for name in os.listdir(source):
        if name != "kernel.json":
            os.symlink(os.path.abspath(os.path.join(source, name)),
                       os.path.join(directory, name))
    with open(os.path.join(source, "kernel.json")) as f:
        bundle = json.load(f)
    bundle["kernels"][0] = entry
    with open(os.path.join(directory, "kernel.json"), "w") as f:
        json.dump(bundle, f)
    try:
        done = subprocess.run(
            [gemm_run, os.path.join(directory, "kernel.json"), *SHAPE,
             "--no-timing"], capture_output=True, text=True, timeout=120)
        code, output = done.returncode, done.stderr + done.stdout
    except subprocess.TimeoutExpired:
        code, output = "timeout", ""
    shutil.rmtree(directory)
    return description, code, output


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gemm_run, bundles = sys.argv[1], sys.argv[2:]
    scratch = tempfile.mkdtemp()
    failures, counts = 0, {}
    for source in bundles:
        with open(os.path.join(source, "kernel.json")) as f:
            entry = json.load(f)["kernels"][0]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            results = list(pool.map(
                lambda e: run(gemm_run, source, e[0], e[1], scratch),
                list(edits(entry))))
        for description, code, output in results:
            counts[code] = counts.get(code, 0) + 1
            refused = code == 2 and output.strip()
            if not refused and code != 0:
                failures += 1
                last = output.strip().splitlines()[-1:] or [""]
                print(f"FAIL {os.path.basename(source)} {description}: "
                      f"exit {code}: {last[0][:200]}")
        print(f"{os.path.basename(source)}: {len(results)} edits")
    shutil.rmtree(scratch)
    summary = ", ".join(f"exit {k}: {v}" for k, v in sorted(counts.items(),
                                                            key=str))
    print(f"bundle edits: {sum(counts.values())} runs ({summary}); "
          f"{failures} neither refused nor validated")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
