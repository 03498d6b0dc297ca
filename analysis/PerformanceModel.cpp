//===- PerformanceModel.cpp - roofline time of a schedule on a shape ------===//

#include "analysis/PerformanceModel.h"

#include "dialect/MemoryQueries.h"
#include "llvm/ADT/DenseSet.h"
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

/// DRAM bytes of A and B: each wave of concurrently resident tiles loads
/// the distinct block rows of A and block columns of B it touches.
static double waveOperandBytes(ScheduleAttr schedule, const GemmShape &shape,
                               int64_t concurrent) {
  int64_t tilesM = shape.m / schedule.getBlockM();
  int64_t tilesN = shape.n / schedule.getBlockN();
  int64_t tiles = tilesM * tilesN;
  double e = getByteWidth(schedule.getElements().getA());
  double bytes = 0;
  for (int64_t first = 0; first < tiles; first += concurrent) {
    llvm::DenseSet<int64_t> rows, cols;
    for (int64_t id = first; id < std::min(tiles, first + concurrent); ++id) {
      auto [tm, tn] = rasterTile(schedule, id, tilesM, tilesN);
      rows.insert(tm);
      cols.insert(tn);
    }
    bytes += (double(rows.size()) * schedule.getBlockM() +
              double(cols.size()) * schedule.getBlockN()) *
             shape.k * e;
  }
  return bytes;
}

llvm::Expected<ShapePrediction> gemm_opt::analysis::predictShape(
    ScheduleAttr schedule, const ChipPerformance &device,
    const RegisterEstimate &registers, const Occupancy &occupancy,
    const TileFigures &figures, const GemmShape &shape) {
  if (shape.m <= 0 || shape.n <= 0 || shape.k <= 0)
    return llvm::createStringError(
        llvm::formatv("shape {0}x{1}x{2} must be positive in every dimension",
                      shape.m, shape.n, shape.k));
  if (shape.m % schedule.getBlockM() || shape.n % schedule.getBlockN() ||
      shape.k % schedule.getBlockK())
    return llvm::createStringError(llvm::formatv(
        "shape {0}x{1}x{2} is not divisible by the block tile [{3}, {4}, {5}] "
        "(kernels require divisible shapes)",
        shape.m, shape.n, shape.k, schedule.getBlockM(), schedule.getBlockN(),
        schedule.getBlockK()));
  if (occupancy.blocksPerSM < 1)
    return llvm::createStringError("the schedule does not fit on one SM");

  ShapePrediction prediction;
  prediction.shape = shape;
  int64_t tilesM = shape.m / schedule.getBlockM();
  int64_t tilesN = shape.n / schedule.getBlockN();
  prediction.tiles = tilesM * tilesN;
  int64_t resident = occupancy.blocksPerSM;
  int64_t concurrent = device.multiprocessors * resident;
  prediction.waves = double(prediction.tiles) / concurrent;
  prediction.waveEfficiency =
      prediction.waves / std::ceil(prediction.waves);

  // One tile on one SM: K/BK K tiles.
  double kTiles = double(shape.k) / schedule.getBlockK();
  // f32 inputs on tensor cores run as tf32, at half the f16/bf16 rate.
  bool tf32 = schedule.isWgmma() && schedule.getElements().getA().isF32();
  double tensorPerSM =
      (tf32 ? device.tensorTf32Tflops : device.tensorHalfTflops) * 1e12 /
      device.multiprocessors;
  double sharedPerSM = double(device.sharedBytesPerClock) * device.clockGHz * 1e9;
  double tileMath = kTiles * figures.flops / tensorPerSM;
  double tileShared =
      kTiles * (figures.sharedReadBytes + figures.sharedWriteBytes) /
      sharedPerSM;
  // Pipeline fill and epilogue (the C tile to DRAM at one SM's share of the
  // bandwidth), hidden by another resident block, else exposed.
  double cBytes = double(schedule.getBlockM()) * schedule.getBlockN() *
                  getByteWidth(schedule.getElements().getC());
  double tileOverhead = device.dramLatencyUs * 1e-6 +
                        cBytes / (device.dramTBps * 1e12 / device.multiprocessors);

  // Little's law: stages - 1 K tiles in flight per block.
  double tileLatency = kTiles * device.dramLatencyUs * 1e-6 /
                       std::max<int64_t>(1, schedule.getStages() - 1);

  // The busiest SM runs ceil(tiles / SMs) tiles, `resident` at a time.
  int64_t perSM = (prediction.tiles + device.multiprocessors - 1) /
                  device.multiprocessors;
  double math = 0, shared = 0, latency = 0, overhead = 0, compute = 0;
  for (int64_t done = 0; done < perSM; done += resident) {
    int64_t together = std::min(resident, perSM - done);
    double waveMath = together * tileMath, waveShared = together * tileShared;
    double waveOverhead = together == 1 ? tileOverhead : 0;
    math += waveMath;
    shared += waveShared;
    latency += tileLatency;
    overhead += waveOverhead;
    compute += std::max({waveMath, waveShared, tileLatency}) + waveOverhead;
  }
  prediction.mathSeconds = math;
  prediction.sharedSeconds = shared;
  prediction.latencySeconds = latency;
  prediction.exposedOverheadSeconds = overhead;
  if (registers.spills)
    compute *= kSpillPenalty;

  double e = getByteWidth(schedule.getElements().getA());
  double operandBytes = (double(shape.m) * shape.k + double(shape.k) * shape.n) * e;
  if (operandBytes > device.l2Bytes)
    operandBytes = std::max(operandBytes,
                            waveOperandBytes(schedule, shape, concurrent));
  prediction.dramBytes =
      operandBytes + double(shape.m) * shape.n *
                         getByteWidth(schedule.getElements().getC());
  prediction.dramSeconds = prediction.dramBytes / (device.dramTBps * 1e12);

  prediction.seconds = std::max(compute, prediction.dramSeconds);
  if (prediction.dramSeconds >= compute)
    prediction.bound = "DRAM";
  else if (latency > std::max(math, shared))
    prediction.bound = "latency";
  else
    prediction.bound = shared > math ? "shared memory" : "math";
  prediction.tflops = shape.getFlops() / prediction.seconds / 1e12;
  return prediction;
}
