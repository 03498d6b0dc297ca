# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.configure: the options of the process's JIT and matmul handle."""

import os

from . import _gemm_opt as _core

_KEEP = object()

#: The measured schedules shipped with the package.
PACKAGED_DATABASE = os.path.join(os.path.dirname(__file__), "tuning-database.json")


def _default_database():
    if "GEMM_OPT_TUNING_DATABASE" in os.environ:
        return os.environ["GEMM_OPT_TUNING_DATABASE"]
    return PACKAGED_DATABASE if os.path.exists(PACKAGED_DATABASE) else ""


_options = {
    "library": os.environ.get("GEMM_OPT_KERNEL_LIBRARY", ""),
    "database": _default_database(),
    "cache_dir": os.environ.get("GEMM_OPT_CACHE_DIR", ""),
    "chip": os.environ.get("GEMM_OPT_CHIP", ""),
    "model_device": "",
    "tensor_maps_by_value": True,
}


def configure(
    *,
    library=_KEEP,
    database=_KEEP,
    cache_dir=_KEEP,
    chip=_KEEP,
    model_device=_KEEP,
    tensor_maps_by_value=_KEEP,
):
    """Sets the options of gemm_opt.matmul and gemm_opt.compile; returns them.

    Options not given keep their value; None (or "") turns one off. The
    JIT, the matmul handle and its plans are made again on next use.

    library: a kernel library directory (gemm-opt-build-library), searched
        before the JIT. Default: $GEMM_OPT_KERNEL_LIBRARY.
    database: a tuning database whose measured schedules the chooser prefers.
        Default: $GEMM_OPT_TUNING_DATABASE, else the one the package ships.
    cache_dir: the JIT's disk cache. Default: $GEMM_OPT_CACHE_DIR, else
        $XDG_CACHE_HOME/gemm-opt or ~/.cache/gemm-opt ($GEMM_OPT_CACHE=0
        turns the cache off).
    chip: the target of problems that name none, e.g. "sm_90a". Default:
        $GEMM_OPT_CHIP, else the current device's.
    model_device: the device the static model ranks schedules for ("h100",
        "h200"). Default: the chip's.
    tensor_maps_by_value: TMA kernels take their tensor maps as kernel
        parameters (the default), so that any launch of a loaded kernel can be
        captured in a CUDA graph. Kernels compiled either way are cached apart.
    """
    given = {
        "library": library,
        "database": database,
        "cache_dir": cache_dir,
        "chip": chip,
        "model_device": model_device,
        "tensor_maps_by_value": tensor_maps_by_value,
    }
    for key, value in given.items():
        if value is _KEEP:
            continue
        if key == "tensor_maps_by_value":
            _options[key] = bool(value)
        else:
            _options[key] = os.fspath(value) if value else ""
    _core.configure(**_options)
    return dict(_options)


_core.configure(**_options)
