//===- JitTestSupport.h - schedules and temp caches for JIT tests -*- C++ -*-=//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_UNITTESTS_JITTESTSUPPORT_H
#define GEMM_OPT_JIT_UNITTESTS_JITTESTSUPPORT_H

#include "jit/GemmJit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <string>
#include <unistd.h>
#include <vector>

namespace gemm_opt {
namespace jit {

/// The text of examples/<name>.
inline std::string readExample(llvm::StringRef name) {
  llvm::SmallString<256> path(GEMM_OPT_SOURCE_DIR);
  llvm::sys::path::append(path, "examples", name);
  auto buffer = llvm::MemoryBuffer::getFile(path);
  EXPECT_TRUE(bool(buffer)) << "cannot read " << path.str().str();
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// The text of bench/schedules/<name>.
inline std::string readBenchSchedule(llvm::StringRef name) {
  llvm::SmallString<256> path(GEMM_OPT_SOURCE_DIR);
  llvm::sys::path::append(path, "bench", "schedules", name);
  auto buffer = llvm::MemoryBuffer::getFile(path);
  EXPECT_TRUE(bool(buffer)) << "cannot read " << path.str().str();
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// The smallest shipped kernel to compile (mma.sync, bf16).
inline std::string getSyncSchedule() {
  return readExample("gemm_bf16_sm90.mlir");
}

/// Creates an empty regular file `name` in `directory`; its path. A cache
/// directory under it cannot be created, whoever the user (root included).
inline std::string createRegularFile(llvm::StringRef directory,
                                     llvm::StringRef name) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  EXPECT_FALSE(ec) << ec.message();
  return std::string(path);
}

/// The files in `directory` whose names `keep` accepts.
inline std::vector<std::string>
listFiles(llvm::StringRef directory,
          llvm::function_ref<bool(llvm::StringRef fileName)> keep) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(directory, ec), end;
       it != end && !ec; it.increment(ec))
    if (keep(llvm::sys::path::filename(it->path())))
      files.push_back(it->path());
  return files;
}

/// Writes `lockPath` as llvm::LockFileManager does for a lock this (live)
/// process holds ("host pid"), dated `age` ago.
inline void holdLockAsThisProcess(llvm::StringRef lockPath,
                                  std::chrono::seconds age) {
  char host[256] = {};
  ASSERT_EQ(gethostname(host, sizeof(host) - 1), 0);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(lockPath, ec);
    ASSERT_FALSE(ec) << ec.message();
    os << host << ' ' << llvm::sys::Process::getProcessId();
  }
  int fd = -1;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(lockPath, fd,
                                               llvm::sys::fs::CD_OpenExisting));
  EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
      fd, std::chrono::system_clock::now() - age));
  ::close(fd);
}

/// What `kernel.checkArguments(args)` says: empty where it accepts them.
inline std::string getCheckMessage(const GemmKernel &kernel,
                                   const GemmArguments &args) {
  llvm::Error error = kernel.checkArguments(args);
  return error ? llvm::toString(std::move(error)) : "";
}

/// Expects `kernel` to refuse `args` with a message containing `part`.
inline void expectRefused(const GemmKernel &kernel, const GemmArguments &args,
                          llvm::StringRef part) {
  std::string message = getCheckMessage(kernel, args);
  EXPECT_NE(message.find(part.str()), std::string::npos)
      << "expected '" << part.str() << "' in: " << message;
}

/// A fresh cache directory, removed with the fixture.
class TemporaryCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("gemm-opt-jit-test", directory));
  }
  void TearDown() override {
    (void)llvm::sys::fs::remove_directories(directory);
  }
  JitOptions getOptions() const {
    JitOptions options;
    options.cacheDirectory = std::string(directory);
    return options;
  }
  /// `text` compiled with getOptions(); null (and a test failure) where it
  /// does not compile.
  std::shared_ptr<GemmKernel> compileKernel(llvm::StringRef text,
                                            llvm::StringRef name) const {
    GemmJit jit(getOptions());
    auto compiled = jit.compile(text, name);
    EXPECT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
    return compiled ? *compiled : nullptr;
  }
  llvm::SmallString<256> directory;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_UNITTESTS_JITTESTSUPPORT_H
