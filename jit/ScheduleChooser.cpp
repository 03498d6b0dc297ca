//===- ScheduleChooser.cpp - picking a schedule for a problem -------------===//

#include "jit/ScheduleChooser.h"

namespace gemm_opt {
namespace jit {

ScheduleChooser::~ScheduleChooser() = default;

llvm::Expected<std::string>
RequestedScheduleChooser::chooseSchedule(const ProblemDescription &,
                                         llvm::StringRef requested) const {
  return requested.str();
}

} // namespace jit
} // namespace gemm_opt
