#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How long gemm_opt.matmul takes for a problem it has never seen, and then
warm.

Each problem runs in a fresh process with an empty JIT cache (a new
directory), at a shape the shipped tuning database has no entry for, so the
chooser ranks the candidate space with the static model, compiles the
winner (MLIR lowering, PTX, ptxas) and loads it. Three host times:

  first call   the process's first gemm_opt call (64x64x64 bf16 row,row, a
               kernel class none of the problems has): it also makes the
               handle, reads the database and registers the torch op
  cold         then the problem's first call, from the call to its return
  warm         the median of later calls with the same tensors (loops of
               100, not synchronized)

The inputs exist and the CUDA context is up before any of them. The cold
call's result is checked against fp64. Prints a markdown table; exits 1 if
a result is wrong.

    python bench/python/cold_call.py
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

#: (m, n, k, dtype, layout of b): shapes away from the public suite's.
PROBLEMS = [
    (3000, 5000, 7000, "bfloat16", "col"),
    (777, 3333, 1234, "float16", "row"),
    (5, 9000, 4000, "bfloat16", "col"),
]


def child(m, n, k, dtype_name, layout_b):
    import torch

    import gemm_opt

    gemm_opt.configure(cache_dir=tempfile.mkdtemp(prefix="gemm-opt-cold-"))
    dtype = getattr(torch, dtype_name)
    torch.manual_seed(0)
    a = (torch.rand(m, k, device="cuda") * 2 - 1).to(dtype)
    if layout_b == "col":
        b = (torch.rand(n, k, device="cuda") * 2 - 1).to(dtype).t()
    else:
        b = (torch.rand(k, n, device="cuda") * 2 - 1).to(dtype)
    out = torch.full((m, n), float("nan"), device="cuda", dtype=dtype)
    prime = torch.ones(64, 64, device="cuda", dtype=torch.bfloat16)
    torch.cuda.synchronize()

    start = time.perf_counter()
    gemm_opt.matmul(prime, prime)
    first = time.perf_counter() - start
    torch.cuda.synchronize()

    start = time.perf_counter()
    gemm_opt.matmul(a, b, out)
    cold = time.perf_counter() - start
    torch.cuda.synchronize()
    expected = a.double() @ b.double()
    error = ((out.double() - expected).norm() / expected.norm()).item()

    times = []
    for _ in range(20):
        start = time.perf_counter()
        for _ in range(100):
            gemm_opt.matmul(a, b, out)
        times.append((time.perf_counter() - start) / 100)
        torch.cuda.synchronize()
    reason = gemm_opt.explain(a, b, out)["reason"]
    print(json.dumps({"first_s": first, "cold_s": cold, "warm_us": statistics.median(times) * 1e6,
                      "error": error, "reason": reason}))


def main():
    rows, failures = [], 0
    for problem in PROBLEMS:
        result = subprocess.run(
            [sys.executable, __file__, "--child", *map(str, problem)],
            capture_output=True, text=True, env=os.environ.copy())
        if result.returncode != 0:
            print(result.stdout, result.stderr, file=sys.stderr)
            failures += 1
            continue
        measured = json.loads(result.stdout.strip().splitlines()[-1])
        ok = measured["error"] < 2e-2
        failures += not ok
        m, n, k, dtype, layout_b = problem
        rows.append(f"| {m}x{n}x{k} {dtype} row,{layout_b} | {measured['first_s']:.3f} | "
                    f"{measured['cold_s']:.3f} | "
                    f"{measured['warm_us']:.1f} | {measured['error']:.1e} "
                    f"{'ok' if ok else 'WRONG'} | {measured['reason'][:90]} |")
    print("| problem | first call, s | cold call, s | warm call, µs | error vs fp64 | "
          "chosen by |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        m, n, k, dtype, layout_b = sys.argv[2:]
        child(int(m), int(n), int(k), dtype, layout_b)
    else:
        main()
