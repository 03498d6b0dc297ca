//===- GemmKernel.h - a compiled GEMM, ready to launch ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A compiled kernel and its launch metadata. The first launch on a device
// loads the cubin there (cuModuleLoadData through runtime/KernelModule.h);
// every launch checks what the kernel can do (epilogue, shape, alignment)
// and enqueues it on the caller's stream without synchronizing.
//
// Thread safety: launch() may be called from several threads at once (it
// holds an internal lock while it loads and enqueues). The caller's thread
// must have the stream's CUDA context current, which the CUDA runtime API
// arranges for streams and buffers made through it.
//
// A kernel read back from the disk cache parses its launch metadata on first
// use (getSpec, checkArguments, launch), not when it is found: the metadata
// was parsed when the kernel was compiled, before it was stored, and the
// entry's checksum vouches for the bytes since.
//
// Tensor-map kernels (TMA) read their descriptors from a small device
// buffer per distinct (pointers, shape), kept, with any staged operand copy
// (a pitch TMA cannot read), for as long as this object lives, so launches
// never wait on one another. (A kernel compiled with tensor-maps-by-value
// takes them in its parameters: its launches keep nothing unless an operand
// needs a staged copy.) split_k kernels also take an f32
// workspace: one per device and shape (M, N), allocated at the shape's
// first launch with its counters zeroed on that launch's stream, reused by
// later launches of the shape; launches sharing it are ordered by an event
// (a launch on another stream waits for the previous one), see
// SplitKWorkspaces.h.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GEMMKERNEL_H
#define GEMM_OPT_JIT_GEMMKERNEL_H

#include "jit/CompiledKernel.h"
#include "jit/GemmArguments.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace gemm_opt {
namespace jit {

class GemmKernel {
public:
  /// Reads the launch metadata of `compiled`.
  static llvm::Expected<std::shared_ptr<GemmKernel>>
  create(CompiledKernel compiled);
  /// A kernel whose launch metadata parsed when it was compiled (a checked
  /// disk cache entry): parses it on first use.
  static std::shared_ptr<GemmKernel> createParsedLater(CompiledKernel compiled);
  ~GemmKernel();

  /// Checks that the kernel can run `arguments` (no GPU needed): epilogue,
  /// shape and divisibility, pointer and pitch alignment. Errors are
  /// runtime::RuntimeError of kind BadInput. A schedule with every operand
  /// column-major runs the row-major problem as its transpose
  /// C^T = B^T·A^T (runtime/TransposedProblem.h), A and B exchanged.
  llvm::Error checkArguments(const GemmArguments &arguments) const;

  /// Which kernel launch() runs for `arguments` (checked first): the
  /// whole-tile variant's name where the schedule has one (mma.sync with
  /// `ragged = true`) and the problem meets its requirements
  /// (runtime/WholeTileVariant.h), else the kernel's. No GPU needed.
  llvm::Expected<std::string>
  getLaunchedKernelName(const GemmArguments &arguments) const;

  /// checkArguments, then loads the kernel on the current device (first
  /// time) and enqueues it on `stream`. No GPU or driver: a NoDevice error.
  llvm::Error launch(const GemmArguments &arguments, cudaStream_t stream);

  const CompiledKernel &getCompiled() const { return compiled; }
  /// The launch metadata, parsed on the first call. It cannot fail for a
  /// kernel from create(); for one from createParsedLater (read from the
  /// disk cache) it fails where the cached metadata does not parse.
  llvm::Expected<const runtime::KernelSpec &> getSpec() const;

private:
  struct DeviceState;
  explicit GemmKernel(CompiledKernel compiled);
  /// The launch metadata, parsed on the first call.
  llvm::Expected<const runtime::KernelSpec *> getParsedSpec() const;
  llvm::Expected<DeviceState *> getDeviceState();
  /// checkArguments on the arguments and shape as the kernel takes them.
  static llvm::Error checkKernelArguments(const runtime::KernelSpec &spec,
                                          const GemmArguments &arguments,
                                          const runtime::GemmShape &shape);

  CompiledKernel compiled;
  mutable std::once_flag specOnce;
  mutable std::optional<runtime::KernelSpec> spec;
  mutable std::string specError; ///< Why the metadata did not parse.
  std::mutex mutex;
  std::map<int, std::unique_ptr<DeviceState>> devices; ///< By ordinal.
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMKERNEL_H
