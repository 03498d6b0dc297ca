# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.compile, gemm_opt.load_bundle and the Kernel they return."""

import json
import os

from . import _gemm_opt as _core
from . import _tensors


class Kernel:
    """A compiled GEMM kernel.

    name, schedule (the text it was compiled from), ptx, cubin, ptxas_report;
    metadata: the launch metadata (block, grid, shared memory, types,
    layouts, epilogue, parameters) as a dict; analysis: the static model's
    report (shared memory, registers, occupancy, intensity, bank conflicts);
    analyze(m, n, k, device) adds a prediction for a shape.

    Calling it launches it: ``kernel(a, b, out=None, bias=None,
    residual=None, alpha=1, beta=0)``. What it fuses is its schedule's:
    a bias, an activation, alpha/beta and a residual are passed exactly when
    its ``#tile.epilogue`` has them.
    """

    __slots__ = ("_core", "_metadata", "_analysis")

    def __init__(self, core):
        self._core = core
        self._metadata = None
        self._analysis = None

    @property
    def name(self):
        return self._core.name

    @property
    def schedule(self):
        return self._core.schedule or None

    @property
    def ptx(self):
        """The PTX; lowered again from the schedule on first request (the
        JIT's cache keeps the cubin only)."""
        return self._core.ptx

    @property
    def cubin(self):
        return self._core.cubin

    @property
    def ptxas_report(self):
        return self._core.ptxas_report

    @property
    def metadata(self):
        if self._metadata is None:
            self._metadata = json.loads(self._core.metadata_json)
        return self._metadata

    @property
    def analysis(self):
        """The static model's report on the kernel's schedule on the chip's
        default device, as tile-analyze-schedule's JSON says it."""
        if self._analysis is None:
            self._analysis = self.analyze()
        return self._analysis

    def analyze(self, m=None, n=None, k=None, device=None):
        """The static model's report, with a prediction (time, TFLOP/s,
        bound) for M x N x K when given, on device ("h100", "h200")."""
        report = json.loads(
            self._core.analyze(device or "", m or 0, n or 0, k or 0)
        )
        schedules = report["schedules"]
        return schedules[0] if len(schedules) == 1 else report

    def __call__(
        self, a, b, out=None, *, bias=None, residual=None, alpha=1.0, beta=0.0,
        stream=None,
    ):
        torch = _tensors.torch or _tensors.find_torch()
        if torch is not None and isinstance(a, torch.Tensor):
            if a.is_cuda and stream is None:
                stream = _tensors.current_stream(a.get_device())
            if out is None:
                out = self._new_output(torch, a, b)
        bias_along = self.metadata.get("epilogue", {}).get("bias", "none")
        self._core.launch(
            a,
            b,
            out,
            bias,
            residual,
            alpha,
            beta,
            bias_along if bias_along != "none" else "",
            _tensors.stream_handle(stream),
        )
        return out

    def _new_output(self, torch, a, b):
        """C of the kernel's type and order: the schedule's, or its transpose
        where a is in the other order (the kernel then runs C^T = B^T A^T)."""
        types = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32}
        dtype = types.get(self.metadata.get("types", {}).get("c"), a.dtype)
        layouts = self.metadata.get("layouts", {})
        column = layouts.get("c") == "col"
        if a.dim() >= 2 and a.shape[-1] > 1:
            a_column = a.stride(-1) != 1
            if a_column != (layouts.get("a") == "col"):
                column = not column
        return _tensors.new_output(a, b, dtype=dtype, column_major=column)

    def __repr__(self):
        return f"<gemm_opt.Kernel {self.name}>"


def compile(schedule, name=None):
    """Compiles a schedule: the text of a module holding one tile.gemm (as
    examples/*.mlir), or a path (os.PathLike) to one. Cached in memory and
    on disk. CompileError carries the diagnostics ("name:line:col: error")."""
    if isinstance(schedule, os.PathLike):
        path = os.fspath(schedule)
        with open(path, encoding="utf-8") as file:
            text = file.read()
        name = name or path
    else:
        text = schedule
    return Kernel(_core.compile(text, name or "schedule"))


def load_bundle(path, kernel=None):
    """A kernel compiled ahead of time (gemm-translate --to-bundle): the
    bundle's kernel.json (its cubin beside it); `kernel` names one of
    several."""
    return Kernel(_core.load_bundle(os.fspath(path), kernel or ""))
