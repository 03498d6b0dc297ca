//===- CompileTest.cpp - schedules in, cubins or diagnostics out ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "compiler/MlirNestingLimit.h"
#include "compiler/ScheduleCompilation.h"
#include "jit/ScheduleDescription.h"
#include "llvm/Support/thread.h"

#include <atomic>

using namespace gemm_opt::jit;
using gemm_opt::runtime::KernelParamSpec;
using gemm_opt::runtime::TensorMapPassing;

namespace {

class CompileTest : public TemporaryCacheTest {};

TEST_F(CompileTest, GoodScheduleGivesCubinAndLaunchSpec) {
  JitOptions options = getOptions();
  options.enableCache = false;
  GemmJit jit(options);
  auto kernel = jit.compile(getSyncSchedule(), "gemm_bf16_sm90.mlir");
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const CompiledKernel &compiled = (*kernel)->getCompiled();
  // An ELF image from ptxas.
  ASSERT_GE(compiled.cubin.size(), 4u);
  EXPECT_EQ(compiled.cubin.substr(0, 4), "\x7f" "ELF");
  EXPECT_NE(compiled.ptxasReport.find("registers"), std::string::npos);
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_EQ(spec.chipName, "sm_90a");
  EXPECT_EQ(spec.block[0], 256u);
  EXPECT_EQ(spec.requiresDivisible.m, 128);
  EXPECT_EQ(spec.requiresDivisible.n, 256);
  EXPECT_EQ(spec.requiresDivisible.k, 32);
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
}

/// An fp32 SIMT schedule with 8x16 thread tiles, whose lowering asks for
/// ptxas -O1 (bench/schedules/f32_simt_128x256x8_t8x16_s3.mlir).
std::string getSimt8x16Schedule() {
  return R"(#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8],
  warp = [64, 64], mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>
func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
)";
}

TEST_F(CompileTest, PtxasLevelIsTheKernelsUnlessRequested) {
  JitOptions options = getOptions();
  options.enableCache = false;
  auto levelOf = [&](const JitOptions &options, const std::string &text) {
    GemmJit jit(options);
    auto kernel = jit.compile(text, "schedule.mlir");
    EXPECT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
    if (!kernel)
      return std::string();
    const std::string &entry = (*kernel)->getCompiled().bundleEntry;
    EXPECT_NE(entry.find("\"ptxas_info\""), std::string::npos) << entry;
    size_t at = entry.find("\"ptxas_opt_level\": ");
    EXPECT_NE(at, std::string::npos) << entry;
    return at == std::string::npos ? std::string() : entry.substr(at + 19, 1);
  };
  // The SIMT lowering's 2x2-block FFMA order asks for -O1; mma.sync
  // kernels get ptxas's default.
  EXPECT_EQ(levelOf(options, getSimt8x16Schedule()), "1");
  EXPECT_EQ(levelOf(options, getSyncSchedule()), "3");
  // A requested level wins.
  options.ptxasOptLevel = 3;
  EXPECT_EQ(levelOf(options, getSimt8x16Schedule()), "3");
}

TEST_F(CompileTest, TensorMapsByValueIsAnOptionAndPartOfTheKey) {
  // The same TMA schedule compiled both ways: two kernels, two cache
  // entries, and only the by-value one takes its maps as parameters.
  auto passingOf = [](const GemmKernel &kernel) {
    std::vector<TensorMapPassing> passing;
    for (const KernelParamSpec &param :
         llvm::cantFail(kernel.getSpec()).parameters)
      if (param.isTensorMap())
        passing.push_back(param.tensorMap.passing);
    return passing;
  };
  std::string text = readExample("gemm_bf16_wgmma_sm90.mlir");
  GemmJit pointers(getOptions());
  auto byPointer = pointers.compile(text);
  ASSERT_TRUE(bool(byPointer)) << llvm::toString(byPointer.takeError());
  JitOptions options = getOptions();
  options.tensorMapsByValue = true;
  GemmJit values(options);
  auto byValue = values.compile(text);
  ASSERT_TRUE(bool(byValue)) << llvm::toString(byValue.takeError());
  EXPECT_EQ(values.getStatistics().compiles, 1u); // Not the other's entry.
  EXPECT_NE((*byValue)->getCompiled().cacheKey,
            (*byPointer)->getCompiled().cacheKey);
  std::vector<TensorMapPassing> pointerMaps = passingOf(**byPointer);
  std::vector<TensorMapPassing> valueMaps = passingOf(**byValue);
  ASSERT_FALSE(valueMaps.empty());
  ASSERT_EQ(valueMaps.size(), pointerMaps.size());
  for (TensorMapPassing passing : pointerMaps)
    EXPECT_EQ(passing, TensorMapPassing::GlobalPointer);
  for (TensorMapPassing passing : valueMaps)
    EXPECT_EQ(passing, TensorMapPassing::ByValue);
  auto entries = pointers.getDiskCache()->list();
  ASSERT_TRUE(bool(entries));
  EXPECT_EQ(entries->size(), 2u);
  // Each found again in a fresh process, as what it was compiled as.
  GemmJit again(options);
  auto cached = again.compile(text);
  ASSERT_TRUE(bool(cached));
  EXPECT_EQ(again.getStatistics().diskHits, 1u);
  EXPECT_EQ(passingOf(**cached), valueMaps);
}

TEST_F(CompileTest, MalformedTextReportsLocation) {
  GemmJit jit(getOptions());
  auto kernel = jit.compile("func.func @f() {\n  tile.gemm %a\n}\n", "bad.mlir");
  ASSERT_FALSE(bool(kernel));
  std::string message = llvm::toString(kernel.takeError());
  EXPECT_NE(message.find("cannot compile schedule 'bad.mlir'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("bad.mlir:2:"), std::string::npos) << message;
  EXPECT_NE(message.find("error:"), std::string::npos) << message;
}

/// The shipped mma.sync schedule after an attribute alias whose arrays
/// nest `depth` levels deep.
std::string getScheduleNested(unsigned depth) {
  return "#deep = " + std::string(depth, '[') + std::string(depth, ']') + "\n" +
         getSyncSchedule();
}

TEST_F(CompileTest, DeeplyNestedTextIsAnErrorNotACrash) {
  // 8,000 levels overflowed the stack in the parser, in the caller's process.
  GemmJit jit(getOptions());
  auto kernel = jit.compile(getScheduleNested(8000), "deep.mlir");
  ASSERT_FALSE(bool(kernel));
  std::string message = llvm::toString(kernel.takeError());
  EXPECT_NE(message.find("cannot compile schedule 'deep.mlir'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("deep.mlir:1:265: error: brackets nest deeper than "
                         "256 levels"),
            std::string::npos)
      << message.substr(0, 400);
  EXPECT_EQ(jit.getStatistics().compiles, 0u);
}

TEST_F(CompileTest, NestingAtTheLimitParsesOnASmallCallerStack) {
  // The parser runs on a stack of its own: a caller thread of 128 KiB
  // (less than the parse at this depth needs) does not overflow.
  std::string text = getScheduleNested(gemm_opt::kMaxMlirNesting);
  std::string error = "not run";
  llvm::thread caller(std::optional<unsigned>(128u << 10), [&] {
    auto compilation = gemm_opt::ScheduleCompilation::parse(text, "limit.mlir");
    error = compilation ? "" : llvm::toString(compilation.takeError());
  });
  caller.join();
  EXPECT_EQ(error, "");
}

TEST_F(CompileTest, DeeplyNestedReplacementScheduleIsAnError) {
  auto compilation =
      gemm_opt::ScheduleCompilation::parse(getSyncSchedule(), "sync.mlir");
  ASSERT_TRUE(bool(compilation)) << llvm::toString(compilation.takeError());
  std::string deep = "#tile.schedule<block = " + std::string(8000, '[') +
                     std::string(8000, ']') + ">";
  llvm::Error error = (*compilation)->replaceSchedules(deep);
  ASSERT_TRUE(bool(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("<schedule>:1:"), std::string::npos)
      << message.substr(0, 400);
  EXPECT_NE(message.find("brackets nest deeper than 256 levels"),
            std::string::npos)
      << message.substr(0, 400);
}

TEST_F(CompileTest, ImpossibleScheduleGivesVerifierDiagnostic) {
  ScheduleDescription schedule;
  schedule.name = "impossible";
  schedule.block = {128, 256, 64};
  schedule.warp = {48, 256}; // 128 is no multiple of 48.
  GemmJit jit(getOptions());
  auto kernel = jit.compile(schedule);
  ASSERT_FALSE(bool(kernel));
  std::string message = llvm::toString(kernel.takeError());
  EXPECT_NE(message.find("impossible:"), std::string::npos) << message;
  EXPECT_NE(message.find("error:"), std::string::npos) << message;
  EXPECT_NE(message.find("warp"), std::string::npos) << message;
  EXPECT_EQ(jit.getStatistics().compiles, 0u);
}

TEST_F(CompileTest, DescriptionRendersTheShippedWgmmaSchedule) {
  // The defaults are examples/gemm_bf16_wgmma_sm90.mlir's schedule: both
  // compile to the same canonical module, so the second is a cache hit.
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "gemm_bf16_wgmma";
  auto fromDescription = jit.compile(schedule);
  ASSERT_TRUE(bool(fromDescription))
      << llvm::toString(fromDescription.takeError());
  auto fromText = jit.compile(readExample("gemm_bf16_wgmma_sm90.mlir"));
  ASSERT_TRUE(bool(fromText)) << llvm::toString(fromText.takeError());
  EXPECT_EQ(fromDescription->get(), fromText->get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
  EXPECT_TRUE(llvm::cantFail((*fromText)->getSpec()).hasTensorMaps());
}

TEST_F(CompileTest, DescriptionRendersTheShippedFusedEpilogueSchedule) {
  // examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir is the default schedule
  // on a stream_k = 1 grid with a column bias and GELU (tanh) fused: the
  // same canonical module.
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "gemm_bf16_wgmma_bias_gelu";
  schedule.grid->streamK = "1";
  schedule.fused.bias = "column";
  schedule.fused.activation = "gelu_tanh";
  auto fromDescription = jit.compile(schedule);
  ASSERT_TRUE(bool(fromDescription))
      << llvm::toString(fromDescription.takeError());
  auto fromText = jit.compile(readExample("gemm_bf16_wgmma_bias_gelu_sm90.mlir"));
  ASSERT_TRUE(bool(fromText)) << llvm::toString(fromText.takeError());
  EXPECT_EQ(fromDescription->get(), fromText->get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
}

TEST_F(CompileTest, DescriptionRendersAStreamKGrid) {
  // The plain schedule on a stream_k = 1 grid, as shipped in
  // bench/schedules: the same canonical module.
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "wgmma_bf16_128x256x64_s3_persistent_tma_streamk1";
  schedule.grid->streamK = "1";
  EXPECT_NE(renderScheduleModule(schedule).find(
                "grid = #tile.grid<persistent = true, raster = along_m, "
                "group = 8, stream_k = 1>"),
            std::string::npos);
  auto fromDescription = jit.compile(schedule);
  ASSERT_TRUE(bool(fromDescription))
      << llvm::toString(fromDescription.takeError());
  auto fromText = jit.compile(
      readBenchSchedule("wgmma_bf16_128x256x64_s3_persistent_tma_streamk1.mlir"));
  ASSERT_TRUE(bool(fromText)) << llvm::toString(fromText.takeError());
  EXPECT_EQ(fromDescription->get(), fromText->get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
}

TEST_F(CompileTest, DescriptionRendersARaggedMmaSyncSchedule) {
  // bench/schedules/bf16_128x256x32_s4_ragged.mlir: an mma.sync kernel that
  // takes any shape and pitch (ragged = true in its pipeline).
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "bf16_128x256x32_s4_ragged";
  schedule.block = {128, 256, 32};
  schedule.warp = {64, 64};
  schedule.mmaKind = "sync";
  schedule.mma = {16, 8, 16};
  schedule.smemA.swizzleBytes = 64;
  schedule.stages = 4;
  schedule.load = "cp_async";
  schedule.ragged = true;
  schedule.specialization.reset();
  schedule.grid.reset();
  schedule.store.reset();
  EXPECT_NE(renderScheduleModule(schedule).find(
                "pipeline = #tile.pipeline<stages = 4, load = cp_async, "
                "ragged = true>"),
            std::string::npos);
  auto fromDescription = jit.compile(schedule);
  ASSERT_TRUE(bool(fromDescription))
      << llvm::toString(fromDescription.takeError());
  auto fromText =
      jit.compile(readBenchSchedule("bf16_128x256x32_s4_ragged.mlir"));
  ASSERT_TRUE(bool(fromText)) << llvm::toString(fromText.takeError());
  EXPECT_EQ(fromDescription->get(), fromText->get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*fromText)->getSpec());
  EXPECT_EQ(spec.requiresDivisible.m, 1);
  EXPECT_EQ(spec.requiresDivisible.n, 1);
  EXPECT_EQ(spec.requiresDivisible.k, 1);
  EXPECT_EQ(spec.minAlignmentBytes, 2);
  // Its image holds the whole-tile variant too, which launches take where
  // the tiles divide the shape and the operands are 16-byte aligned.
  ASSERT_TRUE(spec.wholeTileVariant.has_value());
  EXPECT_EQ(spec.wholeTileVariant->name,
            "bf16_128x256x32_s4_ragged_kernel_whole_tiles");
  EXPECT_EQ(spec.wholeTileVariant->requiresDivisible.m, 128);
  EXPECT_EQ(spec.wholeTileVariant->requiresDivisible.n, 256);
  EXPECT_EQ(spec.wholeTileVariant->requiresDivisible.k, 32);
  EXPECT_EQ(spec.wholeTileVariant->minAlignmentBytes, 16);
  EXPECT_NE((*fromText)->getCompiled().ptxasReport.find(
                "bf16_128x256x32_s4_ragged_kernel_whole_tiles"),
            std::string::npos);
  // A shape no tile divides and a pitch that is not 16-byte aligned pass
  // the launch checks (nothing is launched here).
  GemmArguments args;
  args.a = reinterpret_cast<const void *>(0x10000002);
  args.b = reinterpret_cast<const void *>(0x20000000);
  args.c = reinterpret_cast<void *>(0x30000000);
  args.m = 100;
  args.n = 257;
  args.k = 33;
  args.lda = 35;
  llvm::Error error = (*fromText)->checkArguments(args);
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
  auto launched = [&](const GemmArguments &arguments) {
    llvm::Expected<std::string> name =
        (*fromText)->getLaunchedKernelName(arguments);
    return name ? *name : llvm::toString(name.takeError());
  };
  EXPECT_EQ(launched(args), "bf16_128x256x32_s4_ragged_kernel");
  // Whole tiles, aligned operands and pitches: the whole-tile variant.
  GemmArguments whole = args;
  whole.a = reinterpret_cast<const void *>(0x10000000);
  whole.m = 256;
  whole.n = 512;
  whole.k = 64;
  whole.lda = 0;
  EXPECT_EQ(launched(whole), "bf16_128x256x32_s4_ragged_kernel_whole_tiles");
  whole.ldc = 520; // a padded pitch of 16-byte multiples
  EXPECT_EQ(launched(whole), "bf16_128x256x32_s4_ragged_kernel_whole_tiles");
  whole.ldc = 516; // 1032 bytes
  EXPECT_EQ(launched(whole), "bf16_128x256x32_s4_ragged_kernel");
}

TEST_F(CompileTest, DescriptionRendersLayoutsAndAlphaBeta) {
  // A column-major A (a strided<[1, ?]> memref) with alpha/beta.
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "layouts_alpha_beta";
  schedule.aLayout = "col";
  schedule.fused.alphaBeta = true;
  std::string module = renderScheduleModule(schedule);
  EXPECT_NE(module.find("%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>"),
            std::string::npos)
      << module;
  EXPECT_NE(module.find("%alpha: f32, %beta: f32"), std::string::npos)
      << module;
  EXPECT_NE(module.find("into %c alpha %alpha beta %beta {schedule"),
            std::string::npos)
      << module;
  auto kernel = jit.compile(schedule);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_EQ(spec.layouts.a, gemm_opt::runtime::MatrixLayout::Col);
  EXPECT_EQ(spec.layouts.b, gemm_opt::runtime::MatrixLayout::Row);
  EXPECT_EQ(spec.layouts.c, gemm_opt::runtime::MatrixLayout::Row);
  EXPECT_TRUE(spec.epilogue.alphaBeta);
  EXPECT_EQ(spec.epilogue.bias, gemm_opt::runtime::EpilogueBias::None);

  // A fused epilogue into a column-major C goes through a staging tile:
  // the TMA stores' (down C's columns) or the vector copy's.
  schedule.cLayout = "col";
  for (const char *store : {"tma", "vector"}) {
    schedule.name = std::string("col_c_alpha_beta_") + store;
    schedule.store = store;
    auto columnMajorC = jit.compile(schedule);
    ASSERT_TRUE(bool(columnMajorC))
        << store << ": " << llvm::toString(columnMajorC.takeError());
    EXPECT_EQ(llvm::cantFail((*columnMajorC)->getSpec()).layouts.c,
              gemm_opt::runtime::MatrixLayout::Col);
    EXPECT_TRUE(llvm::cantFail((*columnMajorC)->getSpec()).epilogue.alphaBeta);
  }

  // A batched column-major B is strided<[?, 1, ?]>.
  schedule.name = "batched_col_b";
  schedule.aLayout = schedule.cLayout = "row";
  schedule.bLayout = "col";
  schedule.store = "tma";
  schedule.fused = {};
  schedule.batched = true;
  module = renderScheduleModule(schedule);
  EXPECT_NE(module.find("%b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>"),
            std::string::npos)
      << module;
  kernel = jit.compile(schedule);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_TRUE(llvm::cantFail((*kernel)->getSpec()).stridedBatch);
  EXPECT_EQ(llvm::cantFail((*kernel)->getSpec()).layouts.b, gemm_opt::runtime::MatrixLayout::Col);

  // A batched C's residual is a batch of matrices laid out like C: the
  // kernel takes it as a rank-3 memref, and so does the bundle.
  schedule.name = "batched_residual";
  schedule.fused.residual = true;
  module = renderScheduleModule(schedule);
  EXPECT_NE(module.find("%residual: memref<?x?x?xbf16>"), std::string::npos)
      << module;
  kernel = jit.compile(schedule);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_TRUE(llvm::cantFail((*kernel)->getSpec()).stridedBatch);
  EXPECT_TRUE(llvm::cantFail((*kernel)->getSpec()).epilogue.residual);
  auto residual =
      llvm::find_if(llvm::cantFail((*kernel)->getSpec()).parameters, [](const auto &param) {
        return param.isEpilogue() &&
               param.epilogueOperand ==
                   gemm_opt::runtime::EpilogueOperand::Residual;
      });
  ASSERT_NE(residual, llvm::cantFail((*kernel)->getSpec()).parameters.end());
  EXPECT_EQ(residual->rank, 3u);
}

TEST_F(CompileTest, DescriptionRendersASimtScheduleWithAFusedEpilogue) {
  // BLAS SGEMM's alpha/beta with a row bias, erf GELU and a residual on
  // the CUDA cores (bench/schedules/
  // epilogue_f32_simt_alpha_beta_row_bias_gelu_residual.mlir).
  GemmJit jit(getOptions());
  ScheduleDescription schedule;
  schedule.name = "simt_fused";
  schedule.block = {128, 256, 8};
  schedule.warp = {64, 64};
  schedule.mmaKind = "ffma";
  schedule.mma = {8, 16, 1};
  schedule.aType = schedule.bType = schedule.cType = "f32";
  schedule.smemA = {/*swizzleBytes=*/0, /*padElements=*/4};
  schedule.smemB = {/*swizzleBytes=*/0, /*padElements=*/0};
  schedule.stages = 3;
  schedule.load = "cp_async";
  schedule.specialization.reset();
  schedule.grid.reset();
  schedule.store = "direct";
  schedule.fused.alphaBeta = true;
  schedule.fused.bias = "row";
  schedule.fused.activation = "gelu_erf";
  schedule.fused.residual = true;
  std::string module = renderScheduleModule(schedule);
  EXPECT_NE(module.find("mma = #tile.mma<ffma, [8, 16, 1]>"), std::string::npos)
      << module;
  auto kernel = jit.compile(schedule);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_TRUE(spec.exactFp32Math);
  EXPECT_TRUE(spec.epilogue.alphaBeta);
  EXPECT_EQ(spec.epilogue.bias, gemm_opt::runtime::EpilogueBias::Row);
  EXPECT_EQ(spec.epilogue.activation,
            gemm_opt::runtime::EpilogueActivation::GeluErf);
  EXPECT_TRUE(spec.epilogue.residual);
  // Any shape, and a whole-tile variant for the tiles that divide it.
  EXPECT_EQ(spec.requiresDivisible.m, 1);
  EXPECT_TRUE(spec.wholeTileVariant.has_value());
  // Both kernels (any-shape and whole-tile) without spills next to the
  // 128 accumulators.
  llvm::StringRef ptxas = (*kernel)->getCompiled().ptxasReport;
  int reports = 0;
  for (size_t at = ptxas.find(" bytes spill stores");
       at != llvm::StringRef::npos;
       at = ptxas.find(" bytes spill stores", at + 1)) {
    ++reports;
    EXPECT_TRUE(ptxas.substr(0, at).ends_with(" 0")) << ptxas.str();
  }
  EXPECT_EQ(reports, 2) << ptxas.str();
}

/// Picks the f16 schedule for square problems, as a tuning database might.
class SquareProblemChooser final : public ScheduleChooser {
public:
  llvm::Expected<std::string>
  chooseSchedule(const ProblemDescription &problem,
                 llvm::StringRef requested) const override {
    ++calls;
    if (problem.m == problem.n && problem.n == problem.k)
      return readExample("gemm_f16_wgmma_sm90.mlir");
    return requested.str();
  }
  mutable std::atomic<unsigned> calls{0};
};

TEST_F(CompileTest, CompileForConsultsTheChooser) {
  auto chooser = std::make_shared<SquareProblemChooser>();
  JitOptions options = getOptions();
  options.chooser = chooser;
  GemmJit jit(options);
  std::string requested = readExample("gemm_bf16_wgmma_sm90.mlir");
  ProblemDescription square{4096, 4096, 4096};
  auto chosen = jit.compileFor(square, requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(llvm::cantFail((*chosen)->getSpec()).aType, gemm_opt::runtime::ElementType::F16);
  ProblemDescription wide{1024, 8192, 512};
  auto fallback = jit.compileFor(wide, requested);
  ASSERT_TRUE(bool(fallback)) << llvm::toString(fallback.takeError());
  EXPECT_EQ(llvm::cantFail((*fallback)->getSpec()).aType,
            gemm_opt::runtime::ElementType::BF16);
  EXPECT_EQ(chooser->calls.load(), 2u);
}

TEST(DefaultChooser, ReturnsTheRequestedSchedule) {
  RequestedScheduleChooser chooser;
  auto chosen = chooser.chooseSchedule({128, 256, 64}, "the schedule");
  ASSERT_TRUE(bool(chosen));
  EXPECT_EQ(*chosen, "the schedule");
}

} // namespace
