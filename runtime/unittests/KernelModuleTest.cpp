//===- KernelModuleTest.cpp - Image choice and reading (no GPU) -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FakeDriver.h"
#include "TestBundles.h"

#include "runtime/KernelModule.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

#include <tuple>

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
  EXPECT_EQ(error.message,
            "kernel gemm_kernel_0 is built for sm_90a, this GPU (Test GPU) is "
            "sm_80: a cubin built for sm_90a runs only on compute capability "
            "9.0 devices; a ptx built for sm_90a runs only on compute "
            "capability 9.0 devices");

  KernelImages cubinOnly{"cubin bytes", ""};
  error = summarizeError(
      chooseImage(makeSpec("sm_80"), cubinOnly, makeDevice(9, 0)).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("kernel gemm_kernel_0 is built for sm_80, this "
                               "GPU (Test GPU) is sm_90: a cubin built for "
                               "sm_80 runs only on compute capability 8.x "
                               "devices"),
            std::string::npos)
      << error.message;

  error = summarizeError(
      chooseImage(makeSpec("sm_80"), KernelImages(), makeDevice(9, 0))
          .takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
}

TEST(KernelModuleTest, Sm90aNeedsExactlyHopper) {
  // Arch-specific (wgmma, setmaxnreg): neither older nor newer GPUs run it,
  // not even through the PTX.
  KernelImages both{"cubin bytes", "ptx text"};
  KernelSpec spec = makeSpec("sm_90a");
  for (auto [major, minor, arch] :
       {std::tuple<int, int, const char *>(8, 0, "sm_80"),
        {8, 9, "sm_89"},
        {10, 0, "sm_100"},
        {12, 0, "sm_120"}}) {
    ErrorSummary error = summarizeError(
        chooseImage(spec, both, makeDevice(major, minor)).takeError());
    EXPECT_EQ(error.exitCode, ExitBadInput) << arch;
    EXPECT_NE(error.message.find("kernel gemm_kernel_0 is built for sm_90a, "
                                 "this GPU (Test GPU) is " +
                                 std::string(arch) + ":"),
              std::string::npos)
        << error.message;
  }
  Expected<ImageKind> kind = chooseImage(spec, both, makeDevice(9, 0));
  ASSERT_TRUE(static_cast<bool>(kind)) << toString(kind.takeError());
  EXPECT_EQ(*kind, ImageKind::Cubin);
}

TEST(KernelModuleTest, ClustersAndTmaNeedHopper) {
  // An sm_80 PTX kernel that uses clusters or TMA would JIT for Ampere.
  json::Object kernel = makeValidKernel();
  kernel["chip"] = "sm_80";
  kernel["cluster"] = json::Array{2, 1, 1};
  KernelSpec clustered = parseSingleKernel(std::move(kernel));
  ErrorSummary error =
      summarizeError(checkDeviceFeatures(clustered, makeDevice(8, 6)));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message,
            "kernel gemm_kernel_0 is launched in clusters of 2x1x1 blocks: "
            "thread block clusters need compute capability 9.0 or newer; this "
            "GPU (Test GPU) is sm_86");

  kernel = makeHopperKernel();
  kernel["chip"] = "sm_80";
  kernel["cluster"] = json::Array{1, 1, 1};
  KernelSpec tma = parseSingleKernel(std::move(kernel));
  error = summarizeError(checkDeviceFeatures(tma, makeDevice(8, 0)));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("kernel gemm_kernel_0 takes TMA descriptors: "
                               "tensor maps need compute capability 9.0 or "
                               "newer; this GPU (Test GPU) is sm_80"),
            std::string::npos)
      << error.message;

  KernelSpec hopper = parseSingleKernel(makeHopperKernel());
  EXPECT_FALSE(
      static_cast<bool>(checkDeviceFeatures(hopper, makeDevice(9, 0))));
  EXPECT_FALSE(
      static_cast<bool>(checkDeviceFeatures(hopper, makeDevice(10, 0))));
  EXPECT_FALSE(static_cast<bool>(
      checkDeviceFeatures(makeSpec("sm_80"), makeDevice(8, 0))));
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

class LaunchDigestLoadTest : public ::testing::Test {
protected:
  void SetUp() override {
    FakeDriver::symbols = {{"gemm_kernel_0", 0}};
    FakeDriver::functions.clear();
    FakeDriver::digests.clear();
    device = makeDevice(9, 0);
    device.multiprocessorCount = 132;
    device.maxSharedMemoryPerBlockOptin = 232448;
    device.driver = &api;
  }

  /// The message of the load's error, or "" when it loads.
  std::string load(const KernelSpec &spec) {
    Expected<KernelModule> module =
        KernelModule::load(spec, KernelImages{"cubin bytes", ""}, device);
    if (module)
      return "";
    ErrorSummary error = summarizeError(module.takeError());
    EXPECT_EQ(error.exitCode, ExitBadInput);
    return error.message;
  }

  DriverApi api = FakeDriver::getApiWithDigests();
  DeviceInfo device;
};

TEST_F(LaunchDigestLoadTest, MatchingDigestLoads) {
  KernelSpec spec = makeSpec("sm_90a");
  FakeDriver::digests["gemm_kernel_0_launch_digest"] = spec.launchDigest;
  EXPECT_EQ(load(spec), "");
}

TEST_F(LaunchDigestLoadTest, EditedMetadataIsRefused) {
  KernelSpec original = makeSpec("sm_90a");
  FakeDriver::digests["gemm_kernel_0_launch_digest"] = original.launchDigest;
  json::Object edited = makeValidKernel();
  edited["chip"] = "sm_90a";
  edited["dynamic_shared_memory_bytes"] = 0;
  std::string message = load(parseSingleKernel(std::move(edited)));
  EXPECT_NE(message.find("the launch metadata of kernel gemm_kernel_0 does "
                         "not belong to its cubin"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("rebuild the bundle"), std::string::npos);
}

TEST_F(LaunchDigestLoadTest, AnImageWithoutDigestIsRefused) {
  std::string message = load(makeSpec("sm_90a"));
  EXPECT_NE(message.find("holds no launch digest "
                         "('gemm_kernel_0_launch_digest')"),
            std::string::npos)
      << message;
}

} // namespace
