// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s3_persistent_tma.mlir --to-ptx -o %t/p.ptx
// RUN: FileCheck %s --input-file %t/p.ptx
// RUN: grep -c "cp.async.bulk.tensor.2d.global.shared::cta" %t/p.ptx | FileCheck %s --check-prefix=STORES8
// RUN: %ptxas -arch=sm_90a -v %t/p.ptx -o %t/p.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s3_persistent_tma.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s3_persistent_tma_rm4.mlir --to-ptx -o %t/rm4.ptx
// RUN: %ptxas -arch=sm_90a -v %t/rm4.ptx -o %t/rm4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_r4.mlir --to-ptx -o %t/r4.ptx
// RUN: FileCheck %s --input-file %t/r4.ptx --check-prefix=R4
// RUN: %ptxas -arch=sm_90a -v %t/r4.ptx -o %t/r4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_256x128x32_s3_persistent_tma.mlir --to-ptx -o %t/t.ptx
// RUN: FileCheck %s --input-file %t/t.ptx --check-prefix=TALL
// RUN: %ptxas -arch=sm_90a -v %t/t.ptx -o %t/t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520 --implicit-check-not=C7519 --implicit-check-not=C7517
// RUN: gemm-translate %S/../../bench/schedules/epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma.mlir --to-ptx -o %t/fused.ptx
// RUN: grep -c "cp.async.bulk.tensor.2d.global.shared::cta" %t/fused.ptx | FileCheck %s --check-prefix=STORES8
// RUN: %ptxas -arch=sm_90a -v %t/fused.ptx -o %t/fused.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520

// store_rounds (passes/hopper/TmaStoreEpilogue.h) on the persistent tf32 schedules:
// a 128x256 f32 C tile needs 128 KiB of staging, which does not fit next to
// 3 stages of 48 KiB; in 2 rounds each consumer warpgroup stores 128 of its
// 256 columns at a time from a 32 KiB part (64 KiB in all, after the
// stages at 144 KiB). Each round: the issuing thread waits until the
// previous round's (or tile's) TMA stores have read the part
// (wait_group.read 0), the warpgroup synchronizes, writes 32 f32 pairs per
// thread, fences for the async proxy, synchronizes, and one thread issues 4
// TMA stores (64 rows x 32 f32) as one bulk group.
// CHECK-LABEL: .visible .entry wgmma_tf32_128x256x32_s3_persistent_tma_kernel(
// CHECK:         cp.async.bulk.wait_group.read 0;
// CHECK:         bar.sync {{.+}}, 128;
// CHECK:         st.shared.v2.b32 [{{%rd[0-9]+}}+147456],
// CHECK-COUNT-31: st.shared.v2.b32
// CHECK-NOT:     st.shared
// CHECK:         fence.proxy.async.shared::cta;
// CHECK-NEXT:    bar.sync {{.+}}, 128;
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT:     cp.async.bulk.tensor
// CHECK:         cp.async.bulk.commit_group;
// CHECK:         cp.async.bulk.wait_group.read 0;
// CHECK:         bar.sync {{.+}}, 128;
// CHECK-COUNT-32: st.shared.v2.b32
// CHECK-NOT:     st.shared
// CHECK:         fence.proxy.async.shared::cta;
// CHECK-NEXT:    bar.sync {{.+}}, 128;
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT:     cp.async.bulk.tensor
// CHECK:         cp.async.bulk.commit_group;
// Before the block exits, the last stores complete.
// CHECK:         cp.async.bulk.wait_group 0;
// CHECK:         ret;

// Two rounds of 4 stores (one per 32-column panel).
// STORES8: {{^}}8{{$}}

// 4 stages and 4 rounds of 2 panels (16 KiB per warpgroup, after the stages
// at 192 KiB).
// R4-LABEL: .visible .entry wgmma_tf32_128x256x32_s4_persistent_tma_r4_kernel(
// R4-COUNT-4: cp.async.bulk.wait_group.read 0;
// R4-NOT:     cp.async.bulk.wait_group.read
// R4:         cp.async.bulk.wait_group 0;

// 256x128: each warpgroup's 128x128 part in 2 rounds of 2 panels of 128 rows
// (2 wgmma slices of 64 rows: 32 pairs per thread and round).
// TALL-LABEL: .visible .entry wgmma_tf32_256x128x32_s3_persistent_tma_kernel(
// TALL:         cp.async.bulk.wait_group.read 0;
// TALL-COUNT-32: st.shared.v2.b32
// TALL:         fence.proxy.async.shared::cta;
// TALL-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// TALL-NOT:     cp.async.bulk.tensor
// TALL:         cp.async.bulk.commit_group;
// TALL:         cp.async.bulk.wait_group.read 0;
// TALL-COUNT-32: st.shared.v2.b32
// TALL:         fence.proxy.async.shared::cta;
// TALL-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// TALL-NOT:     cp.async.bulk.tensor
// TALL:         cp.async.bulk.commit_group;

// No spills and no serialized wgmma (C7520) for any of them, and for the
// 256x128 one (two 64-row slices per warpgroup) no injected
// warpgroup.arrive / wait (C7519 / C7517) either: its first K step writes
// each slice's accumulator (scale-d zero) instead of zeroing registers
// between the slices' wgmmas. Fused
// alpha/beta + bias + GELU included (on ragged shapes and any C pitch:
// beta·C's reads go element by element, clamped, on a round that crosses
// C's edge).
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// 3 x 48 KiB stages + 64 KiB of staging; one block per SM.
// BUNDLE: "dynamic_shared_memory_bytes": 212992,
// BUNDLE: "ctas_per_sm": 1
// BUNDLE: "ptxas_info": "{{.*}}0 bytes spill stores, 0 bytes spill loads{{.*}}",
