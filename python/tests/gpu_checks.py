# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Inputs, references and tolerances of the GPU tests (torch needed).

Inputs are uniform in ±[1/16, 1] (never zero), references are computed in
float64 from the very inputs the kernel read, and every output buffer is
poisoned with NaN first: an element the kernel does not write fails.
"""

import torch

#: Largest |result - reference| / max|reference| accepted, per input type:
#: about two units of the output's rounding (bf16 8 bits, f16 11), tf32's
#: 10-bit products, f32 accumulation order.
TOLERANCE = {"bf16": 2.0**-7, "f16": 2.0**-10, "tf32": 2.0**-8, "f32": 2.0**-16}
DTYPES = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32,
          "tf32": torch.float32}


def uniform(*shape, dtype=torch.bfloat16, generator=None):
    """Uniform in ±[1/16, 1], on the GPU."""
    magnitude = torch.rand(*shape, device="cuda", generator=generator) * (15 / 16) + 1 / 16
    sign = torch.randint(0, 2, shape, device="cuda", generator=generator) * 2 - 1
    return (magnitude * sign).to(dtype)


def matrix(rows, cols, order="row", dtype=torch.bfloat16, batch=None):
    """A rows x cols matrix (a batch of them) in row- or column-major order."""
    lead = () if batch is None else (batch,)
    if order == "row":
        return uniform(*lead, rows, cols, dtype=dtype)
    return uniform(*lead, cols, rows, dtype=dtype).transpose(-1, -2)


def poisoned(shape, dtype, order="row"):
    if order == "row":
        return torch.full(shape, float("nan"), dtype=dtype, device="cuda")
    swapped = (*shape[:-2], shape[-1], shape[-2])
    return torch.full(swapped, float("nan"), dtype=dtype, device="cuda").transpose(-1, -2)


def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh((2 / torch.pi) ** 0.5 * (x + 0.044715 * x**3)))


ACTIVATIONS = {
    None: lambda x: x,
    "relu": torch.relu,
    "gelu": lambda x: 0.5 * x * (1 + torch.erf(x / 2**0.5)),
    "gelu_tanh": gelu_tanh,
    "silu": lambda x: x * torch.sigmoid(x),
}


def reference(a, b, bias=None, residual=None, c=None, alpha=1.0, beta=0.0,
              activation=None, bias_along="column"):
    """The fp64 result of the epilogue on these inputs."""
    acc = alpha * torch.matmul(a.double(), b.double())
    if c is not None and beta != 0:
        acc = acc + beta * c.double()
    if bias is not None:
        acc = acc + (bias.double() if bias_along == "column" else bias.double()[:, None])
    acc = ACTIVATIONS[activation](acc)
    if residual is not None:
        acc = acc + residual.double()
    return acc


def assert_close(result, expected, kind="bf16"):
    """`result` matches the fp64 `expected` within the tolerance of `kind`;
    NaN or Inf anywhere fails."""
    assert result.shape == expected.shape, (result.shape, expected.shape)
    assert torch.isfinite(result).all(), "NaN or Inf in the result (unwritten?)"
    error = (result.double() - expected).abs().max().item()
    scale = max(expected.abs().max().item(), 1.0)
    assert error <= TOLERANCE[kind] * scale, (
        f"max error {error:.3g} against a scale of {scale:.3g}: "
        f"{error / scale:.3g} > {TOLERANCE[kind]:.3g} ({kind})")
