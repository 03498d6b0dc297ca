# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints an MLIR module whose brackets nest DEPTH levels deep, for the
tests of the nesting limit (compiler/MlirNestingLimit.h).

    nested-mlir.py FORM DEPTH

FORM: array (an array attribute), tuple (a tuple type), region (ops in
regions), string (brackets in a string literal and a comment: no nesting).
"""
import sys

form, depth = sys.argv[1], int(sys.argv[2])
if form == "array":
    # `{` of the attribute dictionary is the first level.
    inner = depth - 1
    print("module attributes {test.x = " + "[" * inner + "]" * inner + "} {}")
elif form == "tuple":
    inner = depth - 1
    print("module attributes {test.x = " + "tuple<" * inner + "i32" +
          ">" * inner + "} {}")
elif form == "region":
    # Each op opens `(`, then `{` for its region: two levels an op (an odd
    # DEPTH rounds up).
    ops = (depth + 1) // 2
    print('"test.op"() ({\n' * ops + "}) : () -> ()\n" * ops, end="")
elif form == "string":
    print("// " + "(" * depth)
    print('module attributes {test.s = "' + "[<{(" * depth + '\\"->"} {}')
else:
    sys.exit("unknown form " + form)
