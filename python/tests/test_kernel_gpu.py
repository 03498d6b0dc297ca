# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Kernels from gemm_opt.compile on the GPU, and split-K workspaces."""

import pathlib

import pytest

torch = pytest.importorskip("torch")

import gemm_opt  # noqa: E402
from conftest import EXAMPLES  # noqa: E402
from gpu_checks import assert_close, matrix, poisoned, reference, uniform  # noqa: E402

pytestmark = pytest.mark.cuda

#: split_k schedules (bench/schedules/, carried beside examples/ on the
#: device).
SPLIT_K = [p for p in (EXAMPLES.parent / "bench" / "schedules",
                       EXAMPLES / "schedules")
           if (p / "wgmma_bf16_128x128x64_s4_sk2.mlir").exists()]


def test_the_flagship_schedule(schedule_text):
    kernel = gemm_opt.compile(schedule_text)
    a, b = matrix(1024, 512), matrix(512, 768)
    out = poisoned((1024, 768), torch.bfloat16)
    assert kernel(a, b, out) is out
    assert_close(out, reference(a, b))
    assert_close(kernel(a, b), reference(a, b))


def test_a_fused_epilogue_schedule():
    kernel = gemm_opt.compile(EXAMPLES / "gemm_bf16_wgmma_bias_gelu_sm90.mlir")
    a, b, bias = matrix(512, 256), matrix(256, 384), uniform(384)
    out = kernel(a, b, bias=bias)
    assert_close(out, reference(a, b, bias=bias, activation="gelu_tanh"))


def test_an_all_column_major_schedule_runs_the_transpose():
    kernel = gemm_opt.compile(EXAMPLES / "gemm_bf16_wgmma_small_m_sm90.mlir")
    a, b = matrix(16, 4096), matrix(4096, 4096)
    assert_close(kernel(a, b), reference(a, b))


def test_a_batched_schedule():
    kernel = gemm_opt.compile(EXAMPLES / "gemm_bf16_wgmma_batched_sm90.mlir")
    a, b = matrix(256, 128, batch=3), matrix(128, 256, batch=3)
    layouts = kernel.metadata["layouts"]
    a = a if layouts["a"] == "row" else a.transpose(-1, -2).contiguous().transpose(-1, -2)
    b = b if layouts["b"] == "row" else b.transpose(-1, -2).contiguous().transpose(-1, -2)
    assert_close(kernel(a, b), reference(a, b))


@pytest.mark.skipif(not SPLIT_K, reason="bench/schedules not found")
def test_split_k_shares_one_workspace_across_shapes():
    """Alternating shapes on one stream: each launch leaves the counters at
    zero and no launch's partial sums land on another's counters."""
    kernel = gemm_opt.compile(SPLIT_K[0] / "wgmma_bf16_128x128x64_s4_sk2.mlir")
    # 256 tiles of 128x128 (1 KiB of counters), then 2: without a counter
    # region the small shape's partial sums would start 256 bytes in, on
    # the large shape's counters.
    shapes = [(2048, 2048, 1024), (128, 256, 4096), (1024, 512, 2048)]
    inputs = [(matrix(m, k), matrix(k, n)) for m, n, k in shapes]
    for _ in range(3):
        for a, b in inputs:
            out = poisoned((a.shape[0], b.shape[1]), torch.bfloat16)
            kernel(a, b, out)
            assert_close(out, reference(a, b))


@pytest.mark.skipif(not SPLIT_K, reason="bench/schedules not found")
def test_split_k_in_a_cuda_graph():
    kernel = gemm_opt.compile(SPLIT_K[0] / "wgmma_bf16_64x128x64_s4_sk4.mlir")
    a, b = matrix(256, 4096), matrix(4096, 512)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        kernel(a, b)  # Loads the module.
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = kernel(a, b)
    for _ in range(3):
        a.copy_(matrix(256, 4096))
        out.fill_(float("nan"))
        graph.replay()
        torch.cuda.synchronize()
        assert_close(out, reference(a, b))


def test_argument_errors_name_the_operand(schedule_text):
    kernel = gemm_opt.compile(schedule_text)
    a, b = matrix(256, 128), matrix(128, 256)
    with pytest.raises(gemm_opt.ArgumentError, match="bias"):
        kernel(a, b, bias=uniform(256))
    with pytest.raises(gemm_opt.ArgumentError, match="out is"):
        kernel(a, b, poisoned((256, 255), torch.bfloat16))
    assert pathlib.Path(EXAMPLES).exists()
