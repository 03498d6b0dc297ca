//===- MatmulLibraryTest.cpp - kernel libraries and matmul plans ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "MatmulTestSupport.h"
#include "jit/KernelLibrary.h"
#include "jit/MatmulCompiler.h"
#include "jit/MatmulHandle.h"
#include "llvm/Support/JSON.h"

using namespace gemm_opt;
using gemm_opt::jit::MatrixOrder;

namespace {

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

void writeFile(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << text;
}

/// A library of one kernel, compiled once for the suite, for 256x512x128
/// in the nn.Linear layout.
class MatmulLibraryTest : public jit::TemporaryCacheTest {
protected:
  static void SetUpTestSuite() {
    MatmulCompilerOptions options;
    options.jit.enableDiskCache = false;
    options.modelDevice = "h200";
    auto created = MatmulCompiler::create(options);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    compiler = *created;
    auto chosen = compiler->getKernel(makeLinear(256, 512, 128), {});
    ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
    kernel = new ChosenKernel(std::move(*chosen));
  }
  static void TearDownTestSuite() {
    delete kernel;
    kernel = nullptr;
    compiler.reset();
  }
  void SetUp() override {
    TemporaryCacheTest::SetUp();
    ASSERT_NE(kernel, nullptr);
    KernelLibrary library;
    size_t index = library.addKernel(kernel->kernel->getCompiled());
    EXPECT_EQ(library.addKernel(kernel->kernel->getCompiled()), index);
    library.addProblem({getKernelClass(makeLinear(256, 512, 128), {}), 256, 512,
                        128, index, kernel->choice.schedule,
                        kernel->choice.reason});
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, "library");
    libraryDirectory = std::string(path);
    llvm::Error saved = library.save(libraryDirectory);
    ASSERT_FALSE(bool(saved)) << llvm::toString(std::move(saved));
  }
  std::string getLibraryFile(llvm::StringRef name) const {
    llvm::SmallString<256> path(libraryDirectory);
    llvm::sys::path::append(path, name);
    return std::string(path);
  }
  /// What loading the library says after `edit` changed its index.
  std::string
  loadAfterEditing(llvm::function_ref<void(llvm::json::Object &index)> edit) {
    // Each edit starts from the index as saved.
    if (pristineIndex.empty())
      pristineIndex = readFile(getLibraryFile("index.json"));
    auto index = llvm::json::parse(pristineIndex);
    EXPECT_TRUE(bool(index)) << llvm::toString(index.takeError());
    if (!index)
      return "";
    edit(*index->getAsObject());
    std::string text;
    llvm::raw_string_ostream(text) << *index;
    writeFile(getLibraryFile("index.json"), text);
    auto loaded = KernelLibrary::load(libraryDirectory);
    return loaded ? std::string("loaded") : llvm::toString(loaded.takeError());
  }

  static std::shared_ptr<MatmulCompiler> compiler;
  static ChosenKernel *kernel;
  std::string libraryDirectory;
  std::string pristineIndex;
};

std::shared_ptr<MatmulCompiler> MatmulLibraryTest::compiler;
ChosenKernel *MatmulLibraryTest::kernel = nullptr;

TEST_F(MatmulLibraryTest, CompilerSaysWhatAndWhy) {
  EXPECT_EQ(kernel->choice.origin, "jit");
  EXPECT_FALSE(kernel->choice.kernel.empty());
  EXPECT_EQ(kernel->choice.reason.rfind("static model: ", 0), 0u);
}

TEST_F(MatmulLibraryTest, LibraryRoundTrips) {
  auto loaded = KernelLibrary::load(libraryDirectory);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  ASSERT_EQ(loaded->getKernels().size(), 1u);
  EXPECT_EQ(loaded->getKernels()[0].cubin, kernel->kernel->getCompiled().cubin);
  ASSERT_EQ(loaded->getProblems().size(), 1u);
  EXPECT_EQ(loaded->getProblems()[0].reason, kernel->choice.reason);
  std::string kernelClass = getKernelClass(makeLinear(1, 1, 1), {});
  EXPECT_EQ(loaded->findCandidates(kernelClass, 300, 500, 100).size(), 1u);
  EXPECT_TRUE(loaded->findCandidates("other", 256, 512, 128).empty());
}

TEST_F(MatmulLibraryTest, HandleServesFromTheLibraryAlone) {
  MatmulOptions options;
  options.libraryPath = libraryDirectory;
  auto handle = MatmulHandle::create(options);
  ASSERT_TRUE(bool(handle)) << llvm::toString(handle.takeError());
  auto exact = (*handle)->explain(makeLinear(256, 512, 128));
  ASSERT_TRUE(bool(exact)) << llvm::toString(exact.takeError());
  EXPECT_EQ(exact->origin, "library");
  EXPECT_EQ(exact->kernel, kernel->choice.kernel);
  EXPECT_NE(exact->reason.find("for exactly 256x512x128"), std::string::npos)
      << exact->reason;
  // A wgmma kernel runs any shape of its class.
  auto near = (*handle)->explain(makeLinear(100, 700, 64));
  ASSERT_TRUE(bool(near)) << llvm::toString(near.takeError());
  EXPECT_NE(near->reason.find("nearest to this shape"), std::string::npos);
  // Plans are kept per plan key.
  auto first = (*handle)->plan(makeLinear(100, 700, 64));
  auto second = (*handle)->plan(makeLinear(100, 700, 64));
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->get(), second->get());
  // Only split_k and stream_k kernels take a workspace.
  auto parts = (*first)->getWorkspaceParts();
  ASSERT_TRUE(bool(parts)) << llvm::toString(parts.takeError());
  bool split = kernel->choice.schedule.find("split_k") != std::string::npos ||
               kernel->choice.schedule.find("stream_k") != std::string::npos;
  EXPECT_EQ(parts->getBytes() > 0, split) << kernel->choice.schedule;
  // Another class, and no compiler to ask.
  MatmulProblem rowMajor = makeLinear(256, 512, 128);
  rowMajor.orderB = MatrixOrder::RowMajor;
  auto missing = (*handle)->explain(rowMajor);
  ASSERT_FALSE(bool(missing));
  std::string message = llvm::toString(missing.takeError());
  EXPECT_NE(message.find("b=bf16:row"), std::string::npos) << message;
  EXPECT_NE(message.find("the handle has no compiler"), std::string::npos);
}

TEST_F(MatmulLibraryTest, HandleAsksItsCompilerForWhatTheLibraryLacks) {
  MatmulOptions options;
  options.libraryPath = libraryDirectory;
  options.compiler = compiler;
  auto handle = MatmulHandle::create(options);
  ASSERT_TRUE(bool(handle)) << llvm::toString(handle.takeError());
  MatmulProblem problem = makeLinear(256, 512, 128);
  MatmulEpilogue relu;
  relu.activation = "relu";
  auto chosen = (*handle)->explain(problem, relu);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(chosen->origin, "jit");
  // A plan refuses an epilogue of another form.
  auto plan = (*handle)->plan(problem, relu);
  ASSERT_TRUE(bool(plan));
  int x = 0;
  llvm::Error wrong = (*plan)->run(&x, &x, &x, {}, nullptr);
  ASSERT_TRUE(bool(wrong));
  EXPECT_NE(llvm::toString(std::move(wrong)).find("made for the epilogue"),
            std::string::npos);
}

TEST_F(MatmulLibraryTest, HostileIndexFilesNameTheField) {
  EXPECT_NE(loadAfterEditing([](llvm::json::Object &index) {
              index["format"] = "gemm-opt-kernel-library-0";
            }).find("field 'format'"),
            std::string::npos);
  std::string message = loadAfterEditing([](llvm::json::Object &index) {
    (*(*index.getArray("kernels"))[0].getAsObject())["size"] = int64_t(1) << 40;
  });
  EXPECT_NE(message.find("runs past kernels.cubin"), std::string::npos)
      << message;
  EXPECT_NE(loadAfterEditing([](llvm::json::Object &index) {
              (*(*index.getArray("kernels"))[0].getAsObject())["offset"] = -1;
            }),
            "loaded");
  EXPECT_NE(loadAfterEditing([](llvm::json::Object &index) {
              (*(*index.getArray("problems"))[0].getAsObject())["kernel"] = 7;
            }).find("the library holds 1 kernels"),
            std::string::npos);
  EXPECT_NE(loadAfterEditing([](llvm::json::Object &index) {
              (*(*index.getArray("kernels"))[0].getAsObject())["entry"] =
                  llvm::json::Object{{"name", "x"}};
            }),
            "loaded");
}

TEST_F(MatmulLibraryTest, MissingOrGarbledFilesAreErrors) {
  writeFile(getLibraryFile("index.json"), "{not json");
  auto garbled = KernelLibrary::load(libraryDirectory);
  ASSERT_FALSE(bool(garbled));
  EXPECT_NE(llvm::toString(garbled.takeError()).find("index.json"),
            std::string::npos);
  auto missing = KernelLibrary::load(getLibraryFile("nowhere"));
  ASSERT_FALSE(bool(missing));
  llvm::consumeError(missing.takeError());
  MatmulOptions options;
  options.libraryPath = getLibraryFile("nowhere");
  auto handle = MatmulHandle::create(options);
  ASSERT_FALSE(bool(handle));
  llvm::consumeError(handle.takeError());
}

} // namespace
