# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.matmul on the GPU against fp64: types, layouts, epilogues,
batches and views."""

import itertools

import pytest

torch = pytest.importorskip("torch")

import gemm_opt  # noqa: E402
from gpu_checks import (  # noqa: E402
    DTYPES, assert_close, matrix, poisoned, reference, uniform)

pytestmark = pytest.mark.cuda

M, N, K = 192, 320, 256


@pytest.fixture(autouse=True)
def _no_tf32():
    saved = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    yield
    torch.backends.cuda.matmul.allow_tf32 = saved


@pytest.mark.parametrize("kind", ["bf16", "f16", "f32", "tf32"])
def test_each_type(kind):
    dtype = DTYPES[kind]
    torch.backends.cuda.matmul.allow_tf32 = kind == "tf32"
    a, b = matrix(M, K, dtype=dtype), matrix(K, N, dtype=dtype)
    out = poisoned((M, N), dtype)
    assert gemm_opt.matmul(a, b, out) is out
    assert_close(out, reference(a, b), kind)
    assert_close(gemm_opt.matmul(a, b), reference(a, b), kind)
    assert gemm_opt.explain(a, b)["kernel_class"].split()[1] == f"a={kind.replace('tf32', 'f32')}:row"


@pytest.mark.parametrize("orders", list(itertools.product(["row", "col"], repeat=3)))
def test_every_layout(orders):
    order_a, order_b, order_c = orders
    a, b = matrix(M, K, order_a), matrix(K, N, order_b)
    out = poisoned((M, N), torch.bfloat16, order_c)
    gemm_opt.matmul(a, b, out)
    assert_close(out, reference(a, b))
    short = {"row": "row", "col": "col"}
    explained = gemm_opt.explain(a, b, out)["kernel_class"]
    assert f"a=bf16:{short[order_a]} b=bf16:{short[order_b]} c=bf16:{short[order_c]}" in explained


@pytest.mark.parametrize("shape", [(77, 129, 65), (16, 4096, 4096), (1, 256, 512),
                                   (1000, 1300, 2000)])
def test_ragged_and_small_shapes(shape):
    m, n, k = shape
    a, b = matrix(m, k), matrix(k, n, "col")
    assert_close(gemm_opt.matmul(a, b), reference(a, b))


@pytest.mark.parametrize("shape", [(1, 4096, 4096), (3, 4096, 1000), (4, 1057, 777)])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_decode_shapes_take_dot_kernels(shape, dtype):
    """x @ W^T with a few rows: the dot kernels (docs/design/decode.md),
    with a fused bias (and SiLU in bf16, whose tolerance leaves room for
    tanh.approx), at pitches that take 16-byte loads and (K = 777) ones
    that do not."""
    m, n, k = shape
    x, w = matrix(m, k, dtype=dtype), matrix(n, k, dtype=dtype)
    bias = uniform(n, dtype=dtype)
    out = poisoned((m, n), dtype)
    assert "#tile.mma<dot" in gemm_opt.explain(x, w.t(), out)["schedule"]
    kind = "bf16" if dtype == torch.bfloat16 else "f16"
    activation = "silu" if kind == "bf16" else None
    gemm_opt.matmul(x, w.t(), out, bias=bias, activation=activation)
    assert_close(out, reference(x, w.t(), bias=bias, activation=activation), kind)


@pytest.mark.parametrize("shape", [(1, 4096, 14336), (1, 8199, 6151),
                                   (2, 8192, 6151)])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_decode_over_a_row_major_weight(shape, dtype):
    """x @ W with W stored K x N and one or two rows of x: the dot kernel
    along N (docs/design/decode.md), with a fused bias, at pitches that
    take 16-byte loads and ones that do not (N = 8199 for the weight,
    K = 6151 for the rows of x)."""
    m, n, k = shape
    x, w = matrix(m, k, dtype=dtype), matrix(k, n, dtype=dtype)
    bias = uniform(n, dtype=dtype)
    out = poisoned((m, n), dtype)
    assert "#tile.mma<dot, [1, 8, 8]>" in gemm_opt.explain(x, w, out)["schedule"]
    gemm_opt.matmul(x, w, out, bias=bias)
    kind = "bf16" if dtype == torch.bfloat16 else "f16"
    assert_close(out, reference(x, w, bias=bias), kind)


@pytest.mark.parametrize("along", ["column", "row"])
def test_bias(along):
    a, b = matrix(M, K), matrix(K, N, "col")
    bias = uniform(N if along == "column" else M)
    out = poisoned((M, N), torch.bfloat16)
    gemm_opt.matmul(a, b, out, bias=bias, bias_along=along)
    assert_close(out, reference(a, b, bias=bias, bias_along=along))
    # Inferred from the length where M != N.
    assert_close(gemm_opt.matmul(a, b, bias=bias), reference(a, b, bias=bias, bias_along=along))


@pytest.mark.parametrize("activation", ["relu", "gelu", "gelu_tanh", "silu"])
def test_activations(activation):
    a, b = matrix(M, K), matrix(K, N, "col")
    bias = uniform(N)
    expected = reference(a, b, bias=bias, activation=activation)
    assert_close(gemm_opt.matmul(a, b, bias=bias, activation=activation), expected)
    assert_close(gemm_opt.matmul(a, b, activation=activation),
                 reference(a, b, activation=activation))


def test_residual_alpha_and_beta():
    a, b = matrix(M, K), matrix(K, N, "col")
    residual = uniform(M, N)
    assert_close(gemm_opt.matmul(a, b, residual=residual), reference(a, b, residual=residual))
    c = uniform(M, N)
    out = c.clone()
    gemm_opt.matmul(a, b, out, alpha=0.5, beta=-2.0)
    assert_close(out, reference(a, b, c=c, alpha=0.5, beta=-2.0))
    out, bias = c.clone(), uniform(N)
    gemm_opt.matmul(a, b, out, alpha=2.0, beta=1.0, bias=bias, activation="silu",
                    residual=residual)
    assert_close(out, reference(a, b, bias=bias, residual=residual, c=c, alpha=2.0,
                                beta=1.0, activation="silu"))


def test_batched():
    batch = 3
    a, b = matrix(M, K, batch=batch), matrix(K, N, "col", batch=batch)
    out = poisoned((batch, M, N), torch.bfloat16)
    gemm_opt.matmul(a, b, out)
    assert_close(out, reference(a, b))
    assert "batched" in gemm_opt.explain(a, b, out)["kernel_class"]
    # One B for the batch: a batch of rows, run as one GEMM.
    shared = matrix(K, N, "col")
    assert_close(gemm_opt.matmul(a, shared), reference(a, shared))
    assert "single" in gemm_opt.explain(a, shared)["kernel_class"]
    # One A for the batch (batch stride 0).
    one = matrix(M, K)
    assert_close(gemm_opt.matmul(one, b), reference(one, b))


def test_non_contiguous_views():
    big = uniform(M + 7, K + 40)
    a = big[3:3 + M, 8:8 + K]  # leading dimension K + 40
    w = uniform(N + 16, K)[8:8 + N]  # rows of a weight: B = w.T, col-major
    out_buffer = torch.full((M, N + 24), float("nan"), dtype=torch.bfloat16, device="cuda")
    out = out_buffer[:, 8:8 + N]
    gemm_opt.matmul(a, w.t(), out)
    assert_close(out, reference(a, w.t()))
    assert torch.isnan(out_buffer[:, :8].float()).all(), "wrote outside out"
    batch = uniform(4, M, K)[::2]  # every other matrix: batch stride 2·M·K
    assert_close(gemm_opt.matmul(batch, w.t()), reference(batch, w.t()))


def test_the_current_stream_and_device():
    a, b = matrix(M, K), matrix(K, N)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        out = gemm_opt.matmul(a, b)
    torch.cuda.current_stream().wait_stream(stream)
    assert_close(out, reference(a, b))
    if torch.cuda.device_count() > 1:
        a1, b1 = a.to("cuda:1"), b.to("cuda:1")
        assert_close(gemm_opt.matmul(a1, b1).cpu().cuda(), reference(a, b))


def test_cpu_tensors_and_bad_dtypes_are_argument_errors():
    a = torch.ones(8, 8)
    with pytest.raises(gemm_opt.ArgumentError, match="a is not on a CUDA device"):
        gemm_opt.matmul(a, a)
    d = torch.ones(8, 8, dtype=torch.float64, device="cuda")
    with pytest.raises(gemm_opt.ArgumentError, match="a has dtype torch.float64"):
        gemm_opt.matmul(d, d)


def test_no_host_synchronization():
    """Warm calls enqueue and return: a long kernel ahead on the stream is
    still running when they come back."""
    a, b = matrix(4096, 4096), matrix(4096, 4096)
    gemm_opt.matmul(a, b)
    torch.cuda.synchronize()
    torch.cuda._sleep(200_000_000)  # ~0.1 s of GPU time ahead of the call.
    gemm_opt.matmul(a, b)
    assert not torch.cuda.current_stream().query()
    torch.cuda.synchronize()
