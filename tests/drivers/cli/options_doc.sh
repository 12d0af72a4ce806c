#!/bin/sh
# options_doc.sh STARCARP SRC: every option a command's --help names (a line "  --NAME ...": the
# help generated from its option table) is mentioned in the documents that describe the command's
# options (the list below, relative to SRC). Prints each one missing, and the count of checks;
# fails on a missing one, on a --help that fails, or when no check ran.
set -u
sc=$1 src=$2

# The documents of each command's options.
docs_of() {
    case $1 in
        bench) echo docs/bench-options.md ;;
        benchmark) echo docs/performance.md docs/runtime.md ;;
        calibrate | devices) echo docs/runtime.md ;;
        methods) echo docs/methods.md ;;
        models) echo docs/easyml.md ;;
        mesh | tissue) echo docs/tissue.md ;;
        codegen) echo docs/easyml.md ;;
        study) echo docs/study.md ;;
    esac
}

checks=0 missing=0
for cmd in bench benchmark calibrate devices methods models mesh codegen tissue study; do
    if ! help=$("$sc" "$cmd" --help 2>&1); then
        echo "options_doc: starcarp $cmd --help failed:"
        printf '%s\n' "$help"
        missing=$((missing + 1))
        continue
    fi
    files=$(docs_of "$cmd")
    opts=$(printf '%s\n' "$help" | sed -n 's/^  \(--[A-Za-z0-9][A-Za-z0-9-]*\).*/\1/p' | sort -u)
    for opt in $opts; do
        checks=$((checks + 1))
        if ! (cd "$src" && cat $files) | grep -Eq -- "(^|[^A-Za-z0-9-])$opt([^A-Za-z0-9-]|\$)"; then
            echo "options_doc: starcarp $cmd: $opt is not mentioned in $files"
            missing=$((missing + 1))
        fi
    done
done
echo "options_doc: $checks options checked, $missing missing"
[ "$checks" -gt 0 ] && [ "$missing" -eq 0 ]
