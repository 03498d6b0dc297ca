# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The ctest "jit-package-example": installs the gemm-opt package into a
# fresh prefix, configures and builds examples/jit against it as an outside
# project, checks that the program needs no LLVM/MLIR shared library, and
# runs its --compile-only mode (no GPU needed), and its --database mode
# (the choice reported, without a GPU too).
# Arguments: BUILD_DIR, SOURCE_DIR, WORK_DIR, GENERATOR.

function(run_step description)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${description} failed (${status}):\n${output}")
  endif()
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(example ${WORK_DIR}/example)
run_step("installing the package"
  ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
  --component gemm-opt-package)
run_step("configuring examples/jit"
  ${CMAKE_COMMAND} -G ${GENERATOR} -S ${SOURCE_DIR}/examples/jit -B ${example}
  -DCMAKE_PREFIX_PATH=${prefix})
run_step("building examples/jit" ${CMAKE_COMMAND} --build ${example})

set(program ${example}/gemm-jit-example)
run_step("ldd" ldd ${program})
if(step_output MATCHES "libLLVM|libMLIR")
  message(FATAL_ERROR "gemm-jit-example links LLVM/MLIR dynamically:\n${step_output}")
endif()
file(SIZE ${program} bytes)
math(EXPR mebibytes "${bytes} / 1048576")
message(STATUS "gemm-jit-example: ${bytes} bytes (${mebibytes} MiB), no libLLVM/libMLIR")

run_step("gemm-jit-example --compile-only"
  ${CMAKE_COMMAND} -E env GEMM_OPT_CACHE=0 ${program} --compile-only)
if(NOT step_output MATCHES "cubin: [0-9]+ bytes for sm_90a")
  message(FATAL_ERROR "unexpected output:\n${step_output}")
endif()
message(STATUS "${step_output}")

# --database: the JIT chooses the schedule from the repository's tuning
# database. Without a GPU the choice is still reported (before exit 3, or
# compiled with --compile-only); with one the run is checked (exit 0).
function(run_example description expected_status expected_output)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env
    XDG_CACHE_HOME=${WORK_DIR}/cache ${program} ${ARGN}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status MATCHES "^(${expected_status})$")
    message(FATAL_ERROR "${description}: exit ${status}, expected "
      "${expected_status}:\n${output}")
  endif()
  foreach(pattern ${expected_output})
    if(NOT output MATCHES "${pattern}")
      message(FATAL_ERROR "${description}: no '${pattern}' in:\n${output}")
    endif()
  endforeach()
  message(STATUS "${description}:\n${output}")
endfunction()
set(database ${SOURCE_DIR}/tuning-database.json)
run_example("--database, transposed entry, compile only" 0
  "chosen: wgmma_bf16_ccc_64x16x64_[^ ]* \\(the entry for this shape\\);runs transposed: yes \\(C\\^T = B\\^T\\*A\\^T: the kernel runs 4096x16x4096;compiled wgmma_bf16_ccc_64x16x64_[^ ]*_kernel in;cubin: [0-9]+ bytes for sm_90a"
  --compile-only --database ${database} 16 4096 4096)
run_example("--database, f16 nearest entry" "0|3"
  "problem: 1000x1300x2000 a=f16 b=f16 c=f16 on sm_90a;chosen: wgmma_f16_[^ ]* \\(the nearest entry: [0-9]+x[0-9]+x[0-9]+, log2 distance [0-9.]+\\);runs transposed: no"
  --database ${database} --dtype f16 1000 1300 2000)
run_example("--database, no f32 entries, bf16 fallback refused" 2
  "fallback: the database has no entry for sm_90a with a=f32 b=f32 c=f32; the JIT compiles gemm_bf16_wgmma_sm90.mlir;which computes a=bf16 b=bf16 c=bf16, not the asked a=f32 b=f32 c=f32: give a schedule of those types"
  --compile-only --database ${database} --dtype f32 1024 1024 1024)
run_example("--database, unreadable database" 2
  "gemm-jit-example: error: cannot read tuning database"
  --compile-only --database ${WORK_DIR}/missing.json 16 4096 4096)
file(REMOVE_RECURSE ${WORK_DIR})
