#!/usr/bin/env python3
"""How far the static model (analysis/PerformanceModel.h) is from the H200
measurements of sessions 5 and 6, the ones its figures were refit on
(bench/NOTES.md, "Session 7 — model refit").

    python3 bench/model_fit.py [--gemm-opt build/bin/gemm-opt] [--table]

Reads every passing run of bench/results/2026-11-21-session{5,6}: the
hopper-results.json of each session's benchmark and the gemm-run logs in the
session's .tar.gz files (small-MN, raster, split-K and transposed-problem
runs; the session-5 runs before the C7520 fix and stream-K are left out).
Kept: wgmma kernels of bench/schedules or examples/ without clusters or
ping-pong consumers (the tuner's kinds of kernel). For each (schedule,
shape) it asks `gemm-opt --tile-analyze-schedule` for the prediction at the
shape the kernel runs (a transposed problem's M and N exchanged, as gemm-run
reports it) and prints the mean absolute log error of measured over
predicted TFLOP/s and their geometric mean; --table lists every pair.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tarfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(REPO, "bench", "results")
SESSIONS = ["2026-11-21-session5", "2026-11-21-session6"]
# Session-5 runs made before the C7520 fix, and the unmerged stream-K.
SKIPPED_ARCHIVES = {"session5-small-mn.tar.gz", "session5-stream-k.tar.gz"}


def schedule_path(name):
    for folder in ("bench/schedules", "examples"):
        path = os.path.join(REPO, folder, name + ".mlir")
        if os.path.exists(path):
            return path
    return None


def benchmark_runs(session):
    path = os.path.join(RESULTS, session, "bench", "hopper-results.json")
    for run in json.load(open(path))["runs"]:
        result = run.get("result")
        if not result or result.get("status") != "pass":
            continue
        shape = result["shape"]
        yield (run["bundle"], shape["m"], shape["n"], shape["k"],
               result["timing"]["gemm_opt"]["tflops"])


LOG = {
    "kernel": re.compile(r"^kernel\s*: \S+ from \S*?([^/]+)/kernel\.json", re.M),
    "shape": re.compile(r"^shape\s*: M=(\d+) N=(\d+) K=(\d+)", re.M),
    "tflops": re.compile(r"^gemm-opt : \S+ ms\s+(\S+) TFLOP/s", re.M),
    "pass": re.compile(r"^result\s*: PASS", re.M),
}


def archive_runs(session):
    folder = os.path.join(RESULTS, session)
    for archive in sorted(os.listdir(folder)):
        if not archive.endswith(".tar.gz") or archive in SKIPPED_ARCHIVES:
            continue
        with tarfile.open(os.path.join(folder, archive)) as tar:
            for member in tar.getmembers():
                if not member.name.endswith(".log"):
                    continue
                text = tar.extractfile(member).read().decode(errors="replace")
                found = {key: rx.search(text) for key, rx in LOG.items()}
                if not all(found.values()):
                    continue
                m, n, k = map(int, found["shape"].groups())
                yield (found["kernel"].group(1), m, n, k,
                       float(found["tflops"].group(1)))


def is_tuner_kind(text):
    return ("mma = #tile.mma<wgmma" in text and "cluster" not in text and
            "consumer_groups" not in text)


def predict(gemm_opt, path, m, n, k):
    option = f"--tile-analyze-schedule=device=h200 m={m} n={n} k={k} format=json"
    out = subprocess.run([gemm_opt, path, option, "-o", os.devnull],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["schedules"][0]["prediction"]["tflops"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gemm-opt",
                        default=os.path.join(REPO, "build", "bin", "gemm-opt"))
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    runs = []
    for session in SESSIONS:
        runs += list(benchmark_runs(session)) + list(archive_runs(session))
    predictions, errors, table = {}, [], []
    for name, m, n, k, tflops in runs:
        path = schedule_path(name)
        if not path or not is_tuner_kind(open(path).read()):
            continue
        key = (path, m, n, k)
        if key not in predictions:
            predictions[key] = predict(args.gemm_opt, path, m, n, k)
        error = math.log(tflops / predictions[key])
        errors.append(error)
        table.append((f"{m}x{n}x{k}", name, tflops, predictions[key]))
    if not errors:
        sys.exit("model_fit: no measurement found")
    if args.table:
        for shape, name, measured, predicted in sorted(table):
            print(f"{shape:16} {name:50} {measured:7.1f} {predicted:7.1f} "
                  f"{measured / predicted:5.2f}")
    mean_abs = sum(abs(e) for e in errors) / len(errors)
    geomean = math.exp(sum(errors) / len(errors))
    print(f"{len(errors)} measurements, {len(predictions)} (schedule, shape) "
          f"pairs: mean absolute log error {mean_abs:.3f}, geometric mean of "
          f"measured / predicted {geomean:.3f}")


if __name__ == "__main__":
    main()
