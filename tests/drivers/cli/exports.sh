#!/bin/sh
# exports.sh CC LIB HEADER...: libstarcarp exports its public API and nothing else, and sc_ is its
# public API's prefix only.
#
# Fails on any name in `nm -D --defined-only LIB` that does not start with sc_ or starcarp or is not
# declared in one of the public HEADERs (comments stripped by CC -fpreprocessed: a name mentioned
# only in a comment does not count), on any function or variable the headers declare that the
# library does not export (an application calling it would not link), and on any name starting
# sc_ in LIB's whole symbol table (`nm --defined-only`: the internal and the static functions and
# objects of every object file too) that the headers do not declare: the library's own names
# carry their module's prefix (cl_, kern_, mesh_, registry_, place_..., gen_ in generated code).
set -eu
cc=$1 lib=$2
shift 2
command -v nm >/dev/null 2>&1 || { echo "exports: nm not found"; exit 77; }
tmp=${TMPDIR:-/tmp}/exports.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
for h in "$@"; do
    "$cc" -fpreprocessed -dD -E -P "$h" | grep -v '^[[:space:]]*#'
done >"$tmp/headers"
# the names the headers declare: a function (name before "(") or a variable (before ";" or "[")
grep -oE '\b(sc_|starcarp)[A-Za-z0-9_]*[[:space:]]*[(;[]' "$tmp/headers" | grep -oE '^[A-Za-z0-9_]+' |
    sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sed 's/@.*//' | sort -u >"$tmp/exported"
status=0
bad=$(comm -23 "$tmp/exported" "$tmp/declared")
if [ -n "$bad" ]; then
    echo "exports: $lib exports $(echo "$bad" | wc -l) names that no public header declares:"
    echo "$bad" | sed 's/^/  /' | head -40
    status=1
fi
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
if [ -n "$missing" ]; then
    echo "exports: $lib does not export these names of the public headers:"
    echo "$missing" | sed 's/^/  /'
    status=1
fi
# every sc_ symbol, local ones too (a static function keeps its name in the symbol table; a
# compiler-made suffix such as .0 or .constprop.0 is cut)
nm --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sed 's/[.@].*//' | grep '^sc_' | sort -u >"$tmp/sc_names"
inner=$(comm -23 "$tmp/sc_names" "$tmp/declared")
if [ -n "$inner" ]; then
    echo "exports: $lib has $(echo "$inner" | wc -l) sc_ names that no public header declares (sc_ is the"
    echo "public API's prefix: give them their module's):"
    echo "$inner" | sed 's/^/  /' | head -60
    status=1
fi
[ -s "$tmp/sc_names" ] || { echo "exports: $lib has no sc_ symbol (stripped?)"; status=1; }
[ "$(wc -l <"$tmp/exported")" -gt 0 ] || { echo "exports: $lib exports nothing"; status=1; }
[ $status -eq 0 ] && echo "exports: $(wc -l <"$tmp/exported") names, every one declared in $*;" \
    "$(wc -l <"$tmp/sc_names") sc_ symbols, every one declared there"
exit $status
