//===- PerformanceModel.cpp - roofline time of a schedule on a shape ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/PerformanceModel.h"
#include "dialect/ScheduleResources.h"

#include "analysis/OperandTraffic.h"

#include "dialect/MemoryQueries.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

/// Compute time factor of a schedule expected to spill registers.
static constexpr double kSpillPenalty = 2.0;

/// Bytes of one pattern's accesses, weighted by its conflict factor.
static double weightedBytes(llvm::ArrayRef<BankConflictReport> conflicts,
                            llvm::StringRef buffer, llvm::StringRef pattern,
                            double bytes) {
  for (const BankConflictReport &report : conflicts)
    if (report.buffer == buffer && report.pattern == pattern)
      return bytes * report.getConflictFactor();
  return bytes;
}

TileFigures
gemm_opt::analysis::computeTileFigures(ScheduleAttr schedule,
                                       llvm::ArrayRef<BankConflictReport> conflicts) {
  TileFigures figures;
  double bm = schedule.getBlockM(), bn = schedule.getBlockN(),
         bk = schedule.getBlockK(), wm = schedule.getWarpM(),
         wn = schedule.getWarpN();
  double e = getByteWidth(schedule.getElements().getA());
  figures.flops = 2 * bm * bn * bk;
  double bytesA = bm * bk * e, bytesB = bk * bn * e;
  figures.globalBytes = bytesA + bytesB;
  // Every warp (mma.sync) or consumer warpgroup (wgmma) reads its WM rows
  // of A and WN columns of B for each K tile. mma.sync loads its fragments
  // into registers once and reuses them across the warp tile; a wgmma
  // reads both operands from shared memory per instruction, so a warpgroup
  // tile of WM rows (WM/64 instructions of M = 64 per K step) reads B's
  // columns WM/64 times, and one of WN columns in instructions of N < WN
  // reads A's rows WN/N times (a 256x128 block of 128x128 warpgroup tiles
  // moves 144 KiB per K tile of 64, a 128x256 block of 64x256 ones 128).
  double readers = schedule.getWarpsM() * schedule.getWarpsN();
  double readA = readers * wm * bk * e, readB = readers * bk * wn * e;
  bool wgmma = schedule.isWgmma();
  if (wgmma) {
    MmaAttr mma = schedule.getMma();
    readA *= std::max<int64_t>(1, schedule.getWarpN() / mma.getN());
    readB *= std::max<int64_t>(1, schedule.getWarpM() / mma.getM());
  }
  if (schedule.isDot()) {
    // Dot products: operands go straight from global memory into
    // registers, each element of the block's tiles read once.
    figures.blockIntensity = figures.flops / figures.globalBytes;
    figures.warpIntensity = (2 * wm * wn) / ((wm + wn) * e);
    return figures;
  }
  if (schedule.isFfma()) {
    // SIMT: per K step every thread reads TM + TN floats with LDS.128;
    // lanes share each read in pairs (SimtMma.cpp), so shared memory spends
    // half the bytes a warp receives. A^T and B arrive once per K tile.
    MmaAttr mma = schedule.getMma();
    double threads = getScheduleResources(schedule).threads;
    figures.sharedWriteBytes = bytesA + bytesB;
    figures.sharedReadBytes =
        threads * bk * (mma.getM() + mma.getN()) * e / 2;
    figures.blockIntensity = figures.flops / figures.globalBytes;
    figures.warpIntensity =
        (2 * wm * wn) / (32 * (mma.getM() + mma.getN()) * e / 2);
    figures.sharedIntensity =
        figures.flops / (figures.sharedReadBytes + figures.sharedWriteBytes);
    return figures;
  }
  llvm::StringRef write = wgmma ? "TMA writes" : "cp.async 16B writes";
  llvm::StringRef read = wgmma ? "wgmma core-matrix reads" : "ldmatrix.x4 reads";
  figures.sharedWriteBytes = weightedBytes(conflicts, "A", write, bytesA) +
                             weightedBytes(conflicts, "B", write, bytesB);
  figures.sharedReadBytes = weightedBytes(conflicts, "A", read, readA) +
                            weightedBytes(conflicts, "B", read, readB);
  figures.blockIntensity = figures.flops / figures.globalBytes;
  figures.warpIntensity = (2 * wm * wn * bk) / ((wm + wn) * bk * e);
  figures.sharedIntensity =
      figures.flops / (figures.sharedReadBytes + figures.sharedWriteBytes);
  return figures;
}

llvm::Error gemm_opt::analysis::verifyShape(const GemmShape &shape) {
  for (auto [name, value] : {std::pair<const char *, int64_t>("M", shape.m),
                             {"N", shape.n},
                             {"K", shape.k}})
    if (value < 1 || value > kMaxShapeExtent)
      return llvm::createStringError(llvm::formatv(
          "invalid shape {0}x{1}x{2}: {3}={4} (must be in [1, 2^31 - 1])",
          shape.m, shape.n, shape.k, name, value));
  return llvm::Error::success();
}

bool gemm_opt::analysis::acceptsRaggedShapes(ScheduleAttr schedule) {
  return schedule.takesAnyShape();
}

static int64_t ceilDiv(int64_t x, int64_t y) { return (x + y - 1) / y; }

/// The soft maximum of non-negative times: (sum t^p)^(1/p).
static double softMaximum(llvm::ArrayRef<double> times, double exponent) {
  double sum = 0, largest = 0;
  for (double t : times)
    largest = std::max(largest, t);
  if (largest == 0)
    return 0;
  for (double t : times)
    sum += std::pow(t / largest, exponent);
  return largest * std::pow(sum, 1 / exponent);
}

llvm::Expected<ShapePrediction> gemm_opt::analysis::predictShape(
    ScheduleAttr schedule, const ChipPerformance &device,
    const RegisterEstimate &registers, const Occupancy &occupancy,
    const TileFigures &figures, const GemmShape &shape,
    OperandTrafficCache *traffic) {
  if (llvm::Error error = verifyShape(shape))
    return std::move(error);
  int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN(),
          bk = schedule.getBlockK();
  if (!acceptsRaggedShapes(schedule) &&
      (shape.m % bm || shape.n % bn || shape.k % bk))
    return llvm::createStringError(llvm::formatv(
        "shape {0}x{1}x{2} is not divisible by the block tile [{3}, {4}, {5}] "
        "(mma.sync kernels require divisible shapes)",
        shape.m, shape.n, shape.k, bm, bn, bk));
  if (occupancy.blocksPerSM < 1)
    return llvm::createStringError("the schedule does not fit on one SM");

  ShapePrediction p;
  p.shape = shape;
  int64_t tilesM = ceilDiv(shape.m, bm), tilesN = ceilDiv(shape.n, bn);
  int64_t splits = schedule.getSplitK();
  // Within verifyShape's bounds these cannot overflow for any block tile
  // the verifier accepts; checked anyway, as a wrong count would silently
  // give a wrong time.
  std::optional<int64_t> tiles = llvm::checkedMul(tilesM, tilesN);
  std::optional<int64_t> blocks =
      tiles ? llvm::checkedMul(*tiles, splits) : std::nullopt;
  if (!blocks)
    return llvm::createStringError(llvm::formatv(
        "shape {0}x{1}x{2} has too many tiles of [{3}, {4}] to count", shape.m,
        shape.n, shape.k, bm, bn));
  p.tiles = *tiles;
  p.blocks = *blocks;
  p.kTilesPerBlock = ceilDiv(ceilDiv(shape.k, bk), splits);
  int64_t sms = device.multiprocessors;
  int64_t resident = occupancy.blocksPerSM;
  int64_t concurrent = sms * resident;
  p.waves = double(p.blocks) / concurrent;
  p.waveEfficiency = p.waves / std::ceil(p.waves);

  // Per K tile of one block. Clocks drop with the number of busy SMs.
  p.clockFactor =
      1 - device.fullLoadClockLoss * double(std::min(p.blocks, sms)) / sms;
  // f32 inputs on tensor cores run as tf32, at half the f16/bf16 rate.
  // ffma runs on the CUDA cores at the FFMA rate.
  // 8-bit inputs (FP8, wgmma only) run at twice the f16/bf16 rate.
  bool tf32 = schedule.isWgmma() && schedule.getElements().getA().isF32();
  bool eightBit =
      schedule.isWgmma() && getByteWidth(schedule.getElements().getA()) == 1;
  double peakTflops = schedule.isFfma() || schedule.isDot() ? device.ffmaTflops
                      : tf32     ? device.tensorTf32Tflops
                      : eightBit ? 2 * device.tensorHalfTflops
                                 : device.tensorHalfTflops;
  double peakPerSM = peakTflops * 1e12 / sms;
  double tensorPerSM = peakPerSM * p.clockFactor;
  double sharedPerSM =
      double(device.sharedBytesPerClock) * device.clockGHz * 1e9;
  double stepMath = figures.flops / tensorPerSM;
  double stepShared =
      (figures.sharedReadBytes + figures.sharedWriteBytes) / sharedPerSM;
  double loadLatencyUs =
      schedule.isTma() ? device.loadLatencyUs : device.cpAsyncLoadLatencyUs;
  double stepLatency =
      loadLatencyUs * 1e-6 / std::max<int64_t>(1, schedule.getStages() - 1);
  // wgmma: one consumer warpgroup's own wgmmas and the part of its fixed
  // work that the group it keeps in flight does not hide.
  double stepIssue = 0;
  if (schedule.isWgmma()) {
    double warpgroupFlops =
        2.0 * schedule.getWarpM() * schedule.getWarpN() * bk;
    double wgmma = warpgroupFlops / peakPerSM;
    double from = device.wgmmaOverlapFromUs * 1e-6,
           to = device.wgmmaOverlapToUs * 1e-6;
    double exposed = std::clamp((to - wgmma) / (to - from), 0.0, 1.0);
    stepIssue = (device.wgmmaStepOverheadUs * 1e-6 * exposed + wgmma) /
                p.clockFactor;
  }

  // Per block outside the K loop: start, the store of C (at one SM's share
  // of the DRAM bandwidth) and, with split_k, the partial tile's store and
  // on average 1/S of a tile's sum.
  double cBytes = double(std::min(bm, shape.m)) * std::min(bn, shape.n) *
                  getByteWidth(schedule.getElements().getC());
  double blockStart = device.blockStartUs * 1e-6;
  double cStore = cBytes / (device.dramTBps * 1e12 / sms);
  // A persistent block starts once: its producer loads the next tile's
  // first stages while the consumers store C. With a tma store the
  // consumers only fill the staging tile and go on to the next tile while
  // the bulk store drains, so only the last tile's store is exposed.
  bool persistent = schedule.isPersistent();
  bool storeOverlapsNextTile =
      persistent && schedule.getEpilogueStore() == EpilogueStore::tma;
  p.splitK = computeSplitKCost(schedule, device, shape.m, shape.n);
  double blockReduction = 0;
  if (splits > 1)
    blockReduction = p.splitK.storeSeconds + p.splitK.fixupSeconds / splits;

  // The busiest SM runs ceil(blocks / SMs) blocks (a persistent grid's
  // blocks as many tiles), `resident` at a time. Its first block's start
  // (the pipeline fill: nothing is in flight yet) and its last round's
  // stores and sums (the operands are all read by then) cannot overlap the
  // DRAM traffic; the rest of its time can. Its rounds are `fullRounds` of
  // `resident` blocks and, if blocks are left, one of `rest`; rounds of the
  // same size cost the same, so each is computed once and counted (round
  // by round, the model took as long as the tile count: minutes on shapes
  // near 2^31).
  int64_t perSM = ceilDiv(p.blocks, sms);
  int64_t fullRounds = perSM / resident, rest = perSM % resident;
  int64_t rounds = fullRounds + (rest ? 1 : 0);
  double loop = 0, head = 0, tail = 0, between = 0;
  auto addRounds = [&](int64_t together, double count) {
    double k = p.kTilesPerBlock;
    double math = k * together * stepMath, shared = k * together * stepShared,
           latency = k * stepLatency, issue = k * stepIssue;
    p.mathSeconds += count * math;
    p.sharedSeconds += count * shared;
    p.latencySeconds += count * latency;
    p.issueSeconds += count * issue;
    // The tensor cores, shared memory and the consumers' issue overlap
    // imperfectly; a pipeline that cannot keep enough in flight waits.
    loop += count * std::max(softMaximum({math, shared, issue},
                                         device.stepOverlapExponent),
                             latency);
  };
  if (fullRounds)
    addRounds(resident, fullRounds);
  if (rest)
    addRounds(rest, 1);
  // Another resident block hides a block's start and stores, except in the
  // SM's last round: a round exposes them if it runs one block alone or is
  // the last. Rounds before the last run `resident` blocks, so with
  // resident == 1 every round does, else only the last.
  auto expose = [&](bool firstRound, bool lastRound, double count) {
    if (!persistent || firstRound) {
      p.exposedOverheadSeconds += count * blockStart;
      (firstRound ? head : between) += count * blockStart;
    }
    if (!storeOverlapsNextTile || lastRound) {
      p.exposedOverheadSeconds += count * cStore;
      (lastRound ? tail : between) += count * cStore;
    }
    p.exposedReductionSeconds += count * blockReduction;
    (lastRound ? tail : between) += count * blockReduction;
  };
  if (rounds == 1) {
    expose(/*firstRound=*/true, /*lastRound=*/true, 1);
  } else {
    if (resident == 1) {
      expose(/*firstRound=*/true, /*lastRound=*/false, 1);
      expose(/*firstRound=*/false, /*lastRound=*/false, rounds - 2);
    }
    expose(/*firstRound=*/false, /*lastRound=*/true, 1);
  }
  // The last tile's sum is exposed as a whole.
  if (splits > 1) {
    double lastSum = p.splitK.fixupSeconds * (1 - 1.0 / splits);
    p.exposedReductionSeconds += lastSum;
    tail += lastSum;
  }
  double spill = registers.spills ? kSpillPenalty : 1;
  p.computeSeconds = (loop + head + between + tail) * spill;
  p.serialSeconds = (head + tail) * spill;

  double e = getByteWidth(schedule.getElements().getA());
  double operandBytes =
      traffic ? traffic->computeOperandDramBytes(schedule, shape.m, shape.n,
                                                 shape.k, concurrent,
                                                 device.l2Bytes)
              : computeOperandDramBytes(schedule, shape.m, shape.n, shape.k,
                                        concurrent, device.l2Bytes);
  p.dramBytes = operandBytes + double(shape.m) * shape.n *
                                   getByteWidth(schedule.getElements().getC());
  // A workspace larger than L2 goes to DRAM and back.
  if (p.splitK.exceedsL2)
    p.dramBytes += p.splitK.trafficBytes;
  p.dramSeconds = p.dramBytes / (device.dramStreamTBps * 1e12);
  p.l2Seconds = p.splitK.trafficBytes / (device.l2TBps * 1e12);

  double overlapped = p.computeSeconds - p.serialSeconds;
  p.seconds = p.serialSeconds +
              softMaximum({overlapped, p.dramSeconds, p.l2Seconds},
                          device.overlapExponent);
  if (p.dramSeconds >= std::max(overlapped, p.l2Seconds))
    p.bound = "DRAM";
  else if (p.l2Seconds >= overlapped)
    p.bound = "L2";
  else {
    std::pair<double, llvm::StringRef> terms[] = {
        {p.mathSeconds, "math"},
        {p.sharedSeconds, "shared memory"},
        {p.latencySeconds, "latency"},
        {p.issueSeconds, "issue"},
        {p.exposedOverheadSeconds, "fill+epilogue"},
        {p.exposedReductionSeconds, "split-K reduction"}};
    auto largest = llvm::max_element(
        terms, [](auto &x, auto &y) { return x.first < y.first; });
    p.bound = largest->second.str();
  }
  p.tflops = shape.getFlops() / p.seconds / 1e12;
  return p;
}
