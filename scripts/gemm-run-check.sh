# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the GPU-machine scripts (scripts/device-session.sh,
# bench/hopper-benchmark.sh): records the machine and gemm-run's shared
# libraries in a log and stops when gemm-run cannot start here.
#
#   check_gemm_run GEMM_RUN LOG    (uses the caller's `log` function)
check_gemm_run() {
  local gemm_run=$1 logfile=$2
  {
    echo "----- nvidia-smi -----"
    nvidia-smi 2>&1 || echo "(nvidia-smi failed)"
    echo "----- uname / glibc -----"
    uname -a
    ldd --version 2>&1 | head -1
    echo "----- ldd $gemm_run -----"
    ldd "$gemm_run" 2>&1 || true
    echo
  } >>"$logfile"
  if [ ! -x "$gemm_run" ]; then
    log "FATAL: no executable gemm-run at $gemm_run"
    exit 2
  fi
  if ! "$gemm_run" --version >>"$logfile" 2>&1; then
    log "FATAL: $gemm_run does not start here (see the ldd output in $logfile)"
    exit 2
  fi
}
