# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the package needs of torch, found without importing it.

torch is used only once the process has imported it: to allocate outputs
(torch's caching allocator), to find the current stream, to lend split-K
workspaces (_workspace.py) and to register the custom ops (ops.py). Without
torch, calls take any array with __cuda_array_interface__ or DLPack and an
``out=``.
"""

import sys

from . import _gemm_opt as _core
from ._gemm_opt import ArgumentError

#: The torch module, once the process has imported it (find_torch).
torch = None
#: torch._C._cuda_getCurrentRawStream: the current stream of a device, as an
#: integer (what torch.cuda.current_stream().cuda_stream says, faster).
current_stream = None

ACTIVATIONS = {
    None: "none",
    "none": "none",
    "relu": "relu",
    "gelu": "gelu_erf",
    "gelu_erf": "gelu_erf",
    "gelu_tanh": "gelu_tanh",
    "silu": "silu",
}


def find_torch():
    """torch if the process has imported it, else None. On first sight it
    registers the custom ops and torch's workspace provider."""
    global torch, current_stream
    if torch is not None:
        return torch
    module = sys.modules.get("torch")
    if module is None or not hasattr(module, "library"):
        return None
    torch = module
    current_stream = torch._C._cuda_getCurrentRawStream
    from . import _workspace, ops  # noqa: F401  (registers the ops)

    _core.set_workspace_provider(_workspace.WorkspaceProvider(torch))
    return torch


def activation_name(activation):
    """The dialect's name of an activation ("gelu" is torch's default, erf)."""
    try:
        return ACTIVATIONS[activation]
    except (KeyError, TypeError):
        raise ArgumentError(
            f"unknown activation {activation!r}: gemm_opt fuses "
            "none, relu, gelu (gelu_erf), gelu_tanh and silu"
        ) from None


def stream_handle(stream):
    """A CUDA stream as an integer: an int, a torch.cuda.Stream, or an object
    with __cuda_stream__; None is the legacy default stream."""
    if stream is None:
        return 0
    if isinstance(stream, int):
        return stream
    handle = getattr(stream, "cuda_stream", None)
    if handle is not None:
        return int(handle)
    protocol = getattr(stream, "__cuda_stream__", None)
    if protocol is not None:
        return int(protocol()[1])
    raise TypeError(f"not a CUDA stream: {stream!r}")


def output_shape(a, b):
    """The shape of a @ b for 2-D or 3-D a and b, or None where they are not."""
    da, db = a.dim(), b.dim()
    if not (2 <= da <= 3 and 2 <= db <= 3):
        return None
    if da == 2 and db == 2:
        return (a.shape[0], b.shape[1])
    batch = max(a.shape[0] if da == 3 else 1, b.shape[0] if db == 3 else 1)
    return (batch, a.shape[-2], b.shape[-1])


def new_output(a, b, dtype=None, column_major=False):
    """An uninitialized a @ b on a's device (row-major unless asked), or None
    where a and b are not matrices (the call then says why)."""
    shape = output_shape(a, b)
    if shape is None:
        return None
    if column_major:
        transposed = (*shape[:-2], shape[-1], shape[-2])
        return a.new_empty(transposed, dtype=dtype).transpose(-1, -2)
    # Without the keyword where it adds nothing: torch parses it per call.
    return a.new_empty(shape) if dtype is None else a.new_empty(shape, dtype=dtype)


def tf32_default(torch, a):
    """Whether a call on `a` without allow_tf32 runs f32 on tf32 tensor
    cores: for f32 tensors, torch.backends.cuda.matmul.allow_tf32."""
    return a.dtype is torch.float32 and torch.backends.cuda.matmul.allow_tf32


def infer_bias_along(bias, m, n):
    """ "column" for a bias of N entries (nn.Linear's), "row" for one of M."""
    length = bias.shape[0] if bias.dim() == 1 else -1
    if length == n:
        return "column"
    if length == m:
        return "row"
    return ""  # The call names what is wrong.
