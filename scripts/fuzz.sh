#!/usr/bin/env bash
# Fuzz one of Whereabouts' parsers with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is gpx, nmea, gpsd, plist or pbxproj (the targets under Fuzz/). The script builds the target
# (release, `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`, in .build-fuzz), copies the committed
# seed corpus Fuzz/Corpus/TARGET to a scratch corpus in .build-fuzz/fuzz/TARGET/corpus (so runs never touch
# git), runs for SECONDS, and prints the executions, the speed, the corpus size and any crash. Extra options
# go to libFuzzer, e.g. `-runs=10000000` to stop after 10 M executions. It exits 1 when a crash was found,
# saying where the crash file is and how to reproduce and minimize it; 2 on a usage or build error.
# FUZZ_NO_BUILD=1 runs the binary already built, e.g. while another build holds .build-fuzz;
# FUZZ_SCRATCH=DIR builds in DIR instead of .build-fuzz (two targets building at once).
set -euo pipefail
cd "$(dirname "$0")/.."

targets="gpx nmea gpsd plist pbxproj"
if [ $# -lt 2 ] || ! [[ " $targets " == *" $1 "* ]] || ! [[ "$2" =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]; TARGET is one of: $targets" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2

product="fuzz-$target"
scratch=${FUZZ_SCRATCH:-.build-fuzz}
binary="$scratch/release/$product"
work="$scratch/fuzz/$target"
mkdir -p "$work/corpus" "$work/artifacts"

echo "== building $product (first build of the lint targets takes several minutes)"
if [ -n "${FUZZ_NO_BUILD:-}" ] && [ -x "$binary" ]; then
    echo "   skipped (FUZZ_NO_BUILD is set)"
elif ! WHEREABOUTS_FUZZ=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    --product "$product" --scratch-path "$scratch" > "$work/build.log" 2>&1; then
    tail -30 "$work/build.log" >&2
    echo "error: building $product failed; the full log is $work/build.log" >&2
    exit 2
fi

cp -n Fuzz/Corpus/"$target"/* "$work/corpus/" 2>/dev/null || true
before=$(ls "$work/artifacts" | wc -l)

echo "== fuzzing $target for ${seconds}s (corpus $work/corpus, crashes in $work/artifacts)"
log="$work/run.log"
status=0
# swift-corelibs-foundation's PropertyListSerialization leaks the CFError of a bad plist and its strings (about
# 0.7 KB per malformed input, every stack in CFPropertyListCreateWithData): not our code, so leak detection is off
# for the plist target, also at exit (ASAN_OPTIONS), and its RSS limit is 16 GB: a 10 M run grows to about 7 GB
# (with the default 2 GB limit libFuzzer stops with a bogus out-of-memory "finding" on an empty input).
leaks=()
asan_options=${ASAN_OPTIONS:-}
if [ "$target" = plist ]; then
    leaks=(-detect_leaks=0 -rss_limit_mb=16384)
    asan_options="detect_leaks=0${asan_options:+:$asan_options}"
fi
started=$(date +%s)
# Without SWIFT_BACKTRACE=enable=no the Swift runtime's backtracer takes the trap first and libFuzzer
# writes no crash file. -timeout turns an endless loop into a finding.
ASAN_OPTIONS="$asan_options" SWIFT_BACKTRACE=enable=no "$binary" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "${leaks[@]}" "$@" > "$log" 2>&1 || status=$?
seconds_taken=$(( $(date +%s) - started ))

executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
elapsed=$(grep -Eo '^(#[0-9]+|Done [0-9]+ runs in [0-9]+ second)' "$log" | tail -1 || true)
coverage=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 || true)
echo "target:      $target"
echo "executions:  ${executions:-unknown}"
echo "time:        ${seconds_taken}s (wall)"
echo "exec/s:      ${speed:-unknown}"
echo "last status: ${coverage:-unknown} (${elapsed:-})"
echo "corpus:      $(ls "$work/corpus" | wc -l) files in $work/corpus"

if [ "$status" -eq 72 ]; then
    echo "interrupted: libFuzzer stopped on a signal (Ctrl-C) before its time was up"
    status=0
fi
crashes=$(ls -t "$work/artifacts" | head -n $(( $(ls "$work/artifacts" | wc -l) - before )) || true)
if [ "$status" -ne 0 ] || [ -n "$crashes" ]; then
    grep -E 'Fatal error|ERROR: (libFuzzer|AddressSanitizer)|SUMMARY' "$log" | head -5 || true
    for file in $crashes; do
        echo "finding:     $work/artifacts/$file"
    done
    first=$(echo "$crashes" | head -1)
    echo "reproduce:   SWIFT_BACKTRACE=enable=no $binary $work/artifacts/$first"
    echo "minimize:    SWIFT_BACKTRACE=enable=no $binary -minimize_crash=1 -runs=100000 $work/artifacts/$first"
    echo "the full log is $log" >&2
    exit 1
fi
echo "findings:    none"
