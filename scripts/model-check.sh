#!/usr/bin/env bash
# Runs the model-based test (Tests/WhereaboutsTests/ModelBasedTests.swift) with N sequences in a
# release build and prints one summary line. Usage: scripts/model-check.sh [N] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100000}"
seed="${2:-${WHEREABOUTS_MODEL_SEED:-}}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$(date +%s.%N)
status=0
WHEREABOUTS_MODEL_SEQUENCES="$count" ${seed:+WHEREABOUTS_MODEL_SEED="$seed"} \
    swift test -c release --filter ModelBasedTests >"$log" 2>&1 || status=$?
end=$(date +%s.%N)
summary="$(grep -E '^model-check:' "$log" | tail -1 || true)"
coverage="$(grep -E '^model-check coverage:' "$log" | tail -1 || true)"
if [ "$status" -ne 0 ] || [ -z "$summary" ] || ! grep -q ', passed, ' <<<"$summary"; then
    pattern='model-based test failed|^ +[0-9]+\. |declarations:|steps:|failure after|error:'
    grep -E "$pattern" "$log" | head -200 || tail -50 "$log"
    echo "model-check: FAILED (exit $status) ${summary:+— $summary}"
    [ "$status" -ne 0 ] || status=1
    exit "$status"
fi
echo "$coverage"
printf '%s; wall time with build %.1f s\n' "$summary" "$(echo "$end - $start" | bc)"
