# The ctest "jit-package-example": installs the gemm-opt package into a
# fresh prefix, configures and builds examples/jit against it as an outside
# project, checks that the program needs no LLVM/MLIR shared library, and
# runs its --compile-only mode (no GPU needed).
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
file(REMOVE_RECURSE ${WORK_DIR})
