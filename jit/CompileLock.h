//===- CompileLock.h - one process compiles, the others wait ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lock under which the disk cache compiles a missing kernel, so that
// threads and processes asking for it at once compile it once: a
// "<entry>.lock" file (llvm::LockFileManager) naming the owner's host and
// process. A waiter returns as soon as the owner lets go and the entry is
// there.
//
// A lock must not stall its waiters for longer than a compile takes. A lock
// file whose owner process is gone is removed (LockFileManager checks the
// process on this host). One older than the timeout is taken to be stale
// (its owner hung, or runs on another host that crashed): it is taken over.
// And no call waits longer than the timeout in all: past it the caller
// compiles without the lock (the atomic renames keep the files whole; at
// worst a kernel is compiled twice).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_COMPILELOCK_H
#define GEMM_OPT_JIT_COMPILELOCK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LockFileManager.h"

#include <chrono>
#include <optional>
#include <string>

namespace gemm_opt {
namespace jit {

class CompileLock {
public:
  /// What acquire() came to.
  enum class State {
    Owned,       ///< This caller holds the lock until destruction.
    DoneByOther, ///< Another owner let go and `isDone` said its work is there.
    Unguarded,   ///< No lock (unwritable directory, timeout): go without.
  };

  /// A lock on `path` (the file "<path>.lock"); a lock file older than
  /// `timeout` is stale, and acquire() waits at most `timeout`.
  CompileLock(llvm::StringRef path, std::chrono::seconds timeout);
  CompileLock(const CompileLock &) = delete;
  CompileLock &operator=(const CompileLock &) = delete;
  /// Releases the lock if owned.
  ~CompileLock() = default;

  /// Takes the lock, or waits for its owner; each time the owner lets go,
  /// asks `isDone` whether the work it guarded is there (then returns
  /// DoneByOther) before trying again.
  State acquire(llvm::function_ref<bool()> isDone);

  /// What was found stale, for a warning ("<lock file> (held by <host>
  /// <pid>) is 75 s old ..."); empty when nothing was.
  const std::string &getStaleNote() const { return staleNote; }

private:
  std::string path;
  std::string lockPath; ///< path + ".lock", LockFileManager's name.
  std::chrono::seconds timeout;
  std::optional<llvm::LockFileManager> lock;
  std::string staleNote;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_COMPILELOCK_H
