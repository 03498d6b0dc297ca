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
// Thread safety: launch() and prepare() may be called from several threads
// at once (they hold an internal lock while they load and enqueue). The
// caller's thread must have the stream's CUDA context current, which the CUDA
// runtime API arranges for streams and buffers made through it.
//
// A kernel read back from the disk cache parses its launch metadata on first
// use (getSpec, checkArguments, launch), not when it is found: the metadata
// was parsed when the kernel was compiled, before it was stored, and the
// entry's checksum vouches for the bytes since.
//
// Per-launch device state (see docs/jit.md, "Per-launch state"). A kernel
// keeps, per device: the loaded module; for split_k and stream_k kernels
// launched without a caller workspace, one workspace per shape (M, N)
// (SplitKWorkspaces.h: allocated and zeroed at the shape's first launch,
// launches sharing it ordered by an event); and for argument sets whose
// parameters point into device memory (tensor maps passed as
// global_pointer, staged copies of operands TMA cannot read in place) the
// `argumentSetLimit` most recently used ones (ArgumentSetCache.h: reused
// least recently used first, never under a queued kernel). A kernel
// compiled with tensor maps by value keeps nothing per argument set unless
// an operand needs a staged copy. A caller workspace (getWorkspaceSize,
// launch(..., LaunchWorkspace)) replaces the per-shape one.
//
// CUDA graphs: launch() may be captured (cudaStreamBeginCapture) when it
// needs no allocation, module load or synchronous copy: the module is loaded
// on the device, a split_k / stream_k kernel gets a caller workspace, and
// the argument set keeps no device state or is held by a PreparedArguments
// from prepare(). Otherwise a capturing launch is refused with an error and
// the capture stays intact. The graph reads what it captured: the
// caller's buffers and workspace, and the prepared argument set, which must
// all outlive its last launch. A grouped kernel reads its group counts or
// offsets from device memory when it runs, and its grid does not depend on
// them: a captured grouped launch replays with the counts of the moment.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GEMMKERNEL_H
#define GEMM_OPT_JIT_GEMMKERNEL_H

#include "jit/CompiledKernel.h"
#include "jit/GemmArguments.h"
#include "jit/LaunchWorkspace.h"
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

struct ArgumentSet;
struct ReadyLaunch;

/// How a GemmKernel launches.
struct GemmKernelOptions {
  /// Argument sets whose device state (tensor maps, staged operand copies)
  /// a kernel keeps per device; the least recently used one is reused
  /// first. At least 1.
  size_t argumentSetLimit = 64;
  /// Launches whose parameters hold no device memory (tensor maps by value)
  /// a kernel keeps per device, by their arguments, to enqueue again
  /// without checking and encoding (ReadyLaunches.h); 0 keeps none. About
  /// 1 KiB each; a model's layers call one kernel with as many weights.
  size_t readyLaunchLimit = 256;
};

/// Keeps the device state of one argument set of one kernel (its tensor
/// maps and staged operand copies) for as long as it lives, so that a CUDA
/// graph that captured a launch with these arguments can replay it. Holds
/// nothing where the kernel keeps nothing for them. Movable; may outlive
/// the kernel.
class PreparedArguments {
public:
  PreparedArguments() = default;
  PreparedArguments(PreparedArguments &&other) noexcept;
  PreparedArguments &operator=(PreparedArguments &&other) noexcept;
  PreparedArguments(const PreparedArguments &) = delete;
  PreparedArguments &operator=(const PreparedArguments &) = delete;
  ~PreparedArguments();

  /// Whether it holds device state (false: the launch needs none).
  bool holdsDeviceState() const { return set != nullptr; }

private:
  friend class GemmKernel;
  explicit PreparedArguments(std::shared_ptr<ArgumentSet> set);
  void release();

  std::shared_ptr<ArgumentSet> set;
};

class GemmKernel {
public:
  /// Reads the launch metadata of `compiled`.
  static llvm::Expected<std::shared_ptr<GemmKernel>>
  create(CompiledKernel compiled, GemmKernelOptions options = {});
  /// A kernel whose launch metadata parsed when it was compiled (a checked
  /// disk cache entry): parses it on first use.
  static std::shared_ptr<GemmKernel>
  createParsedLater(CompiledKernel compiled, GemmKernelOptions options = {});
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

  /// Bytes of the workspace a split_k or stream_k launch with `arguments`
  /// needs (LaunchWorkspace.h); 0 for other kernels. Checks the arguments.
  /// For stream_k it depends on the current device's SM count.
  llvm::Expected<size_t> getWorkspaceSize(const GemmArguments &arguments) const;
  /// The same in its parts: tile counters and partial sums.
  llvm::Expected<LaunchWorkspaceSize>
  getWorkspaceParts(const GemmArguments &arguments) const;

  /// checkArguments, then loads the kernel on the current device (first
  /// time) and enqueues it on `stream`. No GPU or driver: a NoDevice error.
  /// A split_k or stream_k kernel uses a workspace of its own per shape.
  /// In a stream capture: see the file comment.
  llvm::Error launch(const GemmArguments &arguments, cudaStream_t stream);
  /// As above, a split_k or stream_k kernel in the caller's `workspace`
  /// (ignored by other kernels). Its counters must be zero, or
  /// workspace.zeroCounters set; the launch leaves them zero.
  llvm::Error launch(const GemmArguments &arguments, cudaStream_t stream,
                     const LaunchWorkspace &workspace);

  /// Does outside a capture all a launch with `arguments` (and `workspace`,
  /// where it will have one) may need to allocate or load: opens the device
  /// and loads the module, and for arguments whose parameters point into
  /// device memory makes them (tensor maps copied on `stream`, staged
  /// operand buffers) and waits for them to be on the device. The result
  /// keeps that state until it is destroyed; while it lives, launches with
  /// these arguments may be captured. Not in a capture.
  llvm::Expected<PreparedArguments> prepare(const GemmArguments &arguments,
                                            cudaStream_t stream);
  llvm::Expected<PreparedArguments> prepare(const GemmArguments &arguments,
                                            cudaStream_t stream,
                                            const LaunchWorkspace &workspace);

  /// Argument sets the kernel keeps on the current device (prepared ones
  /// included).
  size_t getArgumentSetCount();
  /// Launches the kernel keeps ready on the current device (ReadyLaunches.h).
  size_t getReadyLaunchCount();

  const CompiledKernel &getCompiled() const { return compiled; }
  /// The launch metadata, parsed on the first call. It cannot fail for a
  /// kernel from create(); for one from createParsedLater (read from the
  /// disk cache) it fails where the cached metadata does not parse.
  llvm::Expected<const runtime::KernelSpec &> getSpec() const;

private:
  struct DeviceState;
  struct LaunchPlan;
  GemmKernel(CompiledKernel compiled, GemmKernelOptions options);
  /// The launch metadata, parsed on the first call.
  llvm::Expected<const runtime::KernelSpec *> getParsedSpec() const;
  /// The current device's state, opened (and its module loaded) on first
  /// use; `capturing`: none is opened, an error instead.
  llvm::Expected<DeviceState *> getDeviceState(bool capturing);
  /// checkArguments on the arguments and shape as the kernel takes them.
  static llvm::Error checkKernelArguments(const runtime::KernelSpec &spec,
                                          const GemmArguments &arguments,
                                          const runtime::GemmShape &shape);
  /// What launch() and prepare() share: the checked arguments, the device
  /// state and module, the workspace and the argument set, made where
  /// missing unless `capturing`.
  llvm::Expected<LaunchPlan> plan(const GemmArguments &arguments,
                                  cudaStream_t stream,
                                  const LaunchWorkspace *workspace,
                                  bool capturing);
  llvm::Error enqueue(const GemmArguments &arguments, cudaStream_t stream,
                      const LaunchWorkspace *workspace);
  /// Enqueues `ready` again (its arguments' own stream work first).
  static llvm::Error enqueueReady(DeviceState &device, ReadyLaunch &ready,
                                  const LaunchWorkspace *workspace,
                                  cudaStream_t stream);
  llvm::Expected<PreparedArguments>
  prepareArguments(const GemmArguments &arguments, cudaStream_t stream,
                   const LaunchWorkspace *workspace);

  CompiledKernel compiled;
  GemmKernelOptions options;
  mutable std::once_flag specOnce;
  mutable std::optional<runtime::KernelSpec> spec;
  mutable std::string specError; ///< Why the metadata did not parse.
  std::mutex mutex;
  std::map<int, std::unique_ptr<DeviceState>> devices; ///< By ordinal.
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMKERNEL_H
