// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// Persistent grids (#tile.grid<persistent = true>): each block loops over the
// C tiles blockIdx.x, blockIdx.x + gridDim.x, ... in the schedule's raster
// order instead of computing the one tile its block index names, and the f32
// staging tile of the epilogue gets its own bytes after the stages. As in
// tile-warp-specialize.mlir, the input is what tile-outline-kernel and
// tile-block-tile make of the schedule (with a plain block-index tile: the
// pass replaces it by the tile loop, so its raster does not matter), and cse
// merges the index constants so the checks can name them once.

// Cooperative: bf16, block [128, 256, 64], warpgroup [64, 256], 3 stages,
// persistent grid rastered along M in groups of 8 (the schedule of
// bench/schedules/wgmma_bf16_128x256x64_s3_persistent.mlir). Two consumer
// warpgroups share each tile (empty[s] expects 2 arrivals) and the producer
// is warpgroup 2. Stages: 3 x (128x64 + 64x256) x 2 bytes = 147456 bytes,
// B's from byte 3 x 16384 = 49152; the staging tile holds one warpgroup's
// 64 rows of 256 + 8 f32 from byte 147456, and the two warpgroups take turns
// through it.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @persistent_kernel(
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
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[C1792:.+]] = arith.constant 1792 : index
// CHECK-DAG:     %[[C16384:.+]] = arith.constant 16384 : index
// CHECK-DAG:     %[[C32768:.+]] = arith.constant 32768 : index
// CHECK-DAG:     %[[C49152:.+]] = arith.constant 49152 : index
// CHECK-DAG:     %[[C79872:.+]] = arith.constant 79872 : index
// CHECK-DAG:     %[[C147456:.+]] = arith.constant 147456 : index
// CHECK-DAG:     %[[ID1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[THREADS:.+]] = arith.constant 256 : i32

// The tile grid: ceildiv(M, 128) x ceildiv(N, 256) tiles of C.
// CHECK:         %[[K:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK-NEXT:    %[[M:.+]] = memref.dim %[[C]], %[[C0]]
// CHECK-NEXT:    %[[TILES_M:.+]] = arith.ceildivui %[[M]], %[[C128]] : index
// CHECK-NEXT:    %[[N:.+]] = memref.dim %[[C]], %[[C1]]
// CHECK-NEXT:    %[[TILES_N:.+]] = arith.ceildivui %[[N]], %[[C256]] : index
// CHECK-NEXT:    %[[KTILES:.+]] = arith.ceildivui %[[K]], %[[C64]] : index
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WG_OWN:.+]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[WG_I32:.+]] = arith.index_castui %[[WG_OWN]] : index to i32
// CHECK-NEXT:    %[[WG_SHFL:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WG_I32]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT:    %[[WG:.+]] = arith.index_castui %[[WG_SHFL]] : i32 to index
// CHECK-NEXT:    %[[IN_WG:.+]] = arith.remui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[PRIMARY:.+]] = arith.cmpi eq, %[[IN_WG]], %[[C0]] : index
// CHECK-NEXT:    %[[SMEM:.+]] = gpu.dynamic_shared_memory
// CHECK-NEXT:    %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-NEXT:    %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK:           nvgpu.mbarrier.init %[[FULL]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C0]]], %[[C2]] :
// CHECK:         gpu.barrier

// The block's tiles: blockIdx.x + i gridDim.x for i below
// count = ceildiv(tiles - blockIdx.x, gridDim.x) (0 when blockIdx.x >= tiles).
// CHECK-NEXT:    %[[TILES:.+]] = arith.muli %[[TILES_M]], %[[TILES_N]] : index
// CHECK-NEXT:    %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT:    %[[GX:.+]] = gpu.grid_dim x
// CHECK-NEXT:    %[[CLAMPED:.+]] = arith.maxui %[[TILES]], %[[BX]] : index
// CHECK-NEXT:    %[[LEFT:.+]] = arith.subi %[[CLAMPED]], %[[BX]] : index
// CHECK-NEXT:    %[[COUNT:.+]] = arith.ceildivui %[[LEFT]], %[[GX]] : index

// Producer: tile i is the linear tile blockIdx.x + i gridDim.x, rastered as
// TileRasterization.cpp does (along M in groups of 8 tile rows); its K steps
// continue the ring where the previous tile's ended (step i * ktiles + t).
// CHECK-NEXT:    %[[IS_PRODUCER:.+]] = arith.cmpi eq, %[[WG]], %[[C2]] : index
// CHECK-NEXT:    scf.if %[[IS_PRODUCER]] {
// CHECK-NEXT:      nvvm.setmaxregister decrease 40
// CHECK-NEXT:      %[[FIRST_WARP:.+]] = arith.cmpi ult, %[[IN_WG]], %[[C32]] : index
// CHECK-NEXT:      scf.if %[[FIRST_WARP]] {
// CHECK-NEXT:        scf.for %[[I:.+]] = %[[C0]] to %[[COUNT]] step %[[C1]] {
// CHECK-NEXT:          %[[STRIDED:.+]] = arith.muli %[[I]], %[[GX]] : index
// CHECK-NEXT:          %[[LINEAR:.+]] = arith.addi %[[BX]], %[[STRIDED]] : index
// CHECK-NEXT:          %[[PER_GROUP:.+]] = arith.muli %[[TILES_N]], %[[C8]] : index
// CHECK-NEXT:          %[[GROUP:.+]] = arith.divui %[[LINEAR]], %[[PER_GROUP]] : index
// CHECK-NEXT:          %[[FIRST_ROW:.+]] = arith.muli %[[GROUP]], %[[C8]] : index
// CHECK-NEXT:          %[[ROWS_LEFT:.+]] = arith.subi %[[TILES_M]], %[[FIRST_ROW]] : index
// CHECK-NEXT:          %[[GROUP_ROWS:.+]] = arith.minui %[[ROWS_LEFT]], %[[C8]] : index
// CHECK-NEXT:          %[[IN_GROUP:.+]] = arith.remui %[[LINEAR]], %[[PER_GROUP]] : index
// CHECK-NEXT:          %[[ROW_IN_GROUP:.+]] = arith.remui %[[IN_GROUP]], %[[GROUP_ROWS]] : index
// CHECK-NEXT:          %[[TILE_ROW:.+]] = arith.addi %[[FIRST_ROW]], %[[ROW_IN_GROUP]] : index
// CHECK-NEXT:          %[[TILE_COL:.+]] = arith.divui %[[IN_GROUP]], %[[GROUP_ROWS]] : index
// CHECK-NEXT:          %[[ROW:.+]] = arith.muli %[[TILE_ROW]], %[[C128]] : index
// CHECK-NEXT:          %[[COL:.+]] = arith.muli %[[TILE_COL]], %[[C256]] : index
// CHECK-NEXT:          scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK-NEXT:            %[[BEFORE:.+]] = arith.muli %[[I]], %[[KTILES]] : index
// CHECK-NEXT:            %[[STEP:.+]] = arith.addi %[[BEFORE]], %[[T]] : index
// CHECK-NEXT:            %[[STAGE:.+]] = arith.remui %[[STEP]], %[[C3]] : index
// CHECK-NEXT:            %[[ROUND:.+]] = arith.divui %[[STEP]], %[[C3]] : index
// CHECK-NEXT:            %[[ODD:.+]] = arith.andi %[[ROUND]], %[[C1]] : index
// CHECK-NEXT:            %[[PARITY:.+]] = arith.cmpi ne, %[[ODD]], %[[C0]] : index
// CHECK-NEXT:            %[[FLIPPED:.+]] = arith.xori %[[PARITY]], %{{.+}} : i1
// CHECK-NEXT:            nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]], %[[FLIPPED]], %{{.+}} :
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %[[C49152]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[KOFF:.+]] = arith.muli %[[T]], %[[C64]] : index
// CHECK-NEXT:            %[[OFF_A:.+]] = arith.muli %[[STAGE]], %[[C16384]] : index
// CHECK-NEXT:            %[[STAGE_A:.+]] = memref.view %[[SMEM]][%[[OFF_A]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %{{.+}}[%[[KOFF]], %[[ROW]]], %[[FULL]][%[[STAGE]]] to %[[STAGE_A]], predicate = %[[PRIMARY]] :
// CHECK-NEXT:            %[[STAGE_B:.+]] = arith.muli %[[STAGE]], %[[C32768]] : index
// CHECK-NEXT:            %[[OFF_B0:.+]] = arith.addi %[[STAGE_B]], %[[C49152]] : index
// CHECK-NEXT:            %[[PANEL0:.+]] = memref.view %[[SMEM]][%[[OFF_B0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:            nvgpu.tma.async.load %{{.+}}[%[[COL]], %[[KOFF]]], %[[FULL]][%[[STAGE]]] to %[[PANEL0]], predicate = %[[PRIMARY]] :
// CHECK-COUNT-3:         nvgpu.tma.async.load
// CHECK-NOT:             nvgpu.tma.async.load
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:      }

// Consumers: one group (both warpgroups) takes every tile of the block, from
// 0 in steps of 1, rastered the same way.
// CHECK-NEXT:    } else {
// CHECK-NEXT:      nvvm.setmaxregister increase 232
// CHECK-NEXT:      %[[MEMBER:.+]] = arith.remui %[[WG]], %[[C2]] : index
// CHECK-NEXT:      %[[WG_ROW:.+]] = arith.muli %[[MEMBER]], %[[C64]] : index
// CHECK-NEXT:      scf.for %[[I:.+]] = %[[C0]] to %[[COUNT]] step %[[C1]] {
// CHECK-NEXT:        %[[STRIDED:.+]] = arith.muli %[[I]], %[[GX]] : index
// CHECK-NEXT:        %[[LINEAR:.+]] = arith.addi %[[BX]], %[[STRIDED]] : index
// CHECK-NEXT:        %[[PER_GROUP:.+]] = arith.muli %[[TILES_N]], %[[C8]] : index
// CHECK-NEXT:        %[[GROUP:.+]] = arith.divui %[[LINEAR]], %[[PER_GROUP]] : index
// CHECK-NEXT:        %[[FIRST_ROW:.+]] = arith.muli %[[GROUP]], %[[C8]] : index
// CHECK-NEXT:        %[[ROWS_LEFT:.+]] = arith.subi %[[TILES_M]], %[[FIRST_ROW]] : index
// CHECK-NEXT:        %[[GROUP_ROWS:.+]] = arith.minui %[[ROWS_LEFT]], %[[C8]] : index
// CHECK-NEXT:        %[[IN_GROUP:.+]] = arith.remui %[[LINEAR]], %[[PER_GROUP]] : index
// CHECK-NEXT:        %[[ROW_IN_GROUP:.+]] = arith.remui %[[IN_GROUP]], %[[GROUP_ROWS]] : index
// CHECK-NEXT:        %[[TILE_ROW:.+]] = arith.addi %[[FIRST_ROW]], %[[ROW_IN_GROUP]] : index
// CHECK-NEXT:        %[[TILE_COL:.+]] = arith.divui %[[IN_GROUP]], %[[GROUP_ROWS]] : index
// CHECK-NEXT:        %[[ROW:.+]] = arith.muli %[[TILE_ROW]], %[[C128]] : index
// CHECK-NEXT:        %[[COL:.+]] = arith.muli %[[TILE_COL]], %[[C256]] : index
// CHECK-NEXT:        %[[INIT:.+]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x256xf32>>
// CHECK-NEXT:        %[[BEFORE:.+]] = arith.muli %[[I]], %[[KTILES]] : index
// CHECK-NEXT:        %[[STAGE0:.+]] = arith.remui %[[BEFORE]], %[[C3]] : index
// CHECK:             %[[RESULT:.+]]:3 = scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[INIT]], %[[STAGE:.+]] = %[[STAGE0]], %{{.+}} = %{{.+}})
// CHECK-NEXT:          nvgpu.mbarrier.try_wait.parity %[[FULL]][%[[STAGE]]]
// CHECK:               nvgpu.warpgroup.mma {{.+}} {transposeB} :
// CHECK-SAME:            <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>> -> <fragmented = vector<64x256xf32>>
// CHECK:                 %[[STAGE_BEFORE:.+]] = arith.subi %[[STAGE]], %[[C1]] : index
// CHECK-NEXT:            %[[PREVIOUS:.+]] = arith.select %{{.+}}, %[[C2]], %[[STAGE_BEFORE]] : index
// CHECK-NEXT:            nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[PREVIOUS]]], %[[C0]], predicate = %[[PRIMARY]] :
// CHECK:             nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:             %[[LAST_STAGE:.+]] = arith.remui %{{.+}}, %[[C3]] : index
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[LAST_STAGE]]], %[[C0]], predicate = %[[PRIMARY]] :

// Epilogue, slice 0: after the group barrier, member 0 stores its 64 rows.
// warpgroup.mma.store adds 64 wg rows, so the store view starts 64 lead rows
// (64 x 264 x 4 = 67584 bytes, inside the stages) before the staging tile:
// 147456 - 67584 = 79872, and member m's view row is 64 m + 64 - 64 wg.
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[IS_SLICE0:.+]] = arith.cmpi eq, %[[MEMBER]], %[[C0]] : index
// CHECK-NEXT:        scf.if %[[IS_SLICE0]] {
// CHECK-NEXT:          %[[STORE_VIEW:.+]] = memref.view %[[SMEM]][%[[C79872]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x264xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[WG_ROWS:.+]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:          %[[LEAD_ROW:.+]] = arith.addi %[[WG_ROW]], %[[C64]] : index
// CHECK-NEXT:          %[[VIEW_ROW:.+]] = arith.subi %[[LEAD_ROW]], %[[WG_ROWS]] : index
// CHECK-NEXT:          %[[MINE:.+]] = memref.subview %[[STORE_VIEW]][%[[VIEW_ROW]], %[[C0]]] [64, 256] [1, 1]
// CHECK-SAME:            : memref<128x264xf32, #gpu.address_space<workgroup>> to memref<64x256xf32, strided<[264, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:          nvgpu.warpgroup.mma.store %[[RESULT]]#0, %[[MINE]] :
// CHECK-NEXT:        }
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]

// Then the 256 threads copy the 64 x 256 staging tile at byte 147456 to rows
// row + 0 .. 63 of C: 64 x 256 / 8 / 256 = 8 steps, the last at tid + 1792.
// Whether C takes 16-byte stores (row stride a multiple of 8 bf16, first
// element at a multiple of 16 bytes) is computed once, its extent is the one
// the tile grid was computed from; each chunk is one 16-byte store where it
// lies inside C, else 8 element stores, each in bounds.
// CHECK-NEXT:        %[[STAGING:.+]] = memref.view %[[SMEM]][%[[C147456]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x264xf32, #gpu.address_space<workgroup>>
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
// CHECK-NEXT:        %[[R0:.+]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[Q0:.+]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[CC0:.+]] = arith.muli %[[Q0]], %[[C8]] : index
// CHECK-NEXT:        %[[F0:.+]] = vector.load %[[STAGING]][%[[R0]], %[[CC0]]] : memref<64x264xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H0:.+]] = arith.truncf %[[F0]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT:        %[[GR0:.+]] = arith.addi %[[ROW]], %[[R0]] : index
// CHECK-NEXT:        %[[GC0:.+]] = arith.addi %[[COL]], %[[CC0]] : index
// CHECK-DAG:         %[[END0:.+]] = arith.addi %[[GC0]], %[[C8]] : index
// CHECK-DAG:         %[[COLS_IN0:.+]] = arith.cmpi ule, %[[END0]], %[[N]] : index
// CHECK-DAG:         %[[ROW_IN0:.+]] = arith.cmpi ult, %[[GR0]], %[[M]] : index
// CHECK:             %[[INSIDE0:.+]] = arith.andi %[[ROW_IN0]], %[[COLS_IN0]] : i1
// CHECK-NEXT:        %[[WHOLE0:.+]] = arith.andi %[[VECTORS]], %[[INSIDE0]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE0]] {
// CHECK-NEXT:          vector.store %[[H0]], %[[C]][%[[GR0]], %[[GC0]]] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E0_IN0:.+]] = arith.cmpi ult, %[[GC0]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK0:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK0]] {
// CHECK-NEXT:            %[[E0_V0:.+]] = vector.extract %[[H0]][0] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V0]], %[[C]][%[[GR0]], %[[GC0]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL1:.+]] = arith.addi %[[GC0]], %[[C1]] : index
// CHECK-NEXT:          %[[E0_IN1:.+]] = arith.cmpi ult, %[[E0_COL1]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK1:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK1]] {
// CHECK-NEXT:            %[[E0_V1:.+]] = vector.extract %[[H0]][1] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V1]], %[[C]][%[[GR0]], %[[E0_COL1]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL2:.+]] = arith.addi %[[GC0]], %[[C2]] : index
// CHECK-NEXT:          %[[E0_IN2:.+]] = arith.cmpi ult, %[[E0_COL2]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK2:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK2]] {
// CHECK-NEXT:            %[[E0_V2:.+]] = vector.extract %[[H0]][2] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V2]], %[[C]][%[[GR0]], %[[E0_COL2]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL3:.+]] = arith.addi %[[GC0]], %[[C3]] : index
// CHECK-NEXT:          %[[E0_IN3:.+]] = arith.cmpi ult, %[[E0_COL3]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK3:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK3]] {
// CHECK-NEXT:            %[[E0_V3:.+]] = vector.extract %[[H0]][3] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V3]], %[[C]][%[[GR0]], %[[E0_COL3]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL4:.+]] = arith.addi %[[GC0]], %[[C4]] : index
// CHECK-NEXT:          %[[E0_IN4:.+]] = arith.cmpi ult, %[[E0_COL4]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK4:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK4]] {
// CHECK-NEXT:            %[[E0_V4:.+]] = vector.extract %[[H0]][4] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V4]], %[[C]][%[[GR0]], %[[E0_COL4]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL5:.+]] = arith.addi %[[GC0]], %[[C5]] : index
// CHECK-NEXT:          %[[E0_IN5:.+]] = arith.cmpi ult, %[[E0_COL5]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK5:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK5]] {
// CHECK-NEXT:            %[[E0_V5:.+]] = vector.extract %[[H0]][5] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V5]], %[[C]][%[[GR0]], %[[E0_COL5]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL6:.+]] = arith.addi %[[GC0]], %[[C6]] : index
// CHECK-NEXT:          %[[E0_IN6:.+]] = arith.cmpi ult, %[[E0_COL6]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK6:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK6]] {
// CHECK-NEXT:            %[[E0_V6:.+]] = vector.extract %[[H0]][6] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V6]], %[[C]][%[[GR0]], %[[E0_COL6]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL7:.+]] = arith.addi %[[GC0]], %[[C7]] : index
// CHECK-NEXT:          %[[E0_IN7:.+]] = arith.cmpi ult, %[[E0_COL7]], %[[N]] : index
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
// CHECK:             %[[Q7:.+]] = arith.addi %[[TID]], %[[C1792]] : index
// CHECK-NEXT:        %[[R7:.+]] = arith.divui %[[Q7]], %[[C32]] : index
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        } else {
// The element copy for rows that take no 16-byte stores
// (passes/epilogue/CoalescedElementCopy.h), four per loop step.
// CHECK:               scf.for
// CHECK-COUNT-4:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:                 }
// CHECK-NEXT:          }
// CHECK-NEXT:        }

// Slice 1: member 1 stores its rows once everyone has read slice 0; they go
// to rows row + 64 .. 127 of C, the same way (inside its own branch on
// whether C takes vectors, so its coordinates are computed again).
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[IS_SLICE1:.+]] = arith.cmpi eq, %[[MEMBER]], %[[C1]] : index
// CHECK-NEXT:        scf.if %[[IS_SLICE1]] {
// CHECK-NEXT:          %[[STORE_VIEW:.+]] = memref.view %[[SMEM]][%[[C79872]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x264xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          %[[WG_ROWS:.+]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:          %[[VIEW_ROW:.+]] = arith.subi %[[WG_ROW]], %[[WG_ROWS]] : index
// CHECK-NEXT:          %[[MINE:.+]] = memref.subview %[[STORE_VIEW]][%[[VIEW_ROW]], %[[C0]]] [64, 256] [1, 1]
// CHECK-NEXT:          nvgpu.warpgroup.mma.store %[[RESULT]]#0, %[[MINE]] :
// CHECK-NEXT:        }
// CHECK-NEXT:        nvvm.barrier id = %[[ID1]] number_of_threads = %[[THREADS]]
// CHECK-NEXT:        %[[ROW1:.+]] = arith.addi %[[ROW]], %[[C64]] : index
// CHECK-NEXT:        scf.if %[[VECTORS]] {
// CHECK-NEXT:        %[[R8:.+]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[Q8:.+]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT:        %[[CC8:.+]] = arith.muli %[[Q8]], %[[C8]] : index
// CHECK-NEXT:        %[[F8:.+]] = vector.load %[[STAGING]][%[[R8]], %[[CC8]]] : memref<64x264xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H8:.+]] = arith.truncf %[[F8]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT:        %[[GR8:.+]] = arith.addi %[[ROW1]], %[[R8]] : index
// CHECK-NEXT:        %[[GC8:.+]] = arith.addi %[[COL]], %[[CC8]] : index
// CHECK-NEXT:        %[[ROW_IN8:.+]] = arith.cmpi ult, %[[GR8]], %[[M]] : index
// CHECK-NEXT:        %[[END8:.+]] = arith.addi %[[GC8]], %[[C8]] : index
// CHECK-NEXT:        %[[COLS_IN8:.+]] = arith.cmpi ule, %[[END8]], %[[N]] : index
// CHECK-NEXT:        %[[INSIDE8:.+]] = arith.andi %[[ROW_IN8]], %[[COLS_IN8]] : i1
// CHECK-NEXT:        %[[WHOLE8:.+]] = arith.andi %[[VECTORS]], %[[INSIDE8]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE8]] {
// CHECK-NEXT:          vector.store %[[H8]], %[[C]][%[[GR8]], %[[GC8]]] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E8_IN0:.+]] = arith.cmpi ult, %[[GC8]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK0:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK0]] {
// CHECK-NEXT:            %[[E8_V0:.+]] = vector.extract %[[H8]][0] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V0]], %[[C]][%[[GR8]], %[[GC8]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL1:.+]] = arith.addi %[[GC8]], %[[C1]] : index
// CHECK-NEXT:          %[[E8_IN1:.+]] = arith.cmpi ult, %[[E8_COL1]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK1:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK1]] {
// CHECK-NEXT:            %[[E8_V1:.+]] = vector.extract %[[H8]][1] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V1]], %[[C]][%[[GR8]], %[[E8_COL1]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL2:.+]] = arith.addi %[[GC8]], %[[C2]] : index
// CHECK-NEXT:          %[[E8_IN2:.+]] = arith.cmpi ult, %[[E8_COL2]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK2:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK2]] {
// CHECK-NEXT:            %[[E8_V2:.+]] = vector.extract %[[H8]][2] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V2]], %[[C]][%[[GR8]], %[[E8_COL2]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL3:.+]] = arith.addi %[[GC8]], %[[C3]] : index
// CHECK-NEXT:          %[[E8_IN3:.+]] = arith.cmpi ult, %[[E8_COL3]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK3:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK3]] {
// CHECK-NEXT:            %[[E8_V3:.+]] = vector.extract %[[H8]][3] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V3]], %[[C]][%[[GR8]], %[[E8_COL3]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL4:.+]] = arith.addi %[[GC8]], %[[C4]] : index
// CHECK-NEXT:          %[[E8_IN4:.+]] = arith.cmpi ult, %[[E8_COL4]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK4:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK4]] {
// CHECK-NEXT:            %[[E8_V4:.+]] = vector.extract %[[H8]][4] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V4]], %[[C]][%[[GR8]], %[[E8_COL4]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL5:.+]] = arith.addi %[[GC8]], %[[C5]] : index
// CHECK-NEXT:          %[[E8_IN5:.+]] = arith.cmpi ult, %[[E8_COL5]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK5:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK5]] {
// CHECK-NEXT:            %[[E8_V5:.+]] = vector.extract %[[H8]][5] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V5]], %[[C]][%[[GR8]], %[[E8_COL5]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL6:.+]] = arith.addi %[[GC8]], %[[C6]] : index
// CHECK-NEXT:          %[[E8_IN6:.+]] = arith.cmpi ult, %[[E8_COL6]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK6:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK6]] {
// CHECK-NEXT:            %[[E8_V6:.+]] = vector.extract %[[H8]][6] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V6]], %[[C]][%[[GR8]], %[[E8_COL6]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E8_COL7:.+]] = arith.addi %[[GC8]], %[[C7]] : index
// CHECK-NEXT:          %[[E8_IN7:.+]] = arith.cmpi ult, %[[E8_COL7]], %[[N]] : index
// CHECK-NEXT:          %[[E8_OK7:.+]] = arith.andi %[[ROW_IN8]], %[[E8_IN7]] : i1
// CHECK-NEXT:          scf.if %[[E8_OK7]] {
// CHECK-NEXT:            %[[E8_V7:.+]] = vector.extract %[[H8]][7] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E8_V7]], %[[C]][%[[GR8]], %[[E8_COL7]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
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
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        } else {
// The element copy for rows that take no 16-byte stores
// (passes/epilogue/CoalescedElementCopy.h), four per loop step.
// CHECK:               scf.for
// CHECK-COUNT-4:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:                 }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
gpu.module @persistent_kernel_module {
  gpu.func @persistent_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
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

// Ping-pong: bf16, block [128, 128, 64], warpgroup [128, 128], 4 stages,
// consumer_groups = 2 (bench/schedules/wgmma_bf16_128x128x64_s4_pingpong.mlir).
// Each consumer warpgroup is a group of its own (empty[s] expects 1 arrival)
// and group g takes the block's tiles g, g + 2, ...; named barriers 3 + g
// (main loop) and 5 + g (epilogue) of the 2 x 128 consumer threads pass the
// turn from one group to the other, and 1 + g is group g's own barrier (128
// threads). Stages: 4 x (128x64 + 64x128) x 2 = 131072 bytes; the staging
// tile is a whole 128 x (128 + 8) f32 tile from there; warpgroup 1's store
// view needs 64 lead rows, 64 x 136 x 4 = 34816 bytes: 131072 - 34816 = 96256.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @pingpong_kernel(
// CHECK-SAME:      %{{[^:]+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %{{[^:]+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr)
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
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C1920:.+]] = arith.constant 1920 : index
// CHECK-DAG:     %[[C32768:.+]] = arith.constant 32768 : index
// CHECK-DAG:     %[[C96256:.+]] = arith.constant 96256 : index
// CHECK-DAG:     %[[C131072:.+]] = arith.constant 131072 : index
// CHECK-DAG:     %[[ID1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[ID3:.+]] = arith.constant 3 : i32
// CHECK-DAG:     %[[ID5:.+]] = arith.constant 5 : i32
// CHECK-DAG:     %[[GROUP_THREADS:.+]] = arith.constant 128 : i32
// CHECK-DAG:     %[[BOTH_THREADS:.+]] = arith.constant 256 : i32
// CHECK:         %[[M:.+]] = memref.dim %[[C]], %[[C0]]
// CHECK:         %[[N:.+]] = memref.dim %[[C]], %[[C1]]
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WG_OWN:.+]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[WG_I32:.+]] = arith.index_castui %[[WG_OWN]] : index to i32
// CHECK-NEXT:    %[[WG_SHFL:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WG_I32]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT:    %[[WG:.+]] = arith.index_castui %[[WG_SHFL]] : i32 to index
// CHECK-NEXT:    %[[IN_WG:.+]] = arith.remui %[[TID]], %[[C128]] : index
// CHECK-NEXT:    %[[PRIMARY:.+]] = arith.cmpi eq, %[[IN_WG]], %[[C0]] : index
// CHECK-NEXT:    %[[SMEM:.+]] = gpu.dynamic_shared_memory
// CHECK-NEXT:    %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-NEXT:    %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-NEXT:    %[[FIRST:.+]] = arith.cmpi eq, %[[TID]], %[[C0]] : index
// CHECK-NEXT:    scf.if %[[FIRST]] {
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C0]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C1]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C1]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C2]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C2]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[FULL]][%[[C3]]], %[[C1]] :
// CHECK-NEXT:      nvgpu.mbarrier.init %[[EMPTY]][%[[C3]]], %[[C1]] :
// CHECK:         gpu.barrier
// CHECK:         %[[COUNT:.+]] = arith.ceildivui %{{.+}}, %{{.+}} : index

// The producer (warpgroup 2) fills the ring for every tile in order.
// CHECK-NEXT:    %[[IS_PRODUCER:.+]] = arith.cmpi eq, %[[WG]], %[[C2]] : index
// CHECK-NEXT:    scf.if %[[IS_PRODUCER]] {
// CHECK-NEXT:      nvvm.setmaxregister decrease 40
// CHECK:             scf.for %{{.+}} = %[[C0]] to %[[COUNT]] step %[[C1]] {
// CHECK:                 nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.+}}], %[[C32768]], predicate = %[[PRIMARY]] :
// CHECK-COUNT-3:         nvgpu.tma.async.load
// CHECK-NOT:             nvgpu.tma.async.load

// Consumer warpgroup g is group g: its thread index within the group is
// tid - 128 g, and it takes tiles g, g + 2, ... below count.
// CHECK:         } else {
// CHECK-NEXT:      nvvm.setmaxregister increase 232
// CHECK-NEXT:      %[[GROUP_BASE:.+]] = arith.muli %[[WG]], %[[C128]] : index
// CHECK-NEXT:      %[[GROUP_TID:.+]] = arith.subi %[[TID]], %[[GROUP_BASE]] : index
// CHECK-NEXT:      scf.for %[[TILE:.+]] = %[[WG]] to %[[COUNT]] step %[[C2]] {
// CHECK:             %[[ROW:.+]] = arith.muli %{{.+}}, %[[C128]] : index
// CHECK-NEXT:        %[[COL:.+]] = arith.muli %{{.+}}, %[[C128]] : index

// Main loop: after the block's first tile, wait for this group's turn on
// barrier 3 + g (bar.sync with both groups' 256 threads)...
// CHECK-NEXT:        %[[LATER:.+]] = arith.cmpi ugt, %[[TILE]], %[[C0]] : index
// CHECK-NEXT:        scf.if %[[LATER]] {
// CHECK-NEXT:          %[[G:.+]] = arith.index_castui %[[WG]] : index to i32
// CHECK-NEXT:          %[[MAIN_TURN:.+]] = arith.addi %[[G]], %[[ID3]] : i32
// CHECK-NEXT:          nvvm.barrier id = %[[MAIN_TURN]] number_of_threads = %[[BOTH_THREADS]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[INIT:.+]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// ...the tile's first K step, peeled (128-row warpgroup tiles: each 64-row
// slice's first wgmma writes its accumulator, scale-d zero; see
// tile-warp-specialize-layouts.mlir)...
// CHECK-NEXT:        %[[ANY:.+]] = arith.cmpi ugt, %{{.+}}, %[[C0]] : index
// CHECK-NEXT:        %[[PEELED:.+]] = scf.if %[[ANY]] -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>) {
// CHECK:               D[<f32>, <zero>, <wrapped>]
// CHECK:             } else {
// CHECK-NEXT:          scf.yield %[[INIT]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FROM:.+]] = arith.minui %{{.+}}, %[[C1]] : index
// CHECK:             %[[RESULT:.+]]:3 = scf.for %{{.+}} = %[[FROM]] to %{{.+}} step %[[C1]] iter_args(%{{.+}} = %[[PEELED]], %[[STAGE:.+]] = %{{.+}}, %{{.+}} = %{{.+}})
// CHECK-NEXT:          nvgpu.mbarrier.try_wait.parity %[[FULL]][%[[STAGE]]]
// CHECK:               nvgpu.warpgroup.mma {{.+}} {transposeB} :
// CHECK-SAME:            <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x128xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
// CHECK:                 nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]]
// CHECK:               scf.yield

// ...and once its wgmmas are issued, hand the main loop to the other group
// (bar.arrive on 3 + (1 - g)) if the block has a next tile.
// CHECK:             %[[NEXT:.+]] = arith.addi %[[TILE]], %[[C1]] : index
// CHECK-NEXT:        %[[MORE:.+]] = arith.cmpi ult, %[[NEXT]], %[[COUNT]] : index
// CHECK-NEXT:        scf.if %[[MORE]] {
// CHECK-NEXT:          %[[OTHER:.+]] = arith.subi %[[C1]], %[[WG]] : index
// CHECK-NEXT:          %[[O:.+]] = arith.index_castui %[[OTHER]] : index to i32
// CHECK-NEXT:          %[[OTHER_MAIN_TURN:.+]] = arith.addi %[[O]], %[[ID3]] : i32
// CHECK-NEXT:          nvvm.barrier.arrive id = %[[OTHER_MAIN_TURN]] number_of_threads = %[[BOTH_THREADS]]
// CHECK-NEXT:        }
// CHECK-NEXT:        nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:             %[[LAST_STAGE:.+]] = arith.remui %{{.+}}, %[[C4]] : index
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%[[LAST_STAGE]]], %[[C0]], predicate = %[[PRIMARY]] :

// Epilogue: the same turns on barrier 5 + g, around the group's own barrier
// 1 + g of 128 threads, the staging tile and the copy to C.
// CHECK-NEXT:        scf.if %[[LATER]] {
// CHECK-NEXT:          %[[G:.+]] = arith.index_castui %[[WG]] : index to i32
// CHECK-NEXT:          %[[EPILOGUE_TURN:.+]] = arith.addi %[[G]], %[[ID5]] : i32
// CHECK-NEXT:          nvvm.barrier id = %[[EPILOGUE_TURN]] number_of_threads = %[[BOTH_THREADS]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[G:.+]] = arith.index_castui %[[WG]] : index to i32
// CHECK-NEXT:        %[[GROUP_BARRIER:.+]] = arith.addi %[[G]], %[[ID1]] : i32
// CHECK-NEXT:        nvvm.barrier id = %[[GROUP_BARRIER]] number_of_threads = %[[GROUP_THREADS]]
// CHECK-NEXT:        %[[STORE_VIEW:.+]] = memref.view %[[SMEM]][%[[C96256]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<192x136xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[WG_ROWS:.+]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:        %[[VIEW_ROW:.+]] = arith.subi %[[C64]], %[[WG_ROWS]] : index
// CHECK-NEXT:        %[[MINE:.+]] = memref.subview %[[STORE_VIEW]][%[[VIEW_ROW]], %[[C0]]] [128, 128] [1, 1]
// CHECK-SAME:          : memref<192x136xf32, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[136, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:        nvgpu.warpgroup.mma.store %[[RESULT]]#0, %[[MINE]] :
// CHECK-NEXT:        nvvm.barrier id = %[[GROUP_BARRIER]] number_of_threads = %[[GROUP_THREADS]]
// CHECK-NEXT:        %[[STAGING:.+]] = memref.view %[[SMEM]][%[[C131072]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x136xf32, #gpu.address_space<workgroup>>
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
// CHECK-NEXT:        %[[R0:.+]] = arith.divui %[[GROUP_TID]], %[[C16]] : index
// CHECK-NEXT:        %[[Q0:.+]] = arith.remui %[[GROUP_TID]], %[[C16]] : index
// CHECK-NEXT:        %[[CC0:.+]] = arith.muli %[[Q0]], %[[C8]] : index
// CHECK-NEXT:        %[[F0:.+]] = vector.load %[[STAGING]][%[[R0]], %[[CC0]]] : memref<128x136xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:        %[[H0:.+]] = arith.truncf %[[F0]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT:        %[[GR0:.+]] = arith.addi %[[ROW]], %[[R0]] : index
// CHECK-NEXT:        %[[GC0:.+]] = arith.addi %[[COL]], %[[CC0]] : index
// CHECK-DAG:         %[[END0:.+]] = arith.addi %[[GC0]], %[[C8]] : index
// CHECK-DAG:         %[[COLS_IN0:.+]] = arith.cmpi ule, %[[END0]], %[[N]] : index
// CHECK-DAG:         %[[ROW_IN0:.+]] = arith.cmpi ult, %[[GR0]], %[[M]] : index
// CHECK:             %[[INSIDE0:.+]] = arith.andi %[[ROW_IN0]], %[[COLS_IN0]] : i1
// CHECK-NEXT:        %[[WHOLE0:.+]] = arith.andi %[[VECTORS]], %[[INSIDE0]] : i1
// CHECK-NEXT:        scf.if %[[WHOLE0]] {
// CHECK-NEXT:          vector.store %[[H0]], %[[C]][%[[GR0]], %[[GC0]]] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[E0_IN0:.+]] = arith.cmpi ult, %[[GC0]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK0:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN0]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK0]] {
// CHECK-NEXT:            %[[E0_V0:.+]] = vector.extract %[[H0]][0] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V0]], %[[C]][%[[GR0]], %[[GC0]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL1:.+]] = arith.addi %[[GC0]], %[[C1]] : index
// CHECK-NEXT:          %[[E0_IN1:.+]] = arith.cmpi ult, %[[E0_COL1]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK1:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN1]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK1]] {
// CHECK-NEXT:            %[[E0_V1:.+]] = vector.extract %[[H0]][1] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V1]], %[[C]][%[[GR0]], %[[E0_COL1]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL2:.+]] = arith.addi %[[GC0]], %[[C2]] : index
// CHECK-NEXT:          %[[E0_IN2:.+]] = arith.cmpi ult, %[[E0_COL2]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK2:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN2]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK2]] {
// CHECK-NEXT:            %[[E0_V2:.+]] = vector.extract %[[H0]][2] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V2]], %[[C]][%[[GR0]], %[[E0_COL2]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL3:.+]] = arith.addi %[[GC0]], %[[C3]] : index
// CHECK-NEXT:          %[[E0_IN3:.+]] = arith.cmpi ult, %[[E0_COL3]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK3:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN3]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK3]] {
// CHECK-NEXT:            %[[E0_V3:.+]] = vector.extract %[[H0]][3] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V3]], %[[C]][%[[GR0]], %[[E0_COL3]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL4:.+]] = arith.addi %[[GC0]], %[[C4]] : index
// CHECK-NEXT:          %[[E0_IN4:.+]] = arith.cmpi ult, %[[E0_COL4]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK4:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN4]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK4]] {
// CHECK-NEXT:            %[[E0_V4:.+]] = vector.extract %[[H0]][4] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V4]], %[[C]][%[[GR0]], %[[E0_COL4]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL5:.+]] = arith.addi %[[GC0]], %[[C5]] : index
// CHECK-NEXT:          %[[E0_IN5:.+]] = arith.cmpi ult, %[[E0_COL5]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK5:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN5]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK5]] {
// CHECK-NEXT:            %[[E0_V5:.+]] = vector.extract %[[H0]][5] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V5]], %[[C]][%[[GR0]], %[[E0_COL5]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL6:.+]] = arith.addi %[[GC0]], %[[C6]] : index
// CHECK-NEXT:          %[[E0_IN6:.+]] = arith.cmpi ult, %[[E0_COL6]], %[[N]] : index
// CHECK-NEXT:          %[[E0_OK6:.+]] = arith.andi %[[ROW_IN0]], %[[E0_IN6]] : i1
// CHECK-NEXT:          scf.if %[[E0_OK6]] {
// CHECK-NEXT:            %[[E0_V6:.+]] = vector.extract %[[H0]][6] : bf16 from vector<8xbf16>
// CHECK-NEXT:            memref.store %[[E0_V6]], %[[C]][%[[GR0]], %[[E0_COL6]]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E0_COL7:.+]] = arith.addi %[[GC0]], %[[C7]] : index
// CHECK-NEXT:          %[[E0_IN7:.+]] = arith.cmpi ult, %[[E0_COL7]], %[[N]] : index
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
// CHECK:             arith.addi %[[GROUP_TID]], %[[C1920]] : index
// CHECK:             vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<8xbf16>
// CHECK-COUNT-8:     memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:         {{vector|memref}}.store
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        } else {
// The element copy for rows that take no 16-byte stores
// (passes/epilogue/CoalescedElementCopy.h), four per loop step.
// CHECK:               scf.for
// CHECK-COUNT-4:         memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK-NOT:             {{vector|memref}}.store
// CHECK:                 }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.if %[[MORE]] {
// CHECK-NEXT:          %[[OTHER:.+]] = arith.subi %[[C1]], %[[WG]] : index
// CHECK-NEXT:          %[[O:.+]] = arith.index_castui %[[OTHER]] : index to i32
// CHECK-NEXT:          %[[OTHER_EPILOGUE_TURN:.+]] = arith.addi %[[O]], %[[ID5]] : i32
// CHECK-NEXT:          nvvm.barrier.arrive id = %[[OTHER_EPILOGUE_TURN]] number_of_threads = %[[BOTH_THREADS]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
gpu.module @pingpong_kernel_module {
  gpu.func @pingpong_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                            %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                            %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                            %tma_a: !llvm.ptr, %tma_b: !llvm.ptr) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c128 : index
    %col = arith.muli %bx, %c128 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[128, 128], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c64 {
      %ta = memref.subview %a[%row, %kk] [128, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<128x64xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [64, 128] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x128xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[128, 128], f32>, memref<128x64xbf16, strided<[?, 1], offset: ?>>, memref<64x128xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [128, 128] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<128x128xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[128, 128], f32>, memref<128x128xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
