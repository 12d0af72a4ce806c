# check.sh: sourced by the shell tests that count checks (tests/cli/test_*.sh, tests/numerics/test_budget.sh).
#   check DESCRIPTION COMMAND...   the command must succeed; prints ok/FAIL, counts failures in $fails
#   check_done                     prints the count and returns non-zero after a failure
fails=0
check() {
    local what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
check_done() {
    echo "$fails failed"
    [ "$fails" -eq 0 ]
}
