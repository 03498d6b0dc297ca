// The batched bf16 wgmma example on a GPU: batches of 1, 3 and 7 entries,
// ragged shapes, padding between entries, one B for every entry (batch
// stride 0), each entry checked against cublasGemmStridedBatchedEx and an
// fp64 reference. Unsupported where no GPU answers; on the GPU machines
// scripts/batched-check.sh runs these and more from prebuilt bundles.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %examples/gemm_bf16_wgmma_batched_sm90.mlir --to-bundle -o %t/kernel.json
// RUN: gemm-run %t/kernel.json -m 2048 -n 2048 -k 2048 --batch 8 --iterations 10 | FileCheck %s
// RUN: gemm-run %t/kernel.json -m 129 -n 257 -k 65 --batch 7 --no-timing | FileCheck %s
// RUN: gemm-run %t/kernel.json -m 1 -n 1 -k 1 --batch 3 --no-timing | FileCheck %s
// RUN: gemm-run %t/kernel.json -m 300 -n 520 -k 200 --batch 3 --batch-stride-a 60100 \
// RUN:   --batch-stride-b 0 --batch-stride-c 156017 --no-timing | FileCheck %s

// CHECK: batch    :
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// CHECK: result   : PASS
