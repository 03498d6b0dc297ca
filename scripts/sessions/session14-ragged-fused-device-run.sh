#!/usr/bin/env bash
# Session 14: session 13's fused-epilogue checks and bias+GELU comparison
# (scripts/sessions/session13-ragged-fused-device-run.sh, same bundles) on the
# epilogue with one copy of the math and the edge reads behind a uniform
# branch per round (session 13's second, element-by-element copy cost 1 %
# at 8192x8192x4096). Session 14 ran it with COMPARE_ROUNDS=4.
NAME=session14-ragged-fused exec bash "$(dirname "$0")/session13-ragged-fused-device-run.sh" "$@"
