#!/usr/bin/env bash
# Tests scripts/check-apple.sh itself: a CLServiceSession call that reaches the macOS flavour must fail it, and so must
# a stand-in that disagrees with AppleStandIns/Declarations.tsv, before anything is built.
#
# It copies the package (without its build folders) to a temporary folder. First, one change at a time, each undone
# after its run: a public declaration added to a stand-in with no row in the table, a row whose source is emptied, and
# the macOS unavailability written before CLServiceSession deleted by hand; the copy's check-apple.sh must fail each
# time, naming the file and line (scripts/standins.py --check, its first step). Then it adds one file to
# WhereaboutsCoreLocation
# that calls `CLServiceSession(authorization: .whenInUse)` under no platform condition, and runs the copy's
# check-apple.sh macos in this checkout's scratch folder (.build-apple, so the dependencies are not built again).
# It passes only if that run fails with the compiler saying, at the added file, that CLServiceSession is unavailable;
# it fails if the flavour passes (the stand-in lets macOS use it) or fails for another reason. In the same way, a file
# that opens a `CLMonitor` under no platform condition must fail the watchos flavour with the compiler saying, at that
# file, that CLMonitor is unavailable (Core Location has no condition monitor on watchOS). Last, it adds a
# `#Preview` whose body passes a PermissionPreviewState where a LocationPermissionModel goes to
# Sources/WhereaboutsUI/RequestPreciseLocationButton.swift and runs the copy's WhereaboutsUI check alone
# (WHEREABOUTS_APPLE_UI_ONLY=1, ios, in .build-apple-ui): it passes only if that fails with the type error at the
# preview's line, so the stand-in #Preview type-checks what it is given. The package itself is left as it was; the copy
# is removed when the script ends.
#
# Usage: bash scripts/check-apple-selftest.sh [preview|monitor]   (preview: only the #Preview case; monitor: only
# the CLMonitor case)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same folder name as this checkout: SwiftPM names the root package after its folder.
copy="$work/$(basename "$root")"
mkdir -p "$copy"
tar -c --exclude='./.build*' --exclude=./.git . | tar -x -C "$copy"

log="$work/check-apple.log"

# expect_failure FLAVOUR WHAT EXPECTED IF_PASSED [ALSO]: runs the copy's check-apple.sh FLAVOUR (in this checkout's
# scratch folder, with whatever variables the caller puts before the call) and passes only if it fails with a line of
# output holding EXPECTED (and ALSO, when given). IF_PASSED says what to fix when the run passes.
expect_failure() {
    local flavour=$1 what=$2 expected=$3 if_passed=$4 also=${5:-} status=0
    echo "== check-apple self-test: $what, $flavour flavour"
    WHEREABOUTS_APPLE_SCRATCH="$root/.build-apple" bash "$copy/scripts/check-apple.sh" "$flavour" > "$log" 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then
        cat "$log"
        echo "error: check-apple.sh $flavour passed with $what: $if_passed" >&2
        exit 1
    fi
    # The second grep reads all it is given (no -q): under pipefail, -q stopping early would fail the first grep
    # with SIGPIPE when it had more to write.
    if ! grep -F "$expected" "$log" | grep -F "$also" > /dev/null; then
        cat "$log"
        echo "error: check-apple.sh $flavour failed (exit $status) with $what, but not with \"$expected\"${also:+ and" \
            "\"$also\"} (its output above): it failed for another reason; run bash scripts/check-apple.sh $flavour" \
            "on the package itself." >&2
        exit 1
    fi
    grep -F "$expected" "$log" | grep -F "$also" | sort -u
    echo "ok: check-apple.sh $flavour rejects $what (exit $status)"
}

# A preview whose body has a type error: the ios flavour's WhereaboutsUI check must fail at that preview. The stand-in
# #Preview (AppleStandIns/PreviewsMacros) must make the compiler type-check the body, not drop it.
check_preview_type_error() {
    local ui_file=Sources/WhereaboutsUI/RequestPreciseLocationButton.swift line
    cp "$copy/$ui_file" "$work/ui.swift"
    # The broken preview goes before the file's last line (the #endif of its platform condition).
    {
        sed '$d' "$work/ui.swift"
        printf '\n#Preview("Type error") {\n    RequestPreciseLocationButton(model: PermissionPreviewState.denied)\n}\n#endif\n'
    } > "$copy/$ui_file"
    line=$(($(grep -n '^#Preview("Type error")' "$copy/$ui_file" | cut -d: -f1) + 1))
    WHEREABOUTS_APPLE_UI_ONLY=1 expect_failure ios "a type error in a #Preview body of WhereaboutsUI" \
        "$ui_file:$line:" \
        "the stand-in #Preview does not type-check its body (AppleStandIns/PreviewsMacros/SwiftUIView.swift)." \
        "cannot convert value of type 'PermissionPreviewState'"
    cp "$work/ui.swift" "$copy/$ui_file"
}

# A condition monitor opened under no platform condition in WhereaboutsCoreLocation: the watchos flavour must fail at
# it, because the CLMonitor stand-in is unavailable there as Apple's is (AppleStandIns/Declarations.tsv).
check_monitor_on_watchos() {
    local probe=Sources/WhereaboutsCoreLocation/CheckAppleSelfTestMonitorProbe.swift
    cat > "$copy/$probe" <<'SWIFT'
#if canImport(CoreLocation)
import CoreLocation

/// A condition monitor opened with no platform condition around it: the watchOS flavour must reject it.
func checkAppleSelfTestMonitorProbe() async -> AnyObject {
    await CLMonitor("checkAppleSelfTest")
}
#endif
SWIFT
    WHEREABOUTS_APPLE_LIVE=0 expect_failure watchos "an unguarded CLMonitor in WhereaboutsCoreLocation" \
        "$probe:6:11: error: 'CLMonitor' is unavailable" \
        "its row in AppleStandIns/Declarations.tsv must name watchos (then python3 scripts/standins.py --write)."
    rm "$copy/$probe"
}

# `bash scripts/check-apple-selftest.sh preview` runs only the last case, `monitor` only the CLMonitor case.
if [ "${1:-}" = preview ]; then
    check_preview_type_error
    exit 0
fi
if [ "${1:-}" = monitor ]; then
    check_monitor_on_watchos
    exit 0
fi

# The table's cases fail at python3 scripts/standins.py --check, the first step of check-apple.sh.
table_advice="check-apple.sh must fail at python3 scripts/standins.py --check, its first step."

# A stand-in declaration that has no row.
standin=AppleStandIns/CoreLocation/CLError.swift
cp "$copy/$standin" "$work/standin.swift"
printf '\n/// A declaration the table does not list.\npublic let kCLCheckAppleSelfTestProbe = 0\n' >> "$copy/$standin"
line=$(grep -n "kCLCheckAppleSelfTestProbe" "$copy/$standin" | cut -d: -f1)
expect_failure ios "a stand-in declaration with no row" \
    "$standin:$line: error: kCLCheckAppleSelfTestProbe has no row in AppleStandIns/Declarations.tsv" "$table_advice"
cp "$work/standin.swift" "$copy/$standin"

# A row with no source.
table=AppleStandIns/Declarations.tsv
cp "$copy/$table" "$work/table.tsv"
line=$(awk -F'\t' '$1 == "CoreLocation" && $2 == "CLServiceSession" { print NR }' "$work/table.tsv")
awk -F'\t' -v OFS='\t' -v line="$line" 'NR == line { $4 = "" } { print }' "$work/table.tsv" > "$copy/$table"
expect_failure ios "a row with no source" "$table:$line: error: CLServiceSession has no source" "$table_advice"
cp "$work/table.tsv" "$copy/$table"

# The macOS block before CLServiceSession deleted by hand, so that macOS could call it.
standin=AppleStandIns/CoreLocation/CLServiceSession.swift
cp "$copy/$standin" "$work/standin.swift"
line=$(grep -n '^@available(\*, unavailable, message: "CLServiceSession is not available on macOS")$' \
    "$work/standin.swift" | cut -d: -f1)
sed -e "$((line - 1)),$((line + 1))d" -e '/^@available(macOS, unavailable)$/d' "$work/standin.swift" > "$copy/$standin"
expect_failure ios "CLServiceSession's macOS block deleted by hand" \
    "$standin:$((line - 1)): error: the availability blocks differ from what AppleStandIns/Declarations.tsv gives" \
    "$table_advice"
cp "$work/standin.swift" "$copy/$standin"

# A service session started under no platform condition: the macOS flavour must fail at it.
probe=Sources/WhereaboutsCoreLocation/CheckAppleSelfTestProbe.swift
cat > "$copy/$probe" <<'SWIFT'
#if canImport(CoreLocation)
import CoreLocation

/// A service session started with no platform condition around it: the macOS flavour must reject it.
@MainActor func checkAppleSelfTestProbe() -> AnyObject {
    CLServiceSession(authorization: .whenInUse)
}
#endif
SWIFT
expect_failure macos "an unguarded CLServiceSession call in WhereaboutsCoreLocation" \
    "$probe:6:5: error: 'CLServiceSession' is unavailable" \
    "mark CLServiceSession unavailable under WHEREABOUTS_STANDIN_MACOS in AppleStandIns/CoreLocation/CLServiceSession.swift."
rm "$copy/$probe"

check_monitor_on_watchos

check_preview_type_error
