# script-args.sh (sourced by methods-error.sh and methods-rates.sh): what their command lines share.
# script_help SCRIPT: SCRIPT's header comment (its lines 2 to `set -uo`) as its --help, on stdout.
# script_args NAME USAGE NLEFT BIN: after the options, exit 2 with "usage: NAME USAGE (see --help)"
# when no argument is left (NLEFT 0), or with "NAME: BIN is not executable" when the starcarp
# binary BIN is not.
script_help() { sed -n '2,/^set -uo/p' "$1" | sed '$d; s/^# \{0,1\}//'; }
script_args() {
    [ "$3" -gt 0 ] || { echo "usage: $1 $2 (see --help)" >&2; exit 2; }
    [ -x "$4" ] || { echo "$1: $4 is not executable (give --starcarp)" >&2; exit 2; }
}
