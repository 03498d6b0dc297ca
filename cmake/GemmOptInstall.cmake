# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what the JIT API needs as a CMake package, so that an outside
# project can
#   find_package(GemmOpt REQUIRED)
#   target_link_libraries(app PRIVATE GemmOpt::GemmOptJit)
# or, to run gemm_opt::matmul from a kernel library with no LLVM at run time,
#   target_link_libraries(app PRIVATE GemmOpt::GemmOptMatmul)
# or gemm_opt::matmul with the JIT behind it (what the Python package links),
#   target_link_libraries(app PRIVATE GemmOpt::GemmOptMatmulCompiler)
# Libraries go to lib/, headers to
# include/gemm-opt/{bundle,jit,runtime,compiler,analysis,tuning}/ (consumers include
# "jit/GemmJit.h"), the package files to
# lib/cmake/GemmOpt/. See cmake/GemmOptConfig.cmake.in for static LLVM.

include(CMakePackageConfigHelpers)

set(GEMM_OPT_INSTALL_CMAKEDIR lib/cmake/GemmOpt)
set(GEMM_OPT_INSTALL_INCLUDEDIR include/gemm-opt)

set(gemmOptInstalledLibraries
  GemmOptBundleSchema GemmOptTileDialect GemmOptPasses GemmOptCompiler
  GemmOptAnalysis GemmOptRuntime GemmOptTuning GemmOptTuningSpace
  GemmOptKernelLaunch GemmOptScheduleDescription GemmOptJit GemmOptMatmul
  GemmOptMatmulCompiler)
foreach(library ${gemmOptInstalledLibraries})
  target_include_directories(${library} INTERFACE
    $<INSTALL_INTERFACE:${GEMM_OPT_INSTALL_INCLUDEDIR}>)
endforeach()
# One component, so that the package installs without the tools:
#   cmake --install build --prefix P --component gemm-opt-package
set(component COMPONENT gemm-opt-package)
install(TARGETS ${gemmOptInstalledLibraries}
  EXPORT GemmOptTargets
  ARCHIVE DESTINATION lib ${component}
  LIBRARY DESTINATION lib ${component})
install(EXPORT GemmOptTargets
  NAMESPACE GemmOpt::
  DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR}
  ${component})

foreach(directory bundle jit runtime compiler analysis tuning)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${directory}/
    DESTINATION ${GEMM_OPT_INSTALL_INCLUDEDIR}/${directory}
    ${component}
    FILES_MATCHING PATTERN "*.h"
    PATTERN "unittests" EXCLUDE
    PATTERN "smoke" EXCLUDE)
endforeach()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/GemmOptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/GemmOptConfig.cmake
  INSTALL_DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/GemmOptConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/GemmOptConfig.cmake
  ${PROJECT_BINARY_DIR}/GemmOptConfigVersion.cmake
  DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR}
  ${component})

# CI: the package works from an outside project (cmake/CheckInstalledPackage.cmake).
if(NOT GEMM_OPT_BUILD_TESTS)
  return()
endif()
add_test(NAME jit-package-example
  COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${PROJECT_BINARY_DIR}
    -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
    -DWORK_DIR=${PROJECT_BINARY_DIR}/jit-package-example
    -DGENERATOR=${CMAKE_GENERATOR}
    -P ${PROJECT_SOURCE_DIR}/cmake/CheckInstalledPackage.cmake)
set_tests_properties(jit-package-example PROPERTIES LABELS jit TIMEOUT 900)
