//===- MatmulBinding.h - gemm_opt::matmul for Python ------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// matmul(a, b, out, ...) on the process's handle (Session.h), explain() of
// a call or of a problem described by its numbers (no tensors, no GPU when
// the chip is given), and configure().
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_MATMULBINDING_H
#define GEMM_OPT_PYTHON_MATMULBINDING_H

#include <nanobind/nanobind.h>

namespace gemm_opt::python {

/// Registers matmul, explain, explain_problem, configure and
/// set_workspace_provider in `module`.
void registerMatmul(nanobind::module_ &module);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_MATMULBINDING_H
