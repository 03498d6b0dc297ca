# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm-opt from Python: its JIT and ``gemm_opt.matmul``.

    import gemm_opt, torch
    a = torch.randn(8192, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    c = gemm_opt.matmul(a, b)                 # the chooser picks the kernel

``compile(schedule_text)`` compiles a schedule of your own into a
``Kernel`` (its PTX, launch metadata and static analysis, and a call that
launches it). ``gemm_opt.ops`` registers the ``gemm_opt::matmul`` custom op
for torch.compile and CUDA graphs, and ``gemm_opt.nn.Linear`` is a drop-in
for ``torch.nn.Linear`` with a fused bias and activation. Both import torch
on first use; the rest of the package does not need it. See docs/python.md.
"""

import sys as _sys

from ._gemm_opt import (
    ArgumentError,
    CompileError,
    DeviceError,
    Error,
    __version__,
)
from ._config import configure
from ._kernel import Kernel, compile, load_bundle
from ._matmul import explain, matmul

__all__ = [
    "ArgumentError",
    "CompileError",
    "DeviceError",
    "Error",
    "Kernel",
    "__version__",
    "compile",
    "configure",
    "explain",
    "load_bundle",
    "matmul",
]


def __getattr__(name):
    # gemm_opt.ops and gemm_opt.nn import torch: load them when asked for.
    if name in ("ops", "nn"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'gemm_opt' has no attribute '{name}'")


if "torch" in _sys.modules:
    # torch is loaded already: register the custom ops and the workspace
    # provider now, so that torch.compile finds them.
    from . import _tensors

    _tensors.find_torch()
