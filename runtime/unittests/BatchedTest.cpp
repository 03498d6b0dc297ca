//===- BatchedTest.cpp - batched kernels: metadata, shapes, launch (no GPU) ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime does for a batched kernel (BatchedKernelSpec.h) without
// touching a GPU: the bundle entry's consistency, batch counts and strides
// in shapes and problems, the grid, the 9-value memrefs and the 3-D tensor
// map encodings, TMA staging decisions and the capability check.

#include "TestBundles.h"

#include "runtime/BundleCapabilities.h"
#include "runtime/GemmProblem.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/LaunchGrid.h"
#include "runtime/OperandStaging.h"
#include "runtime/ProblemInputs.h"
#include "runtime/ProblemRun.h"
#include "runtime/TensorMapEncoding.h"

#include "gtest/gtest.h"

#include <limits>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

json::Object memref3(StringRef operand) {
  return json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", 3}};
}

/// What gemm-translate writes for examples/gemm_bf16_wgmma_batched_sm90.mlir:
/// rank-3 memrefs, 3-D tensor maps (global pointers), the batch along z.
json::Object makeBatchedKernel() {
  json::Object kernel = makeValidKernel();
  kernel["block"] = json::Array{384, 1, 1};
  kernel["requires_divisible"] =
      json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel["grid"] =
      json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                   {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                   {"z", json::Object{{"extent", "batch"}, {"tile", 1}}}};
  kernel["parameters"] = json::Array{
      memref3("a"), memref3("b"), memref3("c"),
      makeTmaParam("a", json::Array{64, 128, 1}, 128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64, 1}, 128, "global_pointer")};
  kernel["batch"] = json::Object{{"strided", true}};
  return kernel;
}

/// The persistent variant: tiles of every batch entry.
json::Object makePersistentBatchedKernel() {
  json::Object kernel = makeBatchedKernel();
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 256}, {"batch", 1}}}};
  return kernel;
}

Expected<TensorMapEncoding> encode(const KernelSpec &spec, Operand operand,
                                   const GemmShape &shape, uint64_t address) {
  for (const KernelParamSpec &param : spec.parameters)
    if (param.isTensorMapOf(operand))
      return computeTensorMapEncoding(spec, param, shape, address);
  return makeBadInputError("no tma parameter");
}

std::string errorOf(Error err) {
  return err ? summarizeError(std::move(err)).message : "";
}

TEST(BatchedTest, ParsesABatchedKernel) {
  KernelSpec spec = parseSingleKernel(makeBatchedKernel());
  EXPECT_TRUE(spec.stridedBatch);
  ASSERT_EQ(spec.parameters.size(), 5u);
  EXPECT_EQ(spec.parameters[0].rank, 3u);
  EXPECT_EQ(spec.parameters[3].tensorMap.rank, 3u);
  EXPECT_EQ(spec.parameters[3].tensorMap.box,
            (std::array<uint32_t, 3>{64, 128, 1}));
  EXPECT_FALSE(spec.grid[2].isConstant);
  EXPECT_EQ(spec.grid[2].extent, ProblemDim::Batch);
  EXPECT_EQ(getProblemDimName(ProblemDim::Batch), "batch");

  KernelSpec persistent = parseSingleKernel(makePersistentBatchedKernel());
  ASSERT_TRUE(persistent.persistentGrid.has_value());
  EXPECT_TRUE(persistent.persistentGrid->perBatchEntry);
  EXPECT_FALSE(parseSingleKernel(makeValidKernel()).stridedBatch);
}

TEST(BatchedTest, RefusesInconsistentBatchedEntries) {
  std::vector<RefusedKernelCase> cases;
  {
    json::Object kernel = makeBatchedKernel();
    (*kernel.getArray("parameters"))[1] =
        json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}};
    cases.push_back({"rank-2 b", std::move(kernel),
                     "the memref parameter of operand 'b' has rank 2; a "
                     "batched kernel (\"batch\": {\"strided\": true}) takes "
                     "rank-3 memrefs"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    (*kernel.getArray("parameters"))[3] =
        makeTmaParam("a", json::Array{64, 128}, 128, "global_pointer");
    cases.push_back({"2-D map", std::move(kernel),
                     "the tensor map of operand 'a' is 2-D; a batched kernel"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    kernel["grid"] =
        json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                     {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                     {"z", 1}};
    cases.push_back({"no batch axis", std::move(kernel),
                     "no grid dimension has extent \"batch\""});
  }
  {
    json::Object kernel = makePersistentBatchedKernel();
    kernel["grid"] = json::Object{
        {"persistent", json::Object{{"ctas_per_sm", 1}}},
        {"tiles", json::Object{{"m", 128}, {"n", 256}}}};
    cases.push_back({"persistent without batch tiles", std::move(kernel),
                     "its persistent grid's \"tiles\" have no \"batch\": 1"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    kernel.getArray("parameters")
        ->push_back(json::Object{
            {"kind", "memref"}, {"operand", "residual"}, {"rank", 2}});
    kernel["epilogue"] = json::Object{{"residual", true}};
    cases.push_back({"rank-2 residual", std::move(kernel),
                     "the memref parameter of the residual has rank 2; a "
                     "batched kernel"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    json::Object map =
        makeTmaParam("residual", json::Array{64, 32}, 128, "global_pointer");
    map["null_when_unaligned"] = true;
    kernel.getArray("parameters")->push_back(std::move(map));
    kernel.getArray("parameters")->push_back(memref3("residual"));
    kernel["epilogue"] = json::Object{{"residual", true}};
    cases.push_back({"2-D residual map", std::move(kernel),
                     "the tensor map of operand 'residual' is 2-D; a batched "
                     "kernel"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    kernel.erase("batch");
    cases.push_back({"undeclared", std::move(kernel),
                     "the memref parameter of operand 'a' has rank 3; only a "
                     "batched kernel (\"batch\": {\"strided\": true}) has "
                     "that"});
  }
  {
    json::Object kernel = makeValidKernel();
    kernel["grid"] =
        json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                     {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                     {"z", json::Object{{"extent", "batch"}, {"tile", 1}}}};
    cases.push_back({"batch axis of a plain kernel", std::move(kernel),
                     "a grid dimension has extent \"batch\"; only a batched "
                     "kernel"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    (*kernel.getArray("parameters"))[3] =
        makeTmaParam("a", json::Array{64, 128, 2}, 128, "global_pointer");
    cases.push_back({"two entries per box", std::move(kernel),
                     "box [64, 128, 2]: a batched tensor map loads one batch "
                     "entry per box"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    kernel.getArray("parameters")
        ->push_back(json::Object{{"kind", "workspace"},
                                 {"name", "split_k_partials"}});
    cases.push_back({"split_k", std::move(kernel),
                     "it takes a split_k workspace"});
  }
  {
    json::Object kernel = makeBatchedKernel();
    kernel["batch"] = json::Object{{"strided", "yes"}};
    cases.push_back({"non-boolean", std::move(kernel),
                     "expected boolean at kernels[0].batch.strided"});
  }
  {
    json::Object kernel = makePersistentBatchedKernel();
    (*kernel.getObject("grid")->getObject("tiles"))["batch"] = 2;
    cases.push_back({"two entries per tile", std::move(kernel),
                     "expected 1 (one batch entry per tile) at "
                     "kernels[0].grid.tiles.batch"});
  }
  for (RefusedKernelCase &c : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(c.kernel), c.expected)) << c.what;
}

TEST(BatchedTest, ShapesCarryBatchCountsAndStrides) {
  GemmShape one = GemmShape::get(128, 256, 64, 72);
  EXPECT_EQ(one.batch, 1);
  // Packed strides: ld times the major extent.
  EXPECT_EQ(one.batchStrideA, 128 * 72);
  EXPECT_EQ(one.batchStrideB, 64 * 256);
  EXPECT_EQ(one.batchStrideC, 128 * 256);

  GemmShape shape = one.withBatch(3, /*strideA=*/std::nullopt, /*strideB=*/0,
                                  /*strideC=*/128 * 256 + 8);
  EXPECT_EQ(shape.batch, 3);
  EXPECT_EQ(shape.batchStrideA, 128 * 72);
  EXPECT_EQ(shape.getBatchStride(Operand::B), 0);
  EXPECT_EQ(shape.getBatchStride(Operand::C), 128 * 256 + 8);
  EXPECT_EQ(shape.str(), "128x256x64 batch 3");
  EXPECT_DOUBLE_EQ(shape.getFlops(), 3 * 2.0 * 128 * 256 * 64);
  EXPECT_EQ(shape.getExtent(ProblemDim::Batch), 3);
  EXPECT_EQ(getOperandBufferElements(shape, Operand::A), 3 * 128 * 72);
  EXPECT_EQ(getOperandBufferElements(shape, Operand::B), 64 * 256);
  EXPECT_EQ(getOperandBufferElements(shape, Operand::C),
            2 * (128 * 256 + 8) + 128 * 256);
  EXPECT_EQ(errorOf(verifyShape(shape)), "");

  // Column-major: the span is ld times the columns.
  GemmShape col =
      GemmShape::get(100, 50, 30, 104, 0, 0,
                     MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row,
                                   MatrixLayout::Row})
          .withBatch(2);
  EXPECT_EQ(col.batchStrideA, 30 * 104);
}

TEST(BatchedTest, VerifyShapeRefusesOverlappingOrNegativeStrides) {
  GemmShape base = GemmShape::get(64, 32, 16);
  EXPECT_NE(errorOf(verifyShape(base.withBatch(0))).find(
                "invalid shape: batch count 0"),
            std::string::npos);
  // C's entries may not overlap, not even as one matrix.
  EXPECT_EQ(errorOf(verifyShape(base.withBatch(2, std::nullopt, std::nullopt,
                                               64 * 32 - 1))),
            "invalid batch stride: C's is 2047 elements; it must be at least "
            "the 2048 elements one batch entry spans (ldc * its major "
            "extent)");
  EXPECT_NE(errorOf(verifyShape(base.withBatch(2, std::nullopt, std::nullopt,
                                               0)))
                .find("C's is 0 elements"),
            std::string::npos);
  // A and B: 0 (broadcast) or at least the span.
  EXPECT_EQ(errorOf(verifyShape(base.withBatch(2, 0, 0))), "");
  EXPECT_EQ(errorOf(verifyShape(base.withBatch(2, 64 * 16 - 16))),
            "invalid batch stride: A's is 1008 elements; it must be at least "
            "the 1024 elements one batch entry spans (lda * its major "
            "extent), or 0 to use one matrix for every entry");
  EXPECT_NE(errorOf(verifyShape(base.withBatch(2, std::nullopt, -512)))
                .find("B's is -512 elements"),
            std::string::npos);
  // One entry: strides do not matter.
  EXPECT_EQ(errorOf(verifyShape(base.withBatch(1, 5, 5, 5))), "");
  // Strides whose products overflow 64 bits still need over 1 TiB.
  for (int64_t huge : {int64_t(1) << 41, (int64_t(1) << 62) - 1,
                       std::numeric_limits<int64_t>::max()})
    EXPECT_EQ(errorOf(verifyShape(base.withBatch(2, huge))),
              "invalid shape: operand a would need over 1 TiB")
        << huge;
}

TEST(BatchedTest, OnlyBatchedKernelsTakeSeveralEntries) {
  KernelSpec plain = parseSingleKernel(makeValidKernel());
  KernelSpec batched = parseSingleKernel(makeBatchedKernel());
  GemmShape three = GemmShape::get(128, 256, 64).withBatch(3);
  EXPECT_EQ(errorOf(checkShapeSupported(plain, three)),
            "unsupported batch: kernel gemm_kernel_0 computes one matrix "
            "product (it was not compiled from a batched tile.gemm on 3-D "
            "operands); batch count 3 needs a batched kernel");
  EXPECT_EQ(errorOf(checkShapeSupported(plain, three.withBatch(1))), "");
  EXPECT_EQ(errorOf(checkShapeSupported(batched, three)), "");
  // Ragged shapes, padding between entries, a broadcast B.
  EXPECT_EQ(errorOf(checkShapeSupported(
                batched, GemmShape::get(129, 257, 65).withBatch(
                             7, 129 * 65 + 640, 0, 129 * 257 + 3))),
            "");
  EXPECT_EQ(errorOf(checkShapeSupported(batched,
                                        GemmShape::get(1, 1, 1).withBatch(3))),
            "");
}

TEST(BatchedTest, GridCoversEveryEntry) {
  KernelSpec spec = parseSingleKernel(makeBatchedKernel());
  Expected<LaunchGrid> grid =
      computeGrid(spec, GemmShape::get(2048, 2048, 2048).withBatch(8), 132);
  ASSERT_TRUE(static_cast<bool>(grid)) << toString(grid.takeError());
  EXPECT_EQ(grid->dims, (std::array<unsigned, 3>{8, 16, 8}));
  // Grid z stops at 65535 entries.
  Expected<LaunchGrid> tooMany =
      computeGrid(spec, GemmShape::get(16, 16, 16).withBatch(70000), 132);
  ASSERT_FALSE(static_cast<bool>(tooMany));
  EXPECT_NE(toString(tooMany.takeError()).find("grid.z = 70000"),
            std::string::npos);

  KernelSpec persistent = parseSingleKernel(makePersistentBatchedKernel());
  Expected<LaunchGrid> walk = computeGrid(
      persistent, GemmShape::get(300, 600, 64).withBatch(5), 132);
  ASSERT_TRUE(static_cast<bool>(walk)) << toString(walk.takeError());
  // 3 x 3 tiles per entry, 5 entries.
  EXPECT_EQ(walk->persistentTiles, 45u);
  EXPECT_EQ(walk->dims, (std::array<unsigned, 3>{45, 1, 1}));
}

TEST(BatchedTest, PacksNineValuesPerBatchedMemref) {
  KernelSpec spec = parseSingleKernel(makeBatchedKernel());
  GemmShape shape = GemmShape::get(129, 257, 65, 72, 264, 272)
                        .withBatch(3, 129 * 72 + 8, 0, 129 * 272);
  constexpr uint64_t mapA = 0x7f0000300000, mapB = 0x7f0000300080;
  TensorMapArgument a{}, b{};
  a.deviceAddress = mapA;
  b.deviceAddress = mapB;
  PackedKernelParams params =
      packKernelParams(spec, shape, {addressA, addressB, addressC}, {a, b});
  ASSERT_EQ(params.size(), 3u * MemRef3DParamCount + 2u);
  std::vector<uint64_t> expected = {
      addressA, addressA, 0, 3, 129, 65,  129 * 72 + 8, 72,  1, // a
      addressB, addressB, 0, 3, 65,  257, 0,            264, 1, // b
      addressC, addressC, 0, 3, 129, 257, 129 * 272,    272, 1, // c
      mapA,     mapB};
  EXPECT_EQ(params.getValues().vec(), expected);

  // A batched residual is laid out like C: C's extents, ldc and batch
  // stride at its own address, after the tensor maps.
  json::Object withResidual = makeBatchedKernel();
  withResidual.getArray("parameters")
      ->push_back(json::Object{
          {"kind", "memref"}, {"operand", "residual"}, {"rank", 3}});
  withResidual["epilogue"] = json::Object{{"residual", true}};
  KernelSpec residualSpec = parseSingleKernel(std::move(withResidual));
  constexpr uint64_t addressResidual = 0x7000'0000'8000ull;
  EpilogueArguments epilogue;
  epilogue.residual = addressResidual;
  PackedKernelParams residualParams = packKernelParams(
      residualSpec, shape, {addressA, addressB, addressC}, {a, b}, epilogue);
  std::vector<uint64_t> expectedResidual = expected;
  expectedResidual.insert(
      expectedResidual.end(),
      {addressResidual, addressResidual, 0, 3, 129, 257, 129 * 272, 272, 1});
  EXPECT_EQ(residualParams.getValues().vec(), expectedResidual);

  // Column-major operands keep the batch stride first.
  MemRefDescriptor3D col = describeBatchedOperand(
      GemmShape::get(100, 50, 30, 104, 0, 0,
                     MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row,
                                   MatrixLayout::Row})
          .withBatch(2, 4000),
      Operand::A, addressA);
  EXPECT_EQ(col.sizes[0], 2);
  EXPECT_EQ(col.sizes[1], 100);
  EXPECT_EQ(col.sizes[2], 30);
  EXPECT_EQ(col.strides[0], 4000);
  EXPECT_EQ(col.strides[1], 1);
  EXPECT_EQ(col.strides[2], 104);
}

TEST(BatchedTest, EncodesThreeDimensionalTensorMaps) {
  KernelSpec spec = parseSingleKernel(makeBatchedKernel());
  // bf16, padding between A's entries, B broadcast.
  GemmShape shape = GemmShape::get(129, 257, 65, 72, 264)
                        .withBatch(7, 129 * 72 + 64, 0);
  Expected<TensorMapEncoding> a = encode(spec, Operand::A, shape, addressA);
  ASSERT_TRUE(static_cast<bool>(a)) << toString(a.takeError());
  EXPECT_EQ(a->rank, 3u);
  EXPECT_EQ(a->globalDim, (std::array<cuuint64_t, 3>{65, 129, 7}));
  EXPECT_EQ(a->globalStrides,
            (std::array<cuuint64_t, 2>{72 * 2, (129 * 72 + 64) * 2}));
  EXPECT_EQ(a->boxDim, (std::array<cuuint32_t, 3>{64, 128, 1}));
  EXPECT_EQ(a->elementStrides, (std::array<cuuint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(a->describe(),
            "operand a: address 0x7f0000000000, dims [65, 129, 7], row pitch "
            "144 B, batch stride 18704 B, box [64, 128, 1], swizzle 128B");
  // A stride-0 operand is one entry (the kernel loads entry 0 of it).
  Expected<TensorMapEncoding> b = encode(spec, Operand::B, shape, addressB);
  ASSERT_TRUE(static_cast<bool>(b)) << toString(b.takeError());
  EXPECT_EQ(b->globalDim, (std::array<cuuint64_t, 3>{257, 65, 1}));
  EXPECT_EQ(b->globalStrides, (std::array<cuuint64_t, 2>{264 * 2, 65 * 264 * 2}));
  // And so is a single entry.
  Expected<TensorMapEncoding> single =
      encode(spec, Operand::A, shape.withBatch(1), addressA);
  ASSERT_TRUE(static_cast<bool>(single));
  EXPECT_EQ(single->globalDim[2], 1u);

  // TMA needs 16-byte batch strides: 129 * 72 + 3 bf16 is not.
  GemmShape odd = shape.withBatch(7, 129 * 72 + 3, 0);
  Expected<TensorMapEncoding> bad = encode(spec, Operand::A, odd, addressA);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(toString(bad.takeError()),
            "kernel gemm_kernel_0: operand a (tma): TMA needs a batch stride "
            "that is a multiple of 16 bytes, but the batch stride of 9291 "
            "elements (bf16) gives 18582 bytes");
  // ... so the runtime stages A (packed entries, aligned pitch) and the
  // shape check passes.
  GemmShape mapped = OperandStaging::getTensorMapShape(spec, odd);
  EXPECT_EQ(mapped.lda, 72);
  EXPECT_EQ(mapped.batchStrideA, 129 * 72);
  EXPECT_EQ(mapped.batchStrideB, 0);
  EXPECT_EQ(errorOf(checkShapeSupported(spec, odd)), "");
  // An odd pitch restages the entries packed at the aligned pitch.
  GemmShape oddPitch =
      GemmShape::get(129, 257, 65, 67).withBatch(4, 129 * 67);
  mapped = OperandStaging::getTensorMapShape(spec, oddPitch);
  EXPECT_EQ(mapped.lda, 72);
  EXPECT_EQ(mapped.batchStrideA, 129 * 72);
  EXPECT_EQ(errorOf(checkShapeSupported(spec, oddPitch)), "");
}

TEST(BatchedTest, EncodesTheResidualMapWithCsBatchStride) {
  // The residual is laid out like C: a 3-D map over C's entries at the
  // residual's address.
  json::Object kernel = makeBatchedKernel();
  json::Object map =
      makeTmaParam("residual", json::Array{64, 32, 1}, 128, "global_pointer");
  map["null_when_unaligned"] = true;
  kernel.getArray("parameters")->push_back(std::move(map));
  kernel.getArray("parameters")->push_back(memref3("residual"));
  kernel["epilogue"] = json::Object{{"residual", true}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 7u);
  const KernelParamSpec &param = spec.parameters[5];
  ASSERT_TRUE(param.isTensorMap() && param.overResidual);
  EXPECT_EQ(param.tensorMap.rank, 3u);
  // bf16, padding between C's entries.
  GemmShape shape = GemmShape::get(129, 257, 65, 72, 264, 272)
                        .withBatch(5, std::nullopt, 0, 129 * 272 + 64);
  constexpr uint64_t addressResidual = 0x7000'0000'8000ull;
  Expected<TensorMapEncoding> residual =
      computeTensorMapEncoding(spec, param, shape, addressResidual);
  ASSERT_TRUE(static_cast<bool>(residual)) << toString(residual.takeError());
  EXPECT_EQ(residual->rank, 3u);
  EXPECT_EQ(residual->globalAddress, addressResidual);
  EXPECT_EQ(residual->globalDim, (std::array<cuuint64_t, 3>{257, 129, 5}));
  EXPECT_EQ(residual->globalStrides,
            (std::array<cuuint64_t, 2>{272 * 2, (129 * 272 + 64) * 2}));
  EXPECT_EQ(residual->boxDim, (std::array<cuuint32_t, 3>{64, 32, 1}));
  // A batch stride TMA cannot take names the residual.
  Expected<TensorMapEncoding> odd = computeTensorMapEncoding(
      spec, param, shape.withBatch(5, std::nullopt, 0, 129 * 272 + 3),
      addressResidual);
  ASSERT_FALSE(static_cast<bool>(odd));
  EXPECT_NE(toString(odd.takeError())
                .find("operand residual (tma): TMA needs a batch stride that "
                      "is a multiple of 16 bytes"),
            std::string::npos);
}

TEST(BatchedTest, ProblemsBroadcastAndRefuseOverlap) {
  GemmProblem problem =
      GemmProblem::get(GemmShape::get(16, 8, 4).withBatch(3, std::nullopt, 0),
                       ElementType::BF16, ElementType::BF16, ElementType::F32);
  EXPECT_EQ(problem.batchCount, 3);
  EXPECT_EQ(problem.b.batchStride, 0);
  EXPECT_EQ(errorOf(verifyProblem(problem)), "");
  // Every entry reads the one B; A's entries differ.
  ProblemInputs inputs(problem, 5);
  EXPECT_EQ(inputs.get(Operand::B, 2, 3, 7), inputs.get(Operand::B, 0, 3, 7));
  EXPECT_NE(inputs.get(Operand::A, 2, 3, 1), inputs.get(Operand::A, 0, 3, 1));
  EXPECT_EQ(problem.getBufferElements(Operand::B), 4 * 8);
  GemmShape back = problem.getShape();
  EXPECT_EQ(back.batch, 3);
  EXPECT_EQ(back.batchStrideA, 16 * 4);
  EXPECT_EQ(back.batchStrideB, 0);
  EXPECT_EQ(back.batchStrideC, 16 * 8);

  problem.c.batchStride = 0;
  EXPECT_NE(errorOf(verifyProblem(problem)).find(
                "batch stride of c (0) is below the 128 elements one batch "
                "entry spans (entries would overlap)"),
            std::string::npos);
  problem.c.batchStride = 16 * 8;
  problem.a.batchStride = 10;
  EXPECT_NE(errorOf(verifyProblem(problem)).find("0 repeats one matrix"),
            std::string::npos);
  // Strides and offsets whose sums overflow 64 bits need over 1 TiB.
  problem.a.batchStride = std::numeric_limits<int64_t>::max() / 2;
  EXPECT_EQ(errorOf(verifyProblem(problem)),
            "invalid problem: operand a would need over 1 TiB");
  problem.a.batchStride = 16 * 4;
  problem.b.offset = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(errorOf(verifyProblem(problem)),
            "invalid problem: operand b would need over 1 TiB");
}

TEST(BatchedTest, CapabilitiesAndLaunchChecks) {
  KernelSpec plain = parseSingleKernel(makeValidKernel());
  KernelSpec batched = parseSingleKernel(makeBatchedKernel());
  KernelCapabilities batchedCaps = getKernelCapabilities(batched);
  EXPECT_TRUE(batchedCaps.stridedBatch);
  EXPECT_TRUE(batchedCaps.layouts[0].row);
  EXPECT_FALSE(batchedCaps.layouts[0].col);
  EXPECT_EQ(batchedCaps.alignmentBytes[0], 2); // staged through TMA
  EXPECT_EQ(batchedCaps.alignmentBytes[2], 2); // min_alignment_bytes

  GemmProblem problem = GemmProblem::get(
      GemmShape::get(129, 257, 65).withBatch(3, std::nullopt, 0),
      ElementType::BF16, ElementType::BF16, ElementType::BF16);
  EXPECT_TRUE(findCapabilityGaps(batchedCaps, problem).empty());
  EXPECT_EQ(errorOf(checkProblemLaunchable(batched, batchedCaps, problem)),
            "");
  SmallVector<CapabilityGap> gaps =
      findCapabilityGaps(getKernelCapabilities(plain), problem);
  ASSERT_FALSE(gaps.empty());
  EXPECT_EQ(gaps.front().reason, RefusalReason::Batch);
}

} // namespace
