# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints a JSON object whose field KEY holds arrays nested DEPTH levels
deep (the object itself is one more), for the tests of the JSON nesting
limit (runtime/bundle/JsonNestingLimit.h).

    nested-json.py KEY DEPTH [FIELD=JSON ...]

The other fields come first, in order.
"""
import sys

key, depth = sys.argv[1], int(sys.argv[2])
fields = [arg.split("=", 1) for arg in sys.argv[3:]]
print("{" + "".join('"%s": %s, ' % (name, value) for name, value in fields) +
      '"%s": ' % key + "[" * depth + "]" * depth + "}")
