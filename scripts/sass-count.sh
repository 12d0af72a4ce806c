#!/usr/bin/env bash
# sass-count.sh FILE.cu [MB]: static instruction counts of the kernels of one generated CUDA file
# (issue 11, "kernel speed"; no GPU needed, only nvcc and cuobjdump).
#
# Compiles FILE.cu as scripts/gpu-kernels.sh does (nvcc -O3 -arch=sm_90 -Xptxas -v -Iinclude), with
# SC_MIN_BLOCKS set to MB when given (else the file's own), to a cubin, disassembles it with
# cuobjdump -sass and prints one Markdown row per kernel (__global__ function):
#   registers, spill stores / loads (bytes, ptxas -v);
#   loop: instructions of the step loop, taken as the widest backward branch of the kernel's body
#         (the K steps of ID_cells: a cell-step runs every instruction there at most once, the
#         slow-path subroutines aside);
#   then, inside that loop: FP32 (FFMA + FMUL + FADD, the single-precision arithmetic); FP64
#   (DFMA + DMUL + DADD + DSETP + other D*), of which DFMA, DMUL,
#   DADD; MUFU (RCP64H, EX2, LG2, ...), of which RCP64H (one per double division or reciprocal);
#   exp64: double exp sequences (one DADD of -6.755399441055744e+15, the round-to-integer shift
#   of exp's argument reduction, per inlined exp); BRA; CALL (to a slow-path subroutine: division's special cases, ...); LDL + STL
#   (spill traffic); LDG;
#   sub: instructions of the subroutines placed after the body (slow paths, run rarely).
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc), CUOBJDUMP (default
# cuobjdump on PATH, else beside nvcc); `pip install nvidia-cuda-cuobjdump` provides one on a
# machine without the full toolkit (then CUOBJDUMP=.../nvidia/cu13/bin/cuobjdump).
# Run from the repository root (for -Iinclude). Exit status: 0, or 1 when a tool fails.
set -euo pipefail
cu=${1:?usage: scripts/sass-count.sh FILE.cu [MIN_BLOCKS]}
mb=${2:-}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
objdump=${CUOBJDUMP:-$(command -v cuobjdump || echo "$(dirname "$nvcc")/cuobjdump")}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src="$tmp/k.cu"
if [ -n "$mb" ]; then sed "s/^#define SC_MIN_BLOCKS [0-9]*/#define SC_MIN_BLOCKS $mb/" "$cu" >"$src"
else cp "$cu" "$src"; fi
"$nvcc" -O3 -arch=sm_90 -cubin -Xptxas -v -Iinclude -I"$(dirname "$cu")" "$src" -o "$tmp/k.cubin" \
    >"$tmp/ptxas" 2>&1 || { cat "$tmp/ptxas" >&2; exit 1; }
"$objdump" -sass "$tmp/k.cubin" >"$tmp/sass" || exit 1
echo "| kernel | regs | spill st/ld (B) | loop | FP32 | FP64 | DFMA | DMUL | DADD | MUFU | RCP64H | exp64 | BRA | CALL | LDL+STL | LDG | sub |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
# ptxas -v: "Compiling entry function 'NAME'", then "N bytes spill stores, M bytes spill loads",
# then "Used R registers"
awk -v P="$tmp/ptxas" '
    BEGIN {
        while ((getline l < P) > 0) {
            if (match(l, /entry function .[^'"'"']*/)) { k = substr(l, RSTART + 16, RLENGTH - 16) }
            if (match(l, /[0-9]+ bytes spill stores, [0-9]+ bytes spill loads/)) {
                split(substr(l, RSTART, RLENGTH), w, " "); spill[k] = w[1] "/" w[5] }
            if (match(l, /Used [0-9]+ registers/)) { split(substr(l, RSTART, RLENGTH), w, " "); regs[k] = w[2] }
        }
    }
    function flush(   i, lo, hi, best, n, op, c) {
        if (name == "") return
        # the step loop: the widest backward branch (target below the branch) of the body
        best = -1
        for (i = 1; i <= n_ins; i++)
            if (op_[i] ~ /^BRA/ && tgt[i] != "" && tgt[i] < addr[i] && addr[i] - tgt[i] > best) {
                best = addr[i] - tgt[i]; lo = tgt[i]; hi = addr[i] }
        # the body ends at the last EXIT; subroutines (slow paths, reached by CALL) follow it
        for (i = 1; i <= n_ins; i++) if (op_[i] == "EXIT") last_exit = addr[i]
        delete c; n = 0; nsub = 0
        for (i = 1; i <= n_ins; i++) {
            if (op_[i] == "NOP") continue
            if (addr[i] > last_exit) { nsub++; continue }
            if (best < 0 || addr[i] < lo || addr[i] > hi) continue
            n++; op = op_[i]; sub1 = op; sub(/\..*/, "", sub1)
            c[sub1]++
            if (sub1 ~ /^D(FMA|MUL|ADD|SETP|MNMX|RCP)$/ || sub1 ~ /^D[A-Z]+$/ && sub1 != "DEPBAR") c["FP64"]++
            if (op ~ /^MUFU\.RCP64H/) c["RCP64H"]++
            if (sub1 ~ /^F(FMA|MUL|ADD)$/) c["FP32"]++
            if (sub1 == "DADD" && txt[i] ~ /-6\.755399441055744/) c["EXP"]++
        }
        printf "| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", short(name),
            regs[name], spill[name], n, c["FP32"], c["FP64"], c["DFMA"], c["DMUL"], c["DADD"], c["MUFU"],
            c["RCP64H"], c["EXP"], c["BRA"], c["CALL"], c["LDL"] + c["STL"], c["LDG"], nsub
        name = ""; n_ins = 0; last_exit = 0
    }
    function hex(s,   i, v) {
        v = 0; s = tolower(s); sub(/^0x/, "", s)
        for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
        return v
    }
    function short(s) { sub(/^_Z[0-9]+/, "", s); sub(/10ScStepArgs$/, "", s); return s }
    /Function : / { flush(); name = $3; next }
    name != "" && match($0, /\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]*\*\/ +[^;]*;/) {
        t = substr($0, RSTART, RLENGTH)
        a = t; sub(/^\/\*/, "", a); sub(/\*\/.*/, "", a)
        ins = t; sub(/^\/\*[0-9a-f]+\*\/ +/, "", ins); sub(/ *;$/, "", ins)
        sub(/^@!?U?P[0-9T] +/, "", ins)          # predicate guard
        split(ins, w, /[ ,]+/)
        n_ins++; addr[n_ins] = hex(a); op_[n_ins] = w[1]; tgt[n_ins] = ""; txt[n_ins] = ins
        if (w[1] ~ /^BRA/ && match(ins, /0x[0-9a-f]+/)) tgt[n_ins] = hex(substr(ins, RSTART, RLENGTH))
    }
    END { flush() }
' "$tmp/sass"
