#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A Llama-style MLP block on gemm-opt kernels.

Llama's feed-forward block is three bias-free projections:

    down_proj( silu(gate_proj(x)) * up_proj(x) )

with hidden size 4096 and intermediate size 14336 in Llama-3-8B. In torch,
each projection is a cuBLAS GEMM and SiLU and the product are two more
kernels. gemm_opt.nn.Linear is a drop-in for torch.nn.Linear whose
epilogue can apply an activation before the result leaves the GEMM, so
the SiLU rides along with the gate projection's kernel: three GEMMs and one
elementwise product. use_gemm_opt() swaps the projections of an existing
block in place, keeping its parameters (and so its state_dict), the way
one would patch a Hugging Face LlamaMLP.

The block stays one graph under torch.compile(fullgraph=True): each
gemm_opt.nn.Linear is one node, the gemm_opt::matmul custom op.

    python examples/python/llama_mlp.py                 # 8192 tokens
    python examples/python/llama_mlp.py --tokens 16 --compile
"""

import argparse

import torch

import gemm_opt
import gemm_opt.nn


class LlamaMLP(torch.nn.Module):
    """The block as Hugging Face's LlamaMLP writes it."""

    def __init__(self, hidden=4096, intermediate=14336, device=None, dtype=None):
        super().__init__()
        kwargs = {"bias": False, "device": device, "dtype": dtype}
        self.gate_proj = torch.nn.Linear(hidden, intermediate, **kwargs)
        self.up_proj = torch.nn.Linear(hidden, intermediate, **kwargs)
        self.down_proj = torch.nn.Linear(intermediate, hidden, **kwargs)
        self.act_fn = torch.nn.SiLU()

    def forward(self, x):
        return self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))


def use_gemm_opt(mlp):
    """Runs `mlp`'s projections on gemm-opt kernels, in place: the gate
    projection with SiLU fused into its epilogue (act_fn becomes the
    identity), the parameters shared with the torch.nn.Linear layers."""
    mlp.gate_proj = gemm_opt.nn.Linear.from_linear(mlp.gate_proj, activation="silu")
    mlp.act_fn = torch.nn.Identity()
    mlp.up_proj = gemm_opt.nn.Linear.from_linear(mlp.up_proj)
    mlp.down_proj = gemm_opt.nn.Linear.from_linear(mlp.down_proj)
    return mlp


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=8192, help="batch x sequence")
    parser.add_argument("--compile", action="store_true",
                        help="also run it under torch.compile(fullgraph=True)")
    args = parser.parse_args()

    torch.manual_seed(0)
    block = LlamaMLP(device="cuda", dtype=torch.bfloat16)
    x = torch.randn(args.tokens, 4096, device="cuda", dtype=torch.bfloat16)
    with torch.inference_mode():
        expected = block(x)  # cuBLAS
        use_gemm_opt(block)
        y = block(x)  # gemm-opt: compiles the three kernels on the first call
        if args.compile:
            y_compiled = torch.compile(block, fullgraph=True)(x)
    torch.cuda.synchronize()

    def relative_error(result):
        return ((result.float() - expected.float()).norm() / expected.float().norm()).item()

    print(f"tokens {args.tokens}: relative difference to torch (cuBLAS) "
          f"{relative_error(y):.2e}")
    if args.compile:
        print(f"under torch.compile(fullgraph=True): {relative_error(y_compiled):.2e}")
    for name, layer in (("gate_proj", block.gate_proj), ("up_proj", block.up_proj),
                        ("down_proj", block.down_proj)):
        rows = x if name != "down_proj" else torch.empty(
            args.tokens, 14336, device="cuda", dtype=torch.bfloat16)
        choice = gemm_opt.explain(rows, layer.weight.t(), activation=layer.activation)
        print(f"{name}: {choice['kernel']}\n    {choice['reason']}")


if __name__ == "__main__":
    main()
