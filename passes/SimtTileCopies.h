//===- SimtTileCopies.h - global → shared copies of the SIMT path -*- C++ -*-===//
//
// How tile-simt-mma moves one K tile of A (BM×BK, row-major in global
// memory) and B (BK×BN) into a stage of shared memory, where A is stored
// transposed (BK rows of BM + pad floats: a thread's 4 consecutive M values
// are one 128-bit load) and B as it is (BK rows of BN + pad).
//
// - B: 16-byte cp.async, consecutive threads on consecutive chunks of a row.
// - A through registers (2-stage schedules): one 128-bit global load of 4
//   consecutive K values per chunk, stored later down 4 rows of A^T with
//   4-byte shared stores.
// - A by 4-byte cp.async (schedules of 3 or more stages): each copy moves one
//   element into its transposed place, so nothing passes through registers
//   and several K tiles can be in flight. A warp's 32 copies read 8
//   consecutive K values (one 32-byte sector) of 4 rows and write banks
//   4k + m of A^T, which with BM + pad ≡ 4 (mod 32) floats per row are 32
//   distinct banks.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMTTILECOPIES_H
#define GEMM_OPT_PASSES_SIMTTILECOPIES_H

#include "dialect/TileDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

/// Where a block's operand tiles come from and go to.
struct SimtCopyOperands {
  /// The kernel's A and B.
  mlir::Value a, b;
  /// The block tile's first row of A and first column of B, and the first K.
  mlir::Value rowBase, colBase, lowerK;
  /// The stages in shared memory: stages×BK×(BM+pad) (A^T) and
  /// stages×BK×(BN+pad) (B), f32.
  mlir::Value sharedA, sharedB;
  /// gpu.thread_id x.
  mlir::Value threadId;
};

class SimtTileCopies {
public:
  SimtTileCopies(mlir::OpBuilder &b, mlir::Location loc,
                 tile::ScheduleAttr schedule, const SimtCopyOperands &operands)
      : b(b), loc(loc), schedule(schedule), operands(operands) {}

  /// Whether A reaches shared memory through registers (loadTileA +
  /// storeTileA) rather than by cp.async (copyTileA).
  static bool stagesAThroughRegisters(tile::ScheduleAttr schedule) {
    return schedule.getStages() == 2;
  }

  /// This thread's 128-bit chunks of A's K tile `kTile`.
  llvm::SmallVector<mlir::Value> loadTileA(mlir::Value kTile);
  /// Writes the chunks of loadTileA into `stage` of A^T.
  void storeTileA(llvm::ArrayRef<mlir::Value> chunks, mlir::Value stage);
  /// Starts the 4-byte cp.async copies of this thread's elements of A's K
  /// tile `kTile` into `stage` of A^T.
  void copyTileA(mlir::Value kTile, mlir::Value stage);
  /// Starts the 16-byte cp.async copies of this thread's chunks of B's K
  /// tile `kTile` into `stage`.
  void copyTileB(mlir::Value kTile, mlir::Value stage);

private:
  mlir::Value index(int64_t v);
  mlir::Value add(mlir::Value lhs, int64_t rhs);
  mlir::Value kOffset(mlir::Value kTile);
  std::pair<mlir::Value, mlir::Value> chunkCoordinates(int64_t i, int64_t cols);
  int64_t chunksPerThread(int64_t rows, int64_t cols) const;

  mlir::OpBuilder &b;
  mlir::Location loc;
  tile::ScheduleAttr schedule;
  SimtCopyOperands operands;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMTTILECOPIES_H
