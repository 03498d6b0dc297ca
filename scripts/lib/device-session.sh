# Sourced by the one-call device session scripts (scripts/session*-device-run.sh)
# from the repository root: sets OUT (default ./device-out) and D (the carried
# device-artifacts/) and prints the GPU and the commit the bundles were built at.
OUT=${OUT:-./device-out}
D=device-artifacts
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat "$D/COMMIT"
