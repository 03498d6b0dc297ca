//===- KernelModuleTest.cpp - Image choice and reading (no GPU) -----------===//

#include "TestBundles.h"

#include "runtime/KernelModule.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

DeviceInfo makeDevice(int major, int minor) {
  DeviceInfo device;
  device.name = "Test GPU";
  device.ccMajor = major;
  device.ccMinor = minor;
  return device;
}

KernelSpec makeSpec(StringRef chip) {
  json::Object kernel = makeValidKernel();
  kernel["chip"] = chip;
  return parseSingleKernel(std::move(kernel));
}

TEST(KernelModuleTest, PrefersTheCubin) {
  KernelImages both{"cubin bytes", "ptx text"};
  Expected<ImageKind> kind =
      chooseImage(makeSpec("sm_90a"), both, makeDevice(9, 0));
  ASSERT_TRUE(static_cast<bool>(kind)) << toString(kind.takeError());
  EXPECT_EQ(*kind, ImageKind::Cubin);
}

TEST(KernelModuleTest, FallsBackToPtx) {
  // An sm_80 cubin does not run on Hopper; its PTX is JIT-compiled.
  KernelImages both{"cubin bytes", "ptx text"};
  Expected<ImageKind> kind =
      chooseImage(makeSpec("sm_80"), both, makeDevice(9, 0));
  ASSERT_TRUE(static_cast<bool>(kind)) << toString(kind.takeError());
  EXPECT_EQ(*kind, ImageKind::Ptx);

  KernelImages ptxOnly{"", "ptx text"};
  kind = chooseImage(makeSpec("sm_80"), ptxOnly, makeDevice(8, 6));
  ASSERT_TRUE(static_cast<bool>(kind)) << toString(kind.takeError());
  EXPECT_EQ(*kind, ImageKind::Ptx);
}

TEST(KernelModuleTest, RefusesAChipMismatch) {
  KernelImages both{"cubin bytes", "ptx text"};
  ErrorSummary error = summarizeError(
      chooseImage(makeSpec("sm_90a"), both, makeDevice(8, 0)).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("kernel gemm_kernel_0: chip mismatch: a cubin "
                               "built for sm_90a runs only on compute "
                               "capability 9.0 devices"),
            std::string::npos)
      << error.message;
  EXPECT_NE(error.message.find("a ptx built for sm_90a"), std::string::npos)
      << error.message;

  KernelImages cubinOnly{"cubin bytes", ""};
  error = summarizeError(
      chooseImage(makeSpec("sm_80"), cubinOnly, makeDevice(9, 0)).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("is compute capability 9.0"), std::string::npos)
      << error.message;

  error = summarizeError(
      chooseImage(makeSpec("sm_80"), KernelImages(), makeDevice(9, 0))
          .takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
}

TEST(KernelModuleTest, MissingImageFiles) {
  ErrorSummary error =
      summarizeError(readKernelImages(makeSpec("sm_90a")).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("cannot read the cubin file "
                               "'/bundles/x/k.cubin'"),
            std::string::npos)
      << error.message;
}

} // namespace
