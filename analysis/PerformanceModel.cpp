//===- PerformanceModel.cpp - roofline time of a schedule on a shape ------===//

#include "analysis/PerformanceModel.h"

#include "dialect/MemoryQueries.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
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
  // of A and WN columns of B for each K tile.
  double readers = schedule.getWarpsM() * schedule.getWarpsN();
  double readA = readers * wm * bk * e, readB = readers * bk * wn * e;
  bool wgmma = schedule.isWgmma();
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

/// Block row and column of tile `id` in the launch order of `schedule`
/// (#tile.grid: strips `group` tiles wide; without it, row-major).
static std::pair<int64_t, int64_t> rasterTile(ScheduleAttr schedule,
                                              int64_t id, int64_t tilesM,
                                              int64_t tilesN) {
  int64_t group = schedule.getRasterGroup();
  bool alongM = schedule.getRasterOrder() == RasterOrder::along_m;
  // along_m: strips of `group` block columns advancing along M.
  int64_t across = alongM ? tilesN : tilesM, along = alongM ? tilesM : tilesN;
  int64_t strip = id / (group * along), inStrip = id % (group * along);
  int64_t width = std::min(group, across - strip * group);
  int64_t alongIndex = inStrip / width;
  int64_t acrossIndex = strip * group + inStrip % width;
  return alongM ? std::pair(alongIndex, acrossIndex)
                : std::pair(acrossIndex, alongIndex);
}

/// DRAM bytes of A and B: each wave of concurrently resident blocks loads
/// the distinct block rows of A and block columns of B it touches, over the
/// K range of their split. Blocks launch split by split (grid z slowest),
/// each split's tiles in raster order.
static double waveOperandBytes(ScheduleAttr schedule, const GemmShape &shape,
                               int64_t tilesM, int64_t tilesN,
                               int64_t concurrent) {
  int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN();
  int64_t splits = schedule.getSplitK();
  int64_t tiles = tilesM * tilesN, blocks = tiles * splits;
  double e = getByteWidth(schedule.getElements().getA());
  double kPerSplit = double(shape.k) / splits;
  double bytes = 0;
  for (int64_t first = 0; first < blocks; first += concurrent) {
    // Rows and columns are told apart by split: each reads its own K range.
    llvm::DenseSet<int64_t> rows, cols;
    double rowElements = 0, colElements = 0;
    for (int64_t id = first; id < std::min(blocks, first + concurrent); ++id) {
      int64_t split = id / tiles;
      auto [tm, tn] = rasterTile(schedule, id % tiles, tilesM, tilesN);
      if (rows.insert(tm * splits + split).second)
        rowElements += std::min(bm, shape.m - tm * bm);
      if (cols.insert(tn * splits + split).second)
        colElements += std::min(bn, shape.n - tn * bn);
    }
    bytes += (rowElements + colElements) * kPerSplit * e;
  }
  return bytes;
}

bool gemm_opt::analysis::acceptsRaggedShapes(ScheduleAttr schedule) {
  // As compiler/KernelMetadata.cpp's "requires_divisible".
  EpilogueAttr epilogue = schedule.getEpilogue();
  return schedule.isWgmma() && !(epilogue && epilogue.hasFusedOperations());
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
    const TileFigures &figures, const GemmShape &shape) {
  if (shape.m <= 0 || shape.n <= 0 || shape.k <= 0)
    return llvm::createStringError(
        llvm::formatv("shape {0}x{1}x{2} must be positive in every dimension",
                      shape.m, shape.n, shape.k));
  int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN(),
          bk = schedule.getBlockK();
  if (!acceptsRaggedShapes(schedule) &&
      (shape.m % bm || shape.n % bn || shape.k % bk))
    return llvm::createStringError(llvm::formatv(
        "shape {0}x{1}x{2} is not divisible by the block tile [{3}, {4}, {5}] "
        "(mma.sync, SIMT and fused-epilogue kernels require divisible "
        "shapes)",
        shape.m, shape.n, shape.k, bm, bn, bk));
  if (occupancy.blocksPerSM < 1)
    return llvm::createStringError("the schedule does not fit on one SM");

  ShapePrediction p;
  p.shape = shape;
  int64_t tilesM = ceilDiv(shape.m, bm), tilesN = ceilDiv(shape.n, bn);
  int64_t splits = schedule.getSplitK();
  p.tiles = tilesM * tilesN;
  p.blocks = p.tiles * splits;
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
  bool tf32 = schedule.isWgmma() && schedule.getElements().getA().isF32();
  double peakPerSM =
      (tf32 ? device.tensorTf32Tflops : device.tensorHalfTflops) * 1e12 / sms;
  double tensorPerSM = peakPerSM * p.clockFactor;
  double sharedPerSM =
      double(device.sharedBytesPerClock) * device.clockGHz * 1e9;
  double stepMath = figures.flops / tensorPerSM;
  double stepShared =
      (figures.sharedReadBytes + figures.sharedWriteBytes) / sharedPerSM;
  double stepLatency = device.loadLatencyUs * 1e-6 /
                       std::max<int64_t>(1, schedule.getStages() - 1);
  // wgmma: one consumer warpgroup's fixed work and its own wgmmas.
  double stepIssue = 0;
  if (schedule.isWgmma()) {
    double warpgroupFlops =
        2.0 * schedule.getWarpM() * schedule.getWarpN() * bk;
    stepIssue =
        (device.wgmmaStepOverheadUs * 1e-6 + warpgroupFlops / peakPerSM) /
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
  // blocks as many tiles), `resident` at a time.
  int64_t perSM = ceilDiv(p.blocks, sms);
  double compute = 0;
  for (int64_t done = 0; done < perSM;) {
    bool firstRound = done == 0;
    int64_t together = std::min(resident, perSM - done);
    double k = p.kTilesPerBlock;
    double math = k * together * stepMath, shared = k * together * stepShared,
           latency = k * stepLatency, issue = k * stepIssue;
    p.mathSeconds += math;
    p.sharedSeconds += shared;
    p.latencySeconds += latency;
    p.issueSeconds += issue;
    compute += std::max({math, shared, latency, issue});
    done += together;
    bool lastRound = done >= perSM;
    // Another resident block hides this one's start and stores, except in
    // the SM's last round.
    if (together == 1 || lastRound) {
      if (!persistent || firstRound)
        p.exposedOverheadSeconds += blockStart;
      if (!storeOverlapsNextTile || lastRound)
        p.exposedOverheadSeconds += cStore;
      p.exposedReductionSeconds += blockReduction;
    }
  }
  // The last tile's sum is exposed as a whole.
  if (splits > 1)
    p.exposedReductionSeconds += p.splitK.fixupSeconds * (1 - 1.0 / splits);
  compute += p.exposedOverheadSeconds + p.exposedReductionSeconds;
  if (registers.spills)
    compute *= kSpillPenalty;
  p.computeSeconds = compute;

  double e = getByteWidth(schedule.getElements().getA());
  double operandBytes = (double(shape.m) * shape.k + double(shape.k) * shape.n) * e;
  if (operandBytes > device.l2Bytes)
    operandBytes =
        std::max(operandBytes,
                 waveOperandBytes(schedule, shape, tilesM, tilesN, concurrent));
  p.dramBytes = operandBytes + double(shape.m) * shape.n *
                                   getByteWidth(schedule.getElements().getC());
  // A workspace larger than L2 goes to DRAM and back.
  if (p.splitK.exceedsL2)
    p.dramBytes += p.splitK.trafficBytes;
  p.dramSeconds = p.dramBytes / (device.dramTBps * 1e12);
  p.l2Seconds = p.splitK.trafficBytes / (device.l2TBps * 1e12);

  p.seconds = softMaximum({compute, p.dramSeconds, p.l2Seconds},
                          device.overlapExponent);
  if (p.dramSeconds >= std::max(compute, p.l2Seconds))
    p.bound = "DRAM";
  else if (p.l2Seconds >= compute)
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
