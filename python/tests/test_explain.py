# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.explain and configure without a GPU (the chip given)."""

import pytest

import gemm_opt


def test_explain_says_what_and_why():
    choice = gemm_opt.explain(m=2048, n=4096, k=4096, dtype="bf16",
                              layout="row,col", chip="sm_90a")
    assert choice["origin"] == "jit"
    assert choice["kernel"]
    assert "#tile.schedule" in choice["schedule"]
    assert choice["reason"].startswith(("tuning database", "static model"))
    assert choice["kernel_class"] == (
        "sm_90a a=bf16:row b=bf16:col c=bf16:row single epilogue=none")


def test_explain_takes_an_epilogue():
    choice = gemm_opt.explain(m=256, n=512, k=128, dtype=["bf16"][0],
                              layout=("row", "col"), bias=True,
                              activation="silu", chip="sm_90a")
    assert choice["kernel_class"].endswith("epilogue=bias_column+silu")


def test_explain_refuses_what_no_kernel_computes():
    with pytest.raises(gemm_opt.ArgumentError, match="M, N, K and batch must be positive"):
        gemm_opt.explain(m=0, n=16, k=16, chip="sm_90a")
    with pytest.raises(gemm_opt.ArgumentError, match="layout of b is 'row' or 'col'"):
        gemm_opt.explain(m=16, n=16, k=16, layout="row,diagonal", chip="sm_90a")
    with pytest.raises(gemm_opt.ArgumentError, match="dtype"):
        gemm_opt.explain(m=16, n=16, k=16, dtype="int8", chip="sm_90a")


def test_configure_keeps_what_is_not_given(tmp_path):
    before = gemm_opt.configure()
    try:
        changed = gemm_opt.configure(model_device="h100")
        assert changed["model_device"] == "h100"
        assert changed["database"] == before["database"]
        missing = gemm_opt.configure(library=tmp_path / "none")
        assert missing["library"] == str(tmp_path / "none")
        with pytest.raises(gemm_opt.Error):
            gemm_opt.explain(m=64, n=64, k=64, chip="sm_90a")
    finally:
        gemm_opt.configure(**before)


def test_explain_names_the_decode_rule():
    choice = gemm_opt.explain(m=1, n=4096, k=14336, dtype="bf16",
                              layout="row,col", chip="sm_90a")
    assert choice["reason"].startswith("decode rule")
    assert "#tile.mma<dot, [1, 1, 8]>" in choice["schedule"]
    # A large row-major weight is read along its rows.
    rows = gemm_opt.explain(m=1, n=4096, k=14336, dtype="bf16",
                            layout="row,row", chip="sm_90a")
    assert rows["reason"].startswith("decode rule")
    assert "#tile.mma<dot, [1, 8, 8]>" in rows["schedule"]
    # So does a second row of A; a third stays on the tensor cores.
    two = gemm_opt.explain(m=2, n=8192, k=28672, dtype="bf16",
                           layout="row,row", chip="sm_90a")
    assert "#tile.mma<dot, [1, 8, 8]>" in two["schedule"]
    three = gemm_opt.explain(m=3, n=8192, k=28672, dtype="bf16",
                             layout="row,row", chip="sm_90a")
    assert "#tile.mma<wgmma" in three["schedule"]
    # A small one stays on the tensor cores.
    other = gemm_opt.explain(m=1, n=4096, k=4096, dtype="bf16",
                             layout="row,row", chip="sm_90a")
    assert "#tile.mma<wgmma" in other["schedule"]
