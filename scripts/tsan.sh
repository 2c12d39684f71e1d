#!/usr/bin/env bash
# Run the core tests (the Whereabouts module: the delivery path, backpressure, the rules) under ThreadSanitizer.
#
#   scripts/tsan.sh            builds and runs WhereaboutsTests with --sanitize=thread
#   scripts/tsan.sh FILTER     only the tests FILTER matches (as `swift test --filter`)
#
# The whole test bundle (swift-syntax, NIO) is too heavy to build with TSan on a small machine, so a wrapper
# package in .build-tsan/ holds only Whereabouts, WhereaboutsTesting, WhereaboutsTestSupport and WhereaboutsTests,
# their sources symlinks to this checkout's, and depends on swift-clocks, swift-concurrency-extras and
# xctest-dynamic-overlay as the main manifest names them. The four targets are one package, as in the checkout, so
# the tests see its `package` symbols (a wrapper depending on the checkout by path would not: a package name is per
# package).
# Any TSan warning fails the run (TSAN_OPTIONS halt_on_error=1).
set -euo pipefail
cd "$(dirname "$0")/.."

wrapper=.build-tsan
mkdir -p "$wrapper/Sources" "$wrapper/Tests"
ln -sfn ../../Sources/Whereabouts "$wrapper/Sources/Whereabouts"
ln -sfn ../../Sources/WhereaboutsTesting "$wrapper/Sources/WhereaboutsTesting"
ln -sfn ../../Tests/WhereaboutsTests "$wrapper/Tests/WhereaboutsTests"
ln -sfn ../../Tests/WhereaboutsTestSupport "$wrapper/Tests/WhereaboutsTestSupport"
# The three dependencies, as the main manifest names them (URL and version requirement), so the two cannot drift.
names='(swift-clocks|swift-concurrency-extras|xctest-dynamic-overlay)'
dependencies=$(grep -E "^ *\.package\(url: \"https://github.com/pointfreeco/$names\"" Package.swift || true)
if [ "$(printf '%s\n' "$dependencies" | wc -l)" -ne 3 ]; then
    echo "error: scripts/tsan.sh did not find swift-clocks, swift-concurrency-extras and xctest-dynamic-overlay" \
        "in Package.swift's dependencies; update the pattern in this script to match the manifest." >&2
    exit 1
fi
cat > "$wrapper/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "whereabouts-tsan",
    dependencies: [
$dependencies
    ],
    targets: [
        .target(name: "Whereabouts", swiftSettings: swiftSettings),
        .target(
            name: "WhereaboutsTesting",
            dependencies: [
                "Whereabouts",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "WhereaboutsTestSupport", path: "Tests/WhereaboutsTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "WhereaboutsTests",
            dependencies: [
                "Whereabouts",
                "WhereaboutsTesting",
                "WhereaboutsTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
    ]
)
MANIFEST

filter=()
if [ $# -gt 0 ]; then filter=(--filter "$1"); fi
export TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
swift build --package-path "$wrapper" --build-tests --sanitize=thread
# A hang fails the run after 15 minutes (all the tests take about a minute) instead of holding CI to its own limit.
status=0
timeout --kill-after=30 900 swift test --package-path "$wrapper" --skip-build --sanitize=thread \
    "${filter[@]+"${filter[@]}"}" || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "error: the tests under ThreadSanitizer did not finish within 15 minutes: a hang. The tests printed as" \
        "started above without a result are the ones to look at (run scripts/tsan.sh FILTER on them alone)." >&2
    pkill -KILL -f "$PWD/$wrapper/.build/.*PackageTests.xctest" || true  # swift test runs it in a group of its own
fi
exit "$status"
