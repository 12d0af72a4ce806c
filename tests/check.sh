# check.sh: sourced by the shell tests that count checks (tests/drivers/cli/test_*.sh, tests/numerics/*.sh, tests/stress/bits.sh,
# tests/tissue/test_*.sh).
#   check DESCRIPTION COMMAND...   the command must succeed; prints ok/FAIL, counts failures in $fails
#   check_done                     prints the counts and returns non-zero after a failure or
#                                  where no check ran
#   check_status DESCRIPTION STATUS   the same for a status already known ($?)
#   check_refused DESCRIPTION PATTERN COMMAND...   the command must exit 2 with PATTERN in its
#                                  output (stdout and stderr, left in refused.txt, shown on a failure)
#   check_workdir                  a fresh folder $W (removed on exit) made the current one, StarPU silent
#   check_tmp                      a fresh folder $tmp (removed on exit)
#   check_need_gpu                 exit 77 (skipped) where no NVIDIA GPU answers
#   check_gpu_count                prints how many NVIDIA GPUs answer (0 without nvidia-smi)
fails=0 checks=0
check() {
    local what=$1
    shift
    checks=$((checks + 1))
    if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
check_done() {
    echo "$checks checks, $fails failed"
    [ "$checks" -gt 0 ] || echo "FAIL: no check ran"
    [ "$fails" -eq 0 ] && [ "$checks" -gt 0 ]
}
check_status() {
    local what=$1
    checks=$((checks + 1))
    if [ "$2" = 0 ]; then echo "ok: $what"; else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
check_refused() {
    local what=$1 pat=$2
    shift 2
    "$@" > refused.txt 2>&1
    local rc=$?
    check "$what: exit 2 and '$pat'" sh -c "[ $rc = 2 ] && grep -q -- \"\$1\" refused.txt" sh "$pat"
    [ $rc = 2 ] || cat refused.txt
}
check_workdir() {
    W=$(mktemp -d)
    trap 'rm -rf "$W"' EXIT
    cd "$W" || exit 1
    export STARPU_SILENT=1
}
check_tmp() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
}
check_need_gpu() {
    command -v nvidia-smi > /dev/null && nvidia-smi -L > /dev/null 2>&1 || { echo "no GPU: skipped"; exit 77; }
}
check_gpu_count() {
    nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true
}
