// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// cse only merges the index constants the lowering re-emits per op (and
// hoists them to the top of the kernel), so that the checks below can name
// them once.
//
// The input of each case is what tile-outline-kernel and tile-block-tile make
// of a wgmma schedule: a kernel taking A, B, C and the TMA descriptors of A
// and B (generic pointers), whose block computes the C tile at (block_id.y *
// BM, block_id.x * BN) with a K loop of tile.block_mma on views of A and B.

// bf16, block [128, 256, 64], warpgroup [64, 256], 4 stages: 2 consumer
// warpgroups stacked along M (0 and 1) and the producer, warpgroup 2.
// Shared memory holds 4 A stages of 128x64 bf16 (16384 bytes each) from byte
// 0, then 4 B stages of 64x256 bf16 (32768 bytes each) from byte 65536, each
// as 4 panels of 64 columns (64 rows x 128 bytes = 8192 bytes), so one stage
// completes after 16384 + 32768 = 49152 bytes.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @wgmma_128x256_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[TMA_A:[^:]+]]: !llvm.ptr, %[[TMA_B:[^:]+]]: !llvm.ptr)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C192:.+]] = arith.constant 192 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[C3840:.+]] = arith.constant 3840 : index
// CHECK-DAG:     %[[C8192:.+]] = arith.constant 8192 : index
// CHECK-DAG:     %[[C16384:.+]] = arith.constant 16384 : index
// CHECK-DAG:     %[[C24576:.+]] = arith.constant 24576 : index
// CHECK-DAG:     %[[C32768:.+]] = arith.constant 32768 : index
// CHECK-DAG:     %[[C49152:.+]] = arith.constant 49152 : index
// CHECK-DAG:     %[[C65536:.+]] = arith.constant 65536 : index
// CHECK-DAG:     %[[TRUE:.+]] = arith.constant true
// CHECK-DAG:     %[[ID1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[THREADS:.+]] = arith.constant 256 : i32
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT:    %[[BY:.+]] = gpu.block_id y
// CHECK-NEXT:    %[[ROW:.+]] = arith.muli %[[BY]], %[[C128]] : index
// CHECK-NEXT:    %[[COL:.+]] = arith.muli %[[BX]], %[[C256]] : index

// The accumulator is gone with the K loop; the loop's trip count remains,
// rounded up: a last, partial K tile reads zeros past K (TMA's fill).
// CHECK-NEXT:    %[[K:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK-NEXT:    %[[KTILES:.+]] = arith.ceildivui %[[K]], %[[C64]] : index

// The descriptor arguments as nvgpu sees them: boxes of BM (A) and BK (B)
// rows of 128 bytes, 128-byte swizzle.
// CHECK-NEXT:    %[[DESC_A:.+]] = builtin.unrealized_conversion_cast %[[TMA_A]] : !llvm.ptr
// CHECK-SAME:      to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK-NEXT:    %[[DESC_B:.+]] = builtin.unrealized_conversion_cast %[[TMA_B]] : !llvm.ptr
// CHECK-SAME:      to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>

// Thread 0 initializes full[s] (1 arrival: the producer's expect_tx) and
// empty[s] (one arrival per consumer warpgroup) of every stage and prefetches
// both descriptors; a block barrier publishes them.
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WG_OWN:.+]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[WG_I32:.+]] = arith.index_castui %[[WG_OWN]] : index to i32
// CHECK-NEXT:    %[[WG_SHFL:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WG_I32]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT:    %[[WG:.+]] = arith.index_castui %[[WG_SHFL]] : i32 to index
// CHECK-NEXT:    %[[IN_WG:.+]] = arith.remui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[PRIMARY:.+]] = arith.cmpi eq, %[[IN_WG]], %[[C0]] : index
// CHECK-NEXT:    %[[SMEM:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-NEXT:    %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-NEXT:    %[[FIRST:.+]] = arith.cmpi eq, %[[TID]], %[[C0]] : index
// CHECK-NEXT:    scf.if %[[FIRST]] {
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C0]]], %[[C2]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C1]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C1]]], %[[C2]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C2]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C2]]], %[[C2]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C3]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C3]]], %[[C2]] :
// CHECK-NEXT:      nvgpu.tma.prefetch.descriptor %[[DESC_A]] :
// CHECK-NEXT:      nvgpu.tma.prefetch.descriptor %[[DESC_B]] :
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier

// The last warpgroup is the producer. Only the first warp of the producer
// warpgroup runs the loops (the others retire), and only its first thread
// issues the loads. It walks the block's tiles (here the one tile the block
// index names: a loop of one iteration, which canonicalize removes) and their
// K tiles; K step n = tile * ktiles + t overall uses stage n % 4 in round
// n / 4, whose parity is (round & 1) != 0. Before filling the stage it waits
// on empty[n % 4] with the flipped parity (the phase before this use's, which
// a fresh barrier counts as complete, so the first round passes), announces
// the stage's bytes on full[n % 4] and loads A at (k, row) and B in 4 panels
// at (col + 64 p, k): TMA coordinates are innermost first.
// CHECK-NEXT:    %[[IS_PRODUCER:.+]] = arith.cmpi eq, %[[WG]], %[[C2]] : index
// CHECK-NEXT:    scf.if %[[IS_PRODUCER]] {
// CHECK-NEXT:      nvvm.setmaxregister decrease 40
// CHECK-NEXT:      %[[FIRST_WARP40:.+]] = arith.cmpi ult, %[[IN_WG]], %[[C32]] : index
// CHECK-NEXT:      scf.if %[[FIRST_WARP40]] {
// CHECK-NEXT:        scf.for %[[TILE:.+]] = %[[C0]] to %[[C1]] step %[[C1]] {
// CHECK-NEXT:          scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK-NEXT:            %[[BEFORE:.+]] = arith.muli %[[TILE]], %[[KTILES]] : index
// CHECK-NEXT:            %[[N:.+]] = arith.addi %[[BEFORE]], %[[T]] : index
// CHECK-NEXT:            %[[STAGE:.+]] = arith.remui %[[N]], %[[C4]] : index
// CHECK-NEXT:            %[[ROUND:.+]] = arith.divui %[[N]], %[[C4]] : index
// CHECK-NEXT:            %[[ODD:.+]] = arith.andi %[[ROUND]], %[[C1]] : index
// CHECK-NEXT:            %[[PARITY:.+]] = arith.cmpi ne, %[[ODD]], %[[C0]] : index
// CHECK-NEXT:            %[[FLIPPED:.+]] = arith.xori %[[PARITY]], %[[TRUE]] : i1
// CHECK-NEXT:            nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]], %[[FLIPPED]], %{{.+}} :
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %[[C49152]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[KOFF:.+]] = arith.muli %[[T]], %[[C64]] : index
// CHECK-NEXT:            %[[OFF_A:.+]] = arith.muli %[[STAGE]], %[[C16384]] : index
// CHECK-NEXT:            %[[STAGE_A:.+]] = memref.view %[[SMEM]][%[[OFF_A]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_A]][%[[KOFF]], %[[ROW]]], %[[FULL]][%[[STAGE]]] to %[[STAGE_A]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[STAGE_B:.+]] = arith.muli %[[STAGE]], %[[C32768]] : index
// CHECK-NEXT:            %[[OFF_B0:.+]] = arith.addi %[[STAGE_B]], %[[C65536]] : index
// CHECK-NEXT:            %[[PANEL0:.+]] = memref.view %[[SMEM]][%[[OFF_B0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL0]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[OFF_B1:.+]] = arith.addi %[[OFF_B0]], %[[C8192]] : index
// CHECK-NEXT:            %[[PANEL1:.+]] = memref.view %[[SMEM]][%[[OFF_B1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[COL1:.+]] = arith.addi %[[COL]], %[[C64]] : index
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL1]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL1]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[OFF_B2:.+]] = arith.addi %[[OFF_B0]], %[[C16384]] : index
// CHECK-NEXT:            %[[PANEL2:.+]] = memref.view %[[SMEM]][%[[OFF_B2]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[COL2:.+]] = arith.addi %[[COL]], %[[C128]] : index
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL2]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL2]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[OFF_B3:.+]] = arith.addi %[[OFF_B0]], %[[C24576]] : index
// CHECK-NEXT:            %[[PANEL3:.+]] = memref.view %[[SMEM]][%[[OFF_B3]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[COL3:.+]] = arith.addi %[[COL]], %[[C192]] : index
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL3]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL3]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }

// Consumer warpgroup i owns rows 64 i of the block tile (one consumer along
// N: no column offset). For its tile it starts a fresh accumulator; for each
// K tile it waits on full[n % 4] with the parity of the round, multiplies its
// 64 rows of the A stage by the whole B stage straight from shared memory
// (B's K x N tile is transposed for wgmma) keeping one wgmma group in flight
// (the default waitGroup = 1 is not printed), and then, from t = 1, the first
// thread of the warpgroup releases the stage of step n - 1, whose wgmma group
// has retired.
// CHECK-NEXT:    } else {
// CHECK-NEXT:      nvvm.setmaxregister increase 232
// CHECK-NEXT:      %[[MEMBER:.+]] = arith.remui %[[WG]], %[[C2]] : index
// CHECK-NEXT:      %[[WG_ROW:.+]] = arith.muli %[[MEMBER]], %[[C64]] : index
// CHECK-NEXT:      scf.for %[[TILE:.+]] = %[[C0]] to %[[C1]] step %[[C1]] {
// CHECK-NEXT:        %[[INIT:.+]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x256xf32>>
// The stage and parity of the tile's first step are computed once; the loop
// carries them from step to step.
// CHECK-NEXT:        %[[N0:.+]] = arith.muli %[[TILE]], %[[KTILES]] : index
// CHECK-NEXT:        %[[STAGE0:.+]] = arith.remui %[[N0]], %[[C4]] : index
// CHECK-NEXT:        %[[ROUND0:.+]] = arith.divui %[[N0]], %[[C4]] : index
// CHECK-NEXT:        %[[ODD0:.+]] = arith.andi %[[ROUND0]], %[[C1]] : index
// CHECK-NEXT:        %[[PARITY0:.+]] = arith.cmpi ne, %[[ODD0]], %[[C0]] : index
// CHECK-NEXT:        %[[RESULT:.+]]:3 = scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]]
// CHECK-SAME:            iter_args(%[[ACC:.+]] = %[[INIT]], %[[STAGE:.+]] = %[[STAGE0]], %[[PARITY:.+]] = %[[PARITY0]])
// CHECK-SAME:            -> (!nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>, index, i1) {
// CHECK-NEXT:          nvgpu.mbarrier.try_wait.parity %[[FULL]][%[[STAGE]]], %[[PARITY]], %{{.+}} :
// CHECK-NEXT:          %[[ROW_BYTES:.+]] = arith.muli %[[WG_ROW]], %[[C128]] : index
// CHECK-NEXT:          %[[STAGE_A:.+]] = arith.muli %[[STAGE]], %[[C16384]] : index
// CHECK-NEXT:          %[[OFF_A:.+]] = arith.addi %[[STAGE_A]], %[[ROW_BYTES]] : index
// CHECK-NEXT:          %[[STAGE_B:.+]] = arith.muli %[[STAGE]], %[[C32768]] : index
// CHECK-NEXT:          %[[OFF_B:.+]] = arith.addi %[[STAGE_B]], %[[C65536]] : index
// CHECK-NEXT:          %[[TILE_A:.+]] = memref.view %[[SMEM]][%[[OFF_A]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[TILE_B:.+]] = memref.view %[[SMEM]][%[[OFF_B]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x256xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[MAT_A:.+]] = nvgpu.warpgroup.generate.descriptor %[[TILE_A]], %[[DESC_A]] :
// CHECK-SAME:            -> <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>>
// CHECK-NEXT:          %[[MAT_B:.+]] = nvgpu.warpgroup.generate.descriptor %[[TILE_B]], %[[DESC_B]] :
// CHECK-SAME:            -> <tensor = memref<64x256xbf16, #gpu.address_space<workgroup>>>
// CHECK-NEXT:          %[[NEXT_ACC:.+]] = nvgpu.warpgroup.mma %[[MAT_A]], %[[MAT_B]], %[[ACC]] {transposeB} :
// CHECK-SAME:            <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>> -> <fragmented = vector<64x256xf32>>
// CHECK-NEXT:          %[[NOT_FIRST:.+]] = arith.cmpi ugt, %[[T]], %[[C0]] : index
// CHECK-NEXT:          scf.if %[[NOT_FIRST]] {
// CHECK-NEXT:            %[[WRAPPED:.+]] = arith.cmpi eq, %[[STAGE]], %[[C0]] : index
// CHECK-NEXT:            %[[DOWN:.+]] = arith.subi %[[STAGE]], %[[C1]] : index
// CHECK-NEXT:            %[[PREVIOUS:.+]] = arith.select %[[WRAPPED]], %[[C3]], %[[DOWN]] : index
// The release is a predicated arrival (an expect_tx of 0 bytes), not a
// branch: a thread-divergent branch between wgmmas makes ptxas serialize them.
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[PREVIOUS]]], %[[C0]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:          }
// The next step's stage, and its parity, which flips where the ring wraps.
// CHECK-NEXT:          %[[UP:.+]] = arith.addi %[[STAGE]], %[[C1]] : index
// CHECK-NEXT:          %[[WRAPS:.+]] = arith.cmpi eq, %[[UP]], %[[C4]] : index
// CHECK-NEXT:          %[[NEXT_STAGE:.+]] = arith.select %[[WRAPS]], %[[C0]], %[[UP]] : index
// CHECK-NEXT:          %[[NEXT_PARITY:.+]] = arith.xori %[[PARITY]], %[[WRAPS]] : i1
// CHECK-NEXT:          scf.yield %[[NEXT_ACC]], %[[NEXT_STAGE]], %[[NEXT_PARITY]] :
// CHECK-NEXT:        }

// After the loop all wgmma groups retire (wait 0), and the stage of the last
// K step, tile * ktiles + ktiles - 1, is released too.
// CHECK-NEXT:        nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT:        %[[KLAST:.+]] = arith.subi %[[KTILES]], %[[C1]] : index
// CHECK-NEXT:        %[[N_LAST:.+]] = arith.addi %[[N0]], %[[KLAST]] : index
// CHECK-NEXT:        %[[LAST_STAGE:.+]] = arith.remui %[[N_LAST]], %[[C4]] : index
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[LAST_STAGE]]], %[[C0]], predicate = %[[PRIMARY]] :

// Epilogue: the 256 consumer threads (named barrier 1, the group barrier of
// group 0; the producer has left) reuse the stages as a 128 x (256 + 8) f32
// staging tile. warpgroup.mma.store adds 64 rows per warpgroup itself, so
// each consumer's view starts at 64 i - 64 i = 0.
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[STAGING:.+]] = memref.view %[[SMEM]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x264xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[WG_ROWS:.+]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:        %[[VIEW_ROW:.+]] = arith.subi %[[WG_ROW]], %[[WG_ROWS]] : index
// CHECK-NEXT:        %[[MINE:.+]] = memref.subview %[[STAGING]][%[[VIEW_ROW]], %[[C0]]] [64, 256] [1, 1]
// CHECK-SAME:          : memref<128x264xf32, #gpu.address_space<workgroup>> to memref<64x256xf32, strided<[264, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:        nvgpu.warpgroup.mma.store %[[RESULT]]#0, %[[MINE]] :
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]

// Whether C's rows take 16-byte stores is computed once: C's row stride
// must be a multiple of 8 bf16 and the address of its first element
// (aligned pointer + 2 x offset) a multiple of 16 bytes. Where they do, the
// threads copy 16-byte chunks; else element by element (the else branch
// below).
// CHECK-NEXT:        %{{[^,]+}}, %[[OFFSET_C:[^,]+]], %{{[^,]+}}, %[[STRIDES_C:[^:]+]]:2 = memref.extract_strided_metadata %[[C]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[POINTER_C:.+]] = memref.extract_aligned_pointer_as_index %[[C]] : memref<?x?xbf16, strided<[?, 1], offset: ?>> -> index
// CHECK-NEXT:        %[[OFFSET_BYTES:.+]] = arith.muli %[[OFFSET_C]], %[[C2]] : index
// CHECK-NEXT:        %[[ADDRESS_C:.+]] = arith.addi %[[POINTER_C]], %[[OFFSET_BYTES]] : index
// CHECK-NEXT:        %[[PITCH_REM:.+]] = arith.remui %[[STRIDES_C]]#0, %[[C8]] : index
// CHECK-NEXT:        %[[PITCH_OK:.+]] = arith.cmpi eq, %[[PITCH_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[ADDRESS_REM:.+]] = arith.remui %[[ADDRESS_C]], %[[C16]] : index
// CHECK-NEXT:        %[[ADDRESS_OK:.+]] = arith.cmpi eq, %[[ADDRESS_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[VECTORS:.+]] = arith.andi %[[PITCH_OK]], %[[ADDRESS_OK]] : i1
// CHECK-NEXT:        scf.if %[[VECTORS]] {
// CHECK-NEXT:        %[[ROWS_C:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[COLS_C:.+]] = memref.dim %[[C]], %[[C1]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>

// Then chunk q = tid + 256 s of the 128 x 256 / 8 chunks, row q / 32,
// columns 8 (q % 32): 8 f32 from the staging tile (the same view: cse merges
// it), converted. A chunk inside C (row < dim 0, col + 8 <= dim 1) of a C
// that takes vectors is one 16-byte store; any other chunk is stored element
// by element, each element only where its row and column are inside C.
// CHECK-NEXT:        %[[R0:.+]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[Q0:.+]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[CC0:.+]] = arith.muli %[[Q0]], %[[C8]] : index
// CHECK-NEXT:        %[[F0:.+]] = vector.load %[[STAGING]][%[[R0]], %[[CC0]]] : memref<128x264xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H0:.+]] = arith.truncf %[[F0]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT:        %[[GR0:.+]] = arith.addi %[[ROW]], %[[R0]] : index
// CHECK-NEXT:        %[[GC0:.+]] = arith.addi %[[COL]], %[[CC0]] : index
// CHECK-DAG:         %[[END0:.+]] = arith.addi %[[GC0]], %[[C8]] : index
// CHECK-DAG:         %[[COLS_IN0:.+]] = arith.cmpi ule, %[[END0]], %[[COLS_C]] : index
// CHECK-DAG:         %[[ROW_IN0:.+]] = arith.cmpi ult, %[[GR0]], %[[ROWS_C]] : index
// CHECK:             %[[INSIDE0:.+]] = arith.andi %[[ROW_IN0]], %[[COLS_IN0]] : i1
// CHECK-NEXT:        %[[WHOLE0:.+]] = arith.andi %[[VECTORS]], %[[INSIDE0]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE0]] {
// CHECK-NEXT:          vector.store %[[H0]], %[[C]][%[[GR0]], %[[GC0]]] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E0_IN0:.+]] = arith.cmpi ult, %[[GC0]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK0:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK0]] {
// CHECK-NEXT:            %[[E0_V0:.+]] = vector.extract %[[H0]][0] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V0]], %[[C]][%[[GR0]], %[[GC0]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL1:.+]] = arith.addi %[[GC0]], %[[C1]] : index
// CHECK-NEXT:          %[[E0_IN1:.+]] = arith.cmpi ult, %[[E0_COL1]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK1:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK1]] {
// CHECK-NEXT:            %[[E0_V1:.+]] = vector.extract %[[H0]][1] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V1]], %[[C]][%[[GR0]], %[[E0_COL1]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL2:.+]] = arith.addi %[[GC0]], %[[C2]] : index
// CHECK-NEXT:          %[[E0_IN2:.+]] = arith.cmpi ult, %[[E0_COL2]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK2:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK2]] {
// CHECK-NEXT:            %[[E0_V2:.+]] = vector.extract %[[H0]][2] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V2]], %[[C]][%[[GR0]], %[[E0_COL2]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL3:.+]] = arith.addi %[[GC0]], %[[C3]] : index
// CHECK-NEXT:          %[[E0_IN3:.+]] = arith.cmpi ult, %[[E0_COL3]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK3:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK3]] {
// CHECK-NEXT:            %[[E0_V3:.+]] = vector.extract %[[H0]][3] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V3]], %[[C]][%[[GR0]], %[[E0_COL3]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL4:.+]] = arith.addi %[[GC0]], %[[C4]] : index
// CHECK-NEXT:          %[[E0_IN4:.+]] = arith.cmpi ult, %[[E0_COL4]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK4:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK4]] {
// CHECK-NEXT:            %[[E0_V4:.+]] = vector.extract %[[H0]][4] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V4]], %[[C]][%[[GR0]], %[[E0_COL4]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL5:.+]] = arith.addi %[[GC0]], %[[C5]] : index
// CHECK-NEXT:          %[[E0_IN5:.+]] = arith.cmpi ult, %[[E0_COL5]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK5:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK5]] {
// CHECK-NEXT:            %[[E0_V5:.+]] = vector.extract %[[H0]][5] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V5]], %[[C]][%[[GR0]], %[[E0_COL5]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL6:.+]] = arith.addi %[[GC0]], %[[C6]] : index
// CHECK-NEXT:          %[[E0_IN6:.+]] = arith.cmpi ult, %[[E0_COL6]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK6:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK6]] {
// CHECK-NEXT:            %[[E0_V6:.+]] = vector.extract %[[H0]][6] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V6]], %[[C]][%[[GR0]], %[[E0_COL6]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL7:.+]] = arith.addi %[[GC0]], %[[C7]] : index
// CHECK-NEXT:          %[[E0_IN7:.+]] = arith.cmpi ult, %[[E0_COL7]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK7:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN7]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK7]] {
// CHECK-NEXT:            %[[E0_V7:.+]] = vector.extract %[[H0]][7] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V7]], %[[C]][%[[GR0]], %[[E0_COL7]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:        }

// The other 15 chunks, the same way: 128 * 256 / 8 / 256 = 16 steps, the
// last at tid + 3840.
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             %[[Q15:.+]] = arith.addi %[[TID]], %[[C3840]] : index
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             } else {

// Rows that take no 16-byte stores (passes/epilogue/CoalescedElementCopy.h): thread
// t copies elements t + 256 i of the 128 x 256 tile, row (t + 256 i) / 256,
// four per loop step (128 elements each), all four loaded before any
// store, each stored only inside C.
// CHECK-NEXT:          %[[EROWS_C:.+]] = memref.dim %[[C]], %[[C0]]
// CHECK-NEXT:          %[[ECOLS_C:.+]] = memref.dim %[[C]], %[[C1]]
// CHECK-NEXT:          scf.for %[[I:.+]] = %[[C0]] to %[[C128]] step %[[C4]] {
// CHECK-NEXT:            %[[EI0:.+]] = arith.muli %[[I]], %[[C256]] : index
// CHECK-NEXT:            %[[EL0:.+]] = arith.addi %[[TID]], %[[EI0]] : index
// CHECK-NEXT:            %[[ER0:.+]] = arith.divui %[[EL0]], %[[C256]] : index
// CHECK-NEXT:            %[[EC0:.+]] = arith.remui %[[EL0]], %[[C256]] : index
// CHECK-NEXT:            %[[EF0:.+]] = memref.load %[[STAGING]][%[[ER0]], %[[EC0]]] : memref<128x264xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[EH0:.+]] = arith.truncf %[[EF0]] : f32 to bf16
// CHECK-NEXT:            %[[EGR0:.+]] = arith.addi %[[ROW]], %[[ER0]] : index
// CHECK-NEXT:            %[[EGC0:.+]] = arith.addi %[[COL]], %[[EC0]] : index
// CHECK-COUNT-3:         memref.load %[[STAGING]]
// CHECK:                 %[[ECOL_IN0:.+]] = arith.cmpi ult, %[[EGC0]], %[[ECOLS_C]] : index
// CHECK-NEXT:            %[[EROW_IN0:.+]] = arith.cmpi ult, %[[EGR0]], %[[EROWS_C]] : index
// CHECK-NEXT:            %[[EIN0:.+]] = arith.andi %[[EROW_IN0]], %[[ECOL_IN0]] : i1
// CHECK-NEXT:            scf.if %[[EIN0]] {
// CHECK-NEXT:              memref.store %[[EH0]], %[[C]][%[[EGR0]], %[[EGC0]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:            }
// CHECK-COUNT-3:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
gpu.module @wgmma_128x256_kernel_module {
  gpu.func @wgmma_128x256_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %tma_a: !llvm.ptr, %tma_b: !llvm.ptr) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c128 : index
    %col = arith.muli %bx, %c256 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[128, 256], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c64 {
      %ta = memref.subview %a[%row, %kk] [128, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<128x64xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [64, 256] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x256xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[128, 256], f32>, memref<128x64xbf16, strided<[?, 1], offset: ?>>, memref<64x256xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [128, 256] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<128x256xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[128, 256], f32>, memref<128x256xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// bf16, block [256, 128, 64], warpgroup [128, 128]: 2 consumers stacked
// along M, each with two m64 accumulator rows. A stages are 256x64 bf16
// (32768 bytes), B stages 64x128 (16384 bytes, 2 panels) from byte 4 x 32768.
// Consumer i reads its 128 rows of the A stage from byte 128 i x 128, and as
// warpgroup.mma.store already adds 64 i rows, its staging view starts at
// 128 i - 64 i. 256 x 128 / 8 / 256 = 16 store steps of 256 chunks, 16
// chunks per row.

#sched = #tile.schedule<chip = "sm_90a", block = [256, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @wgmma_256x128_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[TMA_A:[^:]+]]: !llvm.ptr, %[[TMA_B:[^:]+]]: !llvm.ptr)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[C3840:.+]] = arith.constant 3840 : index
// CHECK-DAG:     %[[C8192:.+]] = arith.constant 8192 : index
// CHECK-DAG:     %[[C16384:.+]] = arith.constant 16384 : index
// CHECK-DAG:     %[[C32768:.+]] = arith.constant 32768 : index
// CHECK-DAG:     %[[C49152:.+]] = arith.constant 49152 : index
// CHECK-DAG:     %[[C131072:.+]] = arith.constant 131072 : index
// CHECK-DAG:     %[[ID1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[THREADS:.+]] = arith.constant 256 : i32
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT:    %[[BY:.+]] = gpu.block_id y
// CHECK-NEXT:    %[[ROW:.+]] = arith.muli %[[BY]], %[[C256]] : index
// CHECK-NEXT:    %[[COL:.+]] = arith.muli %[[BX]], %[[C128]] : index
// CHECK:         %[[DESC_A:.+]] = builtin.unrealized_conversion_cast %[[TMA_A]] : !llvm.ptr
// CHECK-SAME:      to !nvgpu.tensormap.descriptor<tensor = memref<256x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK-NEXT:    %[[DESC_B:.+]] = builtin.unrealized_conversion_cast %[[TMA_B]] : !llvm.ptr
// CHECK-SAME:      to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WG_OWN:.+]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[WG_I32:.+]] = arith.index_castui %[[WG_OWN]] : index to i32
// CHECK-NEXT:    %[[WG_SHFL:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WG_I32]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT:    %[[WG:.+]] = arith.index_castui %[[WG_SHFL]] : i32 to index
// CHECK:         %[[SMEM:.+]] = gpu.dynamic_shared_memory
// CHECK-NEXT:    %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-NEXT:    %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK:           nvgpu.mbarrier.init %[[FULL]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C0]]], %[[C2]] :
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[IS_PRODUCER:.+]] = arith.cmpi eq, %[[WG]], %[[C2]] : index
// CHECK-NEXT:    scf.if %[[IS_PRODUCER]] {
// CHECK-NEXT:      nvvm.setmaxregister decrease 40
// CHECK-NEXT:      %[[FIRST_WARP40:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK-NEXT:      scf.if %[[FIRST_WARP40]] {
// CHECK-NEXT:        scf.for %[[TILE:.+]] = %[[C0]] to %[[C1]] step %[[C1]] {
// CHECK-NEXT:          scf.for %[[T:.+]] = %[[C0]] to
// CHECK-NEXT:            %[[BEFORE:.+]] = arith.muli %[[TILE]], %{{.+}} : index
// CHECK-NEXT:            %[[N:.+]] = arith.addi %[[BEFORE]], %[[T]] : index
// CHECK-NEXT:            %[[STAGE:.+]] = arith.remui %[[N]], %[[C4]] : index
// CHECK:                 nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]]
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %[[C49152]]
// CHECK-NEXT:            %[[KOFF:.+]] = arith.muli %[[T]], %[[C64]] : index
// CHECK-NEXT:            %[[OFF_A:.+]] = arith.muli %[[STAGE]], %[[C32768]] : index
// CHECK-NEXT:            %[[STAGE_A:.+]] = memref.view %[[SMEM]][%[[OFF_A]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_A]][%[[KOFF]], %[[ROW]]], %[[FULL]][%[[STAGE]]] to %[[STAGE_A]]
// CHECK-NEXT:            %[[STAGE_B:.+]] = arith.muli %[[STAGE]], %[[C16384]] : index
// CHECK-NEXT:            %[[OFF_B0:.+]] = arith.addi %[[STAGE_B]], %[[C131072]] : index
// CHECK-NEXT:            %[[PANEL0:.+]] = memref.view %[[SMEM]][%[[OFF_B0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL0]]
// CHECK-NEXT:            %[[OFF_B1:.+]] = arith.addi %[[OFF_B0]], %[[C8192]] : index
// CHECK-NEXT:            %[[PANEL1:.+]] = memref.view %[[SMEM]][%[[OFF_B1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[COL1:.+]] = arith.addi %[[COL]], %[[C64]] : index
// CHECK-NEXT:            nvgpu.tma.async.load %[[DESC_B]][%[[COL1]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL1]]
// CHECK-NOT:             nvgpu.tma.async.load
// CHECK:         } else {
// CHECK-NEXT:      nvvm.setmaxregister increase 232
// CHECK-NEXT:      %[[MEMBER:.+]] = arith.remui %[[WG]], %[[C2]] : index
// CHECK-NEXT:      %[[WG_ROW:.+]] = arith.muli %[[MEMBER]], %[[C128]] : index
// CHECK-NEXT:      scf.for %[[TILE:.+]] = %[[C0]] to %[[C1]] step %[[C1]] {
// CHECK-NEXT:        %[[INIT:.+]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// The first K step, peeled (128-row warpgroup tiles: each 64-row slice's
// first wgmma writes its accumulator, scale-d zero; see
// tile-warp-specialize-layouts.mlir), then the loop over the others.
// CHECK-NEXT:        %[[ANY:.+]] = arith.cmpi ugt, %{{.+}}, %[[C0]] : index
// CHECK-NEXT:        %[[PEELED:.+]] = scf.if %[[ANY]] -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>) {
// CHECK:               D[<f32>, <zero>, <wrapped>]
// CHECK:             } else {
// CHECK-NEXT:          scf.yield %[[INIT]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FROM:.+]] = arith.minui %{{.+}}, %[[C1]] : index
// CHECK:             %[[RESULT:.+]]:3 = scf.for %[[T:.+]] = %[[FROM]] to {{.+}} iter_args(%[[ACC:.+]] = %[[PEELED]], %[[STAGE:[^ ]+]] = %{{[^,]+}}, %{{.+}} = %{{.+}})
// CHECK-NEXT:          nvgpu.mbarrier.try_wait.parity %[[FULL]][%[[STAGE]]]
// CHECK-NEXT:          %[[ROW_BYTES:.+]] = arith.muli %[[WG_ROW]], %[[C128]] : index
// CHECK-NEXT:          %[[STAGE_A:.+]] = arith.muli %[[STAGE]], %[[C32768]] : index
// CHECK-NEXT:          %[[OFF_A:.+]] = arith.addi %[[STAGE_A]], %[[ROW_BYTES]] : index
// CHECK-NEXT:          %[[STAGE_B:.+]] = arith.muli %[[STAGE]], %[[C16384]] : index
// CHECK-NEXT:          %[[OFF_B:.+]] = arith.addi %[[STAGE_B]], %[[C131072]] : index
// CHECK-NEXT:          %[[TILE_A:.+]] = memref.view %[[SMEM]][%[[OFF_A]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[TILE_B:.+]] = memref.view %[[SMEM]][%[[OFF_B]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x128xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[MAT_A:.+]] = nvgpu.warpgroup.generate.descriptor %[[TILE_A]], %[[DESC_A]] :
// CHECK-NEXT:          %[[MAT_B:.+]] = nvgpu.warpgroup.generate.descriptor %[[TILE_B]], %[[DESC_B]] :
// CHECK-NEXT:          %{{.+}} = nvgpu.warpgroup.mma %[[MAT_A]], %[[MAT_B]], %[[ACC]] {transposeB} :
// CHECK-SAME:            <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x128xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
// CHECK:               %[[PREVIOUS:.+]] = arith.select %{{.+}}, %[[C3]], %{{.+}} : index
// CHECK-NEXT:          nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[PREVIOUS]]], %[[C0]], predicate = %{{.+}} :
// CHECK:             nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:             %[[LAST_STAGE:.+]] = arith.remui %{{.+}}, %[[C4]] : index
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[LAST_STAGE]]], %[[C0]], predicate = %{{.+}} :
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[STAGING:.+]] = memref.view %[[SMEM]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256x136xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[WG_ROWS:.+]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:        %[[VIEW_ROW:.+]] = arith.subi %[[WG_ROW]], %[[WG_ROWS]] : index
// CHECK-NEXT:        %[[MINE:.+]] = memref.subview %[[STAGING]][%[[VIEW_ROW]], %[[C0]]] [128, 128] [1, 1]
// CHECK-SAME:          : memref<256x136xf32, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[136, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:        nvgpu.warpgroup.mma.store %[[RESULT]]#0, %[[MINE]] :
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %{{[^,]+}}, %[[OFFSET_C:[^,]+]], %{{[^,]+}}, %[[STRIDES_C:[^:]+]]:2 = memref.extract_strided_metadata %[[C]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[POINTER_C:.+]] = memref.extract_aligned_pointer_as_index %[[C]] : memref<?x?xbf16, strided<[?, 1], offset: ?>> -> index
// CHECK-NEXT:        %[[OFFSET_BYTES:.+]] = arith.muli %[[OFFSET_C]], %[[C2]] : index
// CHECK-NEXT:        %[[ADDRESS_C:.+]] = arith.addi %[[POINTER_C]], %[[OFFSET_BYTES]] : index
// CHECK-NEXT:        %[[PITCH_REM:.+]] = arith.remui %[[STRIDES_C]]#0, %[[C8]] : index
// CHECK-NEXT:        %[[PITCH_OK:.+]] = arith.cmpi eq, %[[PITCH_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[ADDRESS_REM:.+]] = arith.remui %[[ADDRESS_C]], %[[C16]] : index
// CHECK-NEXT:        %[[ADDRESS_OK:.+]] = arith.cmpi eq, %[[ADDRESS_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[VECTORS:.+]] = arith.andi %[[PITCH_OK]], %[[ADDRESS_OK]] : i1
// CHECK-NEXT:        scf.if %[[VECTORS]] {
// CHECK-NEXT:        %[[ROWS_C:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[COLS_C:.+]] = memref.dim %[[C]], %[[C1]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[R0:.+]] = arith.divui %[[TID]], %[[C16]] : index
// CHECK-NEXT:        %[[Q0:.+]] = arith.remui %[[TID]], %[[C16]] : index
// CHECK-NEXT:        %[[CC0:.+]] = arith.muli %[[Q0]], %[[C8]] : index
// CHECK-NEXT:        %[[F0:.+]] = vector.load %[[STAGING]][%[[R0]], %[[CC0]]] : memref<256x136xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H0:.+]] = arith.truncf %[[F0]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT:        %[[GR0:.+]] = arith.addi %[[ROW]], %[[R0]] : index
// CHECK-NEXT:        %[[GC0:.+]] = arith.addi %[[COL]], %[[CC0]] : index
// CHECK-DAG:         %[[END0:.+]] = arith.addi %[[GC0]], %[[C8]] : index
// CHECK-DAG:         %[[COLS_IN0:.+]] = arith.cmpi ule, %[[END0]], %[[COLS_C]] : index
// CHECK-DAG:         %[[ROW_IN0:.+]] = arith.cmpi ult, %[[GR0]], %[[ROWS_C]] : index
// CHECK:             %[[INSIDE0:.+]] = arith.andi %[[ROW_IN0]], %[[COLS_IN0]] : i1
// CHECK-NEXT:        %[[WHOLE0:.+]] = arith.andi %[[VECTORS]], %[[INSIDE0]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE0]] {
// CHECK-NEXT:          vector.store %[[H0]], %[[C]][%[[GR0]], %[[GC0]]] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E0_IN0:.+]] = arith.cmpi ult, %[[GC0]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK0:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK0]] {
// CHECK-NEXT:            %[[E0_V0:.+]] = vector.extract %[[H0]][0] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V0]], %[[C]][%[[GR0]], %[[GC0]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL1:.+]] = arith.addi %[[GC0]], %[[C1]] : index
// CHECK-NEXT:          %[[E0_IN1:.+]] = arith.cmpi ult, %[[E0_COL1]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK1:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK1]] {
// CHECK-NEXT:            %[[E0_V1:.+]] = vector.extract %[[H0]][1] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V1]], %[[C]][%[[GR0]], %[[E0_COL1]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL2:.+]] = arith.addi %[[GC0]], %[[C2]] : index
// CHECK-NEXT:          %[[E0_IN2:.+]] = arith.cmpi ult, %[[E0_COL2]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK2:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK2]] {
// CHECK-NEXT:            %[[E0_V2:.+]] = vector.extract %[[H0]][2] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V2]], %[[C]][%[[GR0]], %[[E0_COL2]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL3:.+]] = arith.addi %[[GC0]], %[[C3]] : index
// CHECK-NEXT:          %[[E0_IN3:.+]] = arith.cmpi ult, %[[E0_COL3]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK3:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK3]] {
// CHECK-NEXT:            %[[E0_V3:.+]] = vector.extract %[[H0]][3] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V3]], %[[C]][%[[GR0]], %[[E0_COL3]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL4:.+]] = arith.addi %[[GC0]], %[[C4]] : index
// CHECK-NEXT:          %[[E0_IN4:.+]] = arith.cmpi ult, %[[E0_COL4]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK4:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK4]] {
// CHECK-NEXT:            %[[E0_V4:.+]] = vector.extract %[[H0]][4] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V4]], %[[C]][%[[GR0]], %[[E0_COL4]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL5:.+]] = arith.addi %[[GC0]], %[[C5]] : index
// CHECK-NEXT:          %[[E0_IN5:.+]] = arith.cmpi ult, %[[E0_COL5]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK5:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK5]] {
// CHECK-NEXT:            %[[E0_V5:.+]] = vector.extract %[[H0]][5] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V5]], %[[C]][%[[GR0]], %[[E0_COL5]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL6:.+]] = arith.addi %[[GC0]], %[[C6]] : index
// CHECK-NEXT:          %[[E0_IN6:.+]] = arith.cmpi ult, %[[E0_COL6]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK6:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK6]] {
// CHECK-NEXT:            %[[E0_V6:.+]] = vector.extract %[[H0]][6] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V6]], %[[C]][%[[GR0]], %[[E0_COL6]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL7:.+]] = arith.addi %[[GC0]], %[[C7]] : index
// CHECK-NEXT:          %[[E0_IN7:.+]] = arith.cmpi ult, %[[E0_COL7]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK7:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN7]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK7]] {
// CHECK-NEXT:            %[[E0_V7:.+]] = vector.extract %[[H0]][7] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V7]], %[[C]][%[[GR0]], %[[E0_COL7]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             %[[Q15:.+]] = arith.addi %[[TID]], %[[C3840]] : index
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             } else {
// The element copy, as in the first case.
// CHECK:               scf.for
// CHECK-COUNT-4:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
gpu.module @wgmma_256x128_kernel_module {
  gpu.func @wgmma_256x128_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %tma_a: !llvm.ptr, %tma_b: !llvm.ptr) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c256 : index
    %col = arith.muli %bx, %c128 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[256, 128], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c64 {
      %ta = memref.subview %a[%row, %kk] [256, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<256x64xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [64, 128] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x128xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[256, 128], f32>, memref<256x64xbf16, strided<[?, 1], offset: ?>>, memref<64x128xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [256, 128] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<256x128xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[256, 128], f32>, memref<256x128xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// f16, block [128, 128, 64], warpgroup [128, 128], 6 stages, a 24/240
// register split: a single consumer (warpgroup 0, 128 threads) and the
// producer, warpgroup 1. empty[s] expects one arrival, stages are n % 6
// (released as (n - 1) % 6), the named barrier counts 128 threads and the
// epilogue stores f16, 128 chunks per step: 128 x 128 / 8 / 128 = 16 steps,
// the last at tid + 1920.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 6, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 24, consumer_registers = 240>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @wgmma_one_consumer_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[TMA_A:[^:]+]]: !llvm.ptr, %[[TMA_B:[^:]+]]: !llvm.ptr)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C1920:.+]] = arith.constant 1920 : index
// CHECK-DAG:     %[[C32768:.+]] = arith.constant 32768 : index
// CHECK-DAG:     %[[ID1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[THREADS:.+]] = arith.constant 128 : i32
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT:    %[[BY:.+]] = gpu.block_id y
// CHECK-NEXT:    %[[ROW:.+]] = arith.muli %[[BY]], %[[C128]] : index
// CHECK-NEXT:    %[[COL:.+]] = arith.muli %[[BX]], %[[C128]] : index
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WG_OWN:.+]] = arith.divui %[[TID]]
// CHECK-NEXT:    %[[WG_I32:.+]] = arith.index_castui %[[WG_OWN]] : index to i32
// CHECK-NEXT:    %[[WG_SHFL:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WG_I32]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT:    %[[WG:.+]] = arith.index_castui %[[WG_SHFL]] : i32 to index
// CHECK:         %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
// CHECK-NEXT:    %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
// CHECK:           nvgpu.mbarrier.init %[[FULL]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C0]]], %[[C1]] :
// CHECK-COUNT-5:   nvgpu.mbarrier.init %[[FULL]][%{{.+}}], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C5]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.tma.prefetch.descriptor
// CHECK-NEXT:      nvgpu.tma.prefetch.descriptor
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[IS_PRODUCER:.+]] = arith.cmpi eq, %[[WG]], %[[C1]] : index
// CHECK-NEXT:    scf.if %[[IS_PRODUCER]] {
// CHECK-NEXT:      nvvm.setmaxregister decrease 24
// CHECK-NEXT:      %[[FIRST_WARP24:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK-NEXT:      scf.if %[[FIRST_WARP24]] {
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            %[[N:.+]] = arith.addi
// CHECK-NEXT:            %[[STAGE:.+]] = arith.remui %[[N]], %[[C6]] : index
// CHECK-NEXT:            %[[ROUND:.+]] = arith.divui %[[N]], %[[C6]] : index
// CHECK:                 nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]]
// 128x64 + 64x128 f16.
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %[[C32768]]
// CHECK-COUNT-3:         nvgpu.tma.async.load
// CHECK-NOT:             nvgpu.tma.async.load
// CHECK:         } else {
// CHECK-NEXT:      nvvm.setmaxregister increase 240
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK:               nvgpu.warpgroup.mma {{.+}} {transposeB} :
// CHECK-SAME:            <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x128xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
// CHECK:                 %[[DOWN:.+]] = arith.subi %{{.+}}, %[[C1]] : index
// CHECK-NEXT:            %[[PREVIOUS:.+]] = arith.select %{{.+}}, %[[C5]], %[[DOWN]] : index
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[PREVIOUS]]], %{{.+}}, predicate = %{{.+}} :
// CHECK:             nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:             %[[LAST_STAGE:.+]] = arith.remui %{{.+}}, %[[C6]] : index
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[LAST_STAGE]]], %{{.+}}, predicate = %{{.+}} :
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[STAGING:.+]] = memref.view {{.+}} to memref<128x136xf32, #gpu.address_space<workgroup>>
// CHECK:             nvgpu.warpgroup.mma.store
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %{{[^,]+}}, %[[OFFSET_C:[^,]+]], %{{[^,]+}}, %[[STRIDES_C:[^:]+]]:2 = memref.extract_strided_metadata %[[C]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[POINTER_C:.+]] = memref.extract_aligned_pointer_as_index %[[C]] : memref<?x?xf16, strided<[?, 1], offset: ?>> -> index
// CHECK-NEXT:        %[[OFFSET_BYTES:.+]] = arith.muli %[[OFFSET_C]], %[[C2]] : index
// CHECK-NEXT:        %[[ADDRESS_C:.+]] = arith.addi %[[POINTER_C]], %[[OFFSET_BYTES]] : index
// CHECK-NEXT:        %[[PITCH_REM:.+]] = arith.remui %[[STRIDES_C]]#0, %[[C8]] : index
// CHECK-NEXT:        %[[PITCH_OK:.+]] = arith.cmpi eq, %[[PITCH_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[ADDRESS_REM:.+]] = arith.remui %[[ADDRESS_C]], %[[C16]] : index
// CHECK-NEXT:        %[[ADDRESS_OK:.+]] = arith.cmpi eq, %[[ADDRESS_REM]], %[[C0]] : index
// CHECK-NEXT:        %[[VECTORS:.+]] = arith.andi %[[PITCH_OK]], %[[ADDRESS_OK]] : i1
// CHECK-NEXT:        scf.if %[[VECTORS]] {
// CHECK-NEXT:        %[[ROWS_C:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[COLS_C:.+]] = memref.dim %[[C]], %[[C1]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:        %[[R0:.+]] = arith.divui %[[TID]], %[[C16]] : index
// CHECK-NEXT:        %[[Q0:.+]] = arith.remui %[[TID]], %[[C16]] : index
// CHECK-NEXT:        %[[CC0:.+]] = arith.muli %[[Q0]], %[[C8]] : index
// CHECK-NEXT:        %[[F0:.+]] = vector.load %[[STAGING]][%[[R0]], %[[CC0]]] : memref<128x136xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H0:.+]] = arith.truncf %[[F0]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT:        %[[GR0:.+]] = arith.addi %[[ROW]], %[[R0]] : index
// CHECK-NEXT:        %[[GC0:.+]] = arith.addi %[[COL]], %[[CC0]] : index
// CHECK-DAG:         %[[END0:.+]] = arith.addi %[[GC0]], %[[C8]] : index
// CHECK-DAG:         %[[COLS_IN0:.+]] = arith.cmpi ule, %[[END0]], %[[COLS_C]] : index
// CHECK-DAG:         %[[ROW_IN0:.+]] = arith.cmpi ult, %[[GR0]], %[[ROWS_C]] : index
// CHECK:             %[[INSIDE0:.+]] = arith.andi %[[ROW_IN0]], %[[COLS_IN0]] : i1
// CHECK-NEXT:        %[[WHOLE0:.+]] = arith.andi %[[VECTORS]], %[[INSIDE0]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE0]] {
// CHECK-NEXT:          vector.store %[[H0]], %[[C]][%[[GR0]], %[[GC0]]] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E0_IN0:.+]] = arith.cmpi ult, %[[GC0]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK0:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK0]] {
// CHECK-NEXT:            %[[E0_V0:.+]] = vector.extract %[[H0]][0] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V0]], %[[C]][%[[GR0]], %[[GC0]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL1:.+]] = arith.addi %[[GC0]], %[[C1]] : index
// CHECK-NEXT:          %[[E0_IN1:.+]] = arith.cmpi ult, %[[E0_COL1]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK1:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK1]] {
// CHECK-NEXT:            %[[E0_V1:.+]] = vector.extract %[[H0]][1] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V1]], %[[C]][%[[GR0]], %[[E0_COL1]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL2:.+]] = arith.addi %[[GC0]], %[[C2]] : index
// CHECK-NEXT:          %[[E0_IN2:.+]] = arith.cmpi ult, %[[E0_COL2]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK2:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK2]] {
// CHECK-NEXT:            %[[E0_V2:.+]] = vector.extract %[[H0]][2] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V2]], %[[C]][%[[GR0]], %[[E0_COL2]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL3:.+]] = arith.addi %[[GC0]], %[[C3]] : index
// CHECK-NEXT:          %[[E0_IN3:.+]] = arith.cmpi ult, %[[E0_COL3]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK3:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK3]] {
// CHECK-NEXT:            %[[E0_V3:.+]] = vector.extract %[[H0]][3] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V3]], %[[C]][%[[GR0]], %[[E0_COL3]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL4:.+]] = arith.addi %[[GC0]], %[[C4]] : index
// CHECK-NEXT:          %[[E0_IN4:.+]] = arith.cmpi ult, %[[E0_COL4]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK4:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK4]] {
// CHECK-NEXT:            %[[E0_V4:.+]] = vector.extract %[[H0]][4] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V4]], %[[C]][%[[GR0]], %[[E0_COL4]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL5:.+]] = arith.addi %[[GC0]], %[[C5]] : index
// CHECK-NEXT:          %[[E0_IN5:.+]] = arith.cmpi ult, %[[E0_COL5]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK5:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK5]] {
// CHECK-NEXT:            %[[E0_V5:.+]] = vector.extract %[[H0]][5] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V5]], %[[C]][%[[GR0]], %[[E0_COL5]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL6:.+]] = arith.addi %[[GC0]], %[[C6]] : index
// CHECK-NEXT:          %[[E0_IN6:.+]] = arith.cmpi ult, %[[E0_COL6]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK6:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK6]] {
// CHECK-NEXT:            %[[E0_V6:.+]] = vector.extract %[[H0]][6] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V6]], %[[C]][%[[GR0]], %[[E0_COL6]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL7:.+]] = arith.addi %[[GC0]], %[[C7]] : index
// CHECK-NEXT:          %[[E0_IN7:.+]] = arith.cmpi ult, %[[E0_COL7]], %[[COLS_C]] : index
// CHECK-NEXT:          %[[E0_OK7:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN7]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK7]] {
// CHECK-NEXT:            %[[E0_V7:.+]] = vector.extract %[[H0]][7] : f16 from vector<8xf16>
// CHECK-NEXT:            memref.store %[[E0_V7]], %[[C]][%[[GR0]], %[[E0_COL7]]] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             arith.addi %[[TID]], %[[C1920]] : index
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK:             } else {
// The element copy, as in the first case.
// CHECK:               scf.for
// CHECK-COUNT-4:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
gpu.module @wgmma_one_consumer_kernel_module {
  gpu.func @wgmma_one_consumer_kernel(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                                      %b: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                                      %c: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                                      %tma_a: !llvm.ptr, %tma_b: !llvm.ptr) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c128 : index
    %col = arith.muli %bx, %c128 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[128, 128], f32>
    %k = memref.dim %a, %c1 : memref<?x?xf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c64 {
      %ta = memref.subview %a[%row, %kk] [128, 64] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<128x64xf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [64, 128] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x128xf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[128, 128], f32>, memref<128x64xf16, strided<[?, 1], offset: ?>>, memref<64x128xf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [128, 128] [1, 1]
        : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<128x128xf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[128, 128], f32>, memref<128x128xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// An mma.sync schedule is not this pass's: its block-tiled K loop stays for
// tile-pipeline-copies and tile-warp-mma.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @mma_sync_kernel(
// CHECK-NOT:     nvgpu.
// CHECK-NOT:     nvvm.
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator
// CHECK:         scf.for
// CHECK:           %[[TA:.+]] = memref.subview
// CHECK-NEXT:      %[[TB:.+]] = memref.subview
// CHECK-NEXT:      tile.block_mma %[[ACC]], %[[TA]], %[[TB]]
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    %[[TC:.+]] = memref.subview
// CHECK-NEXT:    tile.store_accumulator %[[ACC]], %[[TC]]
// CHECK-NEXT:    gpu.return
gpu.module @mma_sync_kernel_module {
  gpu.func @mma_sync_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                            %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                            %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c32 {
      %ta = memref.subview %a[%row, %kk] [64, 32] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x32xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [32, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<32x64xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, memref<64x32xbf16, strided<[?, 1], offset: ?>>, memref<32x64xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [64, 64] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x64xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
