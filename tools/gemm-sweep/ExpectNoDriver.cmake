# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs gemm-sweep on a machine without a CUDA driver: it must exit with 3,
# print the seed first and say "no CUDA driver", also when it replays one
# grouped case of the test bundles' grouped kernels. Skipped (exit 0 with a
# note) where a driver is installed.
if(EXISTS /dev/nvidiactl OR EXISTS /proc/driver/nvidia)
  message(STATUS "a CUDA driver is present; nothing to check")
  return()
endif()
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ExpectToolRun.cmake)
expect_tool_run(${SWEEP} 3 "^gemm-sweep: seed 7" "no CUDA driver"
  ${BUNDLES} --cases 3 --seed 7)
expect_tool_run(${SWEEP} 3 "^gemm-sweep: seed 7" "no CUDA driver"
  ${BUNDLES} --seed 7 --grouped-case 5)
