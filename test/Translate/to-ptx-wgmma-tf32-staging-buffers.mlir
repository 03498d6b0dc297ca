// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r8_b2_spares.mlir --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/tf32_staging_buffers_kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.json --check-prefix=BUNDLE
// RUN: %ptxas -arch=sm_90a -v %t/tf32_staging_buffers_kernel.ptx -o %t/k.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// staging_buffers = 2 (passes/hopper/TmaStoreEpilogue.h): the tf32 example's
// 64x256 f32 part per warpgroup in 8 rounds of 32 columns (8 KiB), which
// alternate between two parts (the same 32 KiB of staging as 4 rounds of
// one part, 224 KiB in all). Before each round the issuing thread waits
// for all but the newest bulk group (wait_group.read 1: the stores of the
// round before the previous one, which read the part this round fills),
// not for every group. Consecutive rounds write parts 8 KiB apart.

// CHECK-LABEL: .visible .entry tf32_staging_buffers_kernel(
// CHECK-NOT:     cp.async.bulk.wait_group.read 0;
// CHECK:         cp.async.bulk.wait_group.read 1;
// CHECK:         st.shared.v2.b32 [{{%rd[0-9]+}}+196608],
// CHECK:         cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK:         cp.async.bulk.commit_group;
// CHECK:         cp.async.bulk.wait_group.read 1;
// CHECK:         st.shared.v2.b32 [{{%rd[0-9]+}}+204800],
// CHECK-NOT:     cp.async.bulk.wait_group.read 0;
// CHECK:         cp.async.bulk.wait_group 0;

// BUNDLE: "dynamic_shared_memory_bytes": 229376,

// PTXAS: 0 bytes spill stores, 0 bytes spill loads
