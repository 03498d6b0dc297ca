//===- TuningDatabaseTest.cpp - the tuning database round trip and lookup -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tuning/TuningDatabase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gemm_opt::tuning;

namespace {

TuningEntry makeEntry(std::string chip, std::string type, int64_t m, int64_t n,
                      int64_t k, std::array<int64_t, 3> block,
                      std::string candidate, double tflops) {
  TuningEntry entry;
  entry.problem = {chip, type, type, type, m, n, k};
  entry.device = "NVIDIA H200";
  entry.block = block;
  entry.candidate = candidate;
  entry.schedule = "#tile.schedule<chip = \"" + chip + "\", ...>";
  entry.measuredTflops = tflops;
  entry.cublasTflops = 800;
  entry.ratioToCublas = tflops / 800;
  entry.predictedTflops = 880;
  entry.modelRank = 3;
  return entry;
}

/// The fields every stored entry needs, for a 4096³ bf16 sm_90a GEMM with
/// `tflops` and `block`.
llvm::json::Object makeEntryJSON(double tflops, std::array<int64_t, 3> block = {
                                                    128, 256, 64}) {
  return llvm::json::Object{
      {"chip", "sm_90a"},
      {"a", "bf16"},
      {"b", "bf16"},
      {"c", "bf16"},
      {"m", 4096},
      {"n", 4096},
      {"k", 4096},
      {"schedule", "s"},
      {"measured_tflops", tflops},
      {"block", llvm::json::Array{block[0], block[1], block[2]}}};
}

/// A database file holding `entry` alone, parsed.
llvm::Expected<TuningDatabase> loadOneEntry(llvm::json::Object entry) {
  return TuningDatabase::fromJSON(
      llvm::json::Object{{"format", TuningDatabase::FormatName},
                         {"entries", llvm::json::Array{std::move(entry)}}});
}

TuningDatabase makeDatabase() {
  TuningDatabase database;
  database.insert(makeEntry("sm_90a", "bf16", 4096, 4096, 4096,
                            {256, 128, 64}, "large-bf16", 750.7));
  database.insert(makeEntry("sm_90a", "bf16", 1024, 1024, 8192,
                            {128, 128, 64}, "deep-bf16", 358.4));
  database.insert(makeEntry("sm_90a", "bf16", 128, 4096, 4096,
                            {128, 128, 64}, "skinny-bf16", 159.8));
  database.insert(makeEntry("sm_90a", "f16", 4096, 4096, 4096,
                            {128, 256, 64}, "large-f16", 725.7));
  return database;
}

TEST(TuningDatabase, ClassifiesTheBenchmarkShapes) {
  EXPECT_EQ(classifyShape(4096, 4096, 4096), "large");
  EXPECT_EQ(classifyShape(8192, 8192, 8192), "large");
  EXPECT_EQ(classifyShape(8192, 8192, 1024), "shallow-k");
  EXPECT_EQ(classifyShape(2048, 2048, 2048), "small");
  EXPECT_EQ(classifyShape(1024, 1024, 8192), "deep-k");
  EXPECT_EQ(classifyShape(128, 4096, 4096), "skinny");
}

TEST(TuningDatabase, RoundTripsThroughAFile) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tuning", "json", path));
  TuningDatabase database = makeDatabase();
  ASSERT_FALSE(bool(database.save(path)));
  llvm::Expected<TuningDatabase> loaded = TuningDatabase::load(path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  ASSERT_EQ(loaded->getEntries().size(), 4u);
  // Saved sorted by chip, types and shape: bf16 128x4096x4096 first.
  const TuningEntry &first = loaded->getEntries()[0];
  EXPECT_EQ(first.candidate, "skinny-bf16");
  EXPECT_EQ(first.problem.m, 128);
  EXPECT_EQ(first.block[0], 128);
  EXPECT_DOUBLE_EQ(first.measuredTflops, 159.8);
  EXPECT_DOUBLE_EQ(first.cublasTflops, 800);
  EXPECT_EQ(first.modelRank, 3);
  EXPECT_EQ(first.device, "NVIDIA H200");
  EXPECT_EQ(llvm::formatv("{0}", loaded->toJSON()).str(),
            llvm::formatv("{0}", database.toJSON()).str());
}

TEST(TuningDatabase, DeeplyNestedFileIsAnErrorNotACrash) {
  // 50,000 levels overflowed the stack in json::parse (the JIT's
  // --database and gemm-tune ingest read this file).
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("deep", "json", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec) << ec.message();
    os << "{\"entries\": " << std::string(50000, '[') << std::string(50000, ']')
       << "}";
  }
  llvm::Expected<TuningDatabase> loaded = TuningDatabase::load(path);
  llvm::sys::fs::remove(path);
  ASSERT_FALSE(bool(loaded));
  std::string message = llvm::toString(loaded.takeError());
  EXPECT_NE(message.find("is not JSON: [1:268, byte=267]: arrays and "
                         "objects nest deeper than 256 levels"),
            std::string::npos)
      << message;
}

TEST(TuningDatabase, InsertReplacesTheSameProblem) {
  TuningDatabase database = makeDatabase();
  database.insert(makeEntry("sm_90a", "bf16", 4096, 4096, 4096,
                            {128, 256, 64}, "better", 760));
  EXPECT_EQ(database.getEntries().size(), 4u);
  auto match = database.lookup({"sm_90a", "bf16", "bf16", "bf16", 4096, 4096,
                                4096});
  ASSERT_TRUE(match);
  EXPECT_EQ(match->entry->candidate, "better");
}

TEST(TuningDatabase, FindsTheExactShape) {
  TuningDatabase database = makeDatabase();
  auto match = database.lookup({"sm_90a", "f16", "f16", "f16", 4096, 4096,
                                4096});
  ASSERT_TRUE(match);
  EXPECT_TRUE(match->exact);
  EXPECT_EQ(match->entry->candidate, "large-f16");
  EXPECT_EQ(match->distance, 0.0);
}

TEST(TuningDatabase, FallsBackToTheNearestShapeOfTheSameClass) {
  TuningDatabase database = makeDatabase();
  // 8192^3 is "large" like 4096^3 (distance sqrt(3)).
  auto large = database.lookup({"sm_90a", "bf16", "bf16", "bf16", 8192, 8192,
                                8192});
  ASSERT_TRUE(large);
  EXPECT_FALSE(large->exact);
  EXPECT_EQ(large->entry->candidate, "large-bf16");
  EXPECT_NEAR(large->distance, std::sqrt(3.0), 1e-9);
  // 2048x2048x16384 is "deep-k": the 1024x1024x8192 entry.
  auto deep = database.lookup({"sm_90a", "bf16", "bf16", "bf16", 2048, 2048,
                               16384});
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->entry->candidate, "deep-bf16");
}

TEST(TuningDatabase, SkipsEntriesWhoseTileDoesNotDivide) {
  TuningDatabase database = makeDatabase();
  // 256x4096x4096 is "skinny"; the skinny entry's 128x128x64 tile divides
  // it.
  auto skinny = database.lookup({"sm_90a", "bf16", "bf16", "bf16", 256, 4096,
                                 4096});
  ASSERT_TRUE(skinny);
  EXPECT_EQ(skinny->entry->candidate, "skinny-bf16");
  // N = 4224 = 16.5 x 256: the only f16 entry's BN = 256 does not divide it.
  EXPECT_FALSE(
      database.lookup({"sm_90a", "f16", "f16", "f16", 4096, 4224, 4096}));
}

TEST(TuningDatabase, RaggedEntriesRunShapesTheirTileDoesNotDivide) {
  TuningDatabase database = makeDatabase();
  // A split-K wgmma entry (any shape: requires_divisible [1, 1, 1]) for
  // 16x4096x4096, whose 16 rows no 64-row tile divides.
  TuningEntry splitK = makeEntry("sm_90a", "bf16", 16, 4096, 4096,
                                 {64, 128, 64}, "skinny-sk4", 23.3);
  splitK.divisibility = {1, 1, 1};
  database.insert(splitK);
  auto exact =
      database.lookup({"sm_90a", "bf16", "bf16", "bf16", 16, 4096, 4096});
  ASSERT_TRUE(exact);
  EXPECT_TRUE(exact->exact);
  EXPECT_EQ(exact->entry->candidate, "skinny-sk4");
  // 24x4096x4096 is "skinny" and nearest to 16x4096x4096 (log2(24/16) <
  // log2(128/24)); no block tile divides 24 rows, the ragged entry runs it.
  auto near =
      database.lookup({"sm_90a", "bf16", "bf16", "bf16", 24, 4096, 4096});
  ASSERT_TRUE(near);
  EXPECT_FALSE(near->exact);
  EXPECT_EQ(near->entry->candidate, "skinny-sk4");
  EXPECT_NEAR(near->distance, std::log2(24.0 / 16), 1e-9);
  // 100x4000x4000: only the ragged entry can run it.
  auto odd =
      database.lookup({"sm_90a", "bf16", "bf16", "bf16", 100, 4000, 4000});
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->entry->candidate, "skinny-sk4");
}

TEST(TuningDatabase, DivisibilityRoundTripsAndDefaultsToTheBlock) {
  TuningEntry ragged = makeEntry("sm_90a", "bf16", 16, 4096, 4096,
                                 {64, 128, 64}, "ragged", 23.3);
  ragged.divisibility = {1, 1, 1};
  TuningDatabase database;
  database.insert(ragged);
  database.insert(makeEntry("sm_90a", "f16", 4096, 4096, 4096, {128, 256, 64},
                            "whole-tiles", 725.7));
  auto loaded = TuningDatabase::fromJSON(database.toJSON());
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  ASSERT_EQ(loaded->getEntries().size(), 2u);
  EXPECT_EQ(loaded->getEntries()[0].getDivisibility(),
            (std::array<int64_t, 3>{1, 1, 1}));
  EXPECT_EQ(loaded->getEntries()[1].getDivisibility(),
            (std::array<int64_t, 3>{128, 256, 64}));
  // A file written before "requires_divisible" existed: the block tile.
  auto legacy = loadOneEntry(makeEntryJSON(1.0, {256, 128, 64}));
  ASSERT_TRUE(bool(legacy)) << llvm::toString(legacy.takeError());
  EXPECT_EQ(legacy->getEntries()[0].getDivisibility(),
            (std::array<int64_t, 3>{256, 128, 64}));
  llvm::json::Object zeroDivisor = makeEntryJSON(1.0, {64, 64, 64});
  zeroDivisor["requires_divisible"] = llvm::json::Array{0, 1, 1};
  auto bad = loadOneEntry(std::move(zeroDivisor));
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("requires_divisible"),
            std::string::npos);
}

TEST(TuningDatabase, RejectsShapesAndMeasurementsNoRunProduces) {
  // gemm-tune ingest once recorded a negative TFLOP/s as the best; such an
  // entry, an empty shape or block tile must not load.
  auto load = [](llvm::StringRef field, llvm::json::Value value) {
    llvm::json::Object entry = makeEntryJSON(700.0);
    entry[field] = std::move(value);
    return loadOneEntry(std::move(entry));
  };
  auto good = load("m", 1);
  EXPECT_TRUE(bool(good)) << llvm::toString(good.takeError());
  struct Case {
    const char *field;
    llvm::json::Value value;
    const char *message;
  } cases[] = {
      {"measured_tflops", -1e308,
       "expected a finite positive number at tuning database.entries[0]"
       ".measured_tflops"},
      {"measured_tflops", 0.0, "measured_tflops"},
      {"m", 0, "expected a positive integer at tuning database.entries[0].m"},
      {"k", -4096, "entries[0].k"},
      {"block", llvm::json::Array{128, 0, 64}, "entries[0].block"},
  };
  for (Case &c : cases) {
    auto bad = load(c.field, std::move(c.value));
    ASSERT_FALSE(bool(bad)) << c.field;
    EXPECT_NE(llvm::toString(bad.takeError()).find(c.message),
              std::string::npos)
        << c.field;
  }
}

TEST(TuningDatabase, KernelLayoutsRoundTripAndDefaultToRowMajor) {
  TuningEntry transposed = makeEntry("sm_90a", "bf16", 16, 4096, 4096,
                                     {64, 16, 64}, "ccc", 31.1);
  transposed.divisibility = {1, 1, 1};
  transposed.kernelLayouts = {"col", "col", "col"};
  TuningDatabase database;
  database.insert(transposed);
  database.insert(makeEntry("sm_90a", "bf16", 4096, 4096, 4096,
                            {128, 256, 64}, "rrr", 790));
  auto loaded = TuningDatabase::fromJSON(database.toJSON());
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  ASSERT_EQ(loaded->getEntries().size(), 2u);
  const TuningEntry &first = loaded->getEntries()[0];
  EXPECT_EQ(first.kernelLayouts,
            (std::array<std::string, 3>{"col", "col", "col"}));
  EXPECT_TRUE(first.runsTransposed());
  EXPECT_TRUE(first.runsRowMajorProblems());
  const TuningEntry &second = loaded->getEntries()[1];
  EXPECT_EQ(second.kernelLayouts,
            (std::array<std::string, 3>{"row", "row", "row"}));
  EXPECT_FALSE(second.runsTransposed());
  EXPECT_TRUE(second.runsRowMajorProblems());
  // The transposed entry answers for its shape and other small-M ones.
  auto exact =
      loaded->lookup({"sm_90a", "bf16", "bf16", "bf16", 16, 4096, 4096});
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->entry->candidate, "ccc");
  auto near = loaded->lookup({"sm_90a", "bf16", "bf16", "bf16", 8, 3000, 5000});
  ASSERT_TRUE(near);
  EXPECT_EQ(near->entry->candidate, "ccc");

  // Entries written before kernel layouts existed: row-major kernels.
  llvm::json::Object old = makeEntryJSON(1.0, {256, 128, 64});
  auto legacy = TuningDatabase::fromJSON(
      llvm::json::Object{{"format", TuningDatabase::FormatName},
                         {"entries", llvm::json::Array{std::move(old)}}});
  ASSERT_TRUE(bool(legacy)) << llvm::toString(legacy.takeError());
  EXPECT_FALSE(legacy->getEntries()[0].runsTransposed());
  EXPECT_TRUE(legacy->getEntries()[0].runsRowMajorProblems());

  auto withLayouts = [](llvm::json::Value layouts) {
    return TuningDatabase::fromJSON(llvm::json::Object{
        {"format", TuningDatabase::FormatName},
        {"entries", llvm::json::Array{llvm::json::Object{
                        {"chip", "sm_90a"},
                        {"a", "bf16"},
                        {"b", "bf16"},
                        {"c", "bf16"},
                        {"m", 16},
                        {"n", 4096},
                        {"k", 4096},
                        {"schedule", "s"},
                        {"measured_tflops", 1.0},
                        {"block", llvm::json::Array{64, 16, 64}},
                        {"kernel_layouts", std::move(layouts)}}}}});
  };
  auto bad = withLayouts(
      llvm::json::Object{{"a", "col"}, {"b", "diagonal"}, {"c", "col"}});
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("kernel_layouts"),
            std::string::npos);
  auto missing = withLayouts(llvm::json::Object{{"a", "col"}});
  ASSERT_FALSE(bool(missing));
  llvm::consumeError(missing.takeError());

  // A kernel of mixed layouts cannot run the row-major problem: it never
  // answers, not even for its own shape.
  auto mixed = withLayouts(
      llvm::json::Object{{"a", "col"}, {"b", "row"}, {"c", "row"}});
  ASSERT_TRUE(bool(mixed)) << llvm::toString(mixed.takeError());
  EXPECT_FALSE(mixed->getEntries()[0].runsRowMajorProblems());
  EXPECT_FALSE(
      mixed->lookup({"sm_90a", "bf16", "bf16", "bf16", 16, 4096, 4096}));
}

TEST(TuningDatabase, HasNothingForOtherChipsOrTypes) {
  TuningDatabase database = makeDatabase();
  EXPECT_FALSE(database.lookup({"sm_80", "bf16", "bf16", "bf16", 4096, 4096,
                                4096}));
  EXPECT_FALSE(database.lookup({"sm_90a", "bf16", "bf16", "f32", 4096, 4096,
                                4096}));
  EXPECT_FALSE(database.lookup({"sm_90a", "bf16", "bf16", "bf16", 0, 4096,
                                4096}));
}

TEST(TuningDatabase, RejectsMalformedFiles) {
  auto wrongFormat = TuningDatabase::fromJSON(
      llvm::json::Object{{"format", "other"}, {"entries", llvm::json::Array{}}});
  ASSERT_FALSE(bool(wrongFormat));
  EXPECT_NE(llvm::toString(wrongFormat.takeError()).find("format must be"),
            std::string::npos);
  auto missingBlock = TuningDatabase::fromJSON(llvm::json::Object{
      {"format", TuningDatabase::FormatName},
      {"entries",
       llvm::json::Array{llvm::json::Object{
           {"chip", "sm_90a"}, {"a", "bf16"}, {"b", "bf16"}, {"c", "bf16"},
           {"m", 1}, {"n", 1}, {"k", 1}, {"schedule", "s"},
           {"measured_tflops", 1.0}}}}});
  ASSERT_FALSE(bool(missingBlock));
  EXPECT_NE(llvm::toString(missingBlock.takeError()).find("block"),
            std::string::npos);
  auto missingFile = TuningDatabase::load("/nonexistent/tuning.json");
  ASSERT_FALSE(bool(missingFile));
  EXPECT_NE(llvm::toString(missingFile.takeError()).find("cannot read"),
            std::string::npos);
}

} // namespace
