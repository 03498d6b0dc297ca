//===- TuningDatabaseChooserTest.cpp - schedules from the tuning database -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/TuningDatabaseChooser.h"
#include "JitTestSupport.h"
#include "MatmulTestSupport.h"
#include "runtime/KernelArguments.h"
#include "llvm/Support/raw_ostream.h"

#include <tuple>

using namespace gemm_opt::jit;
using gemm_opt::LargeSchedule;
using gemm_opt::tuning::TuningDatabase;
using gemm_opt::tuning::TuningEntry;

namespace {

// Schedules as gemm-tune records them (tuning-database.json).
constexpr const char *SmallSchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [128, 128, 64], warp = [128, "
    "128], mma = #tile.mma<wgmma, [64, 128, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 3, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 24, consumer_registers "
    "= 208>, store = #tile.store<vector>>";
constexpr const char *SkinnySchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [64, 64, 64], warp = [64, "
    "64], mma = #tile.mma<wgmma, [64, 64, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 6, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 24, consumer_registers "
    "= 208>, grid = #tile.grid<persistent = false, raster = along_m, group "
    "= 8>, store = #tile.store<vector>>";

// Split-K schedules as gemm-tune records them.
constexpr const char *SkinnySplitKSchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [64, 128, 64], warp = [64, "
    "128], mma = #tile.mma<wgmma, [64, 128, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 4, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 24, consumer_registers "
    "= 208>, grid = #tile.grid<persistent = false, raster = along_n, group "
    "= 1, split_k = 4>, store = #tile.store<vector>>";
constexpr const char *DeepSplitKSchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [128, 128, 64], warp = [64, "
    "128], mma = #tile.mma<wgmma, [64, 128, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 4, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 40, consumer_registers "
    "= 232>, grid = #tile.grid<persistent = false, raster = along_n, group "
    "= 1, split_k = 2>, store = #tile.store<vector>>";

// The transposed small-M schedule (gemm-tune's
// wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8): its kernel takes every
// operand column-major.
constexpr const char *TransposedSchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [64, 16, 64], warp = [64, "
    "16], mma = #tile.mma<wgmma, [64, 16, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 12, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 40, consumer_registers "
    "= 232>, grid = #tile.grid<persistent = false, raster = along_m, group "
    "= 8>, store = #tile.store<vector>>";

TuningEntry makeEntry(int64_t m, int64_t n, int64_t k,
                      std::array<int64_t, 3> block, std::string candidate,
                      std::string schedule) {
  TuningEntry entry;
  entry.problem = {"sm_90a", "bf16", "bf16", "bf16", m, n, k};
  entry.device = "NVIDIA H200";
  entry.block = block;
  entry.candidate = std::move(candidate);
  entry.schedule = std::move(schedule);
  entry.measuredTflops = 600;
  return entry;
}

/// sm_90a bf16 only: a large, a small and a skinny shape.
TuningDatabase makeDatabase() {
  TuningDatabase database;
  database.insert(
      makeEntry(4096, 4096, 4096, {128, 256, 64}, "large_bf16", LargeSchedule));
  database.insert(
      makeEntry(2048, 2048, 2048, {128, 128, 64}, "small_bf16", SmallSchedule));
  database.insert(
      makeEntry(128, 4096, 4096, {64, 64, 64}, "skinny_bf16", SkinnySchedule));
  return database;
}

/// makeDatabase() with what gemm-tune ingest records for the small-MN
/// shapes: split-K wgmma entries, which take any shape.
TuningDatabase makeSplitKDatabase() {
  TuningDatabase database = makeDatabase();
  TuningEntry skinny = makeEntry(16, 4096, 4096, {64, 128, 64},
                                 "skinny_sk4_bf16", SkinnySplitKSchedule);
  skinny.divisibility = {1, 1, 1};
  database.insert(skinny);
  TuningEntry deep = makeEntry(1024, 1024, 8192, {128, 128, 64},
                               "deep_sk2_bf16", DeepSplitKSchedule);
  deep.divisibility = {1, 1, 1};
  database.insert(deep);
  return database;
}

/// makeDatabase() with what gemm-tune ingest records for 16x4096x4096 when
/// a transposed candidate measures best: its kernel takes every operand
/// column-major and any shape.
TuningDatabase makeTransposedDatabase() {
  TuningDatabase database = makeDatabase();
  TuningEntry transposed =
      makeEntry(16, 4096, 4096, {64, 16, 64}, "small_m_ccc_bf16",
                TransposedSchedule);
  transposed.divisibility = {1, 1, 1};
  transposed.kernelLayouts = {"col", "col", "col"};
  database.insert(transposed);
  return database;
}

ProblemDescription bf16Problem(int64_t m, int64_t n, int64_t k) {
  ProblemDescription problem{m, n, k};
  problem.chip = "sm_90a";
  return problem;
}

constexpr const char *Requested = "the caller's schedule";

bool contains(llvm::StringRef text, llvm::StringRef part) {
  return text.contains(part);
}

TEST(TuningDatabaseChooser, ExactShapePicksItsEntry) {
  TuningDatabaseChooser chooser(makeDatabase());
  ProblemDescription problem = bf16Problem(2048, 2048, 2048);
  auto match = chooser.lookup(problem);
  ASSERT_TRUE(match.has_value());
  EXPECT_TRUE(match->exact);
  EXPECT_EQ(match->entry->candidate, "small_bf16");
  auto chosen = chooser.chooseSchedule(problem, Requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(*chosen, TuningDatabaseChooser::renderEntryModule(*match->entry));
  EXPECT_TRUE(contains(*chosen, SmallSchedule)) << *chosen;
  EXPECT_TRUE(contains(*chosen, "func.func @small_bf16(")) << *chosen;
  EXPECT_TRUE(contains(*chosen, "tile.gemm %a, %b into %c")) << *chosen;
}

TEST(TuningDatabaseChooser, UnlistedShapePicksNearestEntryOfItsClass) {
  TuningDatabaseChooser chooser(makeDatabase());
  // 2048×2048×4096 is "large": the 4096³ entry is chosen although the
  // "small" 2048³ one is nearer in log2 space.
  ASSERT_EQ(gemm_opt::tuning::classifyShape(2048, 2048, 4096), "large");
  ProblemDescription problem = bf16Problem(2048, 2048, 4096);
  auto match = chooser.lookup(problem);
  ASSERT_TRUE(match.has_value());
  EXPECT_FALSE(match->exact);
  EXPECT_EQ(match->entry->candidate, "large_bf16");
  auto chosen = chooser.chooseSchedule(problem, Requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_TRUE(contains(*chosen, LargeSchedule)) << *chosen;

  // An unlisted skinny shape takes the skinny entry.
  auto skinny = chooser.chooseSchedule(bf16Problem(256, 8192, 2048), Requested);
  ASSERT_TRUE(bool(skinny)) << llvm::toString(skinny.takeError());
  EXPECT_TRUE(contains(*skinny, SkinnySchedule)) << *skinny;
}

TEST(TuningDatabaseChooser, FallsBackWithoutAnEntryForTypesChipOrShape) {
  TuningDatabaseChooser chooser(makeDatabase());
  auto expectFallback = [&](const ProblemDescription &problem,
                            const char *what) {
    EXPECT_FALSE(chooser.lookup(problem).has_value()) << what;
    auto chosen = chooser.chooseSchedule(problem, Requested);
    ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
    EXPECT_EQ(*chosen, Requested) << what;
  };
  ProblemDescription f16 = bf16Problem(2048, 2048, 2048);
  f16.aType = f16.bType = f16.cType = "f16";
  expectFallback(f16, "f16: no entries");
  ProblemDescription mixed = bf16Problem(2048, 2048, 2048);
  mixed.cType = "f32";
  expectFallback(mixed, "bf16 into f32: no entries");
  ProblemDescription ampere = bf16Problem(2048, 2048, 2048);
  ampere.chip = "sm_80";
  expectFallback(ampere, "sm_80: no entries");
  ProblemDescription unknownChip = bf16Problem(2048, 2048, 2048);
  unknownChip.chip.clear();
  expectFallback(unknownChip, "empty chip matches nothing");
  expectFallback(bf16Problem(96, 96, 96), "no entry's block tile divides");
}

TEST(TuningDatabaseChooser, ChoiceNamesTheEntryOrWhyItFallsBack) {
  TuningDatabaseChooser chooser(makeTransposedDatabase());
  // An entry: the one chooseSchedule renders, exact or nearest.
  auto exact = chooser.choose(bf16Problem(16, 4096, 4096), Requested);
  ASSERT_TRUE(exact.match.has_value());
  EXPECT_TRUE(exact.match->exact);
  EXPECT_EQ(exact.match->entry->candidate, "small_m_ccc_bf16");
  EXPECT_TRUE(exact.match->entry->runsTransposed());
  EXPECT_TRUE(exact.fallbackReason.empty());
  auto nearest = chooser.choose(bf16Problem(13, 4095, 4093), Requested);
  ASSERT_TRUE(nearest.match.has_value());
  EXPECT_FALSE(nearest.match->exact);
  EXPECT_EQ(nearest.match->entry->candidate, "small_m_ccc_bf16");

  // The caller's schedule, and why.
  // (96x96x96: only the entries of makeDatabase() need their tiles to
  // divide the shape; the transposed one takes any.)
  TuningDatabaseChooser tiled(makeDatabase());
  auto reasonFor = [&](const ProblemDescription &problem,
                       llvm::StringRef requested) {
    auto choice = tiled.choose(problem, requested);
    EXPECT_FALSE(choice.match.has_value());
    auto chosen = tiled.chooseSchedule(problem, requested);
    EXPECT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
    if (chosen)
      EXPECT_EQ(*chosen, requested);
    return choice.fallbackReason;
  };
  ProblemDescription f16 = bf16Problem(2048, 2048, 2048);
  f16.aType = f16.bType = f16.cType = "f16";
  EXPECT_EQ(reasonFor(f16, Requested),
            "the database has no entry for sm_90a with a=f16 b=f16 c=f16");
  ProblemDescription noChip = bf16Problem(2048, 2048, 2048);
  noChip.chip.clear();
  EXPECT_EQ(reasonFor(noChip, Requested), "the problem names no chip");
  std::string reason = reasonFor(bf16Problem(96, 96, 96), Requested);
  EXPECT_TRUE(contains(reason, "none of the database's 3 entries for sm_90a "
                               "with a=bf16 b=bf16 c=bf16 can run 96x96x96"))
      << reason;
  reason = reasonFor(bf16Problem(2048, 2048, 2048),
                     readExample("gemm_bf16_wgmma_batched_sm90.mlir"));
  EXPECT_TRUE(contains(reason, "is batched")) << reason;
}

TEST(TuningDatabaseChooser, SplitKEntriesServeSmallMNShapesOnly) {
  TuningDatabaseChooser chooser(makeSplitKDatabase());
  auto scheduleFor = [&](int64_t m, int64_t n, int64_t k) {
    auto chosen = chooser.chooseSchedule(bf16Problem(m, n, k), Requested);
    EXPECT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
    return chosen ? *chosen : std::string();
  };
  // Exact shapes, the 16-row one although no block tile divides it.
  EXPECT_TRUE(contains(scheduleFor(16, 4096, 4096), SkinnySplitKSchedule));
  EXPECT_TRUE(contains(scheduleFor(1024, 1024, 8192), DeepSplitKSchedule));
  // Unlisted skinny shapes that only a ragged entry can run (32 and 48
  // rows, 4000 columns) take the split-K one; 128 rows, which the 64x64
  // entry's tile divides and which is the skinny entry's own shape, keep it.
  EXPECT_TRUE(contains(scheduleFor(32, 4096, 4096), SkinnySplitKSchedule));
  EXPECT_TRUE(contains(scheduleFor(48, 4000, 4096), SkinnySplitKSchedule));
  EXPECT_TRUE(contains(scheduleFor(128, 4096, 4096), SkinnySchedule));
  // Another deep-K shape takes the deep split-K entry ...
  EXPECT_TRUE(contains(scheduleFor(2048, 2048, 16384), DeepSplitKSchedule));
  // ... and large or small shapes never a split-K one (split-K loses there:
  // 0.57x cuBLAS at 8192^3 with split_k = 4).
  for (auto [m, n, k] : {std::tuple{4096, 4096, 4096},
                         {8192, 8192, 8192},
                         {2048, 2048, 2048},
                         {6144, 6144, 6144}}) {
    std::string chosen = scheduleFor(m, n, k);
    EXPECT_FALSE(contains(chosen, "split_k")) << m << "x" << n << "x" << k;
  }
}

TEST(TuningDatabaseChooser, TransposedEntryKeepsItsColumnMajorOperands) {
  TuningDatabaseChooser chooser(makeTransposedDatabase());
  auto chosen = chooser.chooseSchedule(bf16Problem(16, 4096, 4096), Requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_TRUE(contains(*chosen, TransposedSchedule)) << *chosen;
  EXPECT_TRUE(contains(*chosen,
                       "func.func @small_m_ccc_bf16(%a: memref<?x?xbf16, "
                       "strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, "
                       "strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16, "
                       "strided<[1, ?], offset: ?>>)"))
      << *chosen;
  // Other small-M shapes take it too (any shape, the nearest skinny one).
  auto ragged = chooser.chooseSchedule(bf16Problem(13, 4095, 4093), Requested);
  ASSERT_TRUE(bool(ragged)) << llvm::toString(ragged.takeError());
  EXPECT_TRUE(contains(*ragged, TransposedSchedule)) << *ragged;
}

TEST(TuningDatabaseChooser, EntriesOfMixedLayoutsNeverAnswer) {
  // A kernel with only A column-major would need the caller's row-major A
  // copied: the chooser keeps the caller's schedule.
  TuningDatabase database;
  TuningEntry mixed = makeEntry(16, 4096, 4096, {64, 16, 64}, "mixed_bf16",
                                TransposedSchedule);
  mixed.divisibility = {1, 1, 1};
  mixed.kernelLayouts = {"col", "row", "row"};
  database.insert(mixed);
  TuningDatabaseChooser chooser(std::move(database));
  EXPECT_FALSE(chooser.lookup(bf16Problem(16, 4096, 4096)).has_value());
  auto chosen = chooser.chooseSchedule(bf16Problem(16, 4096, 4096), Requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(*chosen, Requested);
}

TEST(TuningDatabaseChooser, FusedEpilogueRequestTakesTheEntrysSchedule) {
  // The entry says how, the caller's op what: the chosen module keeps the
  // caller's bias operand and #tile.epilogue and takes the entry's schedule.
  TuningDatabaseChooser chooser(makeDatabase());
  std::string fused = readExample("gemm_bf16_wgmma_bias_gelu_sm90.mlir");
  EXPECT_TRUE(TuningDatabaseChooser::fusesEpilogue(fused));
  ProblemDescription problem = bf16Problem(2048, 2048, 2048);
  auto match = chooser.lookup(problem);
  ASSERT_TRUE(match.has_value());
  auto chosen = chooser.chooseSchedule(problem, fused);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_TRUE(
      contains(*chosen, "epilogue = #tile.epilogue<bias = column, "
                        "activation = gelu_tanh>"))
      << *chosen;
  EXPECT_TRUE(contains(*chosen, "bias %")) << *chosen;
  std::string block = "block = [" + std::to_string(match->entry->block[0]);
  EXPECT_TRUE(contains(*chosen, block)) << *chosen;
  // Plain schedules (whose comments may mention such words) do not count.
  EXPECT_FALSE(TuningDatabaseChooser::fusesEpilogue(
      readExample("gemm_bf16_wgmma_sm90.mlir")));
  EXPECT_FALSE(TuningDatabaseChooser::fusesEpilogue(getSyncSchedule()));
  EXPECT_FALSE(TuningDatabaseChooser::fusesEpilogue("// bias = row\n"));
}

TEST(TuningDatabaseChooser, BatchedRequestFallsBack) {
  TuningDatabaseChooser chooser(makeDatabase());
  std::string batched = readExample("gemm_bf16_wgmma_batched_sm90.mlir");
  EXPECT_TRUE(TuningDatabaseChooser::takesBatches(batched));
  EXPECT_FALSE(TuningDatabaseChooser::fusesEpilogue(batched));
  auto chosen = chooser.chooseSchedule(bf16Problem(2048, 2048, 2048), batched);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(*chosen, batched);
  ScheduleDescription description;
  description.batched = true;
  EXPECT_TRUE(
      TuningDatabaseChooser::takesBatches(renderScheduleModule(description)));
  // Single GEMMs and comments about batches do not count.
  EXPECT_FALSE(TuningDatabaseChooser::takesBatches(
      readExample("gemm_bf16_wgmma_layouts_sm90.mlir")));
  EXPECT_FALSE(TuningDatabaseChooser::takesBatches(getSyncSchedule()));
  EXPECT_FALSE(
      TuningDatabaseChooser::takesBatches("// memref<?x?x?xbf16> batched\n"));
}

class TuningDatabaseFileTest : public TemporaryCacheTest {
protected:
  std::string writeFile(llvm::StringRef name, llvm::StringRef text) {
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    EXPECT_FALSE(ec) << ec.message();
    os << text;
    return std::string(path);
  }
};

TEST_F(TuningDatabaseFileTest, CorruptOrMissingFileGivesAnError) {
  std::string corrupt = writeFile("corrupt.json", "{\"format\": \"gemm-op");
  auto fromCorrupt = TuningDatabaseChooser::load(corrupt);
  ASSERT_FALSE(bool(fromCorrupt));
  std::string message = llvm::toString(fromCorrupt.takeError());
  EXPECT_TRUE(contains(message, corrupt)) << message;
  EXPECT_TRUE(contains(message, "is not JSON")) << message;

  std::string wrongFormat = writeFile(
      "wrong-format.json", "{\"format\": \"other\", \"entries\": []}");
  auto fromWrongFormat = TuningDatabaseChooser::load(wrongFormat);
  ASSERT_FALSE(bool(fromWrongFormat));
  message = llvm::toString(fromWrongFormat.takeError());
  EXPECT_TRUE(contains(message, "format must be")) << message;

  std::string badEntry = writeFile(
      "bad-entry.json", "{\"format\": \"gemm-opt-tuning-database-1\", "
                        "\"entries\": [{\"chip\": \"sm_90a\"}]}");
  auto fromBadEntry = TuningDatabaseChooser::load(badEntry);
  ASSERT_FALSE(bool(fromBadEntry));
  message = llvm::toString(fromBadEntry.takeError());
  EXPECT_TRUE(contains(message, "entries")) << message;

  llvm::SmallString<256> missing(directory);
  llvm::sys::path::append(missing, "missing.json");
  auto fromMissing = TuningDatabaseChooser::load(missing);
  ASSERT_FALSE(bool(fromMissing));
  message = llvm::toString(fromMissing.takeError());
  EXPECT_TRUE(contains(message, "cannot read tuning database")) << message;
}

TEST_F(TuningDatabaseFileTest, SavedDatabaseLoads) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "database.json");
  ASSERT_FALSE(bool(makeDatabase().save(path)));
  auto chooser = TuningDatabaseChooser::load(path);
  ASSERT_TRUE(bool(chooser)) << llvm::toString(chooser.takeError());
  EXPECT_EQ((*chooser)->getDatabase().getEntries().size(), 3u);
  auto chosen =
      (*chooser)->chooseSchedule(bf16Problem(4096, 4096, 4096), Requested);
  ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_TRUE(contains(*chosen, LargeSchedule)) << *chosen;
}

TEST(TuningDatabaseChooser, RepositoryDatabaseGivesEachEntryForItsShape) {
  llvm::SmallString<256> path(GEMM_OPT_SOURCE_DIR);
  llvm::sys::path::append(path, "tuning-database.json");
  auto chooser = TuningDatabaseChooser::load(path);
  ASSERT_TRUE(bool(chooser)) << llvm::toString(chooser.takeError());
  ASSERT_FALSE((*chooser)->getDatabase().getEntries().empty());
  for (const TuningEntry &entry : (*chooser)->getDatabase().getEntries()) {
    // Entries a matmul tuning run filed answer only matmul's chooser.
    if (!entry.matmulClass.empty())
      continue;
    const gemm_opt::tuning::ProblemKey &p = entry.problem;
    ProblemDescription problem{p.m, p.n, p.k, p.a, p.b, p.c, p.chip};
    auto chosen = (*chooser)->chooseSchedule(problem, Requested);
    ASSERT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
    EXPECT_EQ(*chosen, TuningDatabaseChooser::renderEntryModule(entry))
        << entry.candidate;
  }
}

class TuningDatabaseCompileTest : public TemporaryCacheTest {};

TEST_F(TuningDatabaseCompileTest, CompileForCompilesTheChosenSchedule) {
  JitOptions options = getOptions();
  options.enableCache = false;
  options.chooser = std::make_shared<TuningDatabaseChooser>(makeDatabase());
  GemmJit jit(options);
  // The requested schedule (block 128×256×32, mma.sync) is replaced by the
  // database's skinny entry (64×64×64, wgmma, with a grid attribute).
  auto kernel = jit.compileFor(bf16Problem(128, 4096, 4096), getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_EQ(spec.chipName, "sm_90a");
  EXPECT_EQ(spec.name, "skinny_bf16_kernel");
  ASSERT_TRUE(spec.tile.has_value());
  EXPECT_EQ(spec.tile->m, 64);
  EXPECT_EQ(spec.tile->n, 64);
  EXPECT_EQ(spec.tile->k, 64);
  EXPECT_TRUE(spec.hasTensorMaps());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
}

TEST_F(TuningDatabaseCompileTest, ChosenSplitKScheduleTakesAWorkspace) {
  JitOptions options = getOptions();
  options.enableCache = false;
  options.chooser =
      std::make_shared<TuningDatabaseChooser>(makeSplitKDatabase());
  GemmJit jit(options);
  auto kernel = jit.compileFor(bf16Problem(16, 4096, 4096), getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_EQ(spec.name, "skinny_sk4_bf16_kernel");
  // Four blocks per tile along grid z, and the workspace as the last two
  // parameters: the partial sums, then the tile counters.
  EXPECT_TRUE(spec.grid[2].isConstant);
  EXPECT_EQ(spec.grid[2].constant, 4);
  ASSERT_GE(spec.parameters.size(), 2u);
  using Kind = gemm_opt::runtime::KernelParamSpec::Kind;
  using gemm_opt::runtime::WorkspaceBuffer;
  const auto &partials = spec.parameters[spec.parameters.size() - 2];
  const auto &counters = spec.parameters.back();
  EXPECT_EQ(partials.kind, Kind::Workspace);
  EXPECT_EQ(partials.workspace, WorkspaceBuffer::Partials);
  EXPECT_EQ(counters.kind, Kind::Workspace);
  EXPECT_EQ(counters.workspace, WorkspaceBuffer::TileCounters);
  // The launch check takes the 16-row shape (TMA fills past C's edge).
  GemmArguments args;
  args.a = reinterpret_cast<const void *>(0x10000000);
  args.b = reinterpret_cast<const void *>(0x20000000);
  args.c = reinterpret_cast<void *>(0x30000000);
  args.m = 16;
  args.n = 4096;
  args.k = 4096;
  llvm::Error check = (*kernel)->checkArguments(args);
  EXPECT_FALSE(bool(check)) << llvm::toString(std::move(check));
  // What its launches share: 4 slices of 16x4096 floats, 32 tile counters.
  auto size = gemm_opt::runtime::getSplitKWorkspaceSize(
      spec, gemm_opt::runtime::GemmShape::get(16, 4096, 4096));
  ASSERT_TRUE(bool(size)) << llvm::toString(size.takeError());
  ASSERT_TRUE(size->has_value());
  EXPECT_EQ((*size)->partialCount, 4 * 16 * 4096);
  EXPECT_EQ((*size)->tileCount, 32);
}

TEST_F(TuningDatabaseCompileTest, ChosenTransposedScheduleRunsTransposed) {
  JitOptions options = getOptions();
  options.enableCache = false;
  options.chooser =
      std::make_shared<TuningDatabaseChooser>(makeTransposedDatabase());
  GemmJit jit(options);
  auto kernel = jit.compileFor(bf16Problem(16, 4096, 4096), getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  const gemm_opt::runtime::KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
  EXPECT_EQ(spec.name, "small_m_ccc_bf16_kernel");
  EXPECT_EQ(spec.layouts.str(), "a=col b=col c=col");
  // The caller's row-major 16x4096x4096 (and a ragged one) pass the launch
  // check: the kernel runs them as 4096x16x4096 with A and B exchanged.
  GemmArguments args;
  args.a = reinterpret_cast<const void *>(0x10000000);
  args.b = reinterpret_cast<const void *>(0x20000000);
  args.c = reinterpret_cast<void *>(0x30000000);
  args.m = 16;
  args.n = 4096;
  args.k = 4096;
  llvm::Error check = (*kernel)->checkArguments(args);
  EXPECT_FALSE(bool(check)) << llvm::toString(std::move(check));
  args.m = 13;
  args.n = 4095;
  args.k = 4093;
  args.lda = 4096;
  args.ldb = 4096;
  args.ldc = 4096;
  check = (*kernel)->checkArguments(args);
  EXPECT_FALSE(bool(check)) << llvm::toString(std::move(check));
}

} // namespace
