#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tables and a chart of the Hopper benchmark (bench/hopper-benchmark.sh).

    python3 bench/hopper_report.py [RESULTS ...] [--out DIR] [--artifacts DIR]
                                   [--bundles GLOBS] [--quiet]

RESULTS (default: $OUT/hopper-results.json, $OUT defaulting to ./bench-out)
are hopper-results.json files written by bench/hopper-benchmark.sh, plain
gemm-run --json-out results, arrays of them (scripts/device-session.sh's
results.json), or folders holding any of these (*.json, not recursive).

Writes into --out (default: $OUT, else ./bench-out):
  hopper-benchmark.md   device, date and commit; the best Hopper schedule
                        per (dtype, shape) against cuBLAS; every schedule x
                        shape; failures
  hopper-benchmark.png  grouped bars of TFLOP/s per shape, best gemm-opt
                        schedule vs cuBLAS, one panel per dtype, the ratio
                        above each pair (needs matplotlib; skipped without)
and prints the best-per-shape table to stdout.

The device name comes from the results file (nvidia-smi at benchmark time),
else from nvidia-smi now, else from gemm-run's JSON; the commit from the
results file, else ARTIFACTS/COMMIT; the date from the results file, else
now. Only the standard library, numpy and matplotlib are used.
"""

import argparse
import datetime
import fnmatch
import glob
import json
import os
import subprocess
import sys

HOPPER_BUNDLES = "wgmma_* gemm_bf16_wgmma* gemm_f16_wgmma*"
ISSUE_SHAPES = ["4096x4096x4096", "8192x8192x8192", "8192x8192x1024",
                "2048x2048x2048", "1024x1024x8192", "128x4096x4096",
                "16x4096x4096"]
NOT_DIVISIBLE = "not divisible (waits for the generality issue)"
RAGGED_MESSAGE = "ragged shapes are not supported yet"
FAILED = ("fail", "error", "timeout")


# --- reading ----------------------------------------------------------------

def bundle_name(input_path):
    """The bundle's folder name from gemm-run's "input" (…/NAME/kernel.json)."""
    if not input_path:
        return "?"
    path = input_path.rstrip("/")
    if os.path.basename(path) == "kernel.json":
        return os.path.basename(os.path.dirname(path)) or "?"
    return os.path.splitext(os.path.basename(path))[0]


def dtype_of(types):
    """bf16, f16, or e.g. bf16->f32 when the output type differs."""
    a, b, c = types.get("a"), types.get("b"), types.get("c")
    if not a:
        return None
    dtype = a if b in (None, a) else a + "x" + b
    if c and c != a:
        dtype += "->" + c
    return dtype


def dtype_from_bundle(name, artifacts):
    """The dtype from ARTIFACTS/NAME/kernel.json, else guessed from the name."""
    if artifacts:
        try:
            with open(os.path.join(artifacts, name, "kernel.json")) as file:
                dtype = dtype_of(json.load(file)["kernels"][0]["types"])
            if dtype:
                return dtype
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            pass
    for candidate in ("bf16", "f16", "f32", "tf32"):
        if candidate in name.split("_"):
            return candidate
    return "?"


def outcome_of(result):
    """pass / fail / not_divisible / error, and a note, from gemm-run JSON."""
    status = result.get("status")
    if status == "pass":
        return "pass", ""
    if status == "fail":
        return "fail", "numerical mismatch (FAIL)"
    message = str(result.get("error", ""))
    if RAGGED_MESSAGE in message:
        return "not_divisible", NOT_DIVISIBLE
    return "error", "exit %s: %s" % (result.get("exit_code", "?"), message)


class Run:
    """One gemm-run of one bundle at one shape."""

    def __init__(self, bundle, dtype, shape, outcome, note="", result=None):
        self.bundle = bundle
        self.dtype = dtype
        self.shape = shape
        self.outcome = outcome
        self.note = note
        self.result = result or {}
        timing = self.result.get("timing") or {}
        self.tflops = ((timing.get("gemm_opt") or {}).get("tflops"))
        self.cublas = ((timing.get("cublas") or {}).get("tflops"))
        self.ratio = timing.get("ratio_to_cublas")
        validation = self.result.get("validation") or {}
        self.vs_cublas = (validation.get("vs_cublas") or {}).get("relative_frobenius")
        self.vs_fp64 = (validation.get("vs_fp64") or {}).get("relative_frobenius")

    @property
    def timed(self):
        return self.outcome == "pass" and self.tflops is not None


def shape_key(shape):
    if isinstance(shape, dict):
        return "%dx%dx%d" % (shape["m"], shape["n"], shape["k"])
    return shape


def run_from_result(result, artifacts):
    """A Run from a plain gemm-run JSON result."""
    kernel = result.get("kernel") or {}
    bundle = bundle_name(result.get("input") or kernel.get("bundle"))
    dtype = dtype_of(result.get("types") or {}) or dtype_from_bundle(bundle, artifacts)
    outcome, note = outcome_of(result)
    return Run(bundle, dtype, shape_key(result.get("shape") or {"m": 0, "n": 0, "k": 0}),
               outcome, note, result)


def load(paths, artifacts):
    """Runs and metadata (device, date, commit, shapes, iterations) from paths."""
    runs, meta = [], {}
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "*.json")))
        else:
            files.append(path)
    for path in files:
        try:
            with open(path) as file:
                data = json.load(file)
        except (OSError, ValueError) as error:
            print("hopper_report: skipping %s: %s" % (path, error), file=sys.stderr)
            continue
        if isinstance(data, dict) and data.get("format") == "hopper-benchmark-v1":
            for key in ("device", "date", "commit", "shapes", "iterations", "warmup"):
                if data.get(key) and key not in meta:
                    meta[key] = data[key]
            for entry in data.get("runs", []):
                runs.append(Run(entry["bundle"], entry.get("dtype") or
                                dtype_from_bundle(entry["bundle"], artifacts),
                                entry["shape"], entry["outcome"], entry.get("note", ""),
                                entry.get("result")))
        elif isinstance(data, list):
            runs += [run_from_result(entry, artifacts) for entry in data
                     if isinstance(entry, dict) and "shape" in entry]
        elif isinstance(data, dict) and "shape" in data:
            runs.append(run_from_result(data, artifacts))
        else:
            print("hopper_report: skipping %s: not a benchmark result" % path,
                  file=sys.stderr)
    return runs, meta


def nvidia_smi_name():
    try:
        output = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                                capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = output.stdout.strip().splitlines()
    return lines[0].strip() if output.returncode == 0 and lines else None


def device_details(runs):
    """'sm_90, 132 SMs, driver 13.0, cuBLAS 130000' from gemm-run's JSON."""
    for run in runs:
        device = run.result.get("device")
        if not device:
            continue
        parts = []
        if device.get("arch"):
            parts.append(device["arch"])
        if device.get("multiprocessors"):
            parts.append("%d SMs" % device["multiprocessors"])
        if device.get("l2_bytes"):
            parts.append("%d MiB L2" % (device["l2_bytes"] >> 20))
        if device.get("driver_version"):
            version = device["driver_version"]
            parts.append("driver CUDA %d.%d" % (version // 1000, version % 1000 // 10))
        if device.get("cublas_version"):
            parts.append("cuBLAS %s" % device["cublas_version"])
        return device.get("name"), ", ".join(parts)
    return None, ""


# --- tables -----------------------------------------------------------------

def shape_label(shape, cube=False):
    m, n, k = shape.split("x")
    if cube and m == n == k:
        return "%s³" % m
    return "%s×%s×%s" % (m, n, k)


def ordered(values, preferred):
    """values, those of preferred first in its order, the rest sorted."""
    first = [v for i, v in enumerate(preferred) if v in values and v not in preferred[:i]]
    return first + sorted(v for v in values if v not in first)


def fmt(value, digits=1):
    return "n/a" if value is None else "%.*f" % (digits, value)


def worst(values):
    values = [value for value in values if value is not None]
    return "%.3g" % max(values) if values else "n/a"


def cell(run):
    """One table cell for a run."""
    if run is None:
        return "—"
    if run.timed:
        return "%.1f (%s×)" % (run.tflops, fmt(run.ratio, 2))
    if run.outcome == "pass":
        return "pass (untimed)"
    return {"not_divisible": "n/a", "skipped": "skipped", "fail": "**FAIL**",
            "error": "**ERROR**", "timeout": "**TIMEOUT**"}.get(run.outcome, run.outcome)


class Best:
    """The best timed run of one (dtype, shape), or why there is none: the
    highest ratio to the cuBLAS run timed next to it (cuBLAS's own time moves
    by up to 20 % between runs at 8192³ with clocks and power, so the fastest
    absolute time can be a run against a slow cuBLAS), by TFLOP/s when no
    ratio was recorded."""

    def __init__(self, runs):
        timed = [run for run in runs if run.timed]
        self.run = max(timed, key=lambda run: (run.ratio is not None, run.ratio or 0.0,
                                               run.tflops)) if timed else None
        self.failed = [run for run in runs if run.outcome in FAILED]
        self.not_divisible = [run for run in runs if run.outcome == "not_divisible"]
        if self.run:
            self.why = ""
        elif self.failed:
            self.why = "no passing run"
        elif self.not_divisible:
            self.why = NOT_DIVISIBLE
        elif runs:
            self.why = next((run.note for run in runs if run.note), "skipped")
        else:
            self.why = "not run"
        notes = []
        if self.failed:
            notes.append("%d failed: %s" % (len(self.failed),
                                            ", ".join(run.bundle for run in self.failed)))
        self.note = "; ".join(notes)


def analyse(runs, meta, bundle_globs):
    globs = bundle_globs.split()
    runs = [run for run in runs if any(fnmatch.fnmatchcase(run.bundle, g) for g in globs)]
    # The latest result wins when one (bundle, shape) appears twice.
    by_key = {}
    for run in runs:
        by_key[(run.bundle, run.shape)] = run
    shapes = ordered({run.shape for run in by_key.values()},
                     list(meta.get("shapes") or []) + ISSUE_SHAPES)
    dtypes = ordered({run.dtype for run in by_key.values()}, ["bf16", "f16"])
    bundles = {dtype: sorted({run.bundle for run in by_key.values() if run.dtype == dtype})
               for dtype in dtypes}
    best = {}
    for dtype in dtypes:
        for shape in shapes:
            best[dtype, shape] = Best([by_key[b, shape] for b in bundles[dtype]
                                       if (b, shape) in by_key])
    return by_key, shapes, dtypes, bundles, best


def markdown(meta, details, by_key, shapes, dtypes, bundles, best):
    iterations = meta.get("iterations")
    lines = ["# gemm-opt Hopper schedules vs cuBLAS", "",
             "| | |", "|---|---|",
             "| device | %s%s |" % (meta["device"], " (%s)" % details if details else ""),
             "| date | %s |" % meta["date"],
             "| commit | %s |" % meta["commit"], ""]
    lines += ["Measured with gemm-run (bench/hopper-benchmark.sh): median of %s timed runs "
              "after %s warm-up runs, CUDA events around the kernel only, L2 flushed before "
              "each run; cuBLAS (cublasGemmEx, CUBLAS_COMPUTE_32F, 32 MiB workspace) timed "
              "in the same process on the same inputs. Ratio = gemm-opt TFLOP/s / cuBLAS "
              "TFLOP/s of the same run. Only runs whose output matched cuBLAS and fp64 count."
              % (iterations or "the given number of", meta.get("warmup", "the given number of")),
              ""]

    lines += ["## Best Hopper schedule per shape", "",
              "| dtype | shape (M×N×K) | gemm-opt TFLOP/s | schedule | cuBLAS TFLOP/s | ratio | notes |",
              "|---|---|---:|---|---:|---:|---|"]
    for dtype in dtypes:
        for shape in shapes:
            entry = best[dtype, shape]
            run = entry.run
            if run:
                lines.append("| %s | %s | %.1f | %s | %s | **%s×** | %s |" % (
                    dtype, shape_label(shape), run.tflops, run.bundle, fmt(run.cublas),
                    fmt(run.ratio, 3), entry.note))
            else:
                lines.append("| %s | %s | n/a | %s | n/a | n/a | %s |" % (
                    dtype, shape_label(shape), entry.why, entry.note))
    lines.append("")

    lines += ["## Every schedule × shape", "",
              "gemm-opt TFLOP/s (ratio to cuBLAS of the same run); n/a: the schedule's block "
              "tile does not divide the shape (ragged shapes wait for the generality issue).",
              ""]
    lines.append("| dtype | schedule | " + " | ".join(shape_label(s) for s in shapes) + " |")
    lines.append("|---|---|" + "---:|" * len(shapes))
    for dtype in dtypes:
        for bundle in bundles[dtype]:
            lines.append("| %s | %s | %s |" % (dtype, bundle, " | ".join(
                cell(by_key.get((bundle, shape))) for shape in shapes)))
        cublas = []
        for shape in shapes:
            values = sorted(by_key[b, shape].cublas for b in bundles[dtype]
                            if (b, shape) in by_key and by_key[b, shape].timed
                            and by_key[b, shape].cublas is not None)
            cublas.append("%.1f" % values[len(values) // 2] if values else "n/a")
        lines.append("| %s | *cuBLAS (median of the column's runs)* | %s |" % (
            dtype, " | ".join(cublas)))
    lines.append("")

    checks = []
    for dtype in dtypes:
        passed = [run for run in by_key.values() if run.dtype == dtype and run.outcome == "pass"]
        if passed:
            checks.append("- %s: %d passing runs; largest relative Frobenius error %s vs "
                          "cuBLAS, %s vs fp64." % (
                              dtype, len(passed), worst([run.vs_cublas for run in passed]),
                              worst([run.vs_fp64 for run in passed])))
    if checks:
        lines += ["## Numerics", ""] + checks + [""]

    failed = [run for run in by_key.values() if run.outcome in FAILED]
    skipped = [run for run in by_key.values() if run.outcome == "skipped"]
    if failed or skipped:
        lines += ["## Failures and skipped runs", ""]
        for run in failed:
            lines.append("- %s at %s: %s%s" % (
                run.bundle, shape_label(run.shape), run.outcome.upper(),
                " — " + run.note if run.note else ""))
        # Skipped runs by bundle and reason, with their shapes.
        reasons = {}
        for run in skipped:
            reasons.setdefault((run.bundle, run.note), []).append(run.shape)
        for (bundle, note), skipped_shapes in sorted(reasons.items()):
            where = ("every shape" if set(skipped_shapes) >= set(shapes)
                     else ", ".join(shape_label(shape) for shape in skipped_shapes))
            lines.append("- %s at %s: %s" % (bundle, where, note or "skipped"))
        lines.append("")
    return "\n".join(lines)


def text_table(dtypes, shapes, best):
    rows = [("dtype", "shape", "gemm-opt", "cuBLAS", "ratio", "best schedule / why not")]
    for dtype in dtypes:
        for shape in shapes:
            entry = best[dtype, shape]
            run = entry.run
            if run:
                rows.append((dtype, shape, fmt(run.tflops), fmt(run.cublas),
                             fmt(run.ratio, 3), run.bundle))
            else:
                rows.append((dtype, shape, "n/a", "n/a", "n/a", entry.why))
            if entry.note:
                rows[-1] = rows[-1][:-1] + (rows[-1][-1] + "  [" + entry.note + "]",)
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    out = []
    for row in rows:
        out.append("  ".join([row[0].ljust(widths[0]), row[1].ljust(widths[1])] +
                             [row[i].rjust(widths[i]) for i in (2, 3, 4)] + [row[5]]))
    return "\n".join(out)


# --- chart ------------------------------------------------------------------

def chart(path, meta, shapes, dtypes, best):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError as error:
        print("hopper_report: no chart (%s)" % error, file=sys.stderr)
        return False

    panels = len(dtypes)
    figure, axes = plt.subplots(panels, 1, figsize=(max(9.0, 1.55 * len(shapes) + 2), 4.6 * panels),
                                squeeze=False)
    x = np.arange(len(shapes))
    width = 0.38
    for axis, dtype in zip(axes[:, 0], dtypes):
        ours = [best[dtype, s].run.tflops if best[dtype, s].run else np.nan for s in shapes]
        theirs = [best[dtype, s].run.cublas if best[dtype, s].run and best[dtype, s].run.cublas
                  is not None else np.nan for s in shapes]
        top = np.nanmax(ours + theirs) if not np.all(np.isnan(ours + theirs)) else 1.0
        bars_ours = axis.bar(x - width / 2, ours, width, label="gemm-opt (best Hopper schedule)",
                             color="#2f6db5")
        bars_theirs = axis.bar(x + width / 2, theirs, width, label="cuBLAS (same run)",
                               color="#9a9a9a")
        for bars in (bars_ours, bars_theirs):
            for bar in bars:
                height = bar.get_height()
                if np.isfinite(height) and height > 0.12 * top:
                    axis.text(bar.get_x() + bar.get_width() / 2, height - 0.02 * top,
                              "%.0f" % height, ha="center", va="top", fontsize=8,
                              color="white")
        for i, shape in enumerate(shapes):
            entry = best[dtype, shape]
            if entry.run and np.isfinite(ours[i]) and ours[i] > 0.55 * top:
                # The schedule's name up the gemm-opt bar.
                axis.text(x[i] - width / 2, 0.03 * top, entry.run.bundle, rotation=90,
                          ha="center", va="bottom", fontsize=7, color="#dfe9f5")
            if entry.run:
                pair_top = max(v for v in (ours[i], theirs[i]) if np.isfinite(v))
                ratio = entry.run.ratio
                axis.text(x[i], pair_top + 0.03 * top, "%.2f×" % ratio if ratio is not None
                          else "?", ha="center", va="bottom", fontsize=10, fontweight="bold",
                          color="#1a7f37" if ratio is not None and ratio >= 1.0 else "#222222")
            else:
                if entry.why == NOT_DIVISIBLE:
                    label = "n/a\nnot divisible"
                elif entry.failed:
                    label = "n/a\nfailed"
                else:
                    label = "n/a\nnot run"
                axis.text(x[i], 0.04 * top, label, ha="center", va="bottom", fontsize=8.5,
                          color="#a33", style="italic")
        axis.set_xticks(x)
        axis.set_xticklabels([shape_label(s, cube=True) for s in shapes], fontsize=10)
        axis.set_xlabel("shape M×N×K", fontsize=10)
        axis.set_ylabel("TFLOP/s", fontsize=10)
        axis.set_xlim(-0.6, len(shapes) - 0.4)
        axis.set_ylim(0, top * 1.15)
        axis.set_title("%s (ratio = gemm-opt / cuBLAS)" % dtype, fontsize=11)
        axis.grid(axis="y", alpha=0.3)
        axis.set_axisbelow(True)
    handles, labels = axes[0, 0].get_legend_handles_labels()
    figure.suptitle("gemm-opt Hopper (wgmma) vs cuBLAS — %s, commit %s, %s" % (
        meta["device"], meta["commit"], meta["date"]), fontsize=12)
    top_margin = 1 - 0.62 / figure.get_figheight()
    figure.legend(handles, labels, loc="upper center", ncol=2, fontsize=9.5, frameon=False,
                  bbox_to_anchor=(0.5, top_margin + 0.3 / figure.get_figheight()))
    figure.tight_layout(rect=(0, 0, 1, top_margin))
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return True


# --- main -------------------------------------------------------------------

def main():
    out_default = os.environ.get("OUT") or "bench-out"
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="*",
                        help="hopper-results.json, gemm-run JSON files or folders "
                             "(default: OUT/hopper-results.json)")
    parser.add_argument("--out", default=out_default, help="output folder (default: %(default)s)")
    parser.add_argument("--artifacts", default="device-artifacts",
                        help="artifacts folder, for COMMIT and bundle types (default: %(default)s)")
    parser.add_argument("--bundles", default=HOPPER_BUNDLES,
                        help="globs of the bundles to report (default: %(default)r; '*' for all)")
    parser.add_argument("--quiet", action="store_true", help="do not print the table")
    args = parser.parse_args()

    paths = args.results or [os.path.join(args.out, "hopper-results.json")]
    runs, meta = load(paths, args.artifacts)
    if not runs:
        print("hopper_report: no results in %s" % " ".join(paths), file=sys.stderr)
        return 2
    json_device, details = device_details(runs)
    for run in runs:  # the run counts from gemm-run's JSON when not recorded
        timing = run.result.get("timing") or {}
        if "iterations" not in meta and (timing.get("gemm_opt") or {}).get("runs"):
            meta["iterations"] = timing["gemm_opt"]["runs"]
        if "warmup" not in meta and timing.get("warmup_runs") is not None:
            meta["warmup"] = timing["warmup_runs"]
    if not meta.get("device"):
        meta["device"] = nvidia_smi_name() or json_device or "unknown device"
    if not meta.get("commit"):
        try:
            with open(os.path.join(args.artifacts, "COMMIT")) as file:
                meta["commit"] = file.read().strip() or "unknown"
        except OSError:
            meta["commit"] = "unknown"
    if not meta.get("date"):
        meta["date"] = datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M:%S UTC")

    by_key, shapes, dtypes, bundles, best = analyse(runs, meta, args.bundles)
    if not by_key:
        print("hopper_report: no results of bundles matching %r" % args.bundles, file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    md_path = os.path.join(args.out, "hopper-benchmark.md")
    with open(md_path, "w") as file:
        file.write(markdown(meta, details, by_key, shapes, dtypes, bundles, best))
    png_path = os.path.join(args.out, "hopper-benchmark.png")
    wrote_png = chart(png_path, meta, shapes, dtypes, best)
    if not args.quiet:
        print()
        print("== best Hopper schedule per shape (TFLOP/s; %s, commit %s)" % (
            meta["device"], meta["commit"]))
        print(text_table(dtypes, shapes, best))
        print()
        print("wrote %s%s" % (md_path, " and " + png_path if wrote_png else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
