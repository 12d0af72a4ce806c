#!/usr/bin/env bash
# run.sh [TARBALL [BUILD [OUTDIR]]]: starcarp against its peers on this node (issue 26), from the
# tarball lab/peers/prepare.sh made (default .carry/peers.tgz) and starcarp built in BUILD
# (default build-gpu/, as lab/gpu/run.sh builds it); writes OUTDIR (default $OUT)/peers.md and
# peers-logs.tgz (every raw output). PEERS_PARTS picks the parts (default "build gpu cpu"):
#   build  Myokit's kernels with our driver (nvcc -O3 -arch=sm_$PEERS_ARCH, default 90) and
#          MonoAlg3D_C's TT06 solver with our driver (gcc: MonoAlg3D's flags, and with -march=native),
#          into BUILD/peers/;
#   gpu    per model of the tarball (PEERS_MODELS: a comma-separated subset): Myokit's kernel on
#          PEERS_CELLS cells (default 1048576) for as many steps of 0.01 ms (a multiple of 100) as take
#          about PEERS_SECONDS (default 1.0) with 100 steps per launch, timed with 1 and 100 steps per
#          launch; then `starcarp bench --imp MODEL --num CELLS --duration (STEPS-1)*0.01 --numstim 0
#          --ncpu 0 --ngpu 1 --steps-per-task 100 --no-trace -q` (the same cells and steps: bench
#          counts duration/dt + 1 steps), at rest; ratio = starcarp / the better Myokit figure;
#          then Myokit's kernel through one paced beat, the model's case in tests/reference/cases.csv
#          (`NAME --paced STIM_CURR STIM_DUR STIM_START DURATION`, 128 cells; no stimulus for an
#          unpaced case): the geometric mean is over the models whose kernel stays finite at rest
#          and through the beat (the one over those finite at rest alone is printed too);
#   cpu    ten Tusscher 2006 on PEERS_CPU_CELLS cells (default 1048576) for PEERS_CPU_STEPS steps
#          (default 100): `starcarp bench ... --ncpu PEERS_NCPU (default cores - 1) --ngpu 0
#          --steps-per-task 100` against MonoAlg3D_C's solve_model_odes_cpu with OMP_NUM_THREADS =
#          cores and cores - 1, 1 and 100 steps per call, both builds; ratio against the best.
# PEERS_DRY=1: no GPU and no starcarp run: builds, runs MonoAlg3D's driver on 2 threads and small
# sizes, and prints the commands the gpu and cpu parts would run (for a check without a GPU).
# Exit 0 when every part ran (whatever the ratios), 1 otherwise.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)   # the repository root (this file is lab/peers/)
tarball=${1:-$top/.carry/peers.tgz}
build=${2:-$top/build-gpu}
out=${3:-${OUT:?give an output directory or set OUT}}
[ -f "$tarball" ] || { echo "peers: no $tarball: run lab/peers/prepare.sh DIR here and carry it" >&2; exit 1; }
mkdir -p "$out" "$build"; out=$(cd "$out" && pwd); build=$(cd "$build" && pwd)
export PATH=/usr/local/cuda/bin:$PATH
[ -d "$top/.carry/starpu/lib" ] && export LD_LIBRARY_PATH="$top/.carry/starpu/lib:${LD_LIBRARY_PATH:-}:$top/.carry/starpu/lib/fallback"
export STARPU_SILENT=1
parts=${PEERS_PARTS:-build gpu cpu}
dry=${PEERS_DRY:-0}
cells=${PEERS_CELLS:-1048576}; seconds=${PEERS_SECONDS:-1.0}
ncores=$(nproc)
cpu_cells=${PEERS_CPU_CELLS:-1048576}; cpu_steps=${PEERS_CPU_STEPS:-100}; ncpu=${PEERS_NCPU:-$((ncores - 1))}
work="$build/peers"; logs="$work/logs"
sc="$build/bin/starcarp"
has() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
rc=0
mkdir -p "$work"
if has build || [ ! -d "$work/peers" ]; then rm -rf "$work/peers"; tar -C "$work" -xzf "$tarball" || exit 1; fi
has build && rm -rf "${work:?}/bin"
mkdir -p "$logs" "$work/bin"
src="$work/peers"
models=$(awk -F'\t' 'NR > 1 && $2 != "none" { print $1 }' "$src/myokit/models.tsv")
[ -n "${PEERS_MODELS:-}" ] && models=$(echo "$models" | grep -Fx -f <(tr ',' '\n' <<<"$PEERS_MODELS"))
# bench's duration giving N steps (duration/dt + 1 steps), 0.01 ms
duration() { awk -v n="$1" 'BEGIN { printf "%.2f", (n - 1) * 0.01 }'; }
# field NAME of a `key value key value` line
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'; }
sc_rate() { sed -n 's/^summary: wall time .*, \([0-9.e+-]*\) cell-steps\/s$/\1/p' "$1"; }
head_md() {
    echo "# starcarp against its peers, $(hostname), $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sort -u | paste -sd';'); $ncores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')); starcarp commit $(cat "$top/.carry/COMMIT" 2>/dev/null || git -C "$top" rev-parse --short HEAD 2>/dev/null)."
    echo
    sed 's/^/    /' "$src/SOURCES.txt"
    echo
}

if has build; then
    echo "== peers: building Myokit's kernels ($(echo "$models" | wc -w)) and MonoAlg3D's solver"
    # our driver from this repository (the tarball's copy may be older), the kernels from the tarball
    echo "$models" | xargs -P "$ncores" -I{} sh -c 'nvcc -O3 -arch=sm_'"${PEERS_ARCH:-90}"' -I"$1/myokit" \
        -DPEER_KERNEL="\"$2.cu\"" -DPEER_VM=$(cat "$1/myokit/$2.vm") "$4/myokit_driver.cu" -o "$3/bin/$2" \
        >"$3/logs/$2.nvcc" 2>&1 || echo "peers: nvcc failed for $2 ($3/logs/$2.nvcc)"' - "$src" {} "$work" "$here"
    ma="$src/monoalg"
    for v in own native; do
        flags="-O3 -fopenmp -std=gnu99 -fno-strict-aliasing -DCELL_MODEL_REAL_DOUBLE"
        [ $v = native ] && flags="$flags -march=native"
        gcc $flags -I"$ma/src" "$ma/monoalg_driver.c" "$ma/src/models_library/ten_tusscher/ten_tusscher_2006_RS_CPU.c" \
            -lm -o "$work/bin/monoalg-tt06-$v" >"$logs/monoalg-$v.gcc" 2>&1 || { echo "peers: gcc failed ($v)"; rc=1; }
    done
    echo "== peers: $(find "$work/bin" -type f ! -name 'monoalg-*' | wc -l) Myokit kernels built"
fi

if has gpu; then
    echo "== peers: GPU, $cells cells, about ${seconds}s per Myokit run"
    {
        head_md
        echo "## One GPU: starcarp bench against Myokit $(sed -n 's/^Myokit \([0-9.]*\).*/\1/p' "$src/SOURCES.txt")'s CUDA kernels"
        echo
        echo "$cells cells at rest (no stimulus), dt 0.01 ms, double precision, both from the model's initial state;"
        echo "Myokit: cell-steps/s of its kernel in our driver with 1 and with 100 steps per launch (CUDA events);"
        echo "starcarp: \`bench --num $cells --numstim 0 --ncpu 0 --ngpu 1 --steps-per-task 100 --no-trace\`, the same steps"
        echo "(its summary's cell-steps/s: wall time of the time loop). Ratio: starcarp over the better Myokit figure."
        echo "Stable: every state of every cell finite after both Myokit runs. Paced beat: Myokit's kernel on 128 cells through one beat of the model's case (tests/reference/cases.csv: its stimulus, given as the diffusion current, and its length; no stimulus for an unpaced case), every state finite after it (with the highest Vm of cell 0) or NaN by the time given (1 ms resolution). V: the membrane potential of cell 0 at the start and end (Myokit) and at bench's last output (starcarp)."
        echo
        echo "| model | states | Myokit exporter | steps | starcarp cell-steps/s | Myokit K=1 | Myokit K=100 | ratio | Myokit stable | Myokit paced beat | V Myokit | V starcarp |"
        echo "|---|---:|---|---:|---:|---:|---:|---:|---|---|---|---|"
    } >"$work/gpu.md"
    : >"$work/ratios.txt"; : >"$work/ratios-rest.txt"
    for m in $models; do
        row=$(awk -F'\t' -v m="$m" '$1 == m' "$src/myokit/models.tsv")
        nsv=$(cut -f3 <<<"$row"); kind=$(cut -f2 <<<"$row")
        if [ ! -x "$work/bin/$m" ]; then
            echo "| $m | $nsv | $kind | | | | | | not built | | | |" >>"$work/gpu.md"; continue
        fi
        if [ "$dry" = 1 ]; then
            echo "dry: $work/bin/$m $cells 0 $seconds; $sc bench --imp $m --num $cells --duration <(STEPS-1)*0.01> --numstim 0 --ncpu 0 --ngpu 1 --steps-per-task 100 --no-trace -q"
            continue
        fi
        timeout 300 "$work/bin/$m" "$cells" 0 "$seconds" >"$logs/$m.myokit" 2>&1
        steps=$(field steps <"$logs/$m.myokit")
        k1=$(grep '^per_launch 1 ' "$logs/$m.myokit"); k100=$(grep '^per_launch 100 ' "$logs/$m.myokit")
        r1=$(field rate <<<"$k1"); r100=$(field rate <<<"$k100")
        stable=no; [ "$(field finite <<<"$k1")$(field finite <<<"$k100")" = 11 ] && stable=yes
        [ -n "$steps" ] && [ -n "$r100" ] || { stable="no (exit/timeout: logs/$m.myokit)"; steps=${steps:-1000}; }
        timeout 300 "$sc" bench --imp "$m" --num "$cells" --duration "$(duration "$steps")" --numstim 0 --ncpu 0 --ngpu 1 \
            --steps-per-task 100 --no-trace -q >"$logs/$m.sc.out" 2>"$logs/$m.sc.err"
        brc=$?
        ours=$(sc_rate "$logs/$m.sc.err")
        [ $brc = 0 ] && [ -n "$ours" ] || ours="failed ($brc)"
        vsc=$(tail -1 "$logs/$m.sc.out" | awk '{ print $2 + 0 }')
        best=$(awk -v a="${r1:-0}" -v b="${r100:-0}" 'BEGIN { print (a > b ? a : b) }')
        ratio=$(awk -v o="$ours" -v b="$best" 'BEGIN { if (o + 0 > 0 && b > 0) printf "%.2f", o / b }')
        # one paced beat of Myokit's kernel: the case's stimulus (none when unpaced) and length
        IFS=, read -r cpaced cstart cdur camp clen < <(awk -F, -v m="$m" '$1 == m { print $3 "," $4 "," $5 "," $6 "," $9 }' \
            "$top/tests/reference/cases.csv")
        beat="no case"
        if [ -n "${clen:-}" ]; then
            [ "$cpaced" = 1 ] || { camp=0; cdur=0; cstart=0; }
            timeout 300 "$work/bin/$m" --paced "$camp" "$cdur" "$cstart" "$clen" >"$logs/$m.paced" 2>&1
            pl=$(grep '^paced' "$logs/$m.paced")
            case "$(field finite <<<"$pl")" in
            1) beat="finite (Vmax $(field vmax <<<"$pl"))" ;;
            0) beat="NaN by $(field fail_ms <<<"$pl") ms" ;;
            *) beat="failed (logs/$m.paced)" ;;
            esac
        fi
        if [ "$stable" = yes ] && [ -n "$ratio" ]; then
            echo "$m $ratio" >>"$work/ratios-rest.txt"
            case "$beat" in finite*) echo "$m $ratio" >>"$work/ratios.txt" ;; esac
        fi
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s to %s | %s |\n' "$m" "$nsv" "$kind" "$steps" \
            "$ours" "$r1" "$r100" "$ratio" "$stable" "$beat" "$(field v0 <<<"$k100")" "$(field v_end <<<"$k100")" "$vsc" >>"$work/gpu.md"
        echo "peers: $m ratio ${ratio:-none} (starcarp $ours, Myokit $best, stable $stable, paced beat $beat)"
    done
    {
        echo
        awk -F'\t' 'NR > 1 && $2 == "none" { printf "No Myokit kernel: %s (%s).\n\n", $1, $5 }' "$src/myokit/models.tsv"
        gmean() { # FILE WHAT: the geometric mean line over the ratios of FILE
            awk -v what="$2" '{ n++; s += log($2); if (min == "" || $2 < min) { min = $2; mm = $1 } if ($2 < 0.8) low = low " " $1 }
                END { if (n) printf "%s over the %d models %s: %.2f%s; lowest %.2f (%s); below 0.8:%s\n", what == "paced" ? "**Geometric mean of the ratio" : "Geometric mean", n,
                    what == "paced" ? "whose Myokit kernel stays finite at rest and through a paced beat" : "whose Myokit kernel stays finite at rest (paced or not)",
                    exp(s / n), what == "paced" ? "**" : "", min, mm, low ? low : " none" }' "$1"
        }
        gmean "$work/ratios.txt" paced
        echo
        gmean "$work/ratios-rest.txt" rest
    } >>"$work/gpu.md"
    cat "$work/gpu.md" >>"$out/peers.md.part"
fi

if has cpu; then
    echo "== peers: CPU, ten Tusscher 2006, $cpu_cells cells x $cpu_steps steps"
    {
        echo
        echo "## CPU: starcarp bench against MonoAlg3D_C's OpenMP solver, ten Tusscher 2006 epi"
        echo
        echo "$cpu_cells cells at rest, $cpu_steps steps of 0.01 ms, double precision, this node's $ncores cores."
        echo "MonoAlg3D_C: its solve_model_odes_cpu (an OpenMP loop over the cells) and set_model_initial_conditions_cpu"
        echo "(ten_tusscher_2006_RS_CPU.c, Rush-Larsen gates) with our driver and stub headers, compiled with its build.sh's flags"
        echo "(own: -O3 -fopenmp -std=gnu99 -fno-strict-aliasing -DCELL_MODEL_REAL_DOUBLE) and with -march=native added (native);"
        echo "K: steps per call. starcarp: \`bench --imp ten_tusscher_model_2006_epi --num $cpu_cells --numstim 0 --ncpu $ncpu --ngpu 0 --steps-per-task 100 --no-trace\`."
        echo
        echo "| run | threads / workers | K | cell-steps/s | finite | V start to end |"
        echo "|---|---:|---:|---:|---|---|"
    } >"$work/cpu.md"
    mcells=$cpu_cells; msteps=$cpu_steps; threads="$ncores $((ncores - 1))"
    [ "$dry" = 1 ] && { mcells=4096; msteps=1000; threads=2; }
    for v in own native; do
        for t in $threads; do
            OMP_NUM_THREADS=$t timeout 600 "$work/bin/monoalg-tt06-$v" "$mcells" "$msteps" >"$logs/monoalg-$v-$t.txt" 2>&1 || rc=1
            while read -r line; do
                printf '| MonoAlg3D_C (%s) | %s | %s | %s | %s | %s to %s |\n' "$v" "$t" "$(field per_call <<<"$line")" \
                    "$(field rate <<<"$line")" "$(field finite <<<"$line")" "$(field v0 <<<"$line")" "$(field v_end <<<"$line")"
            done < <(grep '^per_call' "$logs/monoalg-$v-$t.txt") >>"$work/cpu.md"
        done
    done
    cmd=("$sc" bench --imp ten_tusscher_model_2006_epi --num "$cpu_cells" --duration "$(duration "$cpu_steps")" --numstim 0
        --ncpu "$ncpu" --ngpu 0 --steps-per-task 100 --no-trace -q)
    if [ "$dry" = 1 ]; then
        echo "dry: ${cmd[*]}"
    else
        "${cmd[@]}" >"$logs/cpu-starcarp.out" 2>"$logs/cpu-starcarp.err" || rc=1
        ours=$(sc_rate "$logs/cpu-starcarp.err")
        echo "| starcarp bench | $ncpu | 100 | $ours | | $(tail -1 "$logs/cpu-starcarp.out" | awk '{ print $2 + 0 }') at the last output |" >>"$work/cpu.md"
        # every run's rate (field stops at a line's first match: one line at a time)
        best=$(grep -h '^per_call' "$logs"/monoalg-*.txt | while read -r l; do field rate <<<"$l"; done | sort -g | tail -1)
        awk -v o="$ours" -v b="$best" 'BEGIN { if (o > 0 && b > 0) printf "\n**starcarp over the best MonoAlg3D_C run: %.2f**\n", o / b }' >>"$work/cpu.md"
    fi
    cat "$work/cpu.md"
    cat "$work/cpu.md" >>"$out/peers.md.part"
fi

if [ -f "$out/peers.md.part" ]; then
    { has gpu || head_md; cat "$out/peers.md.part"; } >"$out/peers.md"
    rm -f "$out/peers.md.part"
fi
tar -C "$work" -czf "$out/peers-logs.tgz" logs "$(basename "$src")/myokit/models.tsv" "$(basename "$src")/SOURCES.txt"
echo "peers: wrote $out/peers.md and $out/peers-logs.tgz"
exit $rc
