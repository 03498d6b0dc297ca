//===- CandidateSpaceTest.cpp - what gemm-tune's space holds --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The hand-written schedules that measured best at the Hopper benchmark
// shapes must be in the tuner's space, text for text, and legal;
// names must stay unique; persistence and the tma store come only without
// split_k.
//
//===----------------------------------------------------------------------===//

#include "CandidateSpace.h"
#include "CandidateChecker.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace gemm_opt::tune;

namespace {

/// Whitespace runs as one space, none at the ends: the candidate texts are
/// on one line, the bench files wrap theirs.
std::string normalizeWhitespace(llvm::StringRef text) {
  std::string out;
  for (char c : text.trim()) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && !out.empty() && out.back() == ' ')
      continue;
    out += space ? ' ' : c;
  }
  return out;
}

/// The top-level `name = value` fields of a `#tile.schedule<...>` text, in
/// order, so that a mismatch names the field that differs.
std::vector<std::string> splitScheduleFields(llvm::StringRef schedule) {
  std::string text = normalizeWhitespace(schedule);
  llvm::StringRef body(text);
  std::vector<std::string> fields;
  if (!body.consume_front("#tile.schedule<") || !body.consume_back(">"))
    return {text};
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    depth += (c == '<' || c == '[') - (c == '>' || c == ']');
    if (c == ',' && depth == 0) {
      fields.push_back(body.slice(start, i).trim().str());
      start = i + 1;
    }
  }
  fields.push_back(body.drop_front(start).trim().str());
  return fields;
}

/// The `#sched = ...` attribute of a bench/schedules file: from its `#` up
/// to the blank line before the function.
std::string readBenchSchedule(llvm::StringRef file) {
  std::string path =
      (llvm::Twine(GEMM_OPT_SOURCE_DIR) + "/bench/schedules/" + file).str();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "cannot read " + path;
  llvm::StringRef text = (*buffer)->getBuffer();
  size_t at = text.find("#sched = ");
  if (at == llvm::StringRef::npos)
    return "no #sched in " + path;
  text = text.drop_front(at + llvm::StringRef("#sched = ").size());
  return text.take_front(text.find("\n\n")).str();
}

/// The operand types of a module's function, e.g. "memref<?x?xbf16,
/// strided<[1, ?], offset: ?>>" three times: what follows each ": " up to
/// the matching ">".
std::vector<std::string> readOperandTypes(llvm::StringRef module) {
  std::vector<std::string> types;
  llvm::StringRef text = module;
  size_t at = text.find("func.func @");
  if (at == llvm::StringRef::npos)
    return types;
  text = text.drop_front(at);
  text = text.take_until([](char c) { return c == '{'; });
  for (size_t colon = text.find(": memref<"); colon != llvm::StringRef::npos;
       colon = text.find(": memref<", colon + 1)) {
    llvm::StringRef rest = text.drop_front(colon + 2);
    int depth = 0;
    size_t end = 0;
    for (; end < rest.size(); ++end) {
      depth += (rest[end] == '<') - (rest[end] == '>');
      if (depth == 0 && rest[end] == '>')
        break;
    }
    types.push_back(normalizeWhitespace(rest.take_front(end + 1)));
  }
  return types;
}

/// The whole text of a bench/schedules file.
std::string readBenchFile(llvm::StringRef file) {
  std::string path =
      (llvm::Twine(GEMM_OPT_SOURCE_DIR) + "/bench/schedules/" + file).str();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : "cannot read " + path;
}

/// A measured winner and the candidate that must reproduce it,
/// "{0}" standing for the element type.
struct Winner {
  const char *benchFile;
  const char *candidate;
};

const Winner kWinners[] = {
    // 4096^3, 8192^3, 8192x8192x1024: persistent 128x256 s3 tma, raster
    // along_m in strips of 8 and (4096^3, best by a hair) of 4.
    {"wgmma_{0}_128x256x64_s3_persistent_tma.mlir",
     "wgmma_{0}_128x256x64_w64x256_s3_r40_232_p_rm8_tma"},
    {"wgmma_{0}_128x256x64_s3_persistent_tma_rm4.mlir",
     "wgmma_{0}_128x256x64_w64x256_s3_r40_232_p_rm4_tma"},
    {"wgmma_{0}_128x256x64_s3_persistent_rm4.mlir",
     "wgmma_{0}_128x256x64_w64x256_s3_r40_232_p_rm4"},
    // 2048^3: one tile per block, tma store.
    {"wgmma_{0}_128x256x64_s4_tma.mlir",
     "wgmma_{0}_128x256x64_w64x256_s4_r40_232_tma"},
    // 1024x1024x8192, 128x4096x4096 and 16x4096x4096: small tiles, deep
    // pipelines.
    {"wgmma_{0}_128x64x64_s8_tma.mlir",
     "wgmma_{0}_128x64x64_w64x64_s8_r40_232_rm8_tma"},
    {"wgmma_{0}_64x64x64_s12_tma.mlir",
     "wgmma_{0}_64x64x64_w64x64_s12_r40_232_rm8_tma"},
    {"wgmma_{0}_128x64x64_s8_rn8_tma.mlir",
     "wgmma_{0}_128x64x64_w64x64_s8_r40_232_rn8_tma"},
    // 16x4096x4096: the transposed problem on a kernel with every operand
    // column-major.
    {"wgmma_{0}_ccc_64x16x64_s12_sk1.mlir",
     "wgmma_{0}_ccc_64x16x64_w64x16_s12_r40_232_rm8"},
};

std::string substituteType(llvm::StringRef pattern, llvm::StringRef dtype) {
  auto [before, after] = pattern.split("{0}");
  return (before + dtype + after).str();
}

class CandidateSpaceTest : public ::testing::TestWithParam<const char *> {
protected:
  std::vector<Candidate> wgmmaSpace() {
    return enumerateCandidates("sm_90a", GetParam(), {"wgmma"});
  }
};

TEST_P(CandidateSpaceTest, WinnersAreInTheSpaceTextForText) {
  llvm::StringMap<const Candidate *> byName;
  std::vector<Candidate> space = wgmmaSpace();
  for (const Candidate &candidate : space)
    byName[candidate.name] = &candidate;
  for (const Winner &winner : kWinners) {
    std::string file = substituteType(winner.benchFile, GetParam());
    std::string name = substituteType(winner.candidate, GetParam());
    SCOPED_TRACE(file + " as " + name);
    const Candidate *candidate = byName.lookup(name);
    ASSERT_NE(candidate, nullptr) << name << " is not in the space";
    EXPECT_EQ(splitScheduleFields(candidate->schedule),
              splitScheduleFields(readBenchSchedule(file)));
    EXPECT_EQ(normalizeWhitespace(candidate->schedule),
              normalizeWhitespace(readBenchSchedule(file)));
    // The same operand layouts (the transposed one's column-major).
    std::vector<std::string> types =
        readOperandTypes(makeCandidateModule(*candidate));
    EXPECT_EQ(types.size(), 3u);
    EXPECT_EQ(types, readOperandTypes(readBenchFile(file)));
  }
}

TEST_P(CandidateSpaceTest, WinnersPassTheVerifierAndTileCheckChip) {
  CandidateChecker checker("sm_90a");
  std::vector<Candidate> space = wgmmaSpace();
  for (const Winner &winner : kWinners) {
    std::string name = substituteType(winner.candidate, GetParam());
    auto it = llvm::find_if(space,
                            [&](const Candidate &c) { return c.name == name; });
    ASSERT_NE(it, space.end()) << name;
    CheckCounts counts;
    EXPECT_TRUE(checker.check(*it, counts))
        << name << ": " << counts.illegalReasons.size() << " illegal, "
        << counts.unsupportedReasons.size() << " unsupported reasons";
  }
}

TEST_P(CandidateSpaceTest, NamesAreUnique) {
  llvm::StringSet<> names;
  for (const Candidate &candidate :
       enumerateCandidates("sm_90a", GetParam(), {"sync", "wgmma"}))
    EXPECT_TRUE(names.insert(candidate.name).second)
        << candidate.name << " twice";
}

TEST_P(CandidateSpaceTest, SplitKOnlyWithOneBlockPerTileAndVectorStores) {
  for (const Candidate &candidate : wgmmaSpace()) {
    if (candidate.splitK == 1)
      continue;
    llvm::StringRef schedule = candidate.schedule;
    EXPECT_FALSE(schedule.contains("persistent = true")) << candidate.name;
    EXPECT_FALSE(schedule.contains("#tile.store<tma")) << candidate.name;
  }
}

TEST_P(CandidateSpaceTest, NameSuffixesSayPersistenceAndStore) {
  for (const Candidate &candidate : wgmmaSpace()) {
    llvm::StringRef name = candidate.name, schedule = candidate.schedule;
    EXPECT_EQ(name.contains("_ccc_"), candidate.transposed) << candidate.name;
    EXPECT_EQ(makeCandidateModule(candidate).find("strided<[1, ?]") !=
                  std::string::npos,
              candidate.transposed)
        << candidate.name;
    EXPECT_EQ(name.contains("_p_") || name.ends_with("_p"),
              schedule.contains("persistent = true"))
        << candidate.name;
    EXPECT_EQ(name.ends_with("_tma"),
              schedule.contains("store = #tile.store<tma>"))
        << candidate.name;
    // The store in two rounds only on persistent grids.
    EXPECT_EQ(name.ends_with("_tma_r2"),
              schedule.contains("store = #tile.store<tma, rounds = 2>"))
        << candidate.name;
    if (name.ends_with("_tma_r2"))
      EXPECT_TRUE(schedule.contains("persistent = true")) << candidate.name;
  }
}

// Persistence and the tma store double the split-free walks, group 4
// along M adds a raster order, and tiles of at most 128x64 try 8, 12 and
// 13 stages: 41472 row-major wgmma candidates per type where there were
// 16200 (2.6x), most of them dropped by the verifier as before; 128x192
// tiles add 3840 (45312), and the persistent tma store in two rounds one
// walk per raster (36 walks where there were 32: 50976). The transposed
// family adds 2 x 3 block tiles x 6 depths x 3 register splits x 36 walks.
TEST_P(CandidateSpaceTest, WgmmaSpaceSize) {
  std::vector<Candidate> space = wgmmaSpace();
  size_t transposed =
      llvm::count_if(space, [](const Candidate &c) { return c.transposed; });
  EXPECT_EQ(space.size() - transposed, 50976u);
  EXPECT_EQ(transposed, 3888u);
}

INSTANTIATE_TEST_SUITE_P(ElementTypes, CandidateSpaceTest,
                         ::testing::Values("bf16", "f16"));

} // namespace

namespace {

// FP8 ("e4m3"): wgmma only, K-major operands (no transposed family), one
// 128-element K row per stage and k32 instructions; the FP8 example's
// schedule (bench/schedules/wgmma_fp8_tensor_128x128_s6.mlir) is in the
// space text for text, and legal.
TEST(EightBitCandidateSpaceTest, WgmmaOnlyWithBlockK128) {
  std::vector<Candidate> space =
      enumerateCandidates("sm_90a", "e4m3", {"sync", "wgmma"});
  ASSERT_FALSE(space.empty());
  for (const Candidate &candidate : space) {
    EXPECT_EQ(candidate.family, "wgmma") << candidate.name;
    EXPECT_FALSE(candidate.transposed) << candidate.name;
    llvm::StringRef schedule = candidate.schedule;
    EXPECT_TRUE(schedule.contains(", 128], warp")) << candidate.name;
    EXPECT_TRUE(schedule.contains(", 32]>")) << candidate.name;
    std::string module = makeCandidateModule(candidate);
    EXPECT_NE(module.find("scaling = #tile.scaling<a = tensor, b = tensor>"),
              std::string::npos)
        << candidate.name;
  }
}

TEST(EightBitCandidateSpaceTest, ExampleScheduleIsLegalCandidate) {
  std::vector<Candidate> space =
      enumerateCandidates("sm_90a", "e4m3", {"wgmma"});
  std::string name = "wgmma_e4m3_128x128x128_w64x128_s6_r40_232_p_rm8_tma";
  auto it = llvm::find_if(space,
                          [&](const Candidate &c) { return c.name == name; });
  ASSERT_NE(it, space.end()) << name;
  CandidateChecker checker("sm_90a");
  CheckCounts counts;
  EXPECT_TRUE(checker.check(*it, counts))
      << name << ": " << counts.illegalReasons.size() << " illegal, "
      << counts.unsupportedReasons.size() << " unsupported reasons";
  EXPECT_EQ(splitScheduleFields(it->schedule),
            splitScheduleFields(
                readBenchSchedule("wgmma_fp8_tensor_128x128_s6.mlir")));
}

} // namespace
