# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.matmul and gemm_opt.explain."""

from . import _gemm_opt as _core
from . import _tensors
from ._gemm_opt import ArgumentError


def matmul(
    a,
    b,
    out=None,
    *,
    bias=None,
    residual=None,
    alpha=1.0,
    beta=0.0,
    activation=None,
    bias_along=None,
    allow_tf32=None,
    stream=None,
):
    """out = activation(alpha * a @ b + beta * out + bias) + residual.

    a is M x K, b K x N (or batches: 3-D, a batch of 1 or a 2-D operand
    broadcast), each row- or column-major (transposed and sliced views are
    read in place), bf16, f16 or f32 (a and b alike). The kernel is the
    chooser's: a kernel library's, else the tuning database's measured
    schedule, else the static model's, compiled on first use and planned
    per shape, layout and epilogue.

    out: where to write; allocated (row-major, a's dtype) for torch tensors.
    bias: N entries (one per column, as nn.Linear's) or M (one per row), of
        out's dtype; bias_along ("column" or "row") decides where M = N.
    residual: laid out like out, added after the activation.
    alpha, beta: beta reads out's old value.
    activation: None, "relu", "gelu" (erf), "gelu_tanh" or "silu".
    allow_tf32: f32 inputs on tf32 tensor cores; default for torch tensors:
        torch.backends.cuda.matmul.allow_tf32.
    stream: default for torch tensors: the current stream of a's device.

    Enqueues on the stream and returns without waiting. Errors: ArgumentError
    (the operand and what is wrong), CompileError, DeviceError.
    """
    torch = _tensors.torch or _tensors.find_torch()
    if torch is not None and isinstance(a, torch.Tensor):
        if torch.compiler.is_compiling():
            from . import ops

            return ops.matmul_into(
                a, b, out, bias, residual, alpha, beta, activation, bias_along,
                allow_tf32,
            )
        if allow_tf32 is None:
            allow_tf32 = _tensors.tf32_default(torch, a)
        if out is None:
            out = _tensors.new_output(a, b)
            if out is not None and out.numel() == 0:
                return out
    # With no stream, the extension takes torch's current stream on the
    # tensors' device (the legacy default stream for other arrays).
    _core.matmul(
        a,
        b,
        out,
        bias,
        residual,
        alpha,
        beta,
        _tensors.activation_name(activation),
        bias_along or "",
        bool(allow_tf32),
        None if stream is None else _tensors.stream_handle(stream),
    )
    return out


def _layouts(layout):
    """("row", "col", "row") from "row,col", ("row", "col") or the like."""
    parts = layout.split(",") if isinstance(layout, str) else list(layout)
    parts = [part.strip() for part in parts]
    if len(parts) == 2:
        parts.append("row")
    if len(parts) != 3:
        raise ArgumentError(
            f"layout {layout!r}: give A's and B's ('row,col'), and C's if "
            "not row"
        )
    return parts


_TYPES = {
    "bf16": "bf16",
    "bfloat16": "bf16",
    "f16": "f16",
    "float16": "f16",
    "half": "f16",
    "f32": "f32",
    "float32": "f32",
    "float": "f32",
}


def _type_name(dtype):
    name = str(dtype).removeprefix("torch.")
    if name == "tf32":
        return "f32"
    try:
        return _TYPES[name]
    except KeyError:
        raise ArgumentError(
            f"dtype {dtype!r}: gemm_opt takes bf16, f16, f32 (and tf32)"
        ) from None


def explain(
    a=None,
    b=None,
    out=None,
    *,
    bias=None,
    residual=None,
    alpha=1.0,
    beta=0.0,
    activation=None,
    bias_along=None,
    allow_tf32=None,
    m=None,
    n=None,
    k=None,
    batch=1,
    dtype="bf16",
    out_dtype=None,
    layout="row,row,row",
    chip=None,
):
    """What gemm_opt.matmul runs for a call, and why, as a dict: origin
    ("library" or "jit"), kernel, schedule, reason, kernel_class.

    Either the call's tensors (a, b, out and the epilogue, as matmul takes
    them), or the problem by its numbers, which needs no tensors and, with
    a chip ("sm_90a"), no GPU:

        gemm_opt.explain(m=8192, n=4096, k=4096, dtype="bf16",
                         layout="row,col", bias=True, activation="silu",
                         chip="sm_90a")

    There bias is True (bias_along "column", N entries, unless given) and
    residual True for an epilogue that has them, dtype "tf32" means f32
    with tf32 math, and layout gives A's, B's and C's orders. The kernel is
    compiled if it is not yet (as the first matmul would).
    """
    if a is not None or b is not None:
        torch = _tensors.torch or _tensors.find_torch()
        if torch is not None and isinstance(a, torch.Tensor):
            if allow_tf32 is None:
                allow_tf32 = _tensors.tf32_default(torch, a)
            if out is None:
                out = _tensors.new_output(a, b)
        return _core.explain(
            a,
            b,
            out,
            bias,
            residual,
            alpha,
            beta,
            _tensors.activation_name(activation),
            bias_along or "",
            bool(allow_tf32),
        )
    if m is None or n is None or k is None:
        raise ArgumentError("explain: give the tensors (a, b) or m, n and k")
    type_name = _type_name(dtype)
    tf32 = str(dtype).removeprefix("torch.") == "tf32" or bool(allow_tf32)
    layout_a, layout_b, layout_c = _layouts(layout)
    return _core.explain_problem(
        m,
        n,
        k,
        batch,
        type_name,
        _type_name(out_dtype) if out_dtype is not None else type_name,
        layout_a,
        layout_b,
        layout_c,
        (bias_along or "column") if bias else "",
        _tensors.activation_name(activation),
        bool(residual),
        alpha != 1 or beta != 0,
        tf32,
        chip or "",
    )
