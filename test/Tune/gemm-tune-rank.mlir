// gemm-tune rank: where the static model puts the hand-written winners of
// bench/schedules (the measured best at the Hopper benchmark shapes) among all legal
// candidates, and the modules gemm-tune plan would hand to gemm-translate:
// each compiles to the same PTX as its bench schedule, kernel name aside.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune rank --device h200 --dtypes bf16,f16 --families wgmma \
// RUN:   --shapes 4096x4096x4096,128x4096x4096,16x4096x4096 --modules %t/modules \
// RUN:   --match '_(128x256x64_w64x256_s3_r40_232_p_rm[48](_tma)?|128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2|128x256x64_w64x256_s4_r40_232_tma|128x64x64_w64x64_s8_r40_232_rm8_tma|64x64x64_w64x64_s12_r40_232_rm8_tma|ccc_64x16x64_w64x16_s12_r40_232_rm8)$' \
// RUN:   | FileCheck %s
// RUN: ls %t/modules | FileCheck %s --check-prefix=MODULES
//
// Persistent 128x256 s3, tma store, raster along M in strips of 4. The
// launch digests differ: they hash the kernel names.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s3_persistent_tma_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s3_persistent_tma_rm4/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// RUN: FileCheck %s --check-prefix=TMA-STORE < %t/candidate.ptx
// 4 stages, the store in two rounds: the shipped 4096^3 schedule.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// The same with the vector store.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s3_persistent_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s3_persistent_rm4/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// One tile per block, 4 stages, tma store.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s4_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s4_tma/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// Small tiles, deep pipelines (f16).
// RUN: gemm-translate %t/modules/wgmma_f16_128x64x64_w64x64_s8_r40_232_rm8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_128x64x64_w64x64_s8_r40_232_rm8_tma/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_f16_128x64x64_s8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_128x64x64_s8_tma/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// RUN: gemm-translate %t/modules/wgmma_f16_64x64x64_w64x64_s12_r40_232_rm8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_64x64x64_w64x64_s12_r40_232_rm8_tma/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_f16_64x64x64_s12_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_64x64x64_s12_tma/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
// The transposed problem's kernel: every operand column-major.
// RUN: gemm-translate %t/modules/wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8/KERNEL/g' | grep -v launch_digest > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_ccc_64x16x64_s12_sk1.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_ccc_64x16x64_s12_sk1/KERNEL/g' | grep -v launch_digest | diff %t/candidate.ptx -
//
// Bad input: a clear message and exit status 2.
// RUN: not gemm-tune rank --match '(' 2>&1 | FileCheck %s --check-prefix=REGEX
// RUN: gemm-tune rank --match '(' 2>/dev/null; test $? -eq 2

// The model cannot tell register splits apart (nor, where A and B fit in
// L2, raster orders); among equal predictions it puts one tile per block,
// the deeper pipeline, the tma store and the larger register budgets
// first, so a winner's rank and the first rank of its ties both matter. At 4096^3 the persistent tma
// kernel measured best (0.997x cuBLAS), and with 4 stages and the store in
// two rounds 1.008x (the shipped 4096^3 schedule): the model's favourite,
// the deeper pipeline first among equal predictions.
// CHECK:      bf16: 54864 candidates enumerated, 43188 illegal (verifier), 4356 unsupported (tile-check-chip), 7320 legal
// CHECK:      bf16: 11 legal candidates match
// CHECK:      bf16 4096x4096x4096 (large): 4728 legal candidates run it, 2592 do not; the best predicted 767.0 TFLOP/s on h200
// CHECK-NEXT:    rank  ties from    TFLOP/s    time us  bound              candidate
// CHECK-NEXT:       1          1      767.0      179.2  math               wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2
// CHECK-NEXT:      10          1      767.0      179.2  math               wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma
// CHECK-NEXT:      31         28      765.9      179.4  math               wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma
// CHECK-NEXT:      65         64      744.7      184.6  math               wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4
// CHECK-NEXT:      82         82      743.8      184.8  math               wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8
// CHECK-NEXT:      87         85      727.1      189.0  math               wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma
// CHECK-NEXT:    1478       1477      502.4      273.5  shared memory      wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm8_tma
// CHECK-NEXT:    2182       2157      339.0      405.4  issue              wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// At 128x4096x4096 the 64x64 s12 kernel measured best (0.984x cuBLAS): one
// wave streams B from DRAM once, and the model's best ties with it (13
// stages first).
// CHECK:      bf16 128x4096x4096 (skinny): 4728 legal candidates run it, 2592 do not; the best predicted 227.9 TFLOP/s on h200
// CHECK-NEXT:    rank  ties from    TFLOP/s    time us  bound              candidate
// CHECK-NEXT:      26          1      227.9       18.8  DRAM               wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// CHECK-NEXT:     314        313      203.6       21.1  DRAM               wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm8_tma
// The transposed candidates take M up to 64 only. At 16x4096x4096 the
// transposed problem on 64x16 tiles measured best (1.06x cuBLAS, the best
// row-major kernel 0.90x): it streams B once without padding M to 64. (The
// pattern's 128x64 and 64x64 tma kernels match their transposed twins too,
// which store C through TMA.)
// CHECK:      bf16 16x4096x4096 (skinny): 7320 legal candidates run it, 0 do not; the best predicted 32.2 TFLOP/s on h200
// CHECK-NEXT:    rank  ties from    TFLOP/s    time us  bound              candidate
// CHECK-NEXT:      63          1       32.2       16.6  DRAM               wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8
// CHECK-NEXT:     554        505       30.2       17.8  DRAM               wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// CHECK-NEXT:     558        505       30.2       17.8  DRAM               wgmma_bf16_ccc_64x64x64_w64x64_s12_r40_232_rm8_tma
// CHECK:      f16: 11 legal candidates match
// CHECK:      f16 4096x4096x4096 (large):
// CHECK:      f16 128x4096x4096 (skinny):
// CHECK:      f16 16x4096x4096 (skinny):

// MODULES-COUNT-11: wgmma_bf16_
// MODULES-COUNT-11: wgmma_f16_

// TMA-STORE: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [

// REGEX: error: --match: parentheses not balanced
