#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# power-log.sh FILE: until killed, appends a sample of GPU 0 to FILE about
# every 50 ms: "epoch,power draw W,SM clock MHz,software power cap,
# temperature C" (scripts/lib/power-phases.py reads it). Uses the instant
# power reading where the driver has it, else the averaged one.
out=$1
fields="power.draw.instant,clocks.sm,clocks_event_reasons.sw_power_cap,temperature.gpu"
nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits >/dev/null 2>&1 ||
  fields="power.draw,clocks.sm,clocks_throttle_reasons.sw_power_cap,temperature.gpu"
while true; do
  echo "$(date +%s.%N),$(nvidia-smi -i 0 --query-gpu=$fields --format=csv,noheader,nounits)" >>"$out"
  sleep 0.05
done
