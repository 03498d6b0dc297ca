// gemm-tune rank: where the static model puts the hand-written winners of
// bench/schedules (bench/NOTES.md, issue 3 table) among all legal
// candidates, and the modules gemm-tune plan would hand to gemm-translate:
// each compiles to the same PTX as its bench schedule, kernel name aside.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune rank --device h200 --dtypes bf16,f16 --families wgmma \
// RUN:   --shapes 4096x4096x4096,128x4096x4096 --modules %t/modules \
// RUN:   --match '_(128x256x64_w64x256_s3_r40_232_p_rm[48](_tma)?|128x256x64_w64x256_s4_r40_232_tma|128x64x64_w64x64_s8_r40_232_rm8_tma|64x64x64_w64x64_s12_r40_232_rm8_tma)$' \
// RUN:   | FileCheck %s
// RUN: ls %t/modules | FileCheck %s --check-prefix=MODULES
//
// Persistent 128x256 s3, tma store, raster along M in strips of 4.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma/KERNEL/g' > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s3_persistent_tma_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s3_persistent_tma_rm4/KERNEL/g' | diff %t/candidate.ptx -
// RUN: FileCheck %s --check-prefix=TMA-STORE < %t/candidate.ptx
// The same with the vector store.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4/KERNEL/g' > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s3_persistent_rm4.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s3_persistent_rm4/KERNEL/g' | diff %t/candidate.ptx -
// One tile per block, 4 stages, tma store.
// RUN: gemm-translate %t/modules/wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma/KERNEL/g' > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_bf16_128x256x64_s4_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_bf16_128x256x64_s4_tma/KERNEL/g' | diff %t/candidate.ptx -
// Small tiles, deep pipelines (f16).
// RUN: gemm-translate %t/modules/wgmma_f16_128x64x64_w64x64_s8_r40_232_rm8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_128x64x64_w64x64_s8_r40_232_rm8_tma/KERNEL/g' > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_f16_128x64x64_s8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_128x64x64_s8_tma/KERNEL/g' | diff %t/candidate.ptx -
// RUN: gemm-translate %t/modules/wgmma_f16_64x64x64_w64x64_s12_r40_232_rm8_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_64x64x64_w64x64_s12_r40_232_rm8_tma/KERNEL/g' > %t/candidate.ptx
// RUN: gemm-translate %bench/wgmma_f16_64x64x64_s12_tma.mlir --to-ptx \
// RUN:   | sed 's/wgmma_f16_64x64x64_s12_tma/KERNEL/g' | diff %t/candidate.ptx -
//
// Bad input: a clear message and exit status 2.
// RUN: not gemm-tune rank --match '(' 2>&1 | FileCheck %s --check-prefix=REGEX
// RUN: gemm-tune rank --match '(' 2>/dev/null; test $? -eq 2

// The model cannot tell register splits apart and breaks ties by name, so
// a winner's rank and the first rank of its ties both matter. At 4096^3
// the persistent tma kernel measured best (0.997x cuBLAS); the model puts
// it within 1% of its favourite (4 stages, one tile per block), latency
// bound at 3 stages.
// CHECK:      bf16: 41472 candidates enumerated, 33840 illegal (verifier), 3660 unsupported (tile-check-chip), 3972 legal
// CHECK:      bf16: 7 legal candidates match
// CHECK:      bf16 4096x4096x4096 (large): 3972 legal candidates run it, 0 do not; the best predicted 705.3 TFLOP/s on h200
// CHECK-NEXT:    rank  ties from    TFLOP/s    time us  bound              candidate
// CHECK-NEXT:      18         13      704.7      195.0  math               wgmma_bf16_128x256x64_w64x256_s4_r40_232_tma
// CHECK-NEXT:      59         57      700.1      196.3  latency            wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma
// CHECK-NEXT:      80         78      698.8      196.7  latency            wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma
// CHECK-NEXT:      83         81      681.4      201.7  latency            wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8
// CHECK-NEXT:     104        102      680.3      202.0  latency            wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4
// CHECK-NEXT:     746        735      355.9      386.1  issue              wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm8_tma
// CHECK-NEXT:    2184       2175      180.2      762.9  issue              wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// At 128x4096x4096 the 64x64 s12 kernel measured best (0.984x cuBLAS); the
// model, whose fixed work per K tile makes stages beyond 6 worthless,
// prefers split-K.
// CHECK:      bf16 128x4096x4096 (skinny): 3972 legal candidates run it, 0 do not; the best predicted 232.8 TFLOP/s on h200
// CHECK-NEXT:    rank  ties from    TFLOP/s    time us  bound              candidate
// CHECK-NEXT:     133         89      196.4       21.9  issue              wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm8_tma
// CHECK-NEXT:     253        209      179.7       23.9  issue              wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// CHECK:      f16: 7 legal candidates match
// CHECK:      f16 4096x4096x4096 (large):
// CHECK:      f16 128x4096x4096 (skinny):

// MODULES-COUNT-7: wgmma_bf16_
// MODULES-COUNT-7: wgmma_f16_

// TMA-STORE: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [

// REGEX: error: --match: parentheses not balanced
