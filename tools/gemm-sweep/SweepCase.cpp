//===- SweepCase.cpp - Randomized GEMM problems for the sweep -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepCase.h"
#include "tools/gemm-sweep/SweepRandom.h"

#include "runtime/HostMatrix.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <set>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

namespace {
constexpr double alphas[] = {0.5, -1.0, 2.5};
constexpr double betas[] = {1.0, 0.5, -2.0};
constexpr int64_t alignmentBytes = 16;

/// The random stream of one case.
std::vector<int64_t> collectTileSizes(ArrayRef<SweepTarget> targets) {
  std::set<int64_t> sizes;
  for (const SweepTarget &target : targets)
    for (int64_t size : {target.tile.m, target.tile.n, target.tile.k})
      if (size > 1)
        sizes.insert(size);
  if (sizes.empty())
    sizes = {64, 128};
  return std::vector<int64_t>(sizes.begin(), sizes.end());
}


/// Padding of a leading dimension or batch stride, in elements: none, a
/// 16-byte multiple, or (when `unaligned`) 1 .. 7 elements.
int64_t drawPadding(CaseRandom &random, ElementType type, bool unaligned) {
  int64_t alignedStep = alignmentBytes / static_cast<int64_t>(getElementSize(type));
  unsigned kind = static_cast<unsigned>(random.below(unaligned ? 10 : 6));
  if (kind < 4)
    return 0;
  if (kind < 7)
    return alignedStep * static_cast<int64_t>(1 + random.below(4));
  return static_cast<int64_t>(1 + random.below(7));
}

int64_t drawOffset(CaseRandom &random, ElementType type, bool unaligned) {
  return drawPadding(random, type, unaligned);
}

int64_t getTotalElements(const GemmProblem &problem, Operand operand) {
  return problem.getBufferElements(operand);
}

bool exceedsBudget(const GemmProblem &problem) {
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    if (getTotalElements(problem, operand) > MaxOperandElements)
      return true;
  return false;
}

/// Leading dimensions, batch strides and offsets for the current extents.
void drawViews(CaseRandom &random, GemmProblem &problem, bool unaligned) {
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    OperandView &view = problem.getView(operand);
    view.ld = problem.getMinorExtent(operand) +
              drawPadding(random, view.type, unaligned);
    view.offset = drawOffset(random, view.type, unaligned);
    // A and B sometimes repeat one matrix for every entry.
    bool broadcast = operand != Operand::C && random.chance(15);
    view.batchStride = broadcast ? 0
                                 : problem.getMatrixSpan(operand) +
                                       drawPadding(random, view.type, unaligned);
  }
}

void drawAimedCase(CaseRandom &random, const SweepTarget &target,
                   GemmProblem &problem) {
  problem.m = target.tile.m * static_cast<int64_t>(1 + random.below(8));
  problem.n = target.tile.n * static_cast<int64_t>(1 + random.below(8));
  problem.k = target.tile.k * static_cast<int64_t>(1 + random.below(8));
  problem.a.type = target.aType;
  problem.b.type = target.bType;
  problem.c.type = target.cType;
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    problem.getView(operand).layout = target.layouts.get(operand);
  if (target.batched && random.chance(75))
    problem.batchCount = static_cast<int64_t>(2 + random.below(6));
  drawViews(random, problem, /*unaligned=*/false);
  // Fewer entries where the buffers would grow too big.
  while (exceedsBudget(problem) && problem.batchCount > 1) {
    --problem.batchCount;
    drawViews(random, problem, /*unaligned=*/false);
  }
}

void drawFreeCase(CaseRandom &random, ArrayRef<int64_t> tileSizes,
                  GemmProblem &problem) {
  problem.m = drawDimension(random, tileSizes);
  problem.n = drawDimension(random, tileSizes);
  problem.k = drawDimension(random, tileSizes);
  ElementType type = random.pick(ArrayRef<ElementType>(
      {ElementType::BF16, ElementType::F16, ElementType::F32}));
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    problem.getView(operand).type = type;
    problem.getView(operand).layout =
        random.chance(50) ? MatrixLayout::Row : MatrixLayout::Col;
  }
  if (random.chance(40))
    problem.batchCount = static_cast<int64_t>(2 + random.below(3));
  Epilogue &epilogue = problem.epilogue;
  if (random.chance(50))
    epilogue.alpha = random.pick(ArrayRef<double>(alphas));
  if (random.chance(50))
    epilogue.beta = random.pick(ArrayRef<double>(betas));
  if (random.chance(40))
    epilogue.bias = random.chance(50) ? BiasKind::Row : BiasKind::Col;
  if (random.chance(40))
    epilogue.activation = random.pick(ArrayRef<EpilogueActivation>(
        {EpilogueActivation::Relu, EpilogueActivation::GeluErf,
         EpilogueActivation::GeluTanh, EpilogueActivation::Silu}));
  // A residual per batch entry, laid out like C.
  epilogue.residual = random.chance(20);
  drawViews(random, problem, /*unaligned=*/true);
  // Keep the buffers small: drop the batch, then shrink the biggest extent.
  while (exceedsBudget(problem)) {
    if (problem.batchCount > 1) {
      problem.batchCount = 1;
    } else {
      int64_t *largest = &problem.m;
      for (int64_t *extent : {&problem.n, &problem.k})
        if (*extent > *largest)
          largest = extent;
      *largest = drawSmallDimension(random, tileSizes);
    }
    drawViews(random, problem, /*unaligned=*/true);
  }
  // The residual's own offset, like C's, so that an unaligned residual
  // sometimes meets an aligned C (and back). It is the case's last draw,
  // and only a case with a residual makes it: every other field of a seed's
  // cases stays what it was before residuals had offsets.
  if (epilogue.residual) {
    problem.residualOffset =
        drawOffset(random, problem.c.type, /*unaligned=*/true);
    // The offset may not take the residual past the budget C's view keeps.
    if (problem.getResidualElements() > MaxOperandElements)
      problem.residualOffset = 0;
  }
}
} // namespace

SweepCase generateSweepCase(uint64_t seed, uint64_t index,
                            ArrayRef<SweepTarget> targets) {
  CaseRandom random(seed, index);
  SweepCase sweepCase;
  sweepCase.index = index;
  if (!targets.empty() && random.chance(40)) {
    // Batched kernels are few among the bundles: a quarter of the aimed
    // cases go to them, so that their batch paths see cases.
    SmallVector<const SweepTarget *> batched;
    for (const SweepTarget &target : targets)
      if (target.batched)
        batched.push_back(&target);
    const SweepTarget &target =
        !batched.empty() && random.chance(25)
            ? *batched[random.below(batched.size())]
            : targets[random.below(targets.size())];
    drawAimedCase(random, target, sweepCase.problem);
  } else
    drawFreeCase(random, collectTileSizes(targets), sweepCase.problem);
  return sweepCase;
}

llvm::Error checkSweepCaseCount(uint64_t count) {
  if (count >= 1 && count <= MaxSweepCases)
    return llvm::Error::success();
  return makeBadInputError("--cases " + llvm::Twine(count) +
                           " is out of range: draw 1 to " +
                           llvm::Twine(MaxSweepCases) + " cases");
}

std::vector<SweepCase> generateSweepCases(uint64_t seed, uint64_t count,
                                          ArrayRef<SweepTarget> targets) {
  std::vector<SweepCase> cases;
  cases.reserve(count);
  for (uint64_t index = 0; index < count; ++index)
    cases.push_back(generateSweepCase(seed, index, targets));
  return cases;
}

namespace {
bool isPrime(int64_t value) {
  if (value < 2)
    return false;
  for (int64_t divisor = 2; divisor * divisor <= value; ++divisor)
    if (value % divisor == 0)
      return false;
  return true;
}
} // namespace

SweepCaseTraits classifySweepCase(const GemmProblem &problem,
                                  ArrayRef<SweepTarget> targets) {
  SweepCaseTraits traits;
  for (int64_t extent : {problem.m, problem.n, problem.k}) {
    traits.dimensionOne |= extent == 1;
    traits.smallPrime |= isPrime(extent) && extent < 1000;
    traits.largePrime |= isPrime(extent) && extent >= 1000;
    traits.powerOfTwo |= extent >= 2 && isPowerOf2_64(extent);
  }
  traits.tileMultiple = any_of(targets, [&](const SweepTarget &target) {
    return problem.m % target.tile.m == 0 && problem.n % target.tile.n == 0 &&
           problem.k % target.tile.k == 0;
  });
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    const OperandView &view = problem.getView(operand);
    traits.paddedLd |= view.ld > problem.getMinorExtent(operand);
    traits.columnMajor |= view.layout == MatrixLayout::Col;
    traits.unalignedOffset |=
        (view.offset * static_cast<int64_t>(getElementSize(view.type))) %
            alignmentBytes !=
        0;
  }
  // The residual's offset unaligns its address as an operand's does.
  traits.unalignedOffset |=
      problem.epilogue.residual &&
      (problem.residualOffset *
       static_cast<int64_t>(getElementSize(problem.c.type))) %
              alignmentBytes !=
          0;
  traits.batched = problem.batchCount > 1;
  traits.broadcastBatch = traits.batched && (problem.a.batchStride == 0 ||
                                             problem.b.batchStride == 0);
  traits.alphaNotOne = problem.epilogue.alpha != 1.0;
  traits.betaNonZero = problem.epilogue.beta != 0.0;
  traits.bias = problem.epilogue.bias != BiasKind::None;
  traits.activation = problem.epilogue.activation != EpilogueActivation::None;
  traits.residual = problem.epilogue.residual;
  return traits;
}

} // namespace sweep
} // namespace gemm_opt
