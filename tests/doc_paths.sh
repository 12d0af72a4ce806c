#!/bin/sh
# doc_paths.sh SRC: every repository path the documents name in backticks exists.
#
# Reads README.md, docs/*.md and the README.md files of the folders (lab/, lab/gpu/,
# lab/measurements/, perfmodels/ ...) under SRC; takes each word between backticks that starts with
# a folder of the repository (codegen/, provision/, codelets/, kernels/, scheduler/, tissue/,
# drivers/, include/, tests/, scripts/, docs/, models/, perfmodels/, microbench/, base/, examples/, cmake/, lab/,
# .ci/), drops trailing punctuation and a ":LINE" suffix, and fails on any that names no file or
# folder (a word with * must match at least one). Words with placeholders (<...>, {...}, "...", $VAR) are not paths and
# are skipped. The records of lab/measurements/*.md other than its README name things as they were
# on their day: not read.
set -eu
src=$1
cd "$src"
dirs='codegen|codelets|kernels|provision|scheduler|tissue|drivers|include|tests|scripts|docs|models|perfmodels|microbench|base|examples|cmake|lab|\.ci'
status=0
checked=0
for doc in README.md docs/*.md */README.md */*/README.md; do
    [ -f "$doc" ] || continue
    # the backticked spans, one a line (a span does not cross a line in these documents)
    words=$(grep -o '`[^`]*`' "$doc" | tr -d '`' | tr ' ' '\n' |
        sed -e 's/[,.;:)]*$//' -e 's/:[0-9][0-9-]*$//' | grep -E "^($dirs)/" |
        grep -v -e '<' -e '{' -e '\.\.\.' -e '\$' | sort -u) || true
    for w in $words; do
        checked=$((checked + 1))
        case $w in
            *'*'*) set -- $w; [ -e "$1" ] && continue ;;
            *) [ -e "$w" ] && continue ;;
        esac
        echo "doc_paths: $doc names \`$w\`, which does not exist"
        status=1
    done
done
[ $checked -gt 0 ] || { echo "doc_paths: no path found in the documents (wrong SRC?)"; exit 1; }
[ $status -eq 0 ] && echo "doc_paths: $checked paths named in backticks, every one exists"
exit $status
