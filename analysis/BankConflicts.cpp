//===- BankConflicts.cpp - simulated shared-memory bank conflicts ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/BankConflicts.h"
#include "dialect/ScheduleResources.h"

#include "analysis/SharedAddressEvaluator.h"
#include "dialect/MemoryQueries.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

using namespace mlir;
using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

static constexpr int64_t kBanks = 32, kBankBytes = 4;

/// Lanes served together for accesses `bytes` wide.
static int64_t getPhaseLanes(int64_t bytes) {
  return bytes <= kBankBytes ? 32 : 128 / bytes;
}

int64_t gemm_opt::analysis::countWavefronts(const WarpSharedAccess &access) {
  int64_t phaseLanes = getPhaseLanes(access.accessBytes);
  int64_t lanes = access.laneAddresses.size();
  int64_t total = 0;
  for (int64_t first = 0; first < lanes; first += phaseLanes) {
    std::array<SmallVector<int64_t, 4>, kBanks> words;
    int64_t last = std::min(lanes, first + phaseLanes);
    for (int64_t lane = first; lane < last; ++lane)
      for (int64_t byte = 0; byte < access.accessBytes; byte += kBankBytes) {
        int64_t word = (access.laneAddresses[lane] + byte) / kBankBytes;
        SmallVector<int64_t, 4> &bank = words[word % kBanks];
        if (!llvm::is_contained(bank, word))
          bank.push_back(word);
      }
    size_t worst = 0;
    for (const SmallVector<int64_t, 4> &bank : words)
      worst = std::max(worst, bank.size());
    total += worst;
  }
  return total;
}

int64_t
gemm_opt::analysis::countIdealWavefronts(const WarpSharedAccess &access) {
  int64_t phaseLanes = getPhaseLanes(access.accessBytes);
  int64_t lanes = access.laneAddresses.size();
  int64_t total = 0;
  for (int64_t first = 0; first < lanes; first += phaseLanes) {
    int64_t bytes = std::min(phaseLanes, lanes - first) * access.accessBytes;
    total += (bytes + kBanks * kBankBytes - 1) / (kBanks * kBankBytes);
  }
  return total;
}

static std::string printLayout(Attribute layout) {
  std::string text;
  llvm::raw_string_ostream(text) << layout;
  return text;
}

namespace {

/// Accumulates warp instructions into one report.
struct PatternRecorder {
  BankConflictReport report;
  /// Records `access`, made `count` times.
  void record(const WarpSharedAccess &access, int64_t count = 1) {
    report.instructions += count;
    report.wavefronts += count * countWavefronts(access);
    report.idealWavefronts += count * countIdealWavefronts(access);
  }
};

/// One operand's stage buffer: its logical shape, layout and addresses.
struct OperandBuffer {
  StringRef name;
  int64_t rows, cols;
  Attribute layout;
  SharedAddressEvaluator addresses;
};

} // namespace

static FailureOr<OperandBuffer> makeBuffer(StringRef name, int64_t stages,
                                           int64_t rows, int64_t cols,
                                           Type element, Attribute layout) {
  auto logical = MemRefType::get({stages, rows, cols}, element);
  FailureOr<SharedAddressEvaluator> addresses =
      SharedAddressEvaluator::create(layout, logical);
  if (failed(addresses))
    return failure();
  return OperandBuffer{name, rows, cols, layout, *addresses};
}

static PatternRecorder startPattern(const OperandBuffer &buffer,
                                    StringRef pattern) {
  PatternRecorder recorder;
  recorder.report.buffer = buffer.name.str();
  recorder.report.pattern = pattern.str();
  recorder.report.layout = printLayout(buffer.layout);
  return recorder;
}

/// tile-pipeline-copies: thread t copies 16-byte chunks t, t + threads, ...
/// of the row-major tile.
static BankConflictReport simulateCpAsyncWrites(const OperandBuffer &buffer,
                                                int64_t elementBytes,
                                                int64_t threads) {
  PatternRecorder recorder = startPattern(buffer, "cp.async 16B writes");
  int64_t vector = 16 / elementBytes;
  int64_t chunksPerRow = buffer.cols / vector;
  int64_t chunks = buffer.rows * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += threads)
    for (int64_t warp = 0; warp < threads / 32; ++warp) {
      WarpSharedAccess access{16, {}};
      for (int64_t lane = 0; lane < 32; ++lane) {
        int64_t chunk = first + 32 * warp + lane;
        access.laneAddresses.push_back(buffer.addresses.getByteOffset(
            0, chunk / chunksPerRow, (chunk % chunksPerRow) * vector));
      }
      recorder.record(access);
    }
  return recorder.report;
}

/// tile-warp-mma: ldmatrix.x4 lane l addresses row l%16, column (l/16)·8 of
/// a 16×16 tile: A tiles at (warp row + 16i, 16·kstep), B tiles (.trans) at
/// (16·kstep, warp column + 16j).
static BankConflictReport
simulateLdmatrixReads(const OperandBuffer &buffer,
                      const OperandConflictInputs &operand) {
  PatternRecorder recorder = startPattern(buffer, "ldmatrix.x4 reads");
  bool isA = operand.isA;
  int64_t ksteps = (isA ? buffer.cols : buffer.rows) / 16;
  int64_t tiles = operand.warpExtent / 16;
  // A warp's reads of A depend on its row of warps only, those of B on its
  // column: each row's (column's) are simulated once and counted for every
  // warp in it.
  int64_t distinct = isA ? operand.warpsM : operand.warpsN;
  int64_t repeats = isA ? operand.warpsN : operand.warpsM;
  for (int64_t index = 0; index < distinct; ++index) {
    int64_t warpBase = index * operand.warpExtent;
    for (int64_t kstep = 0; kstep < ksteps; ++kstep)
      for (int64_t tile = 0; tile < tiles; ++tile) {
        WarpSharedAccess access{16, {}};
        for (int64_t lane = 0; lane < 32; ++lane) {
          int64_t laneRow = lane % 16, laneCol = lane / 16 * 8;
          int64_t row =
              isA ? warpBase + 16 * tile + laneRow : 16 * kstep + laneRow;
          int64_t col =
              isA ? 16 * kstep + laneCol : warpBase + laneCol + 16 * tile;
          access.laneAddresses.push_back(
              buffer.addresses.getByteOffset(0, row, col));
        }
        recorder.record(access, repeats);
      }
  }
  return recorder.report;
}

/// wgmma reads its operands from shared memory as 8-row × 16-byte core
/// matrices: for A (BM×BK, K-major) 8 M rows at one 16-byte K chunk, for B
/// (BK×BN, N-major) 8 K rows at one 16-byte N chunk. Each consumer
/// warpgroup reads its WM rows of A and its WN columns of B.
static BankConflictReport
simulateWgmmaReads(const OperandBuffer &buffer,
                   const OperandConflictInputs &operand, int64_t elementBytes) {
  PatternRecorder recorder = startPattern(buffer, "wgmma core-matrix reads");
  bool isA = operand.isA;
  int64_t chunkElements = 16 / elementBytes;
  // The warpgroups of one row (A) or column (B) of warpgroup tiles read the
  // same core matrices: simulated once per row (column), counted for each.
  llvm::SmallMapVector<int64_t, int64_t, 8> readers;
  for (int64_t group = 0; group < operand.consumerWarpgroups; ++group)
    ++readers[isA ? group / operand.warpsN : group % operand.warpsN];
  for (auto [index, count] : readers) {
    int64_t rowBase = isA ? index * operand.warpExtent : 0;
    int64_t rows = isA ? operand.warpExtent : buffer.rows;
    int64_t colBase = isA ? 0 : index * operand.warpExtent;
    int64_t cols = isA ? buffer.cols : operand.warpExtent;
    for (int64_t row = rowBase; row < rowBase + rows; row += 8)
      for (int64_t col = colBase; col < colBase + cols; col += chunkElements) {
        WarpSharedAccess access{16, {}};
        for (int64_t r = 0; r < 8; ++r)
          access.laneAddresses.push_back(
              buffer.addresses.getByteOffset(0, row + r, col));
        recorder.record(access, count);
      }
  }
  return recorder.report;
}

static BankConflictReport makeTmaWrites(const OperandBuffer &buffer,
                                        int64_t boxes,
                                        StringRef pattern = "TMA writes") {
  PatternRecorder recorder = startPattern(buffer, pattern);
  recorder.report.instructions = boxes;
  recorder.report.byConstruction = true;
  return recorder.report;
}

/// Bytes per lane of each fragment store of nvgpu.warpgroup.mma.store: it
/// emits the two f32 of a register pair as two scalar stores, which the
/// NVPTX backend merges into one st.shared.v2.b32 (64 per thread for a
/// 64x256 warpgroup tile in the PTX of examples/gemm_bf16_wgmma_sm90.mlir).
static constexpr int64_t kFragmentStoreBytes = 8;

/// nvgpu.warpgroup.mma.store of an m64nN f32 accumulator: warp w of the
/// warpgroup holds rows 16w .. 16w+15; lane l holds rows l/4 and l/4 + 8,
/// columns 8j + 2(l%4) and the next one.
static BankConflictReport
simulateFragmentWrites(const OperandBuffer &staging,
                       const EpilogueConflictInputs &schedule,
                       int64_t storeBytes, StringRef pattern) {
  PatternRecorder recorder = startPattern(staging, pattern);
  // A store covers `perStore` of the pair of adjacent columns a thread holds.
  int64_t perStore = storeBytes / (kFragmentStoreBytes / 2);
  for (int64_t group = 0; group < schedule.consumerWarpgroups; ++group) {
    int64_t rowBase = group / schedule.getWarpsN() * schedule.warpM;
    int64_t colBase = group % schedule.getWarpsN() * schedule.warpN;
    for (int64_t m64 = 0; m64 < schedule.warpM; m64 += 64)
      for (int64_t warp = 0; warp < 4; ++warp)
        for (int64_t j = 0; j < schedule.warpN; j += 8)
          for (int64_t half = 0; half < 2; ++half)
            for (int64_t element = 0; element < 2; element += perStore) {
              WarpSharedAccess access{storeBytes, {}};
              for (int64_t lane = 0; lane < 32; ++lane)
                access.laneAddresses.push_back(staging.addresses.getByteOffset(
                    0, rowBase + m64 + 16 * warp + 8 * half + lane / 4,
                    colBase + j + 2 * (lane % 4) + element));
              recorder.record(access);
            }
  }
  return recorder.report;
}

/// The store loop of the vector epilogue: consumer thread t reads 8
/// consecutive f32 (two 16-byte loads) of chunk t, t + threads, ...
static BankConflictReport
simulateStagingReads(const OperandBuffer &staging,
                     const EpilogueConflictInputs &schedule) {
  PatternRecorder recorder = startPattern(staging, "epilogue 16B reads");
  int64_t threads = 128 * schedule.consumerWarpgroups;
  int64_t chunksPerRow = staging.cols / 8;
  for (int64_t first = 0; first < staging.rows * chunksPerRow;
       first += threads)
    for (int64_t warp = 0; warp < threads / 32; ++warp)
      for (int64_t half = 0; half < 2; ++half) {
        WarpSharedAccess access{16, {}};
        for (int64_t lane = 0; lane < 32; ++lane) {
          int64_t chunk = first + 32 * warp + lane;
          access.laneAddresses.push_back(staging.addresses.getByteOffset(
              0, chunk / chunksPerRow, chunk % chunksPerRow * 8 + 4 * half));
        }
        recorder.record(access);
      }
  return recorder.report;
}

OperandConflictInputs OperandConflictInputs::get(ScheduleAttr schedule,
                                                 bool isA) {
  ScheduleResources resources = getScheduleResources(schedule);
  OperandConflictInputs inputs;
  inputs.mma = schedule.getMma().getKind();
  inputs.isA = isA;
  inputs.element = schedule.getElements().getA();
  inputs.stages = schedule.getStages();
  inputs.rows = isA ? schedule.getBlockM() : schedule.getBlockK();
  inputs.cols = isA ? schedule.getBlockK() : schedule.getBlockN();
  inputs.layout = isA ? schedule.getSmemA() : schedule.getSmemB();
  inputs.warpsM = schedule.getWarpsM();
  inputs.warpsN = schedule.getWarpsN();
  inputs.warpExtent = isA ? schedule.getWarpM() : schedule.getWarpN();
  inputs.threads = resources.threads;
  inputs.consumerWarpgroups = resources.consumerWarpgroups;
  return inputs;
}

EpilogueConflictInputs EpilogueConflictInputs::get(ScheduleAttr schedule) {
  ScheduleResources resources = getScheduleResources(schedule);
  EpilogueConflictInputs inputs;
  inputs.mma = schedule.getMma().getKind();
  inputs.elementC = schedule.getElements().getC();
  inputs.blockM = schedule.getBlockM();
  inputs.blockN = schedule.getBlockN();
  inputs.warpM = schedule.getWarpM();
  inputs.warpN = schedule.getWarpN();
  inputs.consumerWarpgroups = resources.consumerWarpgroups;
  inputs.stagingRowElements = resources.stagingRowElements;
  inputs.store = schedule.getEpilogueStore();
  return inputs;
}

FailureOr<SmallVector<BankConflictReport>>
gemm_opt::analysis::simulateOperandConflicts(
    const OperandConflictInputs &operand) {
  // ffma kernels read fragments with LDS.128 and write A transposed; their
  // patterns are not simulated (SimtMma.cpp and SimtTileCopies.h give the
  // banks they touch).
  if (operand.mma == MmaKind::ffma)
    return SmallVector<BankConflictReport>();
  int64_t elementBytes = getByteWidth(operand.element);
  FailureOr<OperandBuffer> buffer =
      makeBuffer(operand.isA ? "A" : "B", operand.stages, operand.rows,
                 operand.cols, operand.element, operand.layout);
  if (failed(buffer))
    return failure();

  SmallVector<BankConflictReport> reports;
  if (operand.mma != MmaKind::wgmma) {
    reports.push_back(
        simulateCpAsyncWrites(*buffer, elementBytes, operand.threads));
    reports.push_back(simulateLdmatrixReads(*buffer, operand));
    return reports;
  }
  // TMA writes whole 128-byte swizzle rows: A's K tile is one box, B's N
  // tile one per swizzle width.
  int64_t boxes = operand.isA
                      ? 1
                      : operand.cols * elementBytes /
                            cast<SwizzleAttr>(operand.layout).getWidth();
  reports.push_back(makeTmaWrites(*buffer, boxes));
  reports.push_back(simulateWgmmaReads(*buffer, operand, elementBytes));
  return reports;
}

FailureOr<SmallVector<BankConflictReport>>
gemm_opt::analysis::simulateEpilogueConflicts(
    const EpilogueConflictInputs &schedule) {
  SmallVector<BankConflictReport> reports;
  if (schedule.mma != MmaKind::wgmma)
    return reports;
  MLIRContext *context = schedule.elementC.getContext();
  if (schedule.store == EpilogueStore::vector) {
    // The staging tile: BM rows of BN f32, padded to the row length the
    // lowering uses, i.e. a #tile.pad of the difference.
    int64_t padding = schedule.stagingRowElements - schedule.blockN;
    FailureOr<OperandBuffer> staging =
        makeBuffer("C staging", 1, schedule.blockM, schedule.blockN,
                   Float32Type::get(context), PadAttr::get(context, padding));
    if (failed(staging))
      return failure();
    reports.push_back(simulateFragmentWrites(*staging, schedule,
                                             kFragmentStoreBytes,
                                             "wgmma fragment f32 writes"));
    reports.push_back(simulateStagingReads(*staging, schedule));
  } else if (schedule.store == EpilogueStore::tma) {
    // passes/hopper/TmaStoreEpilogue.h: pairs of adjacent columns in C's
    // type into 128-byte-swizzled panels (the warpgroups' parts start at
    // multiples of 1024 bytes, so the banks are those of one BM×BN swizzled
    // tile), read back by TMA stores.
    Type elementC = schedule.elementC;
    FailureOr<OperandBuffer> staging =
        makeBuffer("C staging", 1, schedule.blockM, schedule.blockN, elementC,
                   SwizzleAttr::get(context, 128));
    if (failed(staging))
      return failure();
    reports.push_back(simulateFragmentWrites(
        *staging, schedule, 2 * getByteWidth(elementC),
        "fragment pair writes"));
    int64_t boxesC = schedule.blockM / schedule.warpM * schedule.blockN *
                     getByteWidth(elementC) / 128;
    reports.push_back(makeTmaWrites(*staging, boxesC, "TMA store reads"));
  }
  return reports;
}

FailureOr<SmallVector<BankConflictReport>>
gemm_opt::analysis::simulateBankConflicts(ScheduleAttr schedule) {
  SmallVector<BankConflictReport> reports;
  for (bool isA : {true, false}) {
    FailureOr<SmallVector<BankConflictReport>> operand =
        simulateOperandConflicts(OperandConflictInputs::get(schedule, isA));
    if (failed(operand))
      return failure();
    llvm::append_range(reports, *operand);
  }
  FailureOr<SmallVector<BankConflictReport>> epilogue =
      simulateEpilogueConflicts(EpilogueConflictInputs::get(schedule));
  if (failed(epilogue))
    return failure();
  llvm::append_range(reports, *epilogue);
  return reports;
}
