# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a gemm-tune-results-1 file (scripts/tune-measure.sh's format) for
the picks of a plan manifest, with made-up measurements.

    fake-results.py MANIFEST PROBLEM0 PROBLEM1 ...

PROBLEMi gives, for the i-th problem of the manifest, the measured TFLOP/s
of its picks in rank order, comma-separated; "-" marks a failed run. Every
run is timed against a cuBLAS at 800 TFLOP/s on an "NVIDIA H200".
"""
import json
import sys

manifest = json.load(open(sys.argv[1]))
problems = manifest["problems"]
specs = sys.argv[2:]
if len(specs) != len(problems):
    sys.exit(f"{len(problems)} problems in the manifest, {len(specs)} given")
runs = []
for problem, spec in zip(problems, specs):
    values = spec.split(",")
    if len(values) != len(problem["ranking"]):
        sys.exit(f"{len(problem['ranking'])} picks, {len(values)} values")
    for pick, value in zip(problem["ranking"], values):
        run = {k: problem[k] for k in ("dtype", "m", "n", "k")}
        run["candidate"] = pick["candidate"]
        if value == "-":
            run.update(exit_code=1,
                       result={"format": "gemm-run-result-1", "status": "fail",
                               "exit_code": 1})
        else:
            tflops = float(value)
            run.update(exit_code=0, result={
                "format": "gemm-run-result-1", "status": "pass", "exit_code": 0,
                "device": {"name": "NVIDIA H200", "arch": "sm_90",
                           "multiprocessors": 132},
                "timing": {"gemm_opt": {"tflops": tflops},
                           "cublas": {"tflops": 800.0},
                           "ratio_to_cublas": tflops / 800.0}})
        runs.append(run)
json.dump({"format": "gemm-tune-results-1", "runs": runs}, sys.stdout,
          indent=1)
