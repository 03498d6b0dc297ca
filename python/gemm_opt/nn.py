# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gemm_opt.nn.Linear: torch.nn.Linear on gemm-opt kernels, with the bias
and an activation fused into the GEMM's epilogue.

Importing this module imports torch.
"""

import torch

from . import _matmul, _tensors, ops

__all__ = ["Linear"]


class Linear(torch.nn.Linear):
    """A drop-in for torch.nn.Linear: the same parameters, initialisation and
    state_dict (load one saved from torch.nn.Linear), computing
    ``activation(x @ weight.T + bias)`` in one kernel.

    activation: None, "relu", "gelu" (erf, torch's default), "gelu_tanh" or
    "silu", fused into the epilogue.

    The weight (out_features x in_features, row-major) is B as a
    column-major K x N matrix, read in place; x's leading dimensions are
    flattened into M. In eager mode without autograd the call goes straight
    to gemm_opt.matmul; under torch.compile, or where a gradient is needed,
    through the gemm_opt::matmul custom op (one node in the graph; its
    backward recomputes with torch operations).
    """

    def __init__(
        self, in_features, out_features, bias=True, activation=None,
        device=None, dtype=None,
    ):
        super().__init__(in_features, out_features, bias=bias, device=device,
                         dtype=dtype)
        self.activation = _tensors.activation_name(activation)

    @classmethod
    def from_linear(cls, linear, activation=None):
        """A Linear sharing `linear`'s parameters (a torch.nn.Linear)."""
        module = cls.__new__(cls)
        torch.nn.Module.__init__(module)
        module.in_features = linear.in_features
        module.out_features = linear.out_features
        module.weight = linear.weight
        module.bias = linear.bias
        module.activation = _tensors.activation_name(activation)
        return module

    def _weight_t(self):
        """The weight as K x N (a column-major view), kept between calls
        while the weight and its storage stay the same."""
        weight = self.weight
        kept = self.__dict__.get("_kept_weight_t")
        if kept is None or kept[0] is not weight or kept[1] != weight.data_ptr():
            kept = (weight, weight.data_ptr(), weight.t())
            self.__dict__["_kept_weight_t"] = kept
        return kept[2]

    def forward(self, x):
        flat = x.dim() != 2
        rows = x.reshape(-1, self.in_features) if flat else x
        if torch.compiler.is_compiling() or (
            torch.is_grad_enabled()
            and (x.requires_grad or self.weight.requires_grad)
        ):
            y = ops.matmul(
                rows, self.weight.t(), self.bias, None, None, 1.0, 0.0,
                self.activation, "column",
                _tensors.tf32_default(torch, rows),
            )
        elif rows.shape[0] == 0:
            y = rows.new_empty((0, self.out_features))
        else:
            # x @ W^T with W read in place as a column-major K x N matrix.
            y = _matmul.matmul(
                rows, self._weight_t(), bias=self.bias,
                activation=self.activation, bias_along="column",
            )
        return y.reshape(*x.shape[:-1], self.out_features) if flat else y

    def extra_repr(self):
        text = super().extra_repr()
        return text if self.activation == "none" else f"{text}, activation={self.activation}"
