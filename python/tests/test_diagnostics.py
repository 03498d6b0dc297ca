# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Errors without a GPU: compiler diagnostics, bad tensors and problems."""

import numpy as np
import pytest

import gemm_opt
from fake_cuda import FakeCudaArray


def test_a_malformed_schedule_says_where(schedule_text):
    broken = schedule_text.replace("tile.gemm %a, %b into %c", "tile.gemm %a, %b %c")
    with pytest.raises(gemm_opt.CompileError, match=r"mine\.mlir:\d+:\d+: error"):
        gemm_opt.compile(broken, name="mine.mlir")


def test_an_impossible_schedule_gets_the_verifier_message(schedule_text):
    # 12 stages of 128x64 + 64x256 bf16 tiles: 576 KiB of shared memory.
    greedy = schedule_text.replace("stages = 3", "stages = 12")
    assert greedy != schedule_text
    with pytest.raises(gemm_opt.CompileError, match="shared memory") as raised:
        gemm_opt.compile(greedy, name="greedy.mlir")
    assert "greedy.mlir:" in str(raised.value)


def test_a_module_without_a_gemm_is_refused():
    with pytest.raises(gemm_opt.CompileError):
        gemm_opt.compile("module {}\n")


def test_numpy_arrays_are_not_on_a_cuda_device(schedule_text):
    a = np.ones((64, 64), np.float32)
    with pytest.raises(gemm_opt.ArgumentError, match="a is not on a CUDA device"):
        gemm_opt.matmul(a, a, np.empty((64, 64), np.float32))
    with pytest.raises(gemm_opt.ArgumentError, match="a is not on a CUDA device"):
        gemm_opt.matmul(a, a)
    kernel = gemm_opt.compile(schedule_text)
    with pytest.raises(gemm_opt.ArgumentError, match="a is not on a CUDA device"):
        kernel(a, a, np.empty((64, 64), np.float32))
    b = FakeCudaArray((64, 64))
    with pytest.raises(gemm_opt.ArgumentError, match="out is not on a CUDA device"):
        gemm_opt.matmul(b, b, np.empty((64, 64), np.float32))


def test_objects_that_are_no_arrays_are_named():
    with pytest.raises(gemm_opt.ArgumentError, match=r"b \(<class 'str'>\) is not an array"):
        gemm_opt.matmul(FakeCudaArray((4, 4)), "b", FakeCudaArray((4, 4)))


def test_without_torch_out_is_needed():
    a = FakeCudaArray((64, 32))
    with pytest.raises(gemm_opt.ArgumentError, match="out= is needed"):
        gemm_opt.matmul(a, FakeCudaArray((32, 16)))


@pytest.mark.parametrize(
    "a, b, out, message",
    [
        ((64, 32, "f64"), (32, 16), (64, 16), "a has dtype float64"),
        ((64, 32), (32, 16, "i32"), (64, 16), "b has dtype int32"),
        ((64, 32, "f16"), (32, 16), (64, 16), "a and b must have one dtype"),
        ((64, 32), (31, 16), (64, 16), r"a has 32 columns, b 31 rows"),
        ((64, 32), (32, 16), (64, 17), r"out is \(64, 17\)"),
        ((64, 32), (32, 16), (3, 64, 16), r"out is \(3, 64, 16\)"),
        ((2, 64, 32), (3, 32, 16), (3, 64, 16), "a has a batch of 2, b of 3"),
        ((2, 3, 64, 32), (32, 16), (64, 16), "a has 4 dimensions"),
        ((32,), (32, 16), (16,), "a has 1 dimension"),
    ],
)
def test_shapes_and_types_name_the_operand(a, b, out, message):
    def make(spec):
        if isinstance(spec[-1], str):
            return FakeCudaArray(spec[:-1], spec[-1])
        return FakeCudaArray(spec)

    with pytest.raises(gemm_opt.ArgumentError, match=message):
        gemm_opt.matmul(make(a), make(b), make(out))


def test_strides_without_a_unit_dimension_are_refused():
    a = FakeCudaArray((64, 32), strides=(64, 2))
    with pytest.raises(gemm_opt.ArgumentError,
                       match=r"a \(64, 32\) strides \(64, 2\) is neither row- nor column-major"):
        gemm_opt.matmul(a, FakeCudaArray((32, 16)), FakeCudaArray((64, 16)))
    overlapping = FakeCudaArray((64, 32), strides=(16, 1))
    with pytest.raises(gemm_opt.ArgumentError, match="neither row- nor column-major"):
        gemm_opt.matmul(overlapping, FakeCudaArray((32, 16)), FakeCudaArray((64, 16)))


def test_epilogue_operands_are_checked():
    a, b, out = FakeCudaArray((64, 32)), FakeCudaArray((32, 16)), FakeCudaArray((64, 16))
    with pytest.raises(gemm_opt.ArgumentError, match="bias has 7 entries"):
        gemm_opt.matmul(a, b, out, bias=FakeCudaArray((7,)))
    with pytest.raises(gemm_opt.ArgumentError, match="bias has dtype f32, out bf16"):
        gemm_opt.matmul(a, b, out, bias=FakeCudaArray((16,), "f32"))
    with pytest.raises(gemm_opt.ArgumentError, match="a bias along the rows has 64"):
        gemm_opt.matmul(a, b, out, bias=FakeCudaArray((16,)), bias_along="row")
    with pytest.raises(gemm_opt.ArgumentError, match="residual is .* laid out like out"):
        gemm_opt.matmul(a, b, out, residual=FakeCudaArray((16, 64)).T)
    with pytest.raises(gemm_opt.ArgumentError, match="unknown activation 'swish'"):
        gemm_opt.matmul(a, b, out, activation="swish")
    with pytest.raises(gemm_opt.ArgumentError, match="its entries would overwrite"):
        gemm_opt.matmul(FakeCudaArray((2, 64, 32)), b,
                        FakeCudaArray((2, 64, 16), strides=(0, 16, 1)))


def test_arguments_that_pass_reach_the_device(schedule_text):
    """Transposed and batched views are taken; without a GPU the call then
    fails with DeviceError, never earlier and never by aborting."""
    try:
        import ctypes

        ctypes.CDLL("libcuda.so.1")
        pytest.skip("a CUDA driver is installed: the call would reach it")
    except OSError:
        pass
    w = FakeCudaArray((16, 32))  # nn.Linear's weight, N x K
    calls = [
        (FakeCudaArray((64, 32)), w.T, FakeCudaArray((64, 16))),
        (FakeCudaArray((32, 64)).T, FakeCudaArray((32, 16)), FakeCudaArray((16, 64)).T),
        (FakeCudaArray((3, 64, 32)), w.T, FakeCudaArray((3, 64, 16))),
        (FakeCudaArray((3, 64, 32)), FakeCudaArray((3, 16, 32)).T, FakeCudaArray((3, 64, 16))),
        (FakeCudaArray((64, 32), strides=(40, 1)), w.T, FakeCudaArray((64, 16))),
    ]
    for a, b, out in calls:
        with pytest.raises(gemm_opt.DeviceError):
            gemm_opt.matmul(a, b, out)
    kernel = gemm_opt.compile(schedule_text)
    with pytest.raises(gemm_opt.DeviceError):
        kernel(FakeCudaArray((64, 32)), FakeCudaArray((32, 16)), FakeCudaArray((64, 16)))


def test_a_kernel_refuses_what_its_schedule_cannot_take(examples):
    kernel = gemm_opt.compile(examples / "gemm_bf16_wgmma_bias_gelu_sm90.mlir")
    a, b, out = FakeCudaArray((64, 32)), FakeCudaArray((32, 16)), FakeCudaArray((64, 16))
    # Its epilogue has a bias along the columns (N entries) ...
    with pytest.raises(gemm_opt.ArgumentError, match="bias"):
        kernel(a, b, out)
    # ... its layouts are row-major ...
    with pytest.raises(gemm_opt.ArgumentError, match="layout|order|major"):
        kernel(FakeCudaArray((32, 64)).T, b, out, bias=FakeCudaArray((16,)))
    # ... and bf16 operands start at even addresses.
    odd = FakeCudaArray((64, 32), address=(1 << 32) + 1)
    with pytest.raises(gemm_opt.ArgumentError, match="align"):
        kernel(odd, b, out, bias=FakeCudaArray((16,)))
