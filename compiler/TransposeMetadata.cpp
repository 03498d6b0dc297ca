//===- TransposeMetadata.cpp - launch metadata of transpose kernels -------===//

#include "compiler/TransposeMetadata.h"

#include "dialect/MemoryQueries.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

static StringRef elementTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  return "f32"; // the op's verifier allows nothing else
}

llvm::json::Object
gemm_opt::describeTransposeKernel(TransposeScheduleAttr schedule,
                                  Type elementType, bool batched) {
  int64_t rank = batched ? 3 : 2;
  auto operand = [&](StringRef name) {
    return llvm::json::Object{
        {"kind", "memref"}, {"operand", name}, {"rank", rank}};
  };
  llvm::json::Value gridZ =
      batched ? llvm::json::Value(llvm::json::Object{{"extent", "batch"},
                                                     {"tile", 1}})
              : llvm::json::Value(1);
  StringRef type = elementTypeName(elementType);
  return llvm::json::Object{
      {"kind", "transpose"},
      {"block", llvm::json::Array{schedule.getThreadCount(), 1, 1}},
      {"cluster", llvm::json::Array{1, 1, 1}},
      {"dynamic_shared_memory_bytes",
       schedule.getSharedMemoryBytes(elementType)},
      {"grid",
       llvm::json::Object{
           {"x", llvm::json::Object{{"extent", "n"},
                                    {"tile", schedule.getTileCols()}}},
           {"y", llvm::json::Object{{"extent", "m"},
                                    {"tile", schedule.getTileRows()}}},
           {"z", std::move(gridZ)}}},
      {"tile", llvm::json::Object{{"m", schedule.getTileRows()},
                                  {"n", schedule.getTileCols()}}},
      {"types", llvm::json::Object{{"src", type}, {"dst", type}}},
      {"layouts", llvm::json::Object{{"src", "row"}, {"dst", "row"}}},
      // Any pointer aligned to the element works; vector-wide accesses are
      // used where pointers and leading dimensions allow.
      {"min_alignment_bytes", getByteWidth(elementType)},
      {"vector_elements", schedule.getVector()},
      {"parameters", llvm::json::Array{operand("src"), operand("dst")}},
  };
}
