# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -*- Python -*-
# lit configuration of gemm-opt's tests.
#
# Features:
#   ptxas  the CUDA toolkit's ptxas is present (PTX is assembled in tests)
#   gemm-run  gemm-run, gemm-sweep and transpose-run were built (their
#             checks before the device run anywhere)
#   jit    the JIT's tools (gemm-opt-cache, gemm-jit-bench) were built
#   gpu    a CUDA GPU and driver answer (nvidia-smi -L) and gemm-run was built;
#          tests under GPU/ need it and are unsupported elsewhere

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "GEMM_OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gemm_opt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%examples", os.path.join(config.gemm_opt_src_root, "examples")))
config.substitutions.append(("%bench", os.path.join(config.gemm_opt_src_root, "bench", "schedules")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# `not`, `count` and FileCheck at the start of a RUN line come from PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.gemm_opt_tools_dir, config.llvm_tools_dir]
tools = ["gemm-opt", "gemm-translate", "gemm-tune"]
if os.path.exists(os.path.join(config.gemm_opt_tools_dir, "gemm-run")):
    tools += ["gemm-run", "gemm-sweep", "transpose-run"]
    # gemm-run's and transpose-run's checks that come before they open a
    # device run anywhere.
    config.available_features.add("gemm-run")
if os.path.exists(os.path.join(config.gemm_opt_tools_dir, "gemm-opt-cache")):
    tools += ["gemm-opt-cache", "gemm-jit-bench", "gemm-opt-build-library"]
    config.available_features.add("jit")
llvm_config.add_tool_substitutions(tools, tool_dirs)

ptxas = os.path.join(config.cuda_bin_dir, "ptxas")
if not os.path.exists(ptxas):
    ptxas = shutil.which("ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))


def gpu_available():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "GPU" in out.stdout


if "gemm-run" in tools and gpu_available():
    config.available_features.add("gpu")
