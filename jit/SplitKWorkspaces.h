//===- SplitKWorkspaces.h - the split-K workspaces of a kernel --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A split_k kernel's blocks meet in an f32 workspace: S slices of M·N
// partial sums and one i32 counter per tile of C (runtime/KernelParamSpec.h,
// WorkspaceBuffer). GemmKernel keeps one workspace per device and problem
// shape (M, N):
//
//   - allocated at the first launch of that shape, its counters zeroed then
//     on that launch's stream (every launch leaves them zero again; the
//     partial sums need no initial value);
//   - reused by every later launch of the shape, whatever its operands and
//     stream: memory grows with the shapes launched, not with the launches
//     or the operand buffers;
//   - launches that share it never overlap: each one's stream waits
//     (cudaStreamWaitEvent) for the event the previous one recorded after
//     it, so launches of one kernel and shape on several streams run one
//     after another (on one stream they are in order anyway).
//
// Thread-safe: acquire() may be called from any thread; a Use keeps its
// workspace to itself until finish() or its destruction.
//
// Device work goes through WorkspaceDevice: the CUDA runtime in GemmKernel
// (createCudaWorkspaceDevice), a fake that records the calls in the unit
// tests.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_SPLITKWORKSPACES_H
#define GEMM_OPT_JIT_SPLITKWORKSPACES_H

#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace gemm_opt {
namespace jit {

/// The device operations the workspaces need.
class WorkspaceDevice {
public:
  virtual ~WorkspaceDevice();
  /// `bytes` of device memory (at least 256-byte aligned); its address.
  virtual llvm::Expected<uint64_t> allocate(size_t bytes) = 0;
  virtual void release(uint64_t address) = 0;
  /// Sets `bytes` at `address` to zero, in order on `stream`.
  virtual llvm::Error zero(uint64_t address, size_t bytes,
                           cudaStream_t stream) = 0;
  /// An event that orders the launches sharing a workspace.
  virtual llvm::Expected<cudaEvent_t> createEvent() = 0;
  virtual void destroyEvent(cudaEvent_t event) = 0;
  /// Makes `stream`'s later work wait for `event`'s last record.
  virtual llvm::Error wait(cudaStream_t stream, cudaEvent_t event) = 0;
  /// Records `event` after the work enqueued on `stream` so far.
  virtual llvm::Error record(cudaEvent_t event, cudaStream_t stream) = 0;
};

/// The CUDA runtime's memory, memset and events on the current device.
std::unique_ptr<WorkspaceDevice> createCudaWorkspaceDevice();

class SplitKWorkspaces {
  struct Workspace;

public:
  explicit SplitKWorkspaces(std::unique_ptr<WorkspaceDevice> device);
  /// Releases the memory and events (the device's memory release waits for
  /// work that still uses them: cudaFree synchronizes).
  ~SplitKWorkspaces();
  SplitKWorkspaces(const SplitKWorkspaces &) = delete;
  SplitKWorkspaces &operator=(const SplitKWorkspaces &) = delete;

  /// One launch's hold on a workspace.
  class Use {
  public:
    Use(Use &&) = default;
    /// Assigning over a held use would end it without recording it.
    Use &operator=(Use &&) = delete;
    /// Records the end of the launch (call it once the launch is enqueued on
    /// the stream given to acquire); the next use waits for it. Without a
    /// call, destruction records it and drops an error.
    llvm::Error finish();
    ~Use();

    /// The addresses and element counts to pass to the kernel.
    const runtime::WorkspaceAddresses &getAddresses() const;

  private:
    friend class SplitKWorkspaces;

    Use(WorkspaceDevice &device, Workspace &workspace, cudaStream_t stream,
        std::unique_lock<std::mutex> lock);
    WorkspaceDevice *device;
    Workspace *workspace;
    cudaStream_t stream;
    std::unique_lock<std::mutex> lock;
  };

  /// The workspace of `spec` (a kernel that takes one) at `shape`, for a
  /// launch on `stream`: allocated, and its counters zeroed on `stream`, at
  /// the first use of the shape; `stream` waits for the previous use. A
  /// BadInput error when `spec` takes no workspace.
  llvm::Expected<Use> acquire(const runtime::KernelSpec &spec,
                              const runtime::GemmShape &shape,
                              cudaStream_t stream);

  /// Workspaces allocated so far.
  size_t size() const;

private:
  std::unique_ptr<WorkspaceDevice> device;
  mutable std::mutex mutex; ///< Guards `workspaces` (not their contents).
  /// By (M, N); node-based, so a Workspace never moves.
  std::map<std::pair<int64_t, int64_t>, std::unique_ptr<Workspace>> workspaces;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_SPLITKWORKSPACES_H
