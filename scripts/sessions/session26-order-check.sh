tar xJf device-pack/artifacts.tar.xz
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
BFEX=gemm_bf16_wgmma_sm90
cp -r $D/gp_$BFEX $D/gp2_$BFEX
ROUNDS=3 time_interleaved "4097x4095x4096" "gp.bfex=gp_$BFEX" "bfex=$BFEX" "bv.bfex=bv_$BFEX" "gp2.bfex=gp2_$BFEX"
for v in $BFEX gp_$BFEX; do cuobjdump -sass $D/$v/*.cubin > $OUT_ROOT/$v.sass 2>&1; done
echo "failures: $failures"
