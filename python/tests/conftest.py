# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shared fixtures of the gemm_opt tests.

Tests marked ``cuda`` (the *_gpu.py files) need torch and a CUDA device and
are skipped without them; the others run anywhere the package imports (CI
runs them with only numpy installed).
"""

import os
import pathlib

import pytest


def _find_examples():
    """examples/ of the checkout, or of a device artifact directory
    (scripts/prepare-python-device-artifacts.sh puts it beside tests/)."""
    here = pathlib.Path(__file__).resolve().parent
    candidates = [os.environ.get("GEMM_OPT_EXAMPLES"), here.parent / "examples",
                  here.parents[1] / "examples"]
    for candidate in candidates:
        if candidate and (pathlib.Path(candidate) / "gemm_bf16_wgmma_sm90.mlir").exists():
            return pathlib.Path(candidate)
    raise RuntimeError("examples/*.mlir not found; set GEMM_OPT_EXAMPLES")


EXAMPLES = _find_examples()


def _cuda_available():
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "cuda: needs torch and a CUDA device (skipped without them)"
    )


def pytest_collection_modifyitems(config, items):
    if _cuda_available():
        return
    skip = pytest.mark.skip(reason="needs torch and a CUDA device")
    for item in items:
        if "cuda" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def examples():
    return EXAMPLES


@pytest.fixture(scope="session")
def schedule_text():
    """The flagship bf16 wgmma schedule (README)."""
    return (EXAMPLES / "gemm_bf16_wgmma_sm90.mlir").read_text()
