# Sourced by device scripts that sample where a kernel's warps stall
# (scripts/candidates-device-run.sh, scripts/sessions/session21-device-run.sh); needs
# NCU_BIN (ncu) and R (gemm-run).
#
# ncu_source REPORT KERNEL LOG CSV_GZ GEMM_RUN_ARGS...: one gemm-run with
# GEMM_RUN_ARGS (no cuBLAS, one iteration) under ncu, warp-state and source
# counters of the kernels ncu's --kernel-name KERNEL selects, ncu's output
# in LOG; the source page with the SASS and the details page go gzipped
# into CSV_GZ (scripts/lib/ncu-stalls.py reads it), REPORT.ncu-rep is
# removed. Returns ncu's exit status.
ncu_source() {
  local report=$1 kernel=$2 log=$3 csv=$4
  shift 4
  timeout 150 "$NCU_BIN" --clock-control none --section WarpStateStats \
    --section SourceCounters --kernel-name "$kernel" -o "$report" \
    "$R" "$@" --iterations 1 --warmup 0 --no-cublas >"$log" 2>&1
  local rc=$?
  { "$NCU_BIN" --import "$report.ncu-rep" --page source --csv --print-source sass
    "$NCU_BIN" --import "$report.ncu-rep" --page details --csv; } 2>&1 | gzip >"$csv"
  rm -f "$report.ncu-rep"
  return $rc
}
