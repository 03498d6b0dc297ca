//===- ScheduleFieldLocations.cpp - where a schedule's fields were written ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleFieldLocations.h"

#include "dialect/TileDialect.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace gemm_opt::tile;

void ScheduleFieldTable::insert(Attribute schedule,
                                ScheduleFieldLocations &&where) {
  std::lock_guard<std::mutex> lock(mutex);
  entries.try_emplace(schedule, std::move(where));
}

std::optional<Location> ScheduleFieldTable::lookup(Attribute schedule,
                                                   StringRef field) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = entries.find(schedule);
  if (it == entries.end())
    return std::nullopt;
  for (const auto &[name, loc] : it->second.fields)
    if (name == field)
      return loc;
  return std::nullopt;
}

void ScheduleFieldLocations::attachTo(ScheduleAttr schedule) {
  if (auto *dialect = schedule.getContext()->getLoadedDialect<TileDialect>())
    dialect->getScheduleFieldTable().insert(schedule, std::move(*this));
}

std::optional<Location> ScheduleFieldLocations::lookup(ScheduleAttr schedule,
                                                       StringRef field) {
  auto *dialect = schedule.getContext()->getLoadedDialect<TileDialect>();
  if (!dialect)
    return std::nullopt;
  return dialect->getScheduleFieldTable().lookup(schedule, field);
}

InFlightDiagnostic gemm_opt::tile::emitScheduleError(Operation *op,
                                                     ScheduleAttr schedule,
                                                     StringRef field) {
  std::optional<Location> loc = ScheduleFieldLocations::lookup(schedule, field);
  if (!loc)
    return op->emitOpError();
  return emitError(*loc) << "'" << op->getName() << "' op ";
}
