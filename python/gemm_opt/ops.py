# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The torch custom op ``gemm_opt::matmul``, for torch.compile and CUDA graphs.

    torch.ops.gemm_opt.matmul(a, b, bias=None, residual=None, c=None,
                              alpha=1.0, beta=0.0, activation="none",
                              bias_along="column", allow_tf32=False) -> Tensor

returns activation(alpha * a @ b + beta * c + bias) + residual in a new
row-major tensor of a's dtype: every fused form of gemm_opt.matmul is this
one op, with the epilogue as arguments. Its fake (and meta) implementation
gives the output's shape, dtype and strides, so torch.compile(fullgraph=True)
keeps it in the graph; the real one runs gemm_opt.matmul on the current
stream without synchronizing, so CUDA graphs capture it (after a warm-up
call has compiled and loaded its kernel). Its backward recomputes the
epilogue with torch operations (the GEMMs by torch.matmul) and
differentiates that: correct, not fast; gemm_opt is for inference first.

Importing this module imports torch.
"""

import torch

from . import _gemm_opt as _core
from . import _matmul, _tensors

__all__ = ["matmul", "reference"]

# The op is defined through torch.library.Library rather than
# torch.library.custom_op: the dispatcher then calls _run directly, without
# custom_op's Python layers, which cost about 7 µs a call on the H200's host
# (docs/design/host-cost.md).
_LIBRARY = torch.library.Library("gemm_opt", "DEF")
_LIBRARY.define(
    "matmul(Tensor a, Tensor b, Tensor? bias=None, Tensor? residual=None, "
    "Tensor? c=None, float alpha=1.0, float beta=0.0, str activation='none', "
    "str bias_along='column', bool allow_tf32=False) -> Tensor"
)


def _run(a, b, bias=None, residual=None, c=None, alpha=1.0, beta=0.0,
         activation="none", bias_along="column", allow_tf32=False):
    out = _tensors.new_output(a, b)
    if out is None or out.numel() == 0:
        # gemm_opt.matmul says what is wrong with a and b, or there is
        # nothing to compute.
        return _matmul.matmul(a, b, out) if out is None else out
    if c is not None and beta != 0:
        out.copy_(c)
    else:
        beta = 0.0
    _core.matmul(
        a, b, out, bias, residual, alpha, beta,
        _tensors.activation_name(activation), bias_along, allow_tf32, None,
    )
    return out


# CPU tensors reach the extension too, which says what is wrong with them.
_LIBRARY.impl("matmul", _run, "CUDA")
_LIBRARY.impl("matmul", _run, "CPU")

#: torch.ops.gemm_opt.matmul.
matmul = torch.ops.gemm_opt.matmul


@torch.library.register_fake("gemm_opt::matmul", lib=_LIBRARY)
def _fake_matmul(
    a, b, bias=None, residual=None, c=None, alpha=1.0, beta=0.0,
    activation="none", bias_along="column", allow_tf32=False,
):
    torch._check(2 <= a.dim() <= 3 and 2 <= b.dim() <= 3,
                 lambda: "gemm_opt::matmul takes 2-D or 3-D a and b")
    torch._check(a.shape[-1] == b.shape[-2],
                 lambda: f"a {tuple(a.shape)} and b {tuple(b.shape)} cannot be multiplied")
    return a.new_empty(_tensors.output_shape(a, b))


_ACTIVATIONS = {
    "none": lambda x: x,
    "relu": torch.nn.functional.relu,
    "gelu_erf": torch.nn.functional.gelu,
    "gelu_tanh": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
    "silu": torch.nn.functional.silu,
}


def reference(
    a, b, bias=None, residual=None, c=None, alpha=1.0, beta=0.0,
    activation="none", bias_along="column",
):
    """What gemm_opt::matmul computes, with torch operations, in the inputs'
    dtype (the tests' references cast to float64 first)."""
    acc = torch.matmul(a, b)
    if alpha != 1:
        acc = acc * alpha
    if c is not None and beta != 0:
        acc = acc + beta * c
    if bias is not None:
        acc = acc + (bias if bias_along == "column" else bias[:, None])
    acc = _ACTIVATIONS[_tensors.activation_name(activation)](acc)
    if residual is not None:
        acc = acc + residual
    return acc


def _setup_context(ctx, inputs, output):
    a, b, bias, residual, c, alpha, beta, activation, bias_along, _ = inputs
    ctx.save_for_backward(a, b, bias, residual, c)
    ctx.epilogue = (alpha, beta, activation, bias_along)


def _backward(ctx, grad):
    tensors = ctx.saved_tensors
    alpha, beta, activation, bias_along = ctx.epilogue
    needed = ctx.needs_input_grad[:5]
    with torch.enable_grad():
        inputs = [
            None if t is None else t.detach().requires_grad_(bool(need))
            for t, need in zip(tensors, needed)
        ]
        recomputed = reference(
            *inputs, alpha=alpha, beta=beta, activation=activation,
            bias_along=bias_along,
        )
        wanted = [t for t, need in zip(inputs, needed) if t is not None and need]
        grads = iter(torch.autograd.grad(recomputed, wanted, grad))
    return tuple(
        next(grads) if t is not None and need else None
        for t, need in zip(inputs, needed)
    ) + (None,) * 5


torch.library.register_autograd(
    "gemm_opt::matmul", _backward, setup_context=_setup_context, lib=_LIBRARY
)


def matmul_into(a, b, out, bias, residual, alpha, beta, activation, bias_along,
                allow_tf32):
    """gemm_opt.matmul's arguments through the op (what it runs while
    torch.compile traces): the op is functional, so an `out` is copied into
    (and read first where beta asks for it)."""
    if bias is not None and not bias_along:
        bias_along = _tensors.infer_bias_along(bias, a.shape[-2], b.shape[-1])
    if allow_tf32 is None:
        allow_tf32 = _tensors.tf32_default(torch, a)
    result = matmul(
        a, b, bias, residual, out if beta != 0 else None, float(alpha),
        float(beta), _tensors.activation_name(activation),
        bias_along or "column", bool(allow_tf32),
    )
    if out is None:
        return result
    out.copy_(result)
    return out
