#!/usr/bin/env bash
# Format the package's Swift code with swift-format (the toolchain's `swift format`) and .swift-format.
#
#   scripts/format.sh          rewrites the files in place
#   scripts/format.sh --lint   changes nothing; prints each place that breaks the style and exits 1 if any
#
# Test fixtures (Tests/*/Fixtures/) are data, not our code: the lint tests expect their findings at exact
# lines, so they are never reformatted.
# .swift-format follows swift-log's file (4 spaces, 120 columns) with the documentation rules on, except
# BeginDocumentationCommentWithOneLineSummary, which takes "e.g." for the end of the summary sentence.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=format
case "${1:-}" in
    "") ;;
    --lint) mode=lint ;;
    *) echo "usage: scripts/format.sh [--lint]" >&2; exit 64 ;;
esac

files=()
while IFS= read -r -d '' file; do
    files+=("$file")
done < <(git ls-files -z -- '*.swift' ':!:Tests/*/Fixtures/*')

if [ "$mode" = lint ]; then
    if ! swift format lint --strict --parallel "${files[@]}"; then
        echo "error: the code above breaks .swift-format's style; run scripts/format.sh to fix the layout," \
            "and fix what it cannot (documentation sections, for-each loops) by hand." >&2
        exit 1
    fi
    echo "swift-format: ${#files[@]} files follow .swift-format."
else
    swift format format --in-place --parallel "${files[@]}"
    echo "swift-format: formatted ${#files[@]} files; review the diff."
fi
