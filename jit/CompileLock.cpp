//===- CompileLock.cpp - one process compiles, the others wait ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CompileLock.h"

#include "jit/DiskCache.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;
using namespace std::chrono;

namespace gemm_opt {
namespace jit {

/// Attempts to take the lock: a stale lock taken over, a released one
/// retaken. Bounds the loop where locks keep changing hands.
static constexpr int MaxAttempts = 4;

CompileLock::CompileLock(StringRef path, seconds timeout)
    : path(path.str()), lockPath((path + ".lock").str()), timeout(timeout) {}

/// How long ago the lock file at `lockPath` was written (LockFileManager
/// writes it once, when taking the lock); zero if it is gone or dated in
/// the future.
static seconds getLockAge(StringRef lockPath) {
  sys::fs::file_status status;
  if (sys::fs::status(lockPath, status))
    return seconds(0);
  auto age = system_clock::now() - status.getLastModificationTime();
  return age.count() > 0 ? duration_cast<seconds>(age) : seconds(0);
}

/// Who holds the lock, as its file says ("host pid").
static std::string describeOwner(StringRef lockPath) {
  SmallVector<char, 0> bytes;
  if (!readCacheFile(lockPath.str(), bytes))
    return "an owner that has let go since";
  return StringRef(bytes.data(), bytes.size()).trim().str();
}

CompileLock::State CompileLock::acquire(function_ref<bool()> isDone) {
  steady_clock::time_point deadline = steady_clock::now() + timeout;
  for (int attempt = 0; attempt < MaxAttempts; ++attempt) {
    lock.emplace(path);
    Expected<bool> owned = lock->tryLock();
    if (!owned) {
      // No lock to be had (e.g. a read-only directory).
      consumeError(owned.takeError());
      lock.reset();
      return State::Unguarded;
    }
    if (*owned)
      return State::Owned;

    // A live owner (LockFileManager removed the lock of a dead process on
    // this host). One that has held it longer than a compile takes is hung
    // or on a host that crashed: take it over.
    seconds age = getLockAge(lockPath);
    if (age >= timeout) {
      staleNote = lockPath + " (held by " + describeOwner(lockPath) + ") is " +
                  itostr(age.count()) + " s old, older than the " +
                  itostr(timeout.count()) +
                  " s a compile may take: taken to be stale";
      (void)lock->unsafeMaybeUnlock();
      lock.reset();
      continue;
    }
    steady_clock::time_point now = steady_clock::now();
    if (now >= deadline)
      break;
    // Until the lock turns stale, and not past the deadline; whole seconds,
    // at least one.
    seconds wait = std::min(
        timeout - age, duration_cast<seconds>(deadline - now) + seconds(1));
    WaitForUnlockResult waited =
        lock->waitForUnlockFor(std::max(wait, seconds(1)));
    lock.reset(); // Not ours: the owner removes it.
    if (waited != WaitForUnlockResult::Timeout && isDone())
      return State::DoneByOther;
    // Let go without the work (its compile failed), gone, or now stale:
    // try again.
  }
  if (isDone())
    return State::DoneByOther;
  if (staleNote.empty())
    staleNote = lockPath + " is still held after " + itostr(timeout.count()) +
                " s: compiling without it";
  return State::Unguarded;
}

} // namespace jit
} // namespace gemm_opt
