//===- BoundedFileReadTest.cpp - reads of files a bundle names ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BoundedFileRead.h"

#include "runtime/RuntimeError.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

/// The message of a failed read, or "" when it succeeded.
std::string readError(StringRef path, uint64_t maxBytes = 1024) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer =
      readBoundedRegularFile(path, "cubin", maxBytes, /*isText=*/false);
  if (buffer)
    return "";
  ErrorSummary summary = summarizeError(buffer.takeError());
  EXPECT_EQ(summary.exitCode, ExitBadInput);
  return summary.message;
}

class BoundedFileReadTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("bounded-read", directory));
  }
  void TearDown() override { sys::fs::remove_directories(directory); }

  std::string file(StringRef name, StringRef contents) {
    SmallString<128> path(directory);
    sys::path::append(path, name);
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    EXPECT_FALSE(ec);
    os << contents;
    return std::string(path);
  }

  SmallString<128> directory;
};

TEST_F(BoundedFileReadTest, ReadsARegularFileWithinItsCap) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer = readBoundedRegularFile(
      file("k.cubin", "0123456789"), "cubin", 10, /*isText=*/false);
  ASSERT_TRUE(static_cast<bool>(buffer)) << toString(buffer.takeError());
  EXPECT_EQ((*buffer)->getBuffer(), "0123456789");
}

TEST_F(BoundedFileReadTest, RefusesDevicesFifosAndDirectoriesBeforeOpening) {
  // /dev/zero would read forever; a FIFO would block until a writer comes.
  EXPECT_NE(readError("/dev/zero").find("'/dev/zero' is not a regular file"),
            std::string::npos);
  SmallString<128> fifo(directory);
  sys::path::append(fifo, "fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(readError(fifo).find("is not a regular file"), std::string::npos);
  EXPECT_NE(readError(directory).find("is not a regular file"),
            std::string::npos);
}

TEST_F(BoundedFileReadTest, RefusesAFileOverItsCapAndAMissingOne) {
  std::string message = readError(file("big.cubin", "0123456789"), 9);
  EXPECT_NE(message.find("has 10 bytes, more than the 9 it may have"),
            std::string::npos)
      << message;
  EXPECT_NE(readError("/nonexistent/k.cubin")
                .find("cannot read the cubin file '/nonexistent/k.cubin'"),
            std::string::npos);
}

TEST(BundlePathTest, NamesOnlyFilesInTheBundlesDirectory) {
  auto resolve = [](StringRef path) -> std::string {
    Expected<std::string> resolved =
        resolveBundlePath("/bundles/x", path, "b.json (k)", "cubin");
    if (resolved)
      return *resolved;
    return "error: " + toString(resolved.takeError());
  };
  EXPECT_EQ(resolve("k.cubin"), "/bundles/x/k.cubin");
  EXPECT_EQ(resolve("sub/../k.cubin"), "/bundles/x/k.cubin");
  EXPECT_EQ(resolve("images/k.cubin"), "/bundles/x/images/k.cubin");
  for (StringRef outside : {"../k.cubin", "a/../../k.cubin", "/etc/passwd",
                            "/bundles/x/k.cubin", ".", ""})
    EXPECT_EQ(resolve(outside),
              ("error: b.json (k): field 'cubin' names '" + outside +
               "', which is not a file in the bundle's directory")
                  .str())
        << outside.str();
}

} // namespace
