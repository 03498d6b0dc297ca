# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints a JSON file with one field replaced, for gemm-tune's tests of bad
input.

    gemm-tune-set-json.py FILE PATH VALUE

PATH names the field as gemm-tune's errors do ("problems[0].ranking[1]",
"runs[0].result.timing.gemm_opt.tflops"); VALUE is JSON ("5", '"x"',
"-1e308").
"""
import json
import re
import sys

document = json.load(open(sys.argv[1]))
steps = [int(index) if index else key
         for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", sys.argv[2])]
parent = document
for step in steps[:-1]:
    parent = parent[step]
parent[steps[-1]] = json.loads(sys.argv[3])
json.dump(document, sys.stdout, indent=1)
