//===- Module.cpp - gemm_opt._gemm_opt ------------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The extension module behind the gemm_opt package: registration only.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"
#include "KernelObject.h"
#include "MatmulBinding.h"

#include <nanobind/nanobind.h>

NB_MODULE(_gemm_opt, module) {
  module.doc() = "gemm-opt's JIT and gemm_opt::matmul (see the gemm_opt "
                 "package for the API)";
  module.attr("__version__") = GEMM_OPT_PYTHON_VERSION;
  gemm_opt::python::registerErrors(module);
  gemm_opt::python::registerKernel(module);
  gemm_opt::python::registerMatmul(module);
}
