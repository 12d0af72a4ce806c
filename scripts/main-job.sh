#!/usr/bin/env bash
# main-job.sh BUILD_DIR: the job `make run` runs.
#
# Until the runtime issue lands (population runs of a library model), the main job is:
#   1. StarPU on every CPU core and GPU of this node: workers, bus, and the partitioned check that
#      every worker computes the membrane update exactly as the host does (starcarp devices);
#   2. the EasyML front end over the whole model library (starcarp codegen --check on each model);
# and a summary of both.
set -uo pipefail
build=${1:-build}
sc="$build/bin/starcarp"
[ -x "$sc" ] || { echo "main-job: $sc not built" >&2; exit 1; }
export STARPU_SILENT=1
t0=$(date +%s%N)

echo "== 1/2 StarPU workers and device check"
"$sc" devices --cells 4194304 --steps 10; dev_rc=$?

echo "== 2/2 EasyML front end over the model library"
models=(models/cellml/*.model models/native/*.model)
ok=0; failed=()
i=0
for m in "${models[@]}"; do
    i=$((i+1))
    if [ -t 1 ]; then printf '\r  [%-40s] %d/%d %s\033[K' "$(printf '#%.0s' $(seq 1 $((40*i/${#models[@]}))))" "$i" "${#models[@]}" "$(basename "$m")"
    elif [ $((i % 10)) = 0 ] || [ $i = ${#models[@]} ]; then echo "  checked $i/${#models[@]} models"; fi
    if "$sc" codegen "$m" --check -q >/dev/null 2>"$build/main-job.err"; then ok=$((ok+1)); else failed+=("$m"); fi
done
[ -t 1 ] && printf '\n'
t1=$(date +%s%N)

echo "== summary"
printf '  devices check : %s\n' "$([ $dev_rc = 0 ] && echo OK || echo "FAILED ($dev_rc)")"
printf '  models checked: %d of %d OK\n' "$ok" "${#models[@]}"
for m in "${failed[@]}"; do printf '    failed: %s\n' "$m"; done
printf '  wall time     : %s s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", (b-a)/1e9}')"
[ $dev_rc = 0 ] && [ ${#failed[@]} = 0 ]
