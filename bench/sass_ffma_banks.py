#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Operand reuse and register-bank conflicts of the FFMAs in a kernel's hottest loop.

    bench/sass_ffma_banks.py KERNEL.cubin|KERNEL.sass [--nvdisasm PATH] [--list]

Reads `nvdisasm -c` output (or runs nvdisasm on a cubin), takes the loop with
the most FFMAs (a backward branch to a label) and counts, per loop iteration:
instructions by class, FFMA source operands flagged `.reuse`, reuse hits (an
operand whose slot the instruction just before flagged `.reuse` for the same
register) and FFMAs that could stall on a register-bank conflict.

Bank model (Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
Microbenchmarking", 2018, and their Turing paper, 2019; assumed to hold on
Ampere and Hopper, which nobody has published otherwise): two banks, bank =
register index mod 2, each 64 bits wide, so one cycle reads two registers of a
bank; an instruction whose three source reads that miss the reuse cache all
fall in one bank needs a second cycle ("conflict3"). Also reported, as bounds:
"conflict2", FFMAs with two non-reused sources in one bank (one 32-bit read
per bank and cycle), and "maxwell", Maxwell's 4 banks (index mod 4, two
non-reused sources in one bank; maxas's sgemm notes). RZ, constants and
uniform registers never conflict.
"""

import argparse
import collections
import os
import re
import subprocess
import sys

NVDISASM_DEFAULT = (
    "/tmp/nvd-venv/lib/python3.11/site-packages/nvidia/cu13/bin/nvdisasm")

INSTR = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*$")
LABEL = re.compile(r"^\s*(\.L_\w+):")
REG = re.compile(r"^-?\|?(R\d+|RZ)(\.reuse)?")


def parse(text):
    """[(kind, value)]: ("label", name) or ("instr", (pred, opcode, operands))."""
    items = []
    for line in text.splitlines():
        m = LABEL.match(line)
        if m:
            items.append(("label", m.group(1)))
            continue
        m = INSTR.match(line)
        if not m:
            continue
        body = m.group(2)
        pred = None
        if body.startswith("@"):
            pred, body = body.split(None, 1)
        parts = body.split(None, 1)
        opcode = parts[0]
        operands = []
        if len(parts) > 1:
            operands = [o.strip() for o in split_operands(parts[1])]
        items.append(("instr", (pred, opcode, operands)))
    return items


def split_operands(s):
    depth, cur, out = 0, "", []
    for ch in s:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return out


def loops(items):
    """(label, body instructions) for every backward branch to a label."""
    where = {}
    found = []
    for i, (kind, value) in enumerate(items):
        if kind == "label":
            where[value] = i
            continue
        pred, opcode, operands = value
        if opcode.startswith("BRA") and operands:
            m = re.search(r"\((\.L_\w+)\)", operands[-1])
            if m and m.group(1) in where:
                start = where[m.group(1)]
                body = [v for k, v in items[start:i + 1] if k == "instr"]
                found.append((m.group(1), body))
    return found


def register(operand):
    """(index or None, reused) of a plain register operand."""
    m = REG.match(operand)
    if not m:
        return None, False
    name, reuse = m.group(1), bool(m.group(2))
    return (None if name == "RZ" else int(name[1:])), reuse


def classify(opcode):
    base = opcode.split(".")[0]
    if base == "FFMA":
        return "FFMA"
    if base in ("LDS", "LDSM"):
        return "LDS"
    if base in ("LDG", "LDGSTS", "STS", "LDGDEPBAR", "DEPBAR", "BAR", "BRA"):
        return base
    return "other"


def analyze(body):
    stats = collections.Counter()
    # (slot, bank) -> the register a .reuse flag cached there; a read of
    # another register of that bank in that slot evicts it.
    cache = {}
    for pred, opcode, operands in body:
        cls = classify(opcode)
        stats["instrs"] += 1
        stats[cls] += 1
        if opcode.startswith("LDS") and opcode.endswith("128"):
            stats["LDS.128"] += 1
        reads = []
        hits = 0
        for slot, operand in enumerate(operands[1:]):
            index, reuse = register(operand)
            if index is None:
                continue
            key = (slot, index % 2)
            if cache.get(key) == index:
                hits += 1
            else:
                reads.append(index)
            cache.pop(key, None)
            if reuse:
                cache[key] = index
                if cls == "FFMA":
                    stats["ffma_reuse_flags"] += 1
        if cls != "FFMA" or pred == "@!PT":
            continue
        stats["ffma_reuse_hits"] += hits
        stats[f"ffma_reads{len(reads)}"] += 1
        reads = sorted(set(reads))
        per_bank2 = collections.Counter(r % 2 for r in reads)
        per_bank4 = collections.Counter(r % 4 for r in reads)
        if any(n >= 3 for n in per_bank2.values()):
            stats["conflict3"] += 1
        if any(n >= 2 for n in per_bank2.values()):
            stats["conflict2"] += 1
        if any(n >= 2 for n in per_bank4.values()):
            stats["maxwell"] += 1
    return stats


COLUMNS = ["instrs", "FFMA", "LDS.128", "LDS", "LDG", "LDGSTS", "STS", "BAR",
           "other", "ffma_reuse_flags", "ffma_reuse_hits", "ffma_reads1",
           "ffma_reads2", "ffma_reads3",
           "conflict3", "conflict2", "maxwell"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="a cubin or nvdisasm -c output")
    parser.add_argument("--nvdisasm", default=os.environ.get(
        "NVDISASM", NVDISASM_DEFAULT))
    parser.add_argument("--list", action="store_true",
                        help="print the loop's FFMAs with their reuse hits")
    args = parser.parse_args()
    if args.input.endswith(".cubin"):
        text = subprocess.run([args.nvdisasm, "-c", args.input], check=True,
                              capture_output=True, text=True).stdout
    else:
        text = open(args.input).read()
    found = loops(parse(text))
    if not found:
        sys.exit("no loop found")
    label, body = max(found, key=lambda lb: sum(
        1 for _, op, _ in lb[1] if op.startswith("FFMA")))
    stats = analyze(body)
    print(" ".join(f"{c}={stats[c]}" for c in COLUMNS) + f" loop={label}")
    if args.list:
        for pred, opcode, operands in body:
            print(f"  {pred or '':6} {opcode} {', '.join(operands)}")


if __name__ == "__main__":
    main()
