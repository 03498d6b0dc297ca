# Sourced by the one-call device session scripts (scripts/sessions/session*-device-run.sh)
# from the repository root: sets OUT (default ./device-out), D (the carried
# device-artifacts/), R (its gemm-run), SAN (compute-sanitizer) and the CUDA
# libraries' path, and prints the GPU and the commit the bundles were built
# at.
OUT=${OUT:-./device-out}
D=device-artifacts
R=$D/bin/gemm-run
SAN=${SAN:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat "$D/COMMIT"
