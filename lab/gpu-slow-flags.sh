#!/bin/bash
# lab/gpu-slow-flags.sh: whether the slow choice of methods on the GPU machine follows the
# candidates' compiler flags (-march=native there: AVX-512): `starcarp methods` for 25 s with the
# candidates compiled through a wrapper that swaps -march=native or -O1, the progress reached.
set -u
cd "$(dirname "$0")/.."
. lab/gpu/env.sh gpu-run
o=$OUT/flags.txt
cat > /tmp/ccw <<'W'
#!/bin/bash
a=(); for x in "$@"; do [ "$x" = -march=native ] && x=$MARCH; [ "$x" = -O1 ] && x=$OPT; a+=("$x"); done
exec cc "${a[@]}"
W
chmod +x /tmp/ccw
{ t0=$(date +%s); gpu_build ten_tusscher_model_2006_epi "$OUT/build.log"; echo "build rc $? $(($(date +%s) - t0)) s"
  m=models/cellml/ten_tusscher_model_2006_epi.model sc=build-gpu/bin/starcarp
  for v in "-march=native -O1" "-march=x86-64-v3 -O1" "-march=x86-64 -O1" "-march=native -O2" "-march=x86-64-v4 -O1"; do
    rm -rf /tmp/cs; set -- $v
    MARCH=$1 OPT=$2 CC=/tmp/ccw STARPU_NCUDA=0 STARCARP_CACHE=/tmp/cs timeout 25 $sc methods $m --dt 0.03 > /tmp/m.log 2>&1
    echo "== $v: $(grep -c 'checking candidate' /tmp/m.log) candidates checked; $(grep 'over 50 beats' /tmp/m.log | tail -1 | cut -c60-200)"
  done
} > "$o" 2>&1
cat "$o"
