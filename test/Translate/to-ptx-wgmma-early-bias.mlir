// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir --to-ptx -o %t/column.ptx
// RUN: FileCheck %s --input-file %t/column.ptx --check-prefix=COLUMN
// RUN: %ptxas -arch=sm_90a -v %t/column.ptx -o %t/column.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: sed 's/bias = column/bias = row/' %S/../../examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir > %t/row.mlir
// RUN: gemm-translate %t/row.mlir --to-ptx -o %t/row.ptx
// RUN: FileCheck %s --input-file %t/row.ptx --check-prefix=ROW
// RUN: %ptxas -arch=sm_90a -v %t/row.ptx -o %t/row.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/epilogue_bf16_wgmma_bias_gelu_persistent_tma_streamk1.mlir --to-ptx -o %t/streamk.ptx
// RUN: FileCheck %s --input-file %t/streamk.ptx --check-prefix=COLUMN
// RUN: gemm-translate %S/../../bench/schedules/epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma.mlir --to-ptx -o %t/f32.ptx
// RUN: FileCheck %s --input-file %t/f32.ptx --check-prefix=F32

// A consumer warpgroup of a #tile.store<tma> kernel loads its tile's bias
// entries before the tile's main loop (TmaStoreEpilogue::loadBias), so
// that their latency hides behind it; the epilogue reads none. The bf16
// column bias of a 64x256 part: one 4-byte pair per 8-column group (32
// loads), or on a ragged tile or an unaligned bias 64 2-byte loads, both
// behind one branch.
// COLUMN:         .visible .entry
// COLUMN-COUNT-32: ld.global.nc.b32
// COLUMN-COUNT-64: ld.global.nc.b16
// COLUMN-NOT:     ld.global.nc
// COLUMN:         wgmma.fence.sync.aligned;
// COLUMN-NOT:     ld.global.nc
// COLUMN:         cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// COLUMN-NOT:     ld.global.nc

// A row bias: the entries of the thread's two fragment rows.
// ROW:            .visible .entry
// ROW-COUNT-2:    ld.global.nc.b16
// ROW-NOT:        ld.global.nc
// ROW:            wgmma.fence.sync.aligned;
// ROW-NOT:        ld.global.nc

// Early loads live through the main loop next to the accumulators; these
// 16 or 32 registers do not spill.
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// An f32 bias over 256 columns would hold 64 registers: the epilogue reads
// it after the main loop, as before.
// F32:            .visible .entry
// F32-NOT:        ld.global.nc
// F32:            wgmma.fence.sync.aligned;
// F32:            wgmma.wait_group.sync.aligned 0;
// F32:            ld.global.nc.v2.b32
