//===- KernelObject.h - a compiled kernel as a Python object ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm_opt._gemm_opt.Kernel: a jit::GemmKernel with the text it was
// compiled from. gemm_opt.Kernel (kernel.py) wraps it with the Python
// conveniences (metadata as a dict, output allocation).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_KERNELOBJECT_H
#define GEMM_OPT_PYTHON_KERNELOBJECT_H

#include "jit/GemmKernel.h"

#include <nanobind/nanobind.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace gemm_opt::python {

class KernelObject {
public:
  /// `schedule` is the text it was compiled from (empty for a kernel read
  /// from a bundle), `sourceName` the name diagnostics give it.
  /// `tensorMapsByValue`: how the JIT lowered it (for getPtx).
  KernelObject(std::shared_ptr<jit::GemmKernel> kernel, std::string schedule,
               std::string sourceName, bool tensorMapsByValue)
      : kernel(std::move(kernel)), schedule(std::move(schedule)),
        sourceName(std::move(sourceName)),
        tensorMapsByValue(tensorMapsByValue) {}

  std::string getName() const;
  /// The launch metadata (a bundle's kernel entry) as JSON text.
  const std::string &getMetadataJson() const {
    return kernel->getCompiled().bundleEntry;
  }
  const std::string &getSchedule() const { return schedule; }
  /// The PTX, lowered again from the schedule on first request.
  const std::string &getPtx();
  /// The static model's JSON report (ScheduleInspection.h).
  std::string analyze(const std::string &device, int64_t m, int64_t n,
                      int64_t k) const;

  /// Enqueues the kernel on `stream` for the operands (MatmulCall.h).
  void launch(nanobind::handle a, nanobind::handle b, nanobind::handle out,
              nanobind::handle bias, nanobind::handle residual, float alpha,
              float beta, const std::string &biasAlong, uintptr_t stream);

  const jit::GemmKernel &getKernel() const { return *kernel; }

private:
  std::shared_ptr<jit::GemmKernel> kernel;
  std::string schedule;
  std::string sourceName;
  bool tensorMapsByValue;
  std::mutex ptxMutex; ///< Guards `ptx`.
  std::optional<std::string> ptx;
};

/// Registers Kernel, compile() and load_bundle() in `module`.
void registerKernel(nanobind::module_ &module);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_KERNELOBJECT_H
