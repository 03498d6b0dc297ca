#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What PyTorch does with the grouped GEMMs of a mixture-of-experts layer.

    python3 bench/grouped-moe.py [--runs 50] [--warmup 5] [--seed 1]
                                 [--case I] [--print-counts] [--fp8]
                                 [--gemm-run BIN --bundle LABEL=JSON ...]

For each case (G experts, T tokens routed evenly or skewed, N, K) it times,
in bf16 on the current CUDA device:
  grouped   torch._grouped_mm: A (T x K) with the experts' rows back to
            back, B (G x K x N, a view of G x N x K: the weights K-major),
            offs the int32 cumulative row counts;
  loop      one torch.matmul per non-empty expert;
  dense     one T x K @ K x N GEMM of the same FLOPs;
  copy      a device-to-device copy (tensor.copy_ of 1 GiB), for the
            memory bandwidth;
each the median of --runs runs timed with CUDA events, L2 flushed before
each run (a 256 MiB buffer written). It prints a Markdown table of TFLOP/s
and the roofline bound of each case: max(FLOPs / dense rate, bytes /
copy bandwidth), where bytes = the weights of each non-empty expert once +
A once + C once (2 bytes each), and which of the two bounds it.

With --gemm-run and one or more --bundle LABEL=kernel.json (contiguous
grouped bundles), each case also runs gemm-run on every bundle with the
same counts (--group-rows), the same number of runs and L2 flushed; gemm-run
checks every group against cuBLAS and fp64 first. The table then has, per
bundle, its TFLOP/s, its ratio to torch._grouped_mm and to the bound, and a
last row with the geometric means of the ratios.

With --fp8, the first two cases (G = 8, T = 32768, even; N x K = 4096 x
7168 and 7168 x 2048) in e4m3 with a bf16 output:
  grouped   torch._scaled_grouped_mm: e4m3 A (T x K), B (G x K x N, a view
            of G x N x K), rowwise scales (scale_a (T,), scale_b (G, N),
            f32), offs int32; "n/a" where this torch has none or refuses;
  loop      one torch._scaled_mm per non-empty expert, rowwise scales;
  dense     one T x K @ K x N torch._scaled_mm with block scales (1x128 for
            A, 128x128 for B, the recipe of the FP8 grouped kernels) where
            this torch takes them on this device, else rowwise (the table
            says which ran);
and the bound counts one byte per 8-bit element. The --bundle entries are
then FP8 grouped bundles (contiguous, block-scaled); gemm-run checks them
against fp64 and per-group cuBLASLt FP8 matmuls first. Ratios are to
torch._scaled_grouped_mm, or to the dense reference where it is n/a.

The routing is runtime/GroupRouting.h's, so gemm-run can be given the same
counts (--print-counts prints them as a --group-rows list per case):
  even:   T // G rows each, the first T % G experts one more;
  skewed: Zipf shares (exponent 1) over a seeded order of the experts. The
          order is a Fisher-Yates shuffle of 0 .. G-1: for i = G-1 down to
          1, j = splitmix64((seed * 0x9E3779B97F4A7C15 + i) mod 2^64)
          mod (i + 1), swap order[i] and order[j]. The expert order[r - 1]
          has rank r and weight 10**6 // r; it gets T * weight // W rows
          (W the sum of the weights) and the T - sum rows left over go one
          each to ranks 1, 2, ...

Needs torch (2.11 or newer, for torch._grouped_mm and
torch._scaled_grouped_mm) and a CUDA device; no network.
"""

import argparse
import math
import re
import statistics
import subprocess
import sys

MASK64 = (1 << 64) - 1

# (G, T, routing, N, K)
CASES = [
    (8, 32768, "even", 4096, 7168),
    (8, 32768, "even", 7168, 2048),
    (128, 32768, "even", 2048, 7168),
    (128, 8192, "skewed", 4096, 2048),
    (32, 16384, "skewed", 7168, 4096),
]


def splitmix64(x):
    """runtime/HostMatrix.cpp's splitMix64."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def shuffle_groups(groups, seed):
    order = list(range(groups))
    for i in range(groups - 1, 0, -1):
        j = splitmix64((seed * 0x9E3779B97F4A7C15 + i) & MASK64) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def group_rows(groups, tokens, routing, seed):
    """Rows per expert, as runtime/GroupRouting.h makes them (no capacity:
    the contiguous layout)."""
    if routing == "even":
        return [tokens // groups + (1 if g < tokens % groups else 0)
                for g in range(groups)]
    weights = [1000000 // (rank + 1) for rank in range(groups)]
    total = sum(weights)
    by_rank = [tokens * w // total for w in weights]
    rank = 0
    while sum(by_rank) < tokens:
        by_rank[rank] += 1
        rank = (rank + 1) % groups
    rows = [0] * groups
    for rank, group in enumerate(shuffle_groups(groups, seed)):
        rows[group] = by_rank[rank]
    return rows


class Timer:
    """Median CUDA-event times with L2 flushed (a 256 MiB write) first."""

    def __init__(self, torch, warmup, runs):
        self.torch = torch
        self.warmup = warmup
        self.runs = runs
        self.flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")

    def median_ms(self, body):
        torch = self.torch
        for _ in range(self.warmup):
            body()
        samples = []
        for _ in range(self.runs):
            self.flush.fill_(len(samples) & 0xFF)
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            body()
            end.record()
            end.synchronize()
            samples.append(start.elapsed_time(end))
        return statistics.median(samples)


def case_routing(torch, case, seed):
    """The case's rows per expert, their offsets (G + 1) and a generator
    seeded with `seed`."""
    groups, tokens, routing, _, _ = case
    rows = group_rows(groups, tokens, routing, seed)
    offsets = [0]
    for count in rows:
        offsets.append(offsets[-1] + count)
    return rows, offsets, torch.Generator(device="cuda").manual_seed(seed)


def run_case(torch, timer, case, seed, check):
    groups, tokens, _, n, k = case
    rows, offsets, gen = case_routing(torch, case, seed)
    a = torch.randn(tokens, k, device="cuda", dtype=torch.bfloat16,
                    generator=gen)
    # G x K x N as a view of G x N x K (each expert's weights K-major, the
    # x @ W^T layout torch._grouped_mm's CUTLASS path reads on sm_90).
    b = torch.randn(groups, n, k, device="cuda", dtype=torch.bfloat16,
                    generator=gen).transpose(-2, -1)
    offs = torch.tensor(offsets[1:], device="cuda", dtype=torch.int32)
    dense_b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16,
                          generator=gen)
    flops = 2.0 * tokens * n * k

    def grouped():
        return torch._grouped_mm(a, b, offs=offs)

    out_loop = torch.empty(tokens, n, device="cuda", dtype=torch.bfloat16)

    def loop():
        for g in range(groups):
            if rows[g]:
                torch.matmul(a[offsets[g]:offsets[g + 1]], b[g],
                             out=out_loop[offsets[g]:offsets[g + 1]])

    def dense():
        return torch.matmul(a, dense_b)

    if check:
        loop()
        err = (grouped().float() - out_loop.float()).norm() / \
            out_loop.float().norm()
        if not err.item() < 2e-2:
            print(f"case {case}: torch._grouped_mm differs from the loop "
                  f"(rel. Frobenius {err.item():.3e})", file=sys.stderr)
    times = {
        "grouped": timer.median_ms(grouped),
        "loop": timer.median_ms(loop),
        "dense": timer.median_ms(dense),
    }
    moved = 2 * (sum(1 for r in rows if r) * k * n + tokens * k + tokens * n)
    return rows, flops, moved, times


def random_e4m3(torch, shape, gen):
    """Random e4m3 values of `shape` (normal, within the type's range)."""
    values = torch.randn(*shape, device="cuda", dtype=torch.float32,
                         generator=gen) * 32
    return values.clamp(-448, 448).to(torch.float8_e4m3fn)


def random_scales(torch, shape, gen):
    """Positive f32 scales around 2^-8 (C about 1 for these inputs)."""
    return (torch.rand(*shape, device="cuda", dtype=torch.float32,
                       generator=gen) + 0.5) * 2.0 ** -8


def dense_block_scaled(torch, a, b, gen):
    """A body for one block-scaled torch._scaled_mm of a (T x K, e4m3) and
    b (K x N, column-major e4m3), and what ran: block scales (1x128,
    128x128) where this torch takes them, else rowwise. Layouts differ
    between torch versions, so each is tried once."""
    tokens, k = a.shape
    n = b.shape[1]
    kb, nb = -(-k // 128), -(-n // 128)
    attempts = [
        # Scales of A M-major (T x K/128, stride (1, T)), of B K-major.
        ("block 1x128 x 128x128",
         random_scales(torch, (kb, tokens), gen).t(),
         random_scales(torch, (nb, kb), gen).t()),
        ("block 1x128 x 128x128",
         random_scales(torch, (tokens, kb), gen),
         random_scales(torch, (kb, nb), gen)),
    ]
    errors = []
    for what, scale_a, scale_b in attempts:
        try:
            torch._scaled_mm(a, b, scale_a, scale_b, out_dtype=torch.bfloat16)
            torch.cuda.synchronize()
        except (RuntimeError, TypeError, ValueError) as err:
            errors.append(str(err).splitlines()[0][:160])
            continue
        return (lambda: torch._scaled_mm(a, b, scale_a, scale_b,
                                         out_dtype=torch.bfloat16)), what
    scale_a = random_scales(torch, (tokens, 1), gen)
    scale_b = random_scales(torch, (1, n), gen)
    print(f"torch._scaled_mm takes no block scales here ({'; '.join(errors)}):"
          " the dense reference is rowwise", file=sys.stderr)
    return (lambda: torch._scaled_mm(a, b, scale_a, scale_b,
                                     out_dtype=torch.bfloat16)), "rowwise"


def time_if_it_runs(torch, timer, body, what):
    """timer.median_ms(body), or None (printed to stderr) where torch
    refuses the first run."""
    try:
        body()
        torch.cuda.synchronize()
    except (RuntimeError, TypeError, ValueError) as err:
        print(f"{what} failed: {str(err).splitlines()[0][:200]}",
              file=sys.stderr)
        return None
    return timer.median_ms(body)


def run_case_fp8(torch, timer, case, seed):
    """run_case in e4m3 (see --fp8); a time is None where torch has no such
    function. Also returns what the dense reference ran."""
    groups, tokens, _, n, k = case
    rows, offsets, gen = case_routing(torch, case, seed)
    a = random_e4m3(torch, (tokens, k), gen)
    b = random_e4m3(torch, (groups, n, k), gen).transpose(-2, -1)
    scale_a = random_scales(torch, (tokens,), gen)
    scale_b = random_scales(torch, (groups, n), gen)
    offs = torch.tensor(offsets[1:], device="cuda", dtype=torch.int32)
    dense_b = random_e4m3(torch, (n, k), gen).t()
    flops = 2.0 * tokens * n * k

    times = {"grouped": None, "loop": None, "dense": None}
    scaled_grouped_mm = getattr(torch, "_scaled_grouped_mm", None)
    if scaled_grouped_mm is None:
        print(f"torch {torch.__version__} has no torch._scaled_grouped_mm",
              file=sys.stderr)
    else:
        def grouped():
            return scaled_grouped_mm(a, b, scale_a, scale_b, offs=offs,
                                     out_dtype=torch.bfloat16)
        times["grouped"] = time_if_it_runs(
            torch, timer, grouped, f"torch._scaled_grouped_mm on {case}")

    loop_scales = [(random_scales(torch, (rows[g], 1), gen),
                    random_scales(torch, (1, n), gen)) for g in range(groups)]

    def loop():
        for g in range(groups):
            if rows[g]:
                torch._scaled_mm(a[offsets[g]:offsets[g + 1]], b[g],
                                 loop_scales[g][0], loop_scales[g][1],
                                 out_dtype=torch.bfloat16)
    times["loop"] = time_if_it_runs(torch, timer, loop,
                                    f"torch._scaled_mm per expert on {case}")
    dense, what = dense_block_scaled(torch, a, dense_b, gen)
    times["dense"] = timer.median_ms(dense)
    moved = (sum(1 for r in rows if r) * k * n + tokens * k + 2 * tokens * n)
    return rows, flops, moved, times, what


def gemm_run_ms(binary, bundle, case, rows, runs):
    """gemm-run's median time of `bundle` on `case` with these counts, or
    None (printed to stderr) where the run fails or its check does."""
    groups, tokens, _, n, k = case
    command = [binary, bundle, "-m", str(tokens), "-n", str(n), "-k", str(k),
               "--groups", str(groups),
               "--group-rows", ",".join(str(r) for r in rows),
               "--iterations", str(runs)]
    done = subprocess.run(command, capture_output=True, text=True,
                          check=False)
    found = re.search(r"^gemm-opt : ([0-9.]+) ms", done.stdout, re.M)
    if done.returncode != 0 or not found:
        print(f"gemm-run failed (exit {done.returncode}): "
              f"{' '.join(command[:10])} ...\n{done.stdout[-2000:]}"
              f"{done.stderr[-2000:]}", file=sys.stderr)
        return None
    return float(found.group(1))


def copy_bandwidth(torch, timer):
    """Bytes per second of a 1 GiB device-to-device copy (read + write)."""
    src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    ms = timer.median_ms(lambda: dst.copy_(src))
    return 2 * src.numel() / (ms * 1e-3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the skewed routings (gemm-run --seed)")
    parser.add_argument("--case", type=int, action="append",
                        help="run only case I (0-based; repeatable)")
    parser.add_argument("--print-counts", action="store_true",
                        help="print each case's rows per expert as a "
                        "gemm-run --group-rows list and exit")
    parser.add_argument("--no-check", action="store_true",
                        help="skip comparing torch._grouped_mm with the loop")
    parser.add_argument("--fp8", action="store_true",
                        help="e4m3 grouped GEMMs of the first two cases "
                        "(torch._scaled_grouped_mm; --bundle: FP8 grouped "
                        "bundles)")
    parser.add_argument("--gemm-run", help="gemm-run to time the bundles with")
    parser.add_argument("--bundle", action="append", default=[],
                        metavar="LABEL=JSON",
                        help="a contiguous grouped bundle to time (repeatable)")
    args = parser.parse_args()
    bundles = [entry.split("=", 1) for entry in args.bundle]
    if any(len(entry) != 2 for entry in bundles) or (bundles and
                                                      not args.gemm_run):
        parser.error("--bundle takes LABEL=JSON, and needs --gemm-run")
    pool = CASES[:2] if args.fp8 else CASES
    if args.case and any(not 0 <= i < len(pool) for i in args.case):
        parser.error(f"--case takes 0 .. {len(pool) - 1}"
                     f"{' with --fp8' if args.fp8 else ''}")
    cases = [pool[i] for i in args.case] if args.case else pool

    if args.print_counts:
        for groups, tokens, routing, n, k in cases:
            rows = group_rows(groups, tokens, routing, args.seed)
            print(f"# G={groups} T={tokens} {routing} N={n} K={k}: gemm-run "
                  f"BUNDLE -m {tokens} -n {n} -k {k} --groups {groups} "
                  f"--group-rows LIST (contiguous; the same counts as "
                  f"--routing {routing} --seed {args.seed})")
            print(",".join(str(r) for r in rows))
        return 0

    import torch
    if not torch.cuda.is_available():
        print("grouped-moe.py: no CUDA device", file=sys.stderr)
        return 3
    timer = Timer(torch, args.warmup, args.runs)
    bandwidth = copy_bandwidth(torch, timer)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"copy bandwidth {bandwidth / 1e9:.0f} GB/s, median of {args.runs} "
          f"runs, L2 flushed (256 MiB) before each\n")
    grouped_name = "scaled_grouped_mm" if args.fp8 else "grouped_mm"
    header = (f"| G | T | routing | N | K | {grouped_name} TFLOP/s | loop "
              f"TFLOP/s | dense TFLOP/s | bound TFLOP/s | bound by | "
              f"{grouped_name} / bound |")
    if args.fp8:
        header += " dense ran |"
    for label, _ in bundles:
        header += (f" {label} TFLOP/s | {label} / {grouped_name} | "
                   f"{label} / bound |")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    ratios = [([], []) for _ in bundles]
    failed = 0
    for case in cases:
        if args.fp8:
            rows, flops, moved, times, dense_ran = run_case_fp8(
                torch, timer, case, args.seed)
        else:
            rows, flops, moved, times = run_case(torch, timer, case,
                                                 args.seed, not args.no_check)
        tflops = {name: flops / (ms * 1e-3) / 1e12 if ms else None
                  for name, ms in times.items()}

        def shown(value, digits=1):
            return "n/a" if value is None else f"{value:.{digits}f}"
        # The ratios' reference: torch's grouped GEMM, else the dense one.
        reference = tflops["grouped"] or tflops["dense"]
        if bundles and tflops["grouped"] is None:
            print(f"case {case}: the bundles' ratios are to the dense "
                  f"reference (no {grouped_name} time)", file=sys.stderr)
        compute_s = flops / (tflops["dense"] * 1e12)
        memory_s = moved / bandwidth
        bound_s = max(compute_s, memory_s)
        bound = flops / bound_s / 1e12
        groups, tokens, routing, n, k = case
        line = (f"| {groups} | {tokens} | {routing} | {n} | {k} | "
                f"{shown(tflops['grouped'])} | {shown(tflops['loop'])} | "
                f"{tflops['dense']:.1f} | {bound:.1f} | "
                f"{'compute' if compute_s >= memory_s else 'memory'} | "
                f"{shown(tflops['grouped'] and tflops['grouped'] / bound, 2)} |")
        if args.fp8:
            line += f" {dense_ran} |"
        for (label, bundle), (vs_torch, vs_bound) in zip(bundles, ratios):
            ms = gemm_run_ms(args.gemm_run, bundle, case, rows, args.runs)
            if ms is None:
                failed += 1
                line += " failed | | |"
                continue
            ours = flops / (ms * 1e-3) / 1e12
            vs_torch.append(ours / reference)
            vs_bound.append(ours / bound)
            line += (f" {ours:.1f} | {vs_torch[-1]:.3f} | "
                     f"{vs_bound[-1]:.3f} |")
        print(line, flush=True)
    if bundles:
        line = "| geometric mean | | | | | | | | | | |" + (" |" if args.fp8
                                                        else "")
        for vs_torch, vs_bound in ratios:
            mean = [math.exp(sum(map(math.log, r)) / len(r)) if r else 0.0
                    for r in (vs_torch, vs_bound)]
            line += f" | {mean[0]:.3f} | {mean[1]:.3f} |"
        print(line)
    if failed:
        print(f"grouped-moe.py: {failed} gemm-run run(s) failed",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
