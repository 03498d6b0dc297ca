//===- LaunchCheckTest.cpp - what a kernel refuses before launching -------===//

#include "JitTestSupport.h"
#include "runtime/Device.h"
#include "runtime/RuntimeError.h"

using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;
using namespace llvm;

namespace {

class LaunchCheckTest : public TemporaryCacheTest {
protected:
  void SetUp() override {
    TemporaryCacheTest::SetUp();
    GemmJit jit(getOptions());
    auto compiled = jit.compile(getSyncSchedule());
    ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
    kernel = *compiled;
  }

  /// Device-looking, 256-byte aligned addresses; nothing is dereferenced.
  GemmArguments getValidArguments() const {
    GemmArguments args;
    args.a = reinterpret_cast<const void *>(0x10000000);
    args.b = reinterpret_cast<const void *>(0x20000000);
    args.c = reinterpret_cast<void *>(0x30000000);
    args.m = 256;
    args.n = 512;
    args.k = 64;
    return args;
  }

  std::string checkMessage(const GemmArguments &args) {
    Error error = kernel->checkArguments(args);
    if (!error)
      return "";
    return toString(std::move(error));
  }

  std::shared_ptr<GemmKernel> kernel;
};

TEST_F(LaunchCheckTest, ValidArgumentsPass) {
  EXPECT_EQ(checkMessage(getValidArguments()), "");
}

TEST_F(LaunchCheckTest, AlphaBetaNeedAnEpilogue) {
  GemmArguments args = getValidArguments();
  args.alpha = 2.0f;
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("has no alpha/beta epilogue; alpha must be 1 and "
                         "beta 0"),
            std::string::npos)
      << message;
  args = getValidArguments();
  args.beta = 1.0f;
  EXPECT_NE(checkMessage(args).find("beta = 1"), std::string::npos);
  args = getValidArguments();
  args.bias = args.c;
  EXPECT_NE(checkMessage(args).find("has no bias epilogue"), std::string::npos);
  args = getValidArguments();
  args.residual = args.c;
  EXPECT_NE(checkMessage(args).find("has no residual epilogue"),
            std::string::npos);
}

TEST_F(LaunchCheckTest, ShapesTheKernelCannotRun) {
  GemmArguments args = getValidArguments();
  args.m = 100; // Not a multiple of the 128-row block tile.
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("ragged shapes are not supported"), std::string::npos)
      << message;
  args = getValidArguments();
  args.k = 0;
  EXPECT_NE(checkMessage(args), "");
}

TEST_F(LaunchCheckTest, MisalignedAndNullPointers) {
  GemmArguments args = getValidArguments();
  args.b = reinterpret_cast<const void *>(0x20000008);
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("B at 0x20000008 is not 16-byte aligned"),
            std::string::npos)
      << message;
  args = getValidArguments();
  args.c = nullptr;
  EXPECT_NE(checkMessage(args).find("device pointer of C is null"),
            std::string::npos);
}

TEST_F(LaunchCheckTest, LaunchWithoutGpuSaysSo) {
  Expected<DeviceInfo> device = openDevice(0);
  if (device)
    GTEST_SKIP() << "a GPU is present";
  consumeError(device.takeError());
  Error error = kernel->launch(getValidArguments(), nullptr);
  ASSERT_TRUE(bool(error));
  ErrorSummary summary = summarizeError(std::move(error));
  EXPECT_EQ(summary.exitCode, ExitNoDevice) << summary.message;
  EXPECT_NE(summary.message.find("no CUDA"), std::string::npos)
      << summary.message;
}

} // namespace
