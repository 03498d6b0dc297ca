//===- KernelObject.cpp - a compiled kernel as a Python object ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "KernelObject.h"

#include "CurrentDevice.h"
#include "Errors.h"
#include "MatmulCall.h"
#include "ScheduleInspection.h"
#include "Session.h"
#include "Workspace.h"

#include "jit/CompiledKernelReader.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;
using namespace nb::literals;

namespace gemm_opt::python {

std::string KernelObject::getName() const {
  llvm::Expected<const runtime::KernelSpec &> spec = kernel->getSpec();
  if (!spec)
    throwError(spec.takeError(), ErrorClass::Error);
  return spec->name;
}

const std::string &KernelObject::getPtx() {
  std::lock_guard<std::mutex> guard(ptxMutex);
  if (ptx)
    return *ptx;
  if (schedule.empty())
    throwError(ErrorClass::Error,
               "kernel " + getName() +
                   " was read from a bundle: its PTX is the bundle's "
                   "'ptx' file, where it has one");
  jit::JitOptions options;
  options.tensorMapsByValue = tensorMapsByValue;
  ptx = unwrap(lowerScheduleToPtx(schedule, sourceName, options),
               ErrorClass::CompileError);
  return *ptx;
}

std::string KernelObject::analyze(const std::string &device, int64_t m,
                                  int64_t n, int64_t k) const {
  if (schedule.empty())
    throwError(ErrorClass::Error, "kernel " + getName() +
                                      " was read from a bundle: there is no "
                                      "schedule to analyze");
  return unwrap(analyzeScheduleText(schedule, sourceName, device, m, n, k),
                ErrorClass::CompileError);
}

/// The operand `object` is, or none for None.
static std::optional<TensorOperand> readOptional(nb::handle object,
                                                 const char *name) {
  if (object.is_none())
    return std::nullopt;
  return readOperand(object, name);
}

void KernelObject::launch(nb::handle a, nb::handle b, nb::handle out,
                          nb::handle bias, nb::handle residual, float alpha,
                          float beta, const std::string &biasAlong,
                          uintptr_t stream) {
  TensorOperand operandA = readOperand(a, "a"), operandB = readOperand(b, "b");
  if (out.is_none()) {
    checkInputs(operandA, operandB);
    throwError(ErrorClass::ArgumentError,
               "out= is needed where a and b are not torch tensors");
  }
  TensorOperand operandC = readOperand(out, "out");
  std::optional<TensorOperand> operandBias = readOptional(bias, "bias");
  std::optional<TensorOperand> operandResidual =
      readOptional(residual, "residual");
  EpilogueOptions options;
  options.alpha = alpha;
  options.beta = beta;
  options.biasAlong = biasAlong;
  MatmulCall call = describeMatmul(
      operandA, operandB, operandC, operandBias ? &*operandBias : nullptr,
      operandResidual ? &*operandResidual : nullptr, options);
  jit::GemmArguments arguments =
      getGemmArguments(call.problem, call.a, call.b, call.c, call.epilogue);
  // What the kernel refuses (epilogue, divisibility, alignment) before any
  // CUDA call.
  check(kernel->checkArguments(arguments), ErrorClass::ArgumentError);
  CurrentDevice current(call.device);
  auto cudaStream = reinterpret_cast<cudaStream_t>(stream);
  jit::LaunchWorkspaceSize size =
      unwrap(kernel->getWorkspaceParts(arguments), ErrorClass::ArgumentError);
  if (size.getBytes() > 0)
    if (std::optional<jit::LaunchWorkspace> workspace =
            borrowWorkspace(call.device, stream, size))
      return check(kernel->launch(arguments, cudaStream, *workspace),
                   ErrorClass::Error);
  check(kernel->launch(arguments, cudaStream), ErrorClass::Error);
}

static KernelObject *compileSchedule(const std::string &text,
                                     const std::string &name) {
  Session &session = Session::get();
  std::shared_ptr<MatmulCompiler> compiler = session.getCompiler();
  std::optional<llvm::Expected<std::shared_ptr<jit::GemmKernel>>> kernel;
  {
    nb::gil_scoped_release released;
    kernel.emplace(compiler->getJit().compile(text, name));
  }
  return new KernelObject(unwrap(std::move(*kernel), ErrorClass::CompileError),
                          text, name, session.getOptions().tensorMapsByValue);
}

static KernelObject *loadBundle(const std::string &path,
                                const std::string &kernelName) {
  jit::CompiledKernel compiled =
      unwrap(jit::readCompiledKernel(path, kernelName), ErrorClass::Error);
  return new KernelObject(
      unwrap(jit::GemmKernel::create(std::move(compiled)), ErrorClass::Error),
      "", path, false);
}

void registerKernel(nb::module_ &module) {
  nb::class_<KernelObject>(module, "Kernel",
                           "A compiled GEMM kernel (see gemm_opt.Kernel).")
      .def_prop_ro("name", &KernelObject::getName)
      .def_prop_ro("metadata_json", &KernelObject::getMetadataJson)
      .def_prop_ro("schedule", &KernelObject::getSchedule)
      .def_prop_ro("ptx",
                   [](KernelObject &kernel) {
                     const std::string *ptx;
                     {
                       nb::gil_scoped_release released;
                       ptx = &kernel.getPtx();
                     }
                     return *ptx;
                   })
      .def_prop_ro("cubin",
                   [](const KernelObject &kernel) {
                     const std::string &cubin =
                         kernel.getKernel().getCompiled().cubin;
                     return nb::bytes(cubin.data(), cubin.size());
                   })
      .def_prop_ro("ptxas_report",
                   [](const KernelObject &kernel) {
                     return kernel.getKernel().getCompiled().ptxasReport;
                   })
      .def(
          "analyze",
          [](const KernelObject &kernel, const std::string &device, int64_t m,
             int64_t n, int64_t k) {
            nb::gil_scoped_release released;
            return kernel.analyze(device, m, n, k);
          },
          "device"_a = "", "m"_a = 0, "n"_a = 0, "k"_a = 0)
      .def("launch", &KernelObject::launch, "a"_a, "b"_a, "out"_a.none(),
           "bias"_a.none(), "residual"_a.none(), "alpha"_a, "beta"_a,
           "bias_along"_a, "stream"_a);
  module.def("compile", &compileSchedule, "text"_a, "name"_a = "schedule");
  module.def("load_bundle", &loadBundle, "path"_a, "kernel"_a = "");
}

} // namespace gemm_opt::python
