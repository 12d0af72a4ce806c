#!/bin/sh
# get_cellml.sh DIR: the two CellML files of the reference, from github.com/Chaste/cellml at the commit
# the library's .model files were exported from (models/PROVENANCE.md), into DIR, checked by SHA-256.
# With GIT_DIR_CHASTE=/path/to/a/clone's/.git, that clone is read instead of cloning (no network).
set -eu
dir=$1
commit=8c9c042e33bb20c351cbbdd44b7f905b1b1749fa
mkdir -p "$dir"
g=${GIT_DIR_CHASTE:-}
if [ -z "$g" ]; then
    g=$dir/chaste-cellml.git
    [ -d "$g" ] || git clone --bare --filter=blob:none https://github.com/Chaste/cellml "$g"
fi
for f in ohara_rudy_cipa_v1_2017 ten_tusscher_model_2006_epi; do
    git --git-dir="$g" show "$commit:cellml/$f.cellml" > "$dir/$f.cellml"
done
cd "$dir"
sha256sum -c <<'SUMS'
c1918ade65d6f6b08791d4797d2bbb5da6c8653ca7872d9a1fb3360d4a2410a0  ohara_rudy_cipa_v1_2017.cellml
d878815f7fdf91b89e5d2c976959925e4ceb6026f0eb5c527e49dfbd28989ebb  ten_tusscher_model_2006_epi.cellml
SUMS
