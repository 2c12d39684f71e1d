#!/usr/bin/env bash
# Run the whole test suite on a busy machine: two processes that each keep a core busy and one that writes and
# fsyncs large files, all running for as long as the tests do.
#
#   scripts/stress.sh [swift test options...]
#
# The tests must already be built (`swift build --build-tests`): this runs `swift test --skip-build` plus the options
# given. A test that blocks a thread of Swift's cooperative pool (a child process waited for synchronously, a
# semaphore, an flock or fsync on the pool) starves the other tests on a loaded two-core machine: they fail with
# exceeded time limits, or the run hangs. This script is how CI (.ci/run) catches that.
#
# The load is bounded: the CPU hogs are `yes > /dev/null`; the disk writer writes one file of STRESS_DISK_MB
# megabytes (default 256; at most a quarter of the free space in the scratch folder) with `dd conv=fsync`, removes
# it and starts again, in a scratch folder under TMPDIR (or /tmp). Every load process is killed, and the scratch
# folder removed, when the script exits for any reason; each also runs under `timeout`, so none outlives the time
# limit even if this script is killed with SIGKILL.
#
# The run fails after STRESS_MINUTES minutes (default 15; the tests take about a minute on an idle machine and a few
# under this load) instead of hanging: the tests still running are named and the test process tree is killed.
# Exit status: that of `swift test`, or 124 when the time limit was reached.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${STRESS_MINUTES:-15}
limit=$((minutes * 60))
disk_mb=${STRESS_DISK_MB:-256}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/whereabouts-stress.XXXXXX")
log="$scratch/swift-test.log"
load=()
tests=""

# Every process under $1, deepest first (the test runner puts the test bundle in a process group of its own, so a
# signal to the group of `swift test` would miss it).
descendants() {
    local child
    for child in $(pgrep -P "$1" || true); do
        descendants "$child"
        echo "$child"
    done
}

cleanup() {
    local pid
    if [ -n "$tests" ] && kill -0 "$tests" 2>/dev/null; then
        for pid in $(descendants "$tests") "$tests"; do kill -KILL "$pid" 2>/dev/null || true; done
    fi
    for pid in "${load[@]}"; do
        for child in $(descendants "$pid"); do kill -KILL "$child" 2>/dev/null || true; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_mb=$(( $(df -Pk "$scratch" | awk 'NR == 2 { print $4 }') / 1024 ))
if [ "$free_mb" -lt 64 ]; then
    echo "error: $scratch has ${free_mb} MB free; the disk writer needs at least 64 MB. Set TMPDIR to a folder" \
        "with more room." >&2
    exit 2
fi
if [ "$disk_mb" -gt $((free_mb / 4)) ]; then disk_mb=$((free_mb / 4)); fi

backstop=$((limit + 120))
for _ in 1 2; do
    timeout "$backstop" yes > /dev/null &
    load+=($!)
    disown
done
timeout "$backstop" bash -c '
    while true; do
        dd if=/dev/zero of="$1/load" bs=1M count="$2" conv=fsync status=none
        rm -f "$1/load"
    done' disk-writer "$scratch" "$disk_mb" &
load+=($!)
disown
echo "== stress: 2 CPU hogs (yes) and a disk writer (dd conv=fsync, ${disk_mb} MB files in $scratch);" \
    "swift test --skip-build $*, limit ${minutes} min, at most" \
    "${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-$((2 * $(nproc)))} test cases at once"

# Swift Testing starts every test at once unless told otherwise, and a test's time limit counts from its start: on a
# machine this busy, tests that have not had a thread yet would run out of time waiting behind the others. At most
# twice as many test cases as there are cores run at once (the width Swift Testing's documentation names as its
# coming default), so a time limit measures the test's own run.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-$((2 * $(nproc)))}

started=$(date +%s)
swift test --skip-build "$@" > >(tee "$log") 2>&1 &
tests=$!
status=""
while [ -z "$status" ]; do
    if ! kill -0 "$tests" 2>/dev/null; then
        status=0
        wait "$tests" || status=$?
    elif [ $(( $(date +%s) - started )) -ge "$limit" ]; then
        status=124
    else
        sleep 2
    fi
done
seconds=$(( $(date +%s) - started ))

if [ "$status" -eq 124 ]; then
    echo "error: swift test under load did not finish within $minutes minutes (STRESS_MINUTES): a hang. The tests" \
        "that started and have no result yet:" >&2
    sed -nE 's/^.*Test (.*) started\.$/\1/p' "$log" | sort -u > "$scratch/started" || true
    sed -nE 's/^.*Test (.*) (passed|failed|skipped)( after .*|\.|:.*)$/\1/p' "$log" | sort -u > "$scratch/ended" || true
    comm -23 "$scratch/started" "$scratch/ended" | sed 's/^/  /' >&2 || true
    exit 124
fi
summary=$(grep -E "Test run with [0-9]+ tests" "$log" | tail -1 | sed -E 's/^[^T]*//' || true)
echo "== stress: swift test exited $status after ${seconds} s under load${summary:+: $summary}"
exit "$status"
