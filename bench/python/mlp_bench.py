#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Times a Llama-3-8B MLP block (examples/python/llama_mlp.py: hidden 4096,
intermediate 14336, bf16, no bias) six ways in one process:

    gemm_opt eager            gemm_opt.nn.Linear, SiLU fused into the gate
    gemm_opt compile          the same under torch.compile(fullgraph=True)
    gemm_opt compile reduce-overhead
                              ... with mode="reduce-overhead" (CUDA graphs)
    torch eager               torch.nn.Linear (cuBLAS), SiLU and product
    torch compile             the same under torch.compile(fullgraph=True)
    torch max-autotune        torch.compile(mode="max-autotune")

at each token count: CUDA events around each forward, L2 flushed before
each (256 MiB written), the median of --runs. Every variant's output is
checked against fp64 first. Then the host cost of a warm gemm_opt.matmul:
short loops of calls timed on the host without synchronizing (a small
problem, so the GPU keeps up), directly, with outputs that change every
call, through the custom op and through gemm_opt.nn.Linear, beside
torch.mm and torch.matmul. Prints markdown tables; exits 1 if an output is
wrong.

    python bench/python/mlp_bench.py [--tokens 8192 16] [--runs 50]
"""

import argparse
import copy
import pathlib
import statistics
import sys
import time

import torch

import gemm_opt
import gemm_opt.nn
import gemm_opt.ops

HERE = pathlib.Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[2] / "examples" / "python"))
from llama_mlp import LlamaMLP, use_gemm_opt  # noqa: E402

HIDDEN, INTERMEDIATE = 4096, 14336


def time_forward(forward, x, runs, flush):
    """Median milliseconds of forward(x), L2 flushed before each run."""
    times = []
    for _ in range(runs):
        flush.zero_()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        forward(x)
        end.record()
        times.append((start, end))
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in times)


def fp64_forward(block, x):
    gate = x.double() @ block.gate_proj.weight.double().t()
    up = x.double() @ block.up_proj.weight.double().t()
    hidden = torch.nn.functional.silu(gate) * up
    return hidden @ block.down_proj.weight.double().t()


def relative_error(result, expected):
    if not torch.isfinite(result).all():
        return float("inf")
    return ((result.double() - expected).norm() / expected.norm()).item()


def host_cost(calls, loops):
    """Microseconds per warm call on the host: the median over `loops` loops
    of `calls` calls, each loop timed without synchronizing and short enough
    that the GPU's launch queue never fills (a small problem, so the GPU
    keeps up). One row cycles through 512 outputs, more than a kernel keeps
    ready launches for: every call there is checked and encoded anew."""
    x = torch.randn(128, 128, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(128, 128, device="cuda", dtype=torch.bfloat16)
    out = torch.empty(128, 128, device="cuda", dtype=torch.bfloat16)
    outs = [torch.empty_like(out) for _ in range(512)]
    layer = gemm_opt.nn.Linear(128, 128, bias=False, device="cuda", dtype=torch.bfloat16)
    wt = w.t()
    cycle = iter(range(1 << 62))
    candidates = {
        "gemm_opt.matmul(x, w.t(), out)": lambda: gemm_opt.matmul(x, wt, out),
        "gemm_opt.matmul(x, w.t())": lambda: gemm_opt.matmul(x, wt),
        "gemm_opt.matmul(x, w.t(), out), out cycling through 512": (
            lambda: gemm_opt.matmul(x, wt, outs[next(cycle) % 512])),
        "torch.ops.gemm_opt.matmul (custom op)": lambda: torch.ops.gemm_opt.matmul(x, wt),
        "gemm_opt.nn.Linear": lambda: layer(x),
        "torch.mm(x, w.t(), out=out) (cuBLAS)": lambda: torch.mm(x, wt, out=out),
        "torch.matmul(x, w.t()) (cuBLAS)": lambda: torch.matmul(x, wt),
        "x.new_empty(128, 128) (torch's allocation alone)": lambda: x.new_empty((128, 128)),
    }
    results = {}
    with torch.inference_mode():
        for name, call in candidates.items():
            for _ in range(600):
                call()
            torch.cuda.synchronize()
            times = []
            for _ in range(loops):
                start = time.perf_counter()
                for _ in range(calls):
                    call()
                times.append((time.perf_counter() - start) / calls * 1e6)
                torch.cuda.synchronize()
            results[name] = statistics.median(times)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, nargs="+", default=[8192, 16])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--skip-max-autotune", action="store_true",
                        help="leave out torch.compile(mode='max-autotune') (minutes to tune)")
    parser.add_argument("--host-calls", type=int, default=100)
    parser.add_argument("--host-loops", type=int, default=50)
    args = parser.parse_args()

    torch.manual_seed(0)
    torch.backends.cuda.matmul.allow_tf32 = False
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    reference_block = LlamaMLP(HIDDEN, INTERMEDIATE, device="cuda", dtype=torch.bfloat16)
    ours = use_gemm_opt(copy.deepcopy(reference_block))
    variants = {
        "gemm_opt eager": ours,
        "gemm_opt compile": torch.compile(ours, fullgraph=True),
        "gemm_opt compile reduce-overhead": torch.compile(
            copy.deepcopy(ours), fullgraph=True, mode="reduce-overhead"),
        "torch eager": reference_block,
        "torch compile": torch.compile(copy.deepcopy(reference_block), fullgraph=True),
    }
    if not args.skip_max_autotune:
        variants["torch max-autotune"] = torch.compile(
            copy.deepcopy(reference_block), mode="max-autotune")

    rows, failures = [], 0
    device = torch.cuda.get_device_name()
    for tokens in args.tokens:
        x = torch.randn(tokens, HIDDEN, device="cuda", dtype=torch.bfloat16)
        with torch.inference_mode():
            expected = fp64_forward(reference_block, x)
            times, errors = {}, {}
            for name, forward in variants.items():
                errors[name] = relative_error(forward(x), expected)
                times[name] = time_forward(forward, x, args.runs, flush)
        flops = 6.0 * tokens * HIDDEN * INTERMEDIATE
        for name in variants:
            # Two bf16 roundings on the way (the hidden activations, the
            # output): a few units of 2^-8.
            ok = errors[name] < 2e-2
            failures += not ok
            ratio = lambda other: (f"{times[other] / times[name]:.3f}x"
                                   if other in times else "-")
            rows.append(f"| {tokens} | {name} | {times[name]:.4f} | "
                        f"{flops / times[name] / 1e9:.1f} | {ratio('torch eager')} | "
                        f"{ratio('torch max-autotune')} | {errors[name]:.1e} "
                        f"{'ok' if ok else 'WRONG'} |")

    costs = host_cost(args.host_calls, args.host_loops)
    print(f"\nLlama-3-8B MLP block (bf16, {HIDDEN} -> {INTERMEDIATE} -> {HIDDEN}) on "
          f"{device}, gemm_opt {gemm_opt.__version__}, torch {torch.__version__}; "
          f"median of {args.runs}, L2 flushed. Ratios above 1: faster than the column's.\n")
    print("| tokens | variant | ms | TFLOP/s | vs torch eager | vs max-autotune | "
          "error vs fp64 |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("\nHost cost of a warm call (128x128x128 bf16, µs per call, median "
          f"of {args.host_loops} loops of {args.host_calls}):\n")
    print("| call | µs |")
    print("|---|---|")
    for name, micros in costs.items():
        print(f"| {name} | {micros:.2f} |")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
