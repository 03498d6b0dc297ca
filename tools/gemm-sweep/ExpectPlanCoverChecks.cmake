# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs gemm-sweep --plan-cover (no GPU needed) on bad input: a bundle that
# does not load fails the plan as it fails a sweep (exit 1, "FAILED
# bundle"), an output directory whose parent is missing is not created
# (exit 2), --cases past its bound is an error (exit 2), and so is a
# schedule that cannot be written; never a crash.
#   cmake -DSWEEP=... -DBUNDLES=<test-bundles> -DWORK=<scratch> -P this
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bad)
file(COPY ${BUNDLES}/bf16_tile DESTINATION ${WORK}/bad)
file(MAKE_DIRECTORY ${WORK}/bad/truncated)
file(WRITE ${WORK}/bad/truncated/kernel.json "{\"format\": \"gemm-opt-bun")

include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ExpectToolRun.cmake)

set(failed "FAILED bundle: [^\n]*truncated/kernel.json: invalid JSON")
expect_tool_run(${SWEEP} 1
  "schedules written to .*${failed}.*gemm-sweep: 1 failure" "^$"
  ${WORK}/bad --plan-cover ${WORK}/plan --cases 20 --seed 3)
expect_tool_run(${SWEEP} 0 "schedules written to" "^$"
  ${BUNDLES} --plan-cover ${WORK}/plan --cases 20 --seed 3)
expect_tool_run(${SWEEP} 2 ""
  "cannot create '[^']*missing/plan': '[^']*missing' does not exist"
  ${BUNDLES} --plan-cover ${WORK}/missing/plan --cases 20 --seed 3)
if(EXISTS ${WORK}/missing)
  message(FATAL_ERROR "--plan-cover created the missing parent")
endif()
expect_tool_run(${SWEEP} 2 ""
  "--cases 4000000000 is out of range: draw 1 to 1000000 cases"
  ${BUNDLES} --plan-cover ${WORK}/plan --cases 4000000000)
expect_tool_run(${SWEEP} 2 ""
  "--grouped-cases 4000000 is out of range: draw 0 to 1000000"
  ${BUNDLES} --plan-cover ${WORK}/plan --grouped-cases 4000000)
file(MAKE_DIRECTORY ${WORK}/plain)
file(COPY ${BUNDLES}/bf16_tile DESTINATION ${WORK}/plain)
expect_tool_run(${SWEEP} 2 ""
  "--grouped-case: no grouped kernel in [^\n]*plain"
  ${WORK}/plain --plan-cover ${WORK}/plan --grouped-case 0)
# A schedule file that cannot be written (here a link to /dev/full, as on a
# full disk) is an error with the reason, not an abort.
if(EXISTS /dev/full)
  file(MAKE_DIRECTORY ${WORK}/full)
  file(CREATE_LINK /dev/full ${WORK}/full/cover_bf16_ccr.mlir SYMBOLIC)
  expect_tool_run(${SWEEP} 2 ""
    "cannot write '[^']*cover_bf16_ccr.mlir': No space left on device"
    ${BUNDLES} --plan-cover ${WORK}/full --cases 20 --seed 3)
endif()
