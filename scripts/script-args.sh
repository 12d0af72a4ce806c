# script-args.sh (sourced by the scripts that read options: precision-table.sh, long-check.sh,
# corpus-beats.sh, lab/methods-error.sh, lab/methods-rates.sh): what their command lines share.
# script_help SCRIPT: SCRIPT's header comment (its lines 2 to `set -uo`) as its --help, on stdout.
# script_opts NAME SPECS ARGS...: the options at the head of ARGS read into variables, the rest left
# in the array `rest`. SPECS holds a word per option: --opt=var (var := the next argument),
# --opt=var! (a flag: var := 1), --opt=var+ (appended to the array var). -h/--help prints the
# script's help and exits 0; `--` ends the options; an unknown option or a missing value exits 2.
# script_args NAME USAGE NLEFT BIN: after the options, exit 2 with "usage: NAME USAGE (see --help)"
# when no argument is left (NLEFT 0), or with "NAME: BIN is not executable" when the starcarp
# binary BIN is not.
script_help() { sed -n '2,/^set -uo/p' "$1" | sed '$d; s/^# \{0,1\}//'; }
script_args() {
    [ "$3" -gt 0 ] || { echo "usage: $1 $2 (see --help)" >&2; exit 2; }
    [ -x "$4" ] || { echo "$1: $4 is not executable (give --starcarp)" >&2; exit 2; }
}
script_opts() {
    local name=$1 specs=$2 s v found
    shift 2
    while [ $# -gt 0 ]; do
        case $1 in
        -h | --help) script_help "$0"; exit 0 ;;
        --) shift; break ;;
        -?*)
            found=0
            for s in $specs; do
                [ "$1" = "${s%%=*}" ] || continue
                found=1 v=${s#*=}
                if [ "${v%!}" != "$v" ]; then
                    printf -v "${v%!}" 1; shift; break
                fi
                [ $# -ge 2 ] || { echo "$name: $1 expects a value (see --help)" >&2; exit 2; }
                if [ "${v%+}" != "$v" ]; then eval "${v%+}+=(\"\$2\")"; else printf -v "$v" '%s' "$2"; fi
                shift 2; break
            done
            [ "$found" = 1 ] || { echo "$name: unknown option $1 (see --help)" >&2; exit 2; } ;;
        *) break ;;
        esac
    done
    rest=("$@")
}
