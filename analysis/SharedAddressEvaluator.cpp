//===- SharedAddressEvaluator.cpp - shared-memory addresses as numbers ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/SharedAddressEvaluator.h"

#include "dialect/MemoryQueries.h"
#include "passes/common/SharedLayoutIndex.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace gemm_opt::analysis;

FailureOr<SharedAddressEvaluator>
SharedAddressEvaluator::create(Attribute layout, MemRefType logical) {
  MLIRContext *context = logical.getContext();
  context->getOrLoadDialect<arith::ArithDialect>();
  Location loc = UnknownLoc::get(context);
  IndexType index = IndexType::get(context);
  // A detached block whose arguments stand for stage, row and col.
  Block scratch;
  Value stage = scratch.addArgument(index, loc);
  Value row = scratch.addArgument(index, loc);
  Value col = scratch.addArgument(index, loc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(&scratch);
  Value result =
      gemm_opt::emitSharedIndex(builder, loc, layout, logical, stage, row, col);

  SharedAddressEvaluator evaluator;
  evaluator.elementBytes = gemm_opt::tile::getByteWidth(logical.getElementType());
  llvm::DenseMap<Value, int> registers{{stage, 0}, {row, 1}, {col, 2}};
  int next = 3;
  for (Operation &op : scratch) {
    Instruction instruction{Opcode::Constant, 0, 0, 0};
    if (auto constant = dyn_cast<arith::ConstantIndexOp>(op)) {
      instruction.constant = constant.value();
    } else {
      std::optional<Opcode> opcode =
          llvm::TypeSwitch<Operation *, std::optional<Opcode>>(&op)
              .Case([](arith::AddIOp) { return Opcode::Add; })
              .Case([](arith::MulIOp) { return Opcode::Mul; })
              .Case([](arith::DivUIOp) { return Opcode::DivU; })
              .Case([](arith::RemUIOp) { return Opcode::RemU; })
              .Case([](arith::AndIOp) { return Opcode::And; })
              .Case([](arith::XOrIOp) { return Opcode::Xor; })
              .Case([](arith::ShRUIOp) { return Opcode::ShrU; })
              .Default([](Operation *) { return std::nullopt; });
      if (!opcode || op.getNumOperands() != 2)
        return failure();
      instruction.opcode = *opcode;
      instruction.lhs = registers.lookup(op.getOperand(0));
      instruction.rhs = registers.lookup(op.getOperand(1));
    }
    registers[op.getResult(0)] = next++;
    evaluator.program.push_back(instruction);
  }
  evaluator.resultRegister = registers.lookup(result);
  return evaluator;
}

int64_t SharedAddressEvaluator::getElementIndex(int64_t stage, int64_t row,
                                                int64_t col) const {
  llvm::SmallVector<int64_t, 48> values{stage, row, col};
  values.reserve(program.size() + 3);
  for (const Instruction &in : program) {
    int64_t lhs = values[in.lhs], rhs = values[in.rhs];
    uint64_t ulhs = lhs, urhs = rhs;
    switch (in.opcode) {
    case Opcode::Constant: values.push_back(in.constant); break;
    case Opcode::Add: values.push_back(lhs + rhs); break;
    case Opcode::Mul: values.push_back(lhs * rhs); break;
    case Opcode::DivU: values.push_back(int64_t(ulhs / urhs)); break;
    case Opcode::RemU: values.push_back(int64_t(ulhs % urhs)); break;
    case Opcode::And: values.push_back(lhs & rhs); break;
    case Opcode::Xor: values.push_back(lhs ^ rhs); break;
    case Opcode::ShrU: values.push_back(int64_t(ulhs >> urhs)); break;
    }
  }
  return values[resultRegister];
}
