# stage.sh BUILD OUTDIR (sourced by the stage scripts of run.sh: bench.sh, benchmark.sh, kernels.sh,
# runtime.sh, stiff.sh): $build the build folder and $out the output folder (made) as absolute
# paths, $sc the build's starcarp, and the repository root the working folder (the stage scripts'
# paths start there).
build=$(cd "$1" && pwd); mkdir -p "$2"; out=$(cd "$2" && pwd)
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
sc="$build/bin/starcarp"
