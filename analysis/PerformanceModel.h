//===- PerformanceModel.h - roofline time of a schedule on a shape -*- C++ -*-===//
//
// A static model: per K tile of one block, the FLOPs, the bytes loaded from
// global memory and the bytes moved through shared memory (weighted by the
// simulated bank conflicts); per shape, the tiles, how they fill the SMs in
// waves, the DRAM traffic of each wave (the distinct A rows and B columns its
// tiles touch, in the schedule's raster order, unless A and B fit in L2), and
// a predicted time:
//
//   per SM and wave: per K tile the largest of math and shared memory (of
//                    the tiles resident at once) and latency: a block keeps
//                    stages - 1 K tiles in flight, so by Little's law it
//                    cannot take a K tile faster than the global-load
//                    latency over stages - 1; plus the pipeline fill and the
//                    epilogue when only one block is resident (nothing else
//                    hides them)
//   whole GEMM:      max(sum over waves, DRAM bytes / DRAM bandwidth)
//
// A schedule whose register estimate exceeds what a thread may have is
// charged twice the compute time (bench/NOTES.md: the spilling BK = 64
// mma.sync kernels ran at 0.25-0.35x cuBLAS against 0.58x without spills).
//
// The bound is the term that sets the time: "math", "shared memory",
// "latency" or "DRAM".
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H
#define GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H

#include "analysis/BankConflicts.h"
#include "analysis/ChipPerformance.h"
#include "analysis/ResourceEstimate.h"
#include "dialect/TileDialect.h"
#include "llvm/Support/Error.h"

namespace gemm_opt::analysis {

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  double getFlops() const { return 2.0 * m * n * k; }
};

/// Figures of one block per K tile (BK).
struct TileFigures {
  double flops = 0;
  double globalBytes = 0;
  /// Bytes read from / written to shared memory, each weighted by the
  /// conflict factor of its access pattern.
  double sharedReadBytes = 0, sharedWriteBytes = 0;
  /// FLOPs per global byte (block level), per shared byte read by the
  /// warps (warp level; warpgroups for wgmma), and per shared byte moved
  /// (reads and writes, conflicts included).
  double blockIntensity = 0, warpIntensity = 0, sharedIntensity = 0;
};

TileFigures computeTileFigures(tile::ScheduleAttr schedule,
                               llvm::ArrayRef<BankConflictReport> conflicts);

struct ShapePrediction {
  GemmShape shape;
  int64_t tiles = 0;
  /// Tiles over (SMs × resident blocks), and the fraction of the last
  /// whole number of waves that does useful work.
  double waves = 0, waveEfficiency = 0;
  /// Seconds of each term over the whole GEMM.
  double mathSeconds = 0, sharedSeconds = 0, latencySeconds = 0,
         dramSeconds = 0;
  double exposedOverheadSeconds = 0;
  double dramBytes = 0;
  double seconds = 0, tflops = 0;
  /// "math", "shared memory", "latency" or "DRAM".
  std::string bound;
};

/// The prediction for `shape`, or an error if the shape is empty or the
/// block tile does not divide it (the kernels require divisible shapes).
llvm::Expected<ShapePrediction>
predictShape(tile::ScheduleAttr schedule, const ChipPerformance &device,
             const RegisterEstimate &registers, const Occupancy &occupancy,
             const TileFigures &figures, const GemmShape &shape);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H
