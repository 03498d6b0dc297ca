# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.compile without a GPU: PTX, launch metadata, static analysis."""

import json
import re

import pytest

import gemm_opt


@pytest.fixture(scope="module")
def kernel(schedule_text):
    return gemm_opt.compile(schedule_text, name="gemm_bf16_wgmma_sm90.mlir")


def test_package_imports_without_torch_or_gpu():
    assert re.match(r"\d+\.\d+\.\d+", gemm_opt.__version__)
    assert issubclass(gemm_opt.CompileError, gemm_opt.Error)
    assert issubclass(gemm_opt.ArgumentError, gemm_opt.Error)
    assert issubclass(gemm_opt.ArgumentError, ValueError)
    assert issubclass(gemm_opt.DeviceError, RuntimeError)


def test_ptx_holds_the_hopper_instructions(kernel):
    assert kernel.ptx.startswith("//") or ".version" in kernel.ptx
    assert "wgmma.mma_async" in kernel.ptx
    assert "cp.async.bulk.tensor" in kernel.ptx
    assert f".entry {kernel.name}" in kernel.ptx


def test_metadata_says_how_to_launch(kernel):
    metadata = kernel.metadata
    assert metadata["name"] == kernel.name == "gemm_bf16_wgmma_kernel"
    assert metadata["chip"] == "sm_90a"
    assert metadata["block"][0] == 384 and metadata["block"][1:] == [1, 1]
    assert metadata["types"]["a"] == "bf16"
    assert metadata["layouts"] == {"a": "row", "b": "row", "c": "row"}
    assert metadata["dynamic_shared_memory_bytes"] > 0
    assert kernel.cubin[:4] == b"\x7fELF"
    assert "registers" in kernel.ptxas_report
    assert "tile.gemm" in kernel.schedule


def test_analysis_reports_the_static_model(kernel):
    analysis = kernel.analysis
    assert analysis["name"] == "@gemm_bf16_wgmma"
    assert analysis["threads"] == 384
    assert analysis["shared_memory_bytes"] > 0
    assert "prediction" not in analysis
    predicted = kernel.analyze(m=4096, n=4096, k=4096, device="h200")
    assert predicted["prediction"]["tflops"] > 100
    json.dumps(predicted)  # Plain Python values.


def test_a_path_compiles_too(examples):
    kernel = gemm_opt.compile(examples / "gemm_bf16_wgmma_bias_gelu_sm90.mlir")
    assert kernel.metadata["epilogue"]["bias"] == "column"
    assert kernel.metadata["epilogue"]["activation"] == "gelu_tanh"


def test_a_bundle_round_trips(kernel, tmp_path):
    (tmp_path / "kernel.cubin").write_bytes(kernel.cubin)
    entry = dict(kernel.metadata, cubin="kernel.cubin")
    entry.pop("ptx", None)
    bundle = {"format": "gemm-opt-bundle-v1", "kernels": [entry]}
    (tmp_path / "kernel.json").write_text(json.dumps(bundle))
    loaded = gemm_opt.load_bundle(tmp_path / "kernel.json")
    assert loaded.name == kernel.name
    assert loaded.cubin == kernel.cubin
    assert loaded.schedule is None
    with pytest.raises(gemm_opt.Error, match="read from a bundle"):
        loaded.ptx
