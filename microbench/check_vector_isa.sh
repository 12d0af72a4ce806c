#!/bin/sh
# check_vector_isa.sh: does the vectorised CPU kernel of a model really use vector instructions?
#
# Usage: check_vector_isa.sh LIBSTARCARP.so [MODEL_IDENT] [--require]
#   MODEL_IDENT: the model's C identifier (default ten_tusscher_model_2006_epi)
#   --require:   exit 1 when the f64 kernel has no packed-double arithmetic, or when the library
#                needs libmvec and the kernel makes no call into it (_ZGV*)
# Disassembles the library (objdump -d), follows the calls and jumps from IDENT_cpu_f64_run and
# IDENT_cpu_f32_run through the library's own functions (static helpers, clones, tail calls), and
# prints per kernel: the functions reached, instructions on zmm / ymm / xmm registers, packed-double
# (..pd) and packed-single (..ps) arithmetic, scalar (..sd/..ss) arithmetic, and the calls to
# libmvec (_ZGV*, e.g. _ZGVeN8v_exp) and to scalar libm functions.
set -eu
lib=${1:?usage: check_vector_isa.sh LIB.so [MODEL_IDENT] [--require]}
id=ten_tusscher_model_2006_epi
require=0
shift
for a in "$@"; do
    case $a in
        --require) require=1 ;;
        *) id=$a ;;
    esac
done
command -v objdump >/dev/null 2>&1 || { echo "check_vector_isa: objdump not found"; exit 77; }
[ -r "$lib" ] || { echo "check_vector_isa: $lib: cannot read"; exit 1; }
arch=$(objdump -f "$lib" | sed -n 's/.*architecture: *\([^,]*\).*/\1/p')
case $arch in
    *x86-64*) ;;
    *) echo "check_vector_isa: $lib is $arch, not x86-64: nothing to check"; exit 77 ;;
esac
mvec=0
if objdump -p "$lib" | grep -q 'NEEDED.*libmvec'; then mvec=1; fi
tmp=${TMPDIR:-/tmp}/check_vector_isa.$$
trap 'rm -f "$tmp"' EXIT INT TERM
objdump -d --no-show-raw-insn "$lib" >"$tmp"

status=0
for prec in f64 f32; do
    root=${id}_cpu_${prec}_run
    if ! grep -q "<$root>:\$" "$tmp"; then
        echo "check_vector_isa: $root not found in $lib"
        status=1
        continue
    fi
    out=$(awk -v root="$root" '
        function flush() { }
        /^[0-9a-f]+ <[^>]+>:$/ {
            cur = $1; sub(/^0+/, "", cur); if (cur == "") cur = "0"
            nm = $2; sub(/^</, "", nm); sub(/>:$/, "", nm)
            name[cur] = nm; if (nm == root) start = cur
            nl[cur] = 0; next
        }
        cur != "" && /^ *[0-9a-f]+:\t/ {
            line = $0; sub(/^ *[0-9a-f]+:\t/, "", line)
            body[cur, nl[cur]++] = line
        }
        END {
            if (start == "") exit 2
            q[0] = start; seen[start] = 1; nq = 1
            for (h = 0; h < nq; h++) {
                f = q[h]; nfun++; funs = funs (funs == "" ? "" : " ") name[f]
                for (k = 0; k < nl[f]; k++) {
                    l = body[f, k]
                    split(l, w, /[ \t]+/); op = w[1]
                    if (op ~ /^(bnd|notrack|rep|lock)$/) op = w[2]
                    if (l ~ /%zmm/) zmm++
                    if (l ~ /%ymm/) ymm++
                    if (l ~ /%xmm/) xmm++
                    arith = (op ~ /^v?(add|sub|mul|div|sqrt|min|max|fn?m(add|sub)[0-9]*|and|andn|or|xor|cmp|blendv?|rcp|rsqrt|round|rndscale|getexp|scalef)/)
                    if (arith && op ~ /pd$/) pd++
                    if (arith && op ~ /ps$/) ps++
                    if (arith && op ~ /sd$/) sd++
                    if (arith && op ~ /ss$/) ss++
                    if (op ~ /^(call|jmp)/ && match(l, /<[^>]+>/)) {
                        t = substr(l, RSTART + 1, RLENGTH - 2)
                        if (t ~ /@plt$/) {
                            sub(/@plt$/, "", t)
                            if (t ~ /^_ZGV/) { mv++; mvn[t] = 1 }
                            else if (t ~ /^(exp|expm1|log|log10|log1p|pow|sqrt|cbrt|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|fmod|floor|ceil|exp2|log2)f?$/) { lm++; lmn[t] = 1 }
                            continue
                        }
                        if (t ~ /\+0x/) continue
                        split(l, w2, /[ \t]+/); a = w2[2]; if (op ~ /^(bnd|notrack)$/) a = w2[3]
                        sub(/^0+/, "", a)
                        if (a in name && !(a in seen)) { seen[a] = 1; q[nq++] = a }
                    }
                }
            }
            for (t in mvn) mvl = mvl (mvl == "" ? "" : " ") t
            for (t in lmn) lml = lml (lml == "" ? "" : " ") t
            printf "functions %d zmm %d ymm %d xmm %d packed_double %d packed_single %d scalar_double %d scalar_single %d libmvec_calls %d libm_calls %d\n", nfun, zmm, ymm, xmm, pd, ps, sd, ss, mv, lm
            printf "reached: %s\n", funs
            printf "libmvec: %s\n", (mvl == "" ? "-" : mvl)
            printf "scalar libm: %s\n", (lml == "" ? "-" : lml)
        }' "$tmp") || { echo "check_vector_isa: cannot follow $root"; status=1; continue; }
    echo "== $root"
    echo "$out"
    counts=$(echo "$out" | head -n 1)
    get() { echo "$counts" | awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'; }
    if [ "$prec" = f64 ]; then
        pd=$(get packed_double); mv=$(get libmvec_calls); z=$(get zmm); y=$(get ymm)
        if [ "${pd:-0}" -eq 0 ]; then
            echo "FAIL: $root has no packed-double arithmetic"
            status=1
        fi
        if [ "$mvec" -eq 1 ] && [ "${mv:-0}" -eq 0 ]; then
            echo "FAIL: $lib needs libmvec but $root calls none of it"
            status=1
        fi
        if [ "${z:-0}" -eq 0 ] && [ "${y:-0}" -eq 0 ]; then
            echo "note: $root uses no ymm/zmm register (SSE2 width only)"
        fi
    fi
done
echo "libmvec linked: $([ $mvec -eq 1 ] && echo yes || echo no)"
if [ "$require" -eq 1 ]; then exit $status; fi
exit 0
