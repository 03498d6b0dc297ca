//===- MatmulBinding.cpp - gemm_opt::matmul for Python --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MatmulBinding.h"

#include "CurrentDevice.h"
#include "Errors.h"
#include "MatmulCall.h"
#include "Session.h"
#include "Workspace.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;
using namespace nb::literals;
using gemm_opt::jit::MatrixOrder;

namespace gemm_opt::python {

namespace {
/// The tensors of a call, read.
struct CallOperands {
  TensorOperand a, b, out;
  std::optional<TensorOperand> bias, residual;
};
} // namespace

static CallOperands readCall(nb::handle a, nb::handle b, nb::handle out,
                             nb::handle bias, nb::handle residual) {
  CallOperands operands{readOperand(a, "a"), readOperand(b, "b"), {}, {}, {}};
  if (out.is_none()) {
    checkInputs(operands.a, operands.b);
    throwError(ErrorClass::ArgumentError,
               "out= is needed where a and b are not torch tensors");
  }
  operands.out = readOperand(out, "out");
  if (!bias.is_none())
    operands.bias = readOperand(bias, "bias");
  if (!residual.is_none())
    operands.residual = readOperand(residual, "residual");
  return operands;
}

static MatmulCall describeCall(const CallOperands &operands,
                               const EpilogueOptions &options) {
  return describeMatmul(operands.a, operands.b, operands.out,
                        operands.bias ? &*operands.bias : nullptr,
                        operands.residual ? &*operands.residual : nullptr,
                        options);
}

static EpilogueOptions getEpilogueOptions(float alpha, float beta,
                                          const char *activation,
                                          const char *biasAlong,
                                          bool allowTf32) {
  EpilogueOptions options;
  options.alpha = alpha;
  options.beta = beta;
  options.activation = activation;
  options.biasAlong = biasAlong;
  options.allowTf32 = allowTf32;
  return options;
}

/// The stream of a call: `stream` (an integer), or where it is None,
/// torch's current stream on the call's device for torch tensors and the
/// legacy default stream for other arrays.
static cudaStream_t getCallStream(nb::handle stream, bool torchTensors,
                                  int device) {
  if (!stream.is_none())
    return reinterpret_cast<cudaStream_t>(nb::cast<uintptr_t>(stream));
  return reinterpret_cast<cudaStream_t>(
      torchTensors ? getCurrentTorchStream(device) : 0);
}

static void matmul(nb::handle a, nb::handle b, nb::handle out, nb::handle bias,
                   nb::handle residual, float alpha, float beta,
                   const char *activation, const char *biasAlong,
                   bool allowTf32, nb::handle stream) {
  CallOperands operands = readCall(a, b, out, bias, residual);
  MatmulCall call =
      describeCall(operands, getEpilogueOptions(alpha, beta, activation,
                                                biasAlong, allowTf32));
  CurrentDevice current(call.device);
  cudaStream_t cudaStream =
      getCallStream(stream, operands.a.torchTensor, call.device);
  Session &session = Session::get();
  // Kept: planning releases the GIL, and configure() may drop the handle.
  std::shared_ptr<MatmulHandle> handle = session.getHandle();
  PlanEntry entry = session.getPlans().get(*handle, call);
  if (entry.workspace.getBytes() > 0)
    if (std::optional<jit::LaunchWorkspace> workspace = borrowWorkspace(
            call.device, reinterpret_cast<uintptr_t>(cudaStream),
            entry.workspace))
      return check(entry.plan->run(call.a, call.b, call.c, call.epilogue,
                                   cudaStream, *workspace),
                   ErrorClass::Error);
  check(entry.plan->run(call.a, call.b, call.c, call.epilogue, cudaStream),
        ErrorClass::Error);
}

/// What the handle chooses for `problem` and why, as a dict.
static nb::dict explainProblem(const MatmulProblem &problem,
                               const MatmulEpilogue &epilogue) {
  std::shared_ptr<MatmulHandle> handle = Session::get().getHandle();
  std::optional<llvm::Expected<std::shared_ptr<const MatmulPlan>>> plan;
  {
    nb::gil_scoped_release released;
    plan.emplace(handle->plan(problem, epilogue));
  }
  std::shared_ptr<const MatmulPlan> made =
      unwrap(std::move(*plan), ErrorClass::CompileError);
  const MatmulChoice &choice = made->getChoice();
  nb::dict explained;
  explained["origin"] = choice.origin;
  explained["kernel"] = choice.kernel;
  explained["schedule"] = choice.schedule;
  explained["reason"] = choice.reason;
  explained["kernel_class"] =
      getKernelClass(made->getProblem(), getEpilogueForm(epilogue));
  return explained;
}

static nb::dict explainCall(nb::handle a, nb::handle b, nb::handle out,
                            nb::handle bias, nb::handle residual, float alpha,
                            float beta, const char *activation,
                            const char *biasAlong, bool allowTf32) {
  MatmulCall call = describeCall(
      readCall(a, b, out, bias, residual),
      getEpilogueOptions(alpha, beta, activation, biasAlong, allowTf32));
  CurrentDevice current(call.device);
  return explainProblem(call.problem, call.epilogue);
}

static MatrixOrder getOrder(const std::string &name, const char *operand) {
  if (name == "row")
    return MatrixOrder::RowMajor;
  if (name == "col" || name == "column")
    return MatrixOrder::ColumnMajor;
  throwError(ErrorClass::ArgumentError, llvm::Twine("layout of ") + operand +
                                            " is 'row' or 'col', got '" + name +
                                            "'");
}

static nb::dict
explainNumbers(int64_t m, int64_t n, int64_t k, int64_t batch,
               const std::string &dtype, const std::string &outDtype,
               const std::string &layoutA, const std::string &layoutB,
               const std::string &layoutC, const std::string &bias,
               const std::string &activation, bool residual, bool alphaBeta,
               bool allowTf32, const std::string &chip) {
  MatmulProblem problem;
  problem.m = m;
  problem.n = n;
  problem.k = k;
  problem.batch = batch;
  problem.aType = problem.bType = dtype;
  problem.cType = outDtype.empty() ? dtype : outDtype;
  problem.orderA = getOrder(layoutA, "a");
  problem.orderB = getOrder(layoutB, "b");
  problem.orderC = getOrder(layoutC, "out");
  problem.allowTf32 = allowTf32;
  problem.chip = chip;
  // The epilogue's form is what counts: its pointers are never used.
  static const char placeholder = 0;
  MatmulEpilogue epilogue;
  epilogue.alpha = alphaBeta ? 2.0f : 1.0f;
  if (!bias.empty() && bias != "none") {
    epilogue.bias = &placeholder;
    epilogue.biasAlong = bias;
  }
  epilogue.activation = activation;
  epilogue.residual = residual ? &placeholder : nullptr;
  return explainProblem(problem, epilogue);
}

static void configure(const std::string &library, const std::string &database,
                      const std::string &cacheDirectory,
                      const std::string &chip, const std::string &modelDevice,
                      bool tensorMapsByValue) {
  SessionOptions options;
  options.library = library;
  options.database = database;
  options.cacheDirectory = cacheDirectory;
  options.chip = chip;
  options.modelDevice = modelDevice;
  options.tensorMapsByValue = tensorMapsByValue;
  Session::get().configure(std::move(options));
}

void registerMatmul(nb::module_ &module) {
  module.def("matmul", &matmul, "a"_a, "b"_a, "out"_a.none(), "bias"_a.none(),
             "residual"_a.none(), "alpha"_a, "beta"_a, "activation"_a,
             "bias_along"_a, "allow_tf32"_a, "stream"_a.none());
  module.def("explain", &explainCall, "a"_a, "b"_a, "out"_a.none(),
             "bias"_a.none(), "residual"_a.none(), "alpha"_a, "beta"_a,
             "activation"_a, "bias_along"_a, "allow_tf32"_a);
  module.def("explain_problem", &explainNumbers, "m"_a, "n"_a, "k"_a, "batch"_a,
             "dtype"_a, "out_dtype"_a, "layout_a"_a, "layout_b"_a, "layout_c"_a,
             "bias"_a, "activation"_a, "residual"_a, "alpha_beta"_a,
             "allow_tf32"_a, "chip"_a);
  module.def("configure", &configure, "library"_a, "database"_a, "cache_dir"_a,
             "chip"_a, "model_device"_a, "tensor_maps_by_value"_a);
  module.def("set_workspace_provider", &setWorkspaceProvider,
             "provider"_a.none());
  module.def("plan_count", [] { return Session::get().getPlans().size(); });
}

} // namespace gemm_opt::python
