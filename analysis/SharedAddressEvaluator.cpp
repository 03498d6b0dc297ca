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
  evaluator.initialRegisters.assign(3, 0);
  for (Operation &op : scratch) {
    int target = evaluator.initialRegisters.size();
    if (auto constant = dyn_cast<arith::ConstantIndexOp>(op)) {
      evaluator.initialRegisters.push_back(constant.value());
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
      evaluator.initialRegisters.push_back(0);
      evaluator.program.push_back({*opcode, registers.lookup(op.getOperand(0)),
                                   registers.lookup(op.getOperand(1)), target});
    }
    registers[op.getResult(0)] = target;
  }
  evaluator.resultRegister = registers.lookup(result);
  return evaluator;
}

int64_t SharedAddressEvaluator::getElementIndex(int64_t stage, int64_t row,
                                                int64_t col) const {
  llvm::SmallVector<int64_t, 48> values(initialRegisters.begin(),
                                        initialRegisters.end());
  values[0] = stage;
  values[1] = row;
  values[2] = col;
  for (const Instruction &in : program) {
    int64_t lhs = values[in.lhs], rhs = values[in.rhs];
    uint64_t ulhs = lhs, urhs = rhs;
    int64_t &out = values[in.result];
    switch (in.opcode) {
    case Opcode::Add:
      out = lhs + rhs;
      break;
    case Opcode::Mul:
      out = lhs * rhs;
      break;
    case Opcode::DivU:
      out = int64_t(ulhs / urhs);
      break;
    case Opcode::RemU:
      out = int64_t(ulhs % urhs);
      break;
    case Opcode::And:
      out = lhs & rhs;
      break;
    case Opcode::Xor:
      out = lhs ^ rhs;
      break;
    case Opcode::ShrU:
      out = int64_t(ulhs >> urhs);
      break;
    }
  }
  return values[resultRegister];
}
