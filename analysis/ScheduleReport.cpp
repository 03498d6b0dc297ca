//===- ScheduleReport.cpp - a schedule analysis as text or JSON -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/ScheduleReport.h"
#include "dialect/DotScheduleVerifier.h"
#include "dialect/ScheduleResources.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

static std::string describeKind(const ScheduleAnalysis &analysis) {
  ScheduleAttr s = analysis.schedule;
  std::string kind =
      formatv("{0}, block {1}x{2}x{3}, {4} {5}x{6}, {7} stages, {8} threads",
              s.getMma().getKind() == MmaKind::sync
                  ? StringRef("mma.sync")
                  : stringifyMmaKind(s.getMma().getKind()),
              s.getBlockM(), s.getBlockN(), s.getBlockK(),
              s.isWgmma() ? "warpgroup" : "warp", s.getWarpM(), s.getWarpN(),
              s.getStages(), analysis.threads);
  if (s.isFfma())
    kind += formatv(", thread tile {0}x{1}", s.getMma().getM(),
                    s.getMma().getN());
  return kind;
}

static std::string describeRegisters(const RegisterEstimate &r) {
  std::string text = formatv("{0} per thread (accumulators {1}, fragments "
                             "{2}, addresses {3}, other {4})",
                             r.getNeeded(), r.accumulators, r.operandFragments,
                             r.addresses, r.other);
  if (r.consumer)
    text += formatv("; setmaxnreg producer {0} / consumer {1}", r.producer,
                    r.consumer);
  text += formatv("; {0} per block", r.perBlock);
  if (r.spills)
    text += "; exceeds the thread's budget: spills expected";
  return text;
}

void gemm_opt::analysis::printScheduleReport(raw_ostream &os, StringRef title,
                                             const ScheduleAnalysis &a) {
  ScheduleAttr s = a.schedule;
  const ChipPerformance &d = a.device;
  os << "schedule " << title << " on " << d.deviceName << " (" << d.device
     << ", " << s.getChip() << ")\n";
  os << "  kind           : " << describeKind(a) << "\n";
  os << formatv(
      "  shared memory  : {0} B per block (dynamic {1}, static {2} "
      "for {3} B of barriers; epilogue staging {4})\n",
      a.sharedMemoryBytes, getScheduleResources(s).dynamicSharedMemoryBytes,
      a.sharedMemoryBytes - getScheduleResources(s).dynamicSharedMemoryBytes,
      getScheduleResources(s).barrierBytes,
      getScheduleResources(s).stagingBytes);
  os << "  registers      : " << describeRegisters(a.registers)
     << (a.wholeTileVariant ? " (its whole-tile variant, which this shape runs)"
                            : "")
     << "\n";
  const Occupancy &o = a.occupancy;
  os << formatv("  occupancy      : {0} block(s), {1} warps per SM; limits: "
                "shared memory {2}, registers {3}, threads {4}, blocks {5}; "
                "limiter: {6}\n",
                o.blocksPerSM, o.warpsPerSM, o.bySharedMemory, o.byRegisters,
                o.byThreads, o.byBlockLimit, o.limiter);
  const TileFigures &t = a.tile;
  os << formatv("  intensity      : block {0:F1} FLOP/B of global loads (DRAM "
                "balance {1:F1}); {2} {3:F1} FLOP/B of shared reads, block "
                "{4:F1} FLOP/B of shared traffic (shared balance {5:F1})\n",
                t.blockIntensity, d.dramBalance(),
                s.isWgmma() ? "warpgroup" : "warp", t.warpIntensity,
                t.sharedIntensity, d.sharedBalance());
  os << "  bank conflicts :";
  if (s.isFfma())
    os << " not simulated for ffma (LDS.128 fragment reads, lanes paired; "
          "A^T written through a padded row: passes/simt/SimtMma.cpp)";
  if (s.isDot())
    os << (isDotAlongN(s) ? " none in the main loop: a dot kernel along N "
                            "uses shared memory only where its warps meet"
                          : " none: a dot kernel uses no shared memory");
  os << "\n";
  for (const BankConflictReport &r : a.bankConflicts) {
    os << formatv("    {0,-9} {1,-26} {2,-18} ", r.buffer, r.pattern,
                  r.layout);
    if (r.byConstruction)
      os << formatv("{0} boxes per {1}, conflict-free by construction\n",
                    r.instructions,
                    r.buffer == "C staging" ? "tile" : "stage");
    else
      os << formatv("{0} instr, {1} wavefronts / {2} ideal = {3:F2}x\n",
                    r.instructions, r.wavefronts, r.idealWavefronts,
                    r.getConflictFactor());
  }
  if (!a.prediction) {
    os << "  shape          : none given (pass m, n, k for a prediction)\n";
    return;
  }
  const ShapePrediction &p = *a.prediction;
  std::string blocks =
      p.splitK.splits > 1
          ? formatv(" x {0} splits = {1} blocks", p.splitK.splits, p.blocks)
                .str()
          : std::string();
  os << formatv("  shape {0}x{1}x{2}: {3} tiles{4} of {5} K tiles, {6:F2} "
                "waves ({7:F0}% of the last whole wave used), clock {8:F2} "
                "of boost\n",
                p.shape.m, p.shape.n, p.shape.k, p.tiles, blocks,
                p.kTilesPerBlock, p.waves, 100 * p.waveEfficiency,
                p.clockFactor);
  os << formatv("    math {0:F1} us, shared memory {1:F1} us, latency {2:F1} "
                "us, issue {3:F1} us, exposed fill+epilogue {4:F1} us, DRAM "
                "{5:F1} us ({6:F1} MB)\n",
                p.mathSeconds * 1e6, p.sharedSeconds * 1e6,
                p.latencySeconds * 1e6, p.issueSeconds * 1e6,
                p.exposedOverheadSeconds * 1e6, p.dramSeconds * 1e6,
                p.dramBytes / 1e6);
  if (p.splitK.splits > 1) {
    const SplitKCost &k = p.splitK;
    os << formatv("    split-K: workspace {0:F1} MB ({1}), partial tile "
                  "{2:F1} us per block, sum {3:F1} us per tile ({4} chunk "
                  "iterations), exposed {5:F1} us, L2 traffic {6:F1} us\n",
                  k.workspaceBytes / 1e6,
                  k.exceedsL2 ? "exceeds L2: through DRAM" : "fits in L2",
                  k.storeSeconds * 1e6, k.fixupSeconds * 1e6, k.fixupIterations,
                  p.exposedReductionSeconds * 1e6, p.l2Seconds * 1e6);
  }
  os << formatv("    predicted: {0} bound, {1:F1} us, {2:F1} TFLOP/s\n",
                p.bound, p.seconds * 1e6, p.tflops);
}

json::Value gemm_opt::analysis::toJSON(const ScheduleAnalysis &a) {
  ScheduleAttr s = a.schedule;
  const RegisterEstimate &r = a.registers;
  const Occupancy &o = a.occupancy;
  const TileFigures &t = a.tile;
  json::Array conflicts;
  for (const BankConflictReport &c : a.bankConflicts)
    conflicts.push_back(json::Object{
        {"buffer", c.buffer},
        {"pattern", c.pattern},
        {"layout", c.layout},
        {"instructions", c.instructions},
        {"wavefronts", c.wavefronts},
        {"ideal_wavefronts", c.idealWavefronts},
        {"conflict_free_by_construction", c.byConstruction},
        {"conflict_factor", c.getConflictFactor()}});
  json::Object out{
      {"chip", s.getChip()},
      {"device", a.device.device},
      {"mma", stringifyMmaKind(s.getMma().getKind())},
      {"block", json::Array{s.getBlockM(), s.getBlockN(), s.getBlockK()}},
      {"warp", json::Array{s.getWarpM(), s.getWarpN()}},
      {"stages", s.getStages()},
      {"threads", a.threads},
      {"whole_tile_variant", a.wholeTileVariant},
      {"shared_memory_bytes", a.sharedMemoryBytes},
      {"registers", json::Object{{"per_thread_needed", r.getNeeded()},
                                 {"per_thread", r.perThread},
                                 {"accumulators", r.accumulators},
                                 {"operand_fragments", r.operandFragments},
                                 {"addresses", r.addresses},
                                 {"other", r.other},
                                 {"producer", r.producer},
                                 {"consumer", r.consumer},
                                 {"per_block", r.perBlock},
                                 {"spills", r.spills}}},
      {"occupancy", json::Object{{"blocks_per_sm", o.blocksPerSM},
                                 {"warps_per_sm", o.warpsPerSM},
                                 {"by_shared_memory", o.bySharedMemory},
                                 {"by_registers", o.byRegisters},
                                 {"by_threads", o.byThreads},
                                 {"by_block_limit", o.byBlockLimit},
                                 {"limiter", o.limiter}}},
      {"intensity",
       json::Object{{"block_flops_per_global_byte", t.blockIntensity},
                    {"warp_flops_per_shared_read_byte", t.warpIntensity},
                    {"block_flops_per_shared_byte", t.sharedIntensity},
                    {"dram_balance", a.device.dramBalance()},
                    {"shared_balance", a.device.sharedBalance()},
                    {"ffma_dram_balance", a.device.ffmaDramBalance()},
                    {"ffma_shared_balance", a.device.ffmaSharedBalance()}}},
      {"bank_conflicts", std::move(conflicts)}};
  if (a.prediction) {
    const ShapePrediction &p = *a.prediction;
    out["prediction"] =
        json::Object{{"m", p.shape.m},
                     {"n", p.shape.n},
                     {"k", p.shape.k},
                     {"tiles", p.tiles},
                     {"blocks", p.blocks},
                     {"split_k", p.splitK.splits},
                     {"k_tiles_per_block", p.kTilesPerBlock},
                     {"waves", p.waves},
                     {"wave_efficiency", p.waveEfficiency},
                     {"clock_factor", p.clockFactor},
                     {"math_us", p.mathSeconds * 1e6},
                     {"shared_us", p.sharedSeconds * 1e6},
                     {"latency_us", p.latencySeconds * 1e6},
                     {"issue_us", p.issueSeconds * 1e6},
                     {"exposed_overhead_us", p.exposedOverheadSeconds * 1e6},
                     {"exposed_reduction_us", p.exposedReductionSeconds * 1e6},
                     {"compute_us", p.computeSeconds * 1e6},
                     {"dram_us", p.dramSeconds * 1e6},
                     {"dram_bytes", p.dramBytes},
                     {"l2_us", p.l2Seconds * 1e6},
                     {"workspace_bytes", p.splitK.workspaceBytes},
                     {"bound", p.bound},
                     {"time_us", p.seconds * 1e6},
                     {"tflops", p.tflops}};
  }
  return std::move(out);
}
