# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""torch integration on the GPU: the gemm_opt::matmul custom op under
torch.compile(fullgraph=True), CUDA graph capture, gemm_opt.nn.Linear."""

import pytest

torch = pytest.importorskip("torch")

import gemm_opt  # noqa: E402
import gemm_opt.nn  # noqa: E402
import gemm_opt.ops  # noqa: E402
from gpu_checks import assert_close, matrix, reference, uniform  # noqa: E402

pytestmark = pytest.mark.cuda


def test_the_op_is_registered_with_fake_and_meta():
    x, w = matrix(64, 128), matrix(128, 32)
    meta = torch.ops.gemm_opt.matmul(x.to("meta"), w.to("meta"))
    assert meta.shape == (64, 32) and meta.dtype == torch.bfloat16
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode() as mode:
        fake = torch.ops.gemm_opt.matmul(mode.from_tensor(x), mode.from_tensor(w))
    assert fake.shape == (64, 32) and fake.stride() == (32, 1)
    torch.library.opcheck(torch.ops.gemm_opt.matmul.default, (x, w),
                          test_utils=("test_schema", "test_faketensor"))


def _mlp(x, gate, up, down):
    hidden = torch.ops.gemm_opt.matmul(x, gate.t(), None, None, None, 1.0, 0.0,
                                       "silu", "column", False)
    hidden = hidden * torch.ops.gemm_opt.matmul(x, up.t())
    return gemm_opt.matmul(hidden, down.t())  # gemm_opt.matmul traces too.


def test_torch_compile_keeps_one_graph():
    x = uniform(256, 512)
    gate, up, down = uniform(1024, 512) / 16, uniform(1024, 512) / 16, uniform(512, 1024) / 16
    eager = _mlp(x, gate, up, down)
    compiled = torch.compile(_mlp, fullgraph=True)
    assert_close(compiled(x, gate, up, down), eager.double())
    explanation = torch._dynamo.explain(_mlp)(x, gate, up, down)
    assert explanation.graph_count == 1 and explanation.graph_break_count == 0


def test_the_op_in_a_cuda_graph():
    static_x, w, bias = uniform(512, 256), uniform(384, 256), uniform(384)

    def step():
        return torch.ops.gemm_opt.matmul(static_x, w.t(), bias, None, None, 1.0, 0.0,
                                         "relu", "column", False)

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            step()  # Compiles, plans and loads the kernel outside the capture.
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_y = step()
    for _ in range(3):
        static_x.copy_(uniform(512, 256))
        graph.replay()
        torch.cuda.synchronize()
        assert_close(static_y, reference(static_x, w.t(), bias=bias, activation="relu"))


def test_an_unprepared_capture_is_a_clear_error(schedule_text):
    """A kernel never loaded on the device cannot load inside a capture: the
    launch is refused before it touches the capture, with a message."""
    fresh = gemm_opt.compile(schedule_text.replace("group = 8", "group = 2"))
    x, w = uniform(96, 160), uniform(160, 224)
    graph = torch.cuda.CUDAGraph()
    with pytest.raises(gemm_opt.Error, match="capture"):
        with torch.cuda.graph(graph):
            fresh(x, w)
    assert_close(fresh(x, w), reference(x, w))  # Outside a capture it runs.


def test_backward_matches_torch():
    x = uniform(64, 128).requires_grad_()
    w, bias = uniform(96, 128).requires_grad_(), uniform(96).requires_grad_()
    y = torch.ops.gemm_opt.matmul(x, w.t(), bias, None, None, 1.0, 0.0, "gelu_tanh",
                                  "column", False)
    y.float().square().sum().backward()
    expected = [t.grad.clone() for t in (x, w, bias)]
    for t in (x, w, bias):
        t.grad = None
    z = torch.nn.functional.gelu(torch.nn.functional.linear(x, w, bias), approximate="tanh")
    z.float().square().sum().backward()
    for got, want in zip(expected, (x.grad, w.grad, bias.grad)):
        assert_close(got, want.double(), "bf16")


@pytest.mark.parametrize("activation", [None, "silu", "gelu"])
def test_linear_is_a_drop_in(activation):
    reference_layer = torch.nn.Linear(512, 384, device="cuda", dtype=torch.bfloat16)
    layer = gemm_opt.nn.Linear(512, 384, activation=activation, device="cuda",
                               dtype=torch.bfloat16)
    layer.load_state_dict(reference_layer.state_dict())
    assert set(layer.state_dict()) == {"weight", "bias"}
    x = uniform(4, 33, 512)
    with torch.inference_mode():
        y = layer(x)
        expected = reference(x.reshape(-1, 512), reference_layer.weight.t(),
                             bias=reference_layer.bias, activation=activation)
    assert y.shape == (4, 33, 384)
    assert_close(y.reshape(-1, 384), expected)
    with torch.no_grad():
        assert_close(torch.compile(layer, fullgraph=True)(x).reshape(-1, 384), expected)
    shared = gemm_opt.nn.Linear.from_linear(reference_layer, activation=activation)
    with torch.inference_mode():
        assert_close(shared(x).reshape(-1, 384), expected)
    assert "activation" in repr(layer) or activation is None


def test_linear_without_bias_and_empty_batches():
    layer = gemm_opt.nn.Linear(256, 128, bias=False, device="cuda", dtype=torch.bfloat16)
    with torch.inference_mode():
        assert layer(uniform(0, 256)).shape == (0, 128)
        x = uniform(17, 256)
        assert_close(layer(x), reference(x, layer.weight.t()))


def test_reduce_overhead_graphs_take_split_k_kernels():
    """torch.compile(mode="reduce-overhead") captures the op in CUDA graphs
    whose warm-up runs route allocations on their stream into the graph's
    pool; the split-K workspace stays out of it. A decode-sized projection
    (16 x 14336 by 14336 x 4096, Llama-3-8B's down projection) is one the
    chooser splits along K."""
    x, w = uniform(16, 14336) / 8, uniform(4096, 14336) / 8
    chosen = gemm_opt.explain(x, w.t())
    assert "split_k" in chosen["schedule"], (
        "pick a shape the chooser runs split-K: " + chosen["schedule"])

    def project(x):
        return torch.ops.gemm_opt.matmul(x, w.t(), None, None, None, 1.0, 0.0,
                                         "silu", "column", False)

    compiled = torch.compile(project, fullgraph=True, mode="reduce-overhead")
    with torch.inference_mode():
        for _ in range(4):  # Warm-up runs, the recording, then replays.
            x = uniform(16, 14336) / 8
            assert_close(compiled(x).clone(),
                         reference(x, w.t(), activation="silu"))
