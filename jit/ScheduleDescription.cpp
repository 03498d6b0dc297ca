//===- ScheduleDescription.cpp - a schedule as a C++ struct ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/ScheduleDescription.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

static std::string renderSharedLayout(const SharedLayoutDescription &layout) {
  if (layout.padElements > 0 || layout.swizzleBytes == 0)
    return formatv("#tile.pad<{0}>", layout.padElements).str();
  return formatv("#tile.swizzle<{0}>", layout.swizzleBytes).str();
}

std::string renderScheduleAttribute(const ScheduleDescription &s) {
  std::string text;
  raw_string_ostream os(text);
  os << formatv("#tile.schedule<chip = \"{0}\", block = [{1}, {2}, {3}], "
                "warp = [{4}, {5}], mma = #tile.mma<{6}, [{7}, {8}, {9}]>, ",
                s.chip, s.block[0], s.block[1], s.block[2], s.warp[0],
                s.warp[1], s.mmaKind, s.mma[0], s.mma[1], s.mma[2])
     << formatv("elements = #tile.elements<a = {0}, b = {1}, c = {2}, "
                "acc = {3}>, ",
                s.aType, s.bType, s.cType, s.accumulatorType)
     << "smem_a = " << renderSharedLayout(s.smemA)
     << ", smem_b = " << renderSharedLayout(s.smemB)
     << formatv(", pipeline = #tile.pipeline<stages = {0}, load = {1}{2}>",
                s.stages, s.load, s.ragged ? ", ragged = true" : "");
  if (s.specialization)
    os << formatv(", specialization = #tile.warp_specialization<"
                  "producer_registers = {0}, consumer_registers = {1}>",
                  s.specialization->producerRegisters,
                  s.specialization->consumerRegisters);
  if (s.grid) {
    os << formatv(", grid = #tile.grid<persistent = {0}, raster = {1}, "
                  "group = {2}",
                  s.grid->persistent ? "true" : "false", s.grid->raster,
                  s.grid->group);
    if (s.grid->splitK != 1)
      os << ", split_k = " << s.grid->splitK;
    if (!s.grid->streamK.empty())
      os << ", stream_k = " << s.grid->streamK;
    os << ">";
  }
  if (s.store) {
    os << ", store = #tile.store<" << *s.store;
    if (s.storeRounds != 1)
      os << ", rounds = " << s.storeRounds;
    os << ">";
  }
  os << ">";
  return text;
}

/// `, epilogue = #tile.epilogue<...>` for a fused epilogue, else nothing.
static std::string renderEpilogueAttribute(const FusedEpilogueDescription &f) {
  SmallVector<std::string> fields;
  if (f.alphaBeta)
    fields.push_back("alpha_beta = true");
  if (f.bias != "none")
    fields.push_back("bias = " + f.bias);
  if (f.activation != "none")
    fields.push_back("activation = " + f.activation);
  if (f.residual)
    fields.push_back("residual = true");
  if (fields.empty())
    return "";
  return ", epilogue = #tile.epilogue<" + llvm::join(fields, ", ") + ">";
}

/// The memref type of a matrix (or, batched, a batch of them) of `element`
/// in `layout` order; a row-major one keeps the identity layout.
static std::string renderMatrixType(bool batched, StringRef element,
                                    StringRef layout) {
  if (layout != "col")
    return formatv("memref<{0}x{1}>", batched ? "?x?x?" : "?x?", element)
        .str();
  return formatv("memref<{0}x{1}, strided<[{2}1, ?], offset: ?>>",
                 batched ? "?x?x?" : "?x?", element, batched ? "?, " : "")
      .str();
}

std::string renderGemmModule(const ScheduleDescription &s,
                             const std::string &scheduleAttribute) {
  // Batched: batch × rows × columns, packed row-major by default (the
  // launch passes the actual batch strides).
  std::string typeA = renderMatrixType(s.batched, s.aType, s.aLayout);
  std::string typeB = renderMatrixType(s.batched, s.bType, s.bLayout);
  std::string typeC = renderMatrixType(s.batched, s.cType, s.cLayout);
  // The fused epilogue's operands follow C, in the order the op takes them.
  std::string parameters, operands;
  const FusedEpilogueDescription &fused = s.fused;
  if (fused.alphaBeta) {
    parameters += ", %alpha: f32, %beta: f32";
    operands += " alpha %alpha beta %beta";
  }
  if (fused.bias != "none") {
    std::string bias = formatv("memref<?x{0}>", s.cType).str();
    parameters += ", %bias: " + bias;
    operands += " bias %bias : " + bias;
  }
  if (fused.residual) {
    // Laid out like C (GemmArguments::residual): one M x N matrix, or one
    // per batch entry for a batched C.
    std::string residual = renderMatrixType(s.batched, s.cType, s.cLayout);
    parameters += ", %residual: " + residual;
    operands += " residual %residual : " + residual;
  }
  return formatv("func.func @{0}(%a: {1}, %b: {2}, %c: {3}{5}) {{\n"
                 "  tile.gemm %a, %b into %c{6} {{schedule = {4}{7}}\n"
                 "      : {1}, {2} into {3}\n"
                 "  return\n"
                 "}\n",
                 s.name, typeA, typeB, typeC, scheduleAttribute, parameters,
                 operands, renderEpilogueAttribute(fused))
      .str();
}

bool isSymbolName(StringRef name) {
  return !name.empty() && (isAlpha(name[0]) || name[0] == '_') &&
         all_of(name, [](char c) { return isAlnum(c) || c == '_'; });
}

std::string renderScheduleModule(const ScheduleDescription &s) {
  return renderGemmModule(s, renderScheduleAttribute(s));
}

} // namespace jit
} // namespace gemm_opt
