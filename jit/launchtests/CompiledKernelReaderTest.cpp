//===- CompiledKernelReaderTest.cpp - a bundle's kernel, ready to launch --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// readCompiledKernel on bundles written to a temporary directory: the entry
// and cubin come back as GemmKernel takes them, by name or first; a
// PTX-only bundle, a missing cubin and an unknown name are errors. No GPU.
//
//===----------------------------------------------------------------------===//

#include "jit/CompiledKernelReader.h"

#include "jit/GemmKernel.h"
#include "runtime/unittests/TestBundles.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

class CompiledKernelReaderTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("gemm-opt-bundle", directory));
  }
  void TearDown() override { (void)sys::fs::remove_directories(directory); }

  /// Writes `name` in the directory; its path.
  std::string write(StringRef name, StringRef bytes) {
    SmallString<256> path(directory);
    sys::path::append(path, name);
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    EXPECT_FALSE(ec) << ec.message();
    os << bytes;
    return std::string(path);
  }

  SmallString<256> directory;
};

TEST_F(CompiledKernelReaderTest, ReadsTheEntryAndCubin) {
  json::Object second = test::makeValidKernel();
  second["name"] = "second_kernel";
  second["cubin"] = "second.cubin";
  json::Object bundle{
      {"format", BundleFormatName},
      {"kernels", json::Array{test::makeValidKernel(), std::move(second)}}};
  std::string text;
  raw_string_ostream(text) << json::Value(std::move(bundle));
  std::string path = write("kernel.json", text);
  write("k.cubin", "\x7f"
                   "ELF first");
  write("second.cubin", "\x7f"
                        "ELF second");

  Expected<CompiledKernel> first = readCompiledKernel(path);
  ASSERT_TRUE(bool(first)) << toString(first.takeError());
  EXPECT_EQ(first->cubin, "\x7f"
                          "ELF first");
  EXPECT_EQ(first->cacheKey, "bundle " + path + " gemm_kernel_0");
  Expected<std::shared_ptr<GemmKernel>> kernel = GemmKernel::create(*first);
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ(cantFail((*kernel)->getSpec()).name, "gemm_kernel_0");

  Expected<CompiledKernel> named = readCompiledKernel(path, "second_kernel");
  ASSERT_TRUE(bool(named)) << toString(named.takeError());
  EXPECT_EQ(named->cubin, "\x7f"
                          "ELF second");
  EXPECT_EQ(cantFail(cantFail(GemmKernel::create(*named))->getSpec()).name,
            "second_kernel");

  Expected<CompiledKernel> unknown = readCompiledKernel(path, "third");
  ASSERT_FALSE(bool(unknown));
  EXPECT_NE(toString(unknown.takeError()).find("no kernel named 'third'"),
            std::string::npos);
}

TEST_F(CompiledKernelReaderTest, ABundleWithoutACubinIsRefused) {
  json::Object ptxOnly = test::makeValidKernel();
  ptxOnly.erase("cubin");
  std::string path =
      write("kernel.json", test::makeBundleText(std::move(ptxOnly)));
  write("k.ptx", ".version 8.0");
  Expected<CompiledKernel> read = readCompiledKernel(path);
  ASSERT_FALSE(bool(read));
  EXPECT_NE(toString(read.takeError()).find("has no cubin"), std::string::npos);

  // Named but missing on disk.
  std::string missing =
      write("missing.json", test::makeBundleText(test::makeValidKernel()));
  Expected<CompiledKernel> absent = readCompiledKernel(missing);
  ASSERT_FALSE(bool(absent));
  EXPECT_NE(toString(absent.takeError()).find("k.cubin"), std::string::npos);
}

} // namespace
