# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs gemm-opt-cache on a --dir that does not exist or is a file: every
# mode (list, clear, both, the default) must fail (exit 1) and say why, not
# print "cleared" or "0 entries"; an existing empty directory lists fine.
#   cmake -DCACHE_TOOL=... -DWORK=<scratch> -P this
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/empty)
file(WRITE ${WORK}/file "not a cache\n")

include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ExpectToolRun.cmake)

foreach(mode "--list" "--clear" "--list;--clear" "")
  expect_tool_run(${CACHE_TOOL} 1 "^$"
    "error: no cache directory '[^']*missing': it does not exist"
    ${mode} --dir ${WORK}/missing)
  expect_tool_run(${CACHE_TOOL} 1 "^$"
    "error: '[^']*file' is not a directory"
    ${mode} --dir ${WORK}/file)
endforeach()
if(EXISTS ${WORK}/missing)
  message(FATAL_ERROR "gemm-opt-cache created the missing directory")
endif()
expect_tool_run(${CACHE_TOOL} 0 "empty \\(.*\\): 0 entries" "^$"
  --list --dir ${WORK}/empty)
expect_tool_run(${CACHE_TOOL} 0 "cleared [^\n]*empty" "^$"
  --clear --dir ${WORK}/empty)
