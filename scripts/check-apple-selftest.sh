#!/usr/bin/env bash
# Tests scripts/check-apple.sh itself: a CLServiceSession call that reaches the macOS flavour must fail it.
#
# It copies the package (without its build folders) to a temporary folder, adds one file to WhereaboutsCoreLocation
# that calls `CLServiceSession(authorization: .whenInUse)` under no platform condition, and runs the copy's
# check-apple.sh macos in this checkout's scratch folder (.build-apple, so the dependencies are not built again).
# It passes only if that run fails with the compiler saying, at the added file, that CLServiceSession is unavailable;
# it fails if the flavour passes (the stand-in lets macOS use it) or fails for another reason. The package itself is
# left as it was; the copy is removed when the script ends.
#
# Usage: bash scripts/check-apple-selftest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same folder name as this checkout: SwiftPM names the root package after its folder.
copy="$work/$(basename "$root")"
mkdir -p "$copy"
tar -c --exclude='./.build*' --exclude=./.git . | tar -x -C "$copy"

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

echo "== check-apple self-test: an unguarded CLServiceSession call in WhereaboutsCoreLocation, macOS flavour"
log="$work/check-apple.log"
status=0
WHEREABOUTS_APPLE_SCRATCH="$root/.build-apple" bash "$copy/scripts/check-apple.sh" macos > "$log" 2>&1 || status=$?
expected="$probe:6:5: error: 'CLServiceSession' is unavailable"
if [ "$status" -eq 0 ]; then
    cat "$log"
    echo "error: check-apple.sh macos passed with $probe calling CLServiceSession unguarded; mark CLServiceSession" \
        "unavailable under WHEREABOUTS_STANDIN_MACOS in AppleStandIns/CoreLocation/CLServiceSession.swift." >&2
    exit 1
fi
if ! grep -qF "$expected" "$log"; then
    cat "$log"
    echo "error: check-apple.sh macos failed (exit $status), but not with \"$expected\" (its output above): it" \
        "failed for another reason; run bash scripts/check-apple.sh macos on the package itself." >&2
    exit 1
fi
grep -F "$expected" "$log" | sort -u
echo "ok: check-apple.sh macos rejects an unguarded CLServiceSession call (exit $status)"
