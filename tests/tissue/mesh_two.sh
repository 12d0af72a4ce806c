# mesh_two.sh: sourced by tests/tissue/test_mesh_imp_*.sh.
#   two_blocks IN OUT SHIFT   the mesh IN (openCARP's files) and a copy of it SHIFT micrometres along x,
#                             its nodes numbered after IN's and its elements tagged 2, written as the
#                             mesh OUT (no node in common); sets nn to IN's node count
two_blocks() {
    local in=$1 out=$2 shift=$3 ne
    nn=$(head -1 "$in.pts") ne=$(head -1 "$in.elem")
    { echo $((2 * nn)); tail -n +2 "$in.pts"; tail -n +2 "$in.pts" | awk -v d="$shift" '{ print $1 + d, $2, $3 }'; } > "$out.pts"
    { echo $((2 * ne)); tail -n +2 "$in.elem"
      tail -n +2 "$in.elem" | awk -v n="$nn" '{ s = $1; for (i = 2; i < NF; i++) s = s " " $i + n; print s, 2 }'; } > "$out.elem"
    { head -1 "$in.lon"; tail -n +2 "$in.lon"; tail -n +2 "$in.lon"; } > "$out.lon"
}
