//===- CandidateSpace.h - the schedules gemm-tune tries ---------*- C++ -*-===//
//
// Enumerates schedule texts for one chip and element type over both MMA
// families. The space is deliberately wider than what is legal (e.g. warp
// tiles that do not divide the block, 128-byte swizzles on 64-byte rows,
// setmaxnreg splits over the register file): the dialect verifier and
// tile-check-chip decide, and gemm-tune counts what they drop.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMTUNE_CANDIDATESPACE_H
#define GEMM_OPT_TOOLS_GEMMTUNE_CANDIDATESPACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace gemm_opt::tune {

struct Candidate {
  /// Self-describing name, unique in the space, e.g.
  /// "wgmma_bf16_128x256x64_w64x256_s4_r40_232_rm8".
  std::string name;
  std::string family;  // "sync" or "wgmma"
  std::string dtype;   // "bf16" or "f16"
  /// The `#tile.schedule<...>` attribute text.
  std::string schedule;
};

/// Every candidate of `families` ("sync", "wgmma") for `chip` and input
/// type `dtype` (C in the same type, f32 accumulation), in a fixed order.
std::vector<Candidate> enumerateCandidates(llvm::StringRef chip,
                                           llvm::StringRef dtype,
                                           llvm::ArrayRef<std::string> families);

/// A module with the candidate's tile.gemm in a function named after it.
std::string makeCandidateModule(const Candidate &candidate);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TOOLS_GEMMTUNE_CANDIDATESPACE_H
