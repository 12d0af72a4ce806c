#!/usr/bin/env bash
# ab.sh [OUTDIR]: multi.sh's figures now and at an earlier commit, in one device call, so that a change's
# effect is a ratio measured on one machine. Here, after lab/gpu/pack.sh:
#     git archive -o .carry/base.tar BASE_COMMIT && git rev-parse BASE_COMMIT >.carry/BASE_COMMIT
# There (carry [".carry"]): `PARTS="tissue" GPU_COUNTS="1 2" bash lab/gpu/ab.sh $OUT`.
# Builds both trees (the earlier one in $SC_AB_WORK/base, default /tmp/sc-ab), then runs
# multi.sh's PARTS (environment, default "tissue") in each, the earlier first; writes
# OUTDIR/base.md, OUTDIR/now.md and their logs (base-logs.tgz, now-logs.tgz).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
work=${SC_AB_WORK:-/tmp/sc-ab}
[ -f "$top/.carry/base.tar" ] || { echo "gpu-ab: no .carry/base.tar (git archive -o .carry/base.tar COMMIT, here)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/base" "$out/base" "$out/now"
tar -C "$work/base" -xf "$top/.carry/base.tar"
ln -s "$top/.carry" "$work/base/.carry"
# the builds, one after the other (two models each: ~15 s on 32 cores); their logs come back
for tree in "$work/base" "$top"; do
    name=$(basename "$tree")
    (cd "$tree" && PARTS=build bash lab/gpu/multi.sh "$work/build-$name" >/dev/null 2>&1)
    grep -E "^build" "$work/build-$name/multi.md"
    cp "$work/build-$name/multi-logs.tgz" "$out/build-$name-logs.tgz" 2>/dev/null
done
parts=${PARTS:-tissue}
(cd "$work/base" && PARTS="$parts" SC_MULTI_WORK="$work/run" bash lab/gpu/multi.sh "$out/base")
(cd "$top" && PARTS="$parts" SC_MULTI_WORK="$work/run" bash lab/gpu/multi.sh "$out/now")
for w in base now; do
    mv "$out/$w/multi.md" "$out/$w.md" 2>/dev/null
    mv "$out/$w/multi-logs.tgz" "$out/$w-logs.tgz" 2>/dev/null
    rmdir "$out/$w" 2>/dev/null
done
# base.md's title names the carried commit (.carry/COMMIT): name the earlier one instead
[ -f "$top/.carry/BASE_COMMIT" ] && sed -i "1s/commit .*/commit $(cut -c1-12 "$top/.carry/BASE_COMMIT") (base)/" "$out/base.md"
exit 0
