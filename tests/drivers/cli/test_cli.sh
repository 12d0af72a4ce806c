#!/usr/bin/env bash
# test_cli.sh STARCARP: the command's bad-input behaviour: each case checks the exit status and the
# message (the option, and the accepted values), never a crash.
set -u
sc=$1; fails=0; n=0
expect() {  # expect STATUS REGEX -- ARGS...
    local want=$1 re=$2; shift 3
    local out rc
    out=$("$sc" "$@" 2>&1); rc=$?
    n=$((n+1))
    if [ "$rc" != "$want" ] || ! grep -Eq -- "$re" <<<"$out"; then
        fails=$((fails+1)); printf 'FAIL: starcarp %s: status %s (want %s), output:\n%s\n' "$*" "$rc" "$want" "$out"
    fi
}
expect 2 'usage: starcarp COMMAND'                        --
expect 0 'commands:'                                      -- --help
expect 0 '^starcarp [0-9]+\.[0-9]+\.[0-9]+'               -- --version
expect 2 "unknown command 'frobnicate'.*codegen.*models"  -- frobnicate
expect 2 "unknown option '--bogus'.*--cells"              -- devices --bogus
expect 2 "--cells expects a positive integer, got 'abc'" -- devices --cells abc
expect 2 "--steps expects a positive integer, got '-3'"  -- devices --steps -3
expect 2 "--sched needs a scheduler name"                -- devices --sched
# bench's help is made from its option table: bench's options, the refused ones, starcarp's own
expect 0 '^  --stim-times LIST  '                          -- bench --help
expect 0 '^    --DIA, .*--plugin-outputs'                 -- bench --help
expect 0 '^starcarp extensions:'                          -- bench --help
expect 0 '--imp NAME'                                     -- bench --full-help
expect 2 "--strain \(-N\) is not supported by starcarp: stretch" -- bench -N 1
expect 1 "cannot read the file: Is a directory"  -- codegen "$(dirname "$0")" --check
w="$(dirname "$0")/../../codegen/warn/suspicious.model"
expect 0 "warning: 'unused_thing' is defined but never used"        -- codegen "$w" --check
expect 0 "warning: state 'x' has no initial value"                   -- codegen "$w" --check
expect 0 "warning: lookup table on .Ca. has no column"                   -- codegen "$w" --check
expect 1 "3 warnings treated as errors \(-Werror\)"                  -- codegen "$w" --check -Werror
m="$(dirname "$0")/../../../models/native/BeelerReuterNative.model"
tmp=$(mktemp -d)
expect 2 "--target 'fortran': accepted values are c, cpu, cuda, hip, all" -- codegen "$m" -o "$tmp" --target fortran
expect 2 "--precision 'half': accepted values are double, single, both"   -- codegen "$m" -o "$tmp" --precision half
expect 2 "bad method override 'cvode=euler'.*rush_larsen"                -- codegen "$m" -o "$tmp" --methods cvode=euler
expect 2 "--ident '9x': expected a C identifier"                          -- codegen "$m" -o "$tmp" --ident 9x
# the automatic choice of methods: a table row for another text of the model keeps its own methods, with a warning
printf 'BeelerReuterNative\t0000000000000000\t0.01\tcvode=fe\tx\n' >"$tmp/stale.tsv"
expect 0 "choice of methods was made for another text of the model in .*stale.tsv: its own methods are used" -- codegen "$m" -o "$tmp/auto" --target c --auto-methods "$tmp/stale.tsv"
expect 1 "--auto-methods: cannot read '.*/none.tsv'"                      -- codegen "$m" -o "$tmp/auto" --auto-methods "$tmp/none.tsv"
expect 2 "--tol-err expects a positive number, got '0'"                   -- methods "$m" --tol-err 0
expect 2 "unknown option or extra argument '--frob'.*--tol-apd"          -- methods "$m" --frob
expect 1 "no model 'nosuch'"                                              -- methods nosuch
expect 2 "give --check \(analyse\) or -o DIR"                             -- codegen "$m"
expect 1 "-o .*/missing/dir: cannot create the folder"                   -- codegen "$m" -o "$tmp/missing/dir"
# the generated help and the option table's messages: codegen, methods, models, mesh
expect 0 "^  --precision-table TABLE"                                     -- codegen --help
expect 2 "unknown option or extra argument '--frob'.*--ident"             -- codegen "$m" --frob
expect 2 "-o needs a folder"                                              -- codegen "$m" -o
expect 0 "^  --tol-state PCT"                                             -- methods --help
expect 0 "usage: starcarp models list"                                    -- models --help
expect 2 "models list: unknown option '--frob'"                           -- models list --frob
expect 2 "models info: a model is needed"                                 -- models info
expect 0 "^  --elem KIND"                                                 -- mesh --help
expect 0 "^  --dx D"                                                      -- mesh box --help
expect 2 "--elem: accepted values are hex, tet5, tet6 \(got 'tet7'\)"      -- mesh box --size 1 --dx 0.5 --elem tet7 --out "$tmp/b"
expect 2 "--size expects 1 to 3 positive lengths in mm, comma-separated, got '1,0'" -- mesh box --size 1,0 --dx 0.5 --out "$tmp/b"
expect 2 "unknown option '--bogus'.*--size --dx --elem --out"             -- mesh box --bogus
expect 2 "--out BASE is required"                                         -- mesh box --size 1 --dx 0.5
expect 0 "nodes \(3 x 3 x 3\), 8 elements \(hex\)"                        -- mesh box --size 1 --dx 0.5 --out "$tmp/b"
expect 0 "new/BeelerReuterNative_c.c"                                     -- codegen "$m" -o "$tmp/new" --target c
expect 0 "BeelerReuterNative_cpu_f32.c"                                    -- codegen "$m" -o "$tmp" --target cpu --precision both
expect 0 "br_cuda.cu"                                                      -- codegen "$m" -o "$tmp" --target cuda --ident br
# the register caps measured (--launch-table): a row for this text, its methods and double precision
# sets the CUDA kernel's cap; single precision, another text, or other methods keep the rule
h=$(sed -n 's/.*FNV-1a 64 of the text: \([0-9a-f]*\)).*/\1/p' "$tmp/br_cuda.cu")
rule=$(sed -n 's/^#define GEN_MIN_BLOCKS \([0-9]*\).*/\1/p' "$tmp/br_cuda.cu")
mb=$(( rule == 5 ? 7 : 5 ))
printf '# x\nBeelerReuterNative\t%s\t-\tf64\t%d\nBeelerReuterNative\t%s\tcvode=fe\tf32\t9\nBeelerReuterNative\t0000000000000000\t-\tf32\t9\n' \
    "$h" "$mb" "$h" >"$tmp/launch.tsv"
expect 0 "lt_cuda_f32.cu" -- codegen "$m" -o "$tmp" --target cuda --precision both --ident lt --launch-table "$tmp/launch.tsv"
n=$((n + 1))
if ! grep -q "^#define GEN_MIN_BLOCKS $mb .*measured" "$tmp/lt_cuda.cu" || ! grep -q "^#define GEN_MIN_BLOCKS [0-9]* .*registers \*/" "$tmp/lt_cuda_f32.cu" ||
    grep -q "GEN_MIN_BLOCKS 9" "$tmp/lt_cuda_f32.cu"; then
    fails=$((fails + 1)); echo "FAIL: --launch-table: double's cap $mb (rule $rule), single's the rule:"; grep -h "define GEN_MIN_BLOCKS" "$tmp"/lt_cuda*.cu
fi
printf 'BeelerReuterNative\t%s\t-\tf64\t17\n' "$h" >"$tmp/bad.tsv"
expect 1 "bad.tsv:1: min_blocks '17': expected an integer from 1 to 16" -- codegen "$m" -o "$tmp" --target cuda --launch-table "$tmp/bad.tsv"
printf 'BeelerReuterNative\t%s\n' "$h" >"$tmp/short.tsv"
expect 1 "short.tsv:1: a row needs model, source_hash, methods, precision, min_blocks" -- codegen "$m" -o "$tmp" --launch-table "$tmp/short.tsv"
expect 1 "--launch-table: cannot read '.*/none.tsv'" -- codegen "$m" -o "$tmp" --launch-table "$tmp/none.tsv"
# the single-precision check (--precision-table): the row for this text and its methods becomes
# ID_single_check; another text's row leaves it unchecked; a malformed row is an error naming it
printf 'BeelerReuterNative\t%s\t-\tf32\tfails\tnan\tnan\tnan\tnan\t0.03\t-0.06\tVm = inf at t = 1 ms\tdev\t2026-11-29\n' \
    "$h" >"$tmp/single.tsv"
expect 0 "st_c.c" -- codegen "$m" -o "$tmp" --target c --ident st --precision-table "$tmp/single.tsv"
sed "s/$h/0000000000000000/" "$tmp/single.tsv" >"$tmp/other.tsv"
expect 0 "so_c.c" -- codegen "$m" -o "$tmp" --target c --ident so --precision-table "$tmp/other.tsv"
n=$((n + 1))
if ! grep -q "st_single_check = {SC_SINGLE_FAILS, NAN, NAN, {0.03, NAN}, {-0.06, NAN}, 0.01,$" "$tmp/st_c.c" ||
    ! grep -q '"Vm = inf at t = 1 ms"' "$tmp/st_c.c" || ! grep -q "so_single_check = {SC_SINGLE_UNCHECKED" "$tmp/so_c.c"; then
    fails=$((fails + 1)); echo "FAIL: --precision-table: the row's check, another text's none:"; grep -h -A2 "_single_check =" "$tmp"/s[to]_c.c
fi
sed 's/fails/passes/' "$tmp/single.tsv" >"$tmp/single_bad.tsv"
expect 1 "single_bad.tsv:1: expected status completes or fails, then six numbers \(or nan\)" -- codegen "$m" -o "$tmp" --precision-table "$tmp/single_bad.tsv"
printf 'BeelerReuterNative\t%s\t-\tf32\tfails\n' "$h" >"$tmp/single_short.tsv"
expect 1 "single_short.tsv:1: a row needs model, source_hash, methods, precision, status, .*, date" -- codegen "$m" -o "$tmp" --precision-table "$tmp/single_short.tsv"
# benchmark: bad options, then one tiny run whose table and CSV hold a figure for every configuration
# this machine has (the portable C on one core and the CPU workers at least; the GPU ones where a GPU is),
# and the tissue table (--tissue: the N-version slab at dx 0.5 mm on the CPUs at least)
expect 2 "--precision: accepted values are double, single, both \(got 'half'\)" -- benchmark --precision half
expect 2 "--models nope: unknown model 'nope'"            -- benchmark --models nope
expect 2 "--k 20 is more than --steps 10"                 -- benchmark --steps 10 --k 20
# K is --steps-per-task in every command (benchmark's older --k still accepted); the shared options
# (cli_opts.c) say the option and what it accepts
expect 2 "--steps-per-task 20 is more than --steps 10"    -- benchmark --steps 10 --steps-per-task 20
expect 2 "--steps-per-task expects a positive integer \(time steps\), got '0'" -- benchmark --steps-per-task 0
expect 2 "--ncpu expects a non-negative integer \(CPU workers\), got 'x'" -- calibrate --ncpu x
expect 2 "--dt expects a positive number of ms, got '-1'"  -- tissue --imp AlievPanfilov --size 1 --dt -1
expect 2 "--precision: accepted values are double, single \(or 64, 32\) \(got 'both'\)" -- calibrate --precision both
expect 2 "--min-time expects seconds > 0, got '0'"        -- benchmark --min-time 0
expect 2 "--tissue expects a spacing in mm from 0.01 to 1, got '5'" -- benchmark --tissue=5
expect 0 '\| AlievPanfilov \| [0-9.e+]+ \| (-|[0-9.e+]+) \|' -- benchmark --models AlievPanfilov \
    --cells 4096 --c-cells 512 --steps 20 --k 10 --min-time 0.05 --tissue=0.5 --csv "$tmp/bm.csv" --png "$tmp/bm.png" -q
n=$((n+1))
if ! grep -Eq '^AlievPanfilov,64,c-1core,[0-9.e+]+,' "$tmp/bm.csv" || ! grep -Eq '^AlievPanfilov,64,cpu-all,[0-9.e+]+,' "$tmp/bm.csv" \
        || ! grep -Eq '^AlievPanfilov,64,tissue-cpu,[0-9.e+]+,' "$tmp/bm.csv" \
        || [ "$(head -c 8 "$tmp/bm.png" | od -An -tx1 | tr -d ' ')" != 89504e470d0a1a0a ]; then
    fails=$((fails+1)); echo "FAIL: benchmark's CSV or PNG"; cat "$tmp/bm.csv"
fi
# the operations and kernel columns (docs/performance.md): the table's head names them; a CPU row of the
# CSV has the model's flops per cell-step (Aliev-Panfilov: no transcendental call) and "-" for the GPU
# ones; without a GPU every row's GPU columns are "-" and --gpu-only has nothing to run
expect 0 '\| gpu-k % of copy bw \| flop/step \| gpu-k % of flop peak \| regs \| spill B \| occupancy % \| limit \|' \
    -- benchmark --models AlievPanfilov --cells 1024 --c-cells 256 --steps 10 --k 10 --min-time 0.01 -q
n=$((n+1))
if ! head -1 "$tmp/bm.csv" | grep -q ',flops_per_step,transc_per_step,fraction_of_flop_peak,regs,spill_bytes,occupancy,limit$' \
        || ! grep -Eq '^AlievPanfilov,64,c-1core,[0-9.e+]+,[0-9.e+]+,nan,[1-9][0-9]*,0,-,-,-,-,-$' "$tmp/bm.csv"; then
    fails=$((fails+1)); echo "FAIL: benchmark's CSV columns"; cat "$tmp/bm.csv"
fi
if ! nvidia-smi -L >/dev/null 2>&1; then
    n=$((n+1))
    if grep -Eq ',(gpu-k1|gpu-k),' "$tmp/bm.csv" || grep -Ev '^AlievPanfilov,64,tissue' "$tmp/bm.csv" | tail -n +2 | grep -Evq ',-,-,-,-$'; then
        fails=$((fails+1)); echo "FAIL: benchmark's GPU columns without a GPU"; cat "$tmp/bm.csv"
    fi
    expect 1 '--gpu-only: (no GPU worker here|StarPU found no GPU)' -- benchmark --models AlievPanfilov --gpu-only -q
fi
rm -rf "$tmp"
echo "$((n-fails)) passed, $fails failed"
[ $fails = 0 ] && [ $n -gt 0 ] # a test that checked nothing has not passed
