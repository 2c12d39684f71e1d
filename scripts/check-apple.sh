#!/usr/bin/env bash
# Type-checks every Apple-only line on Linux, against the stand-ins in AppleStandIns/ (interface-only modules named
# CoreLocation, UIKit, AppKit, WatchKit and XcodeProjectPlugin, written from Apple's SDK declarations; never shipped):
#
#   ios       WhereaboutsCoreLocation and WhereaboutsDependencies with CoreLocation + UIKit
#   macos     the same with CoreLocation + AppKit, where what macOS lacks (stopUpdatingHeading(),
#             CLBackgroundActivitySession, CLServiceSession, ...) is marked unavailable
#   visionos  the same with CoreLocation + UIKit, what visionOS lacks (Always, heading, visits, regions, background
#             updates) marked unavailable, and STANDIN_VISIONOS standing for os(visionOS) in the sources
#   watchos   the same with CoreLocation + WatchKit, what watchOS lacks (visits, regions, pausing) marked unavailable,
#             and STANDIN_WATCHOS standing for os(watchOS)
#   tvos      the same with CoreLocation + UIKit, what tvOS lacks marked unavailable, and STANDIN_TVOS standing for
#             os(tvOS): the dependency's tvOS arm must be compiled, and the Core Location adapter must not be
#   xcode     the lint plugin with XcodeProjectPlugin (Plugins/WhereaboutsLintPlugin/WhereaboutsLintPlugin+Xcode.swift)
#
# In the ios, macos and visionos flavours WhereaboutsUI (the SwiftUI views and MapKit content) is type-checked too,
# against interface-only SwiftUI and MapKit stand-ins (their bodies trap; nothing of them runs), built alone with
# WHEREABOUTS_APPLE_UI=1 in a scratch folder of its own (<scratch>-ui): a dependency that compiles SwiftUI code under
# canImport(SwiftUI) (swift-dependencies) must never see the stand-in. On watchOS and tvOS it compiles to nothing.
# Then scripts/check-standins-interface.sh type-checks its probes against those stand-ins (isolation and Sendable as in
# Apple's iOS 18.0 SDK interfaces).
#
# Per-platform availability comes from AppleStandIns/Declarations.tsv, one row per stand-in declaration with the SDK
# header, Swift interface or Apple documentation page it was checked against; `python3 scripts/standins.py --check` runs first and
# fails (naming file:line and the fix) when a declaration has no row, a row has no declaration or no source, or the
# availability written into a stand-in differs from the table.
#
# In the ios, macos, visionos and watchos flavours the stand-ins also run (AppleStandIns/README.md): the one-client behaviour
# suite runs with LocationClient.live() as the client under test, one test at a time, and the script prints the line
# coverage of Sources/WhereaboutsCoreLocation per flavour and for all of them (scripts/live-coverage.py), listing every
# line no flavour ran with its reason from scripts/live-coverage-reasons.tsv. WHEREABOUTS_APPLE_LIVE=0 skips that.
#
# Fails on any error or warning in this package's code, if the Apple-only files were not compiled at all, if a test
# of the behaviour suite fails, or if a line no flavour ran has no reason recorded (checked when all four live flavours
# ran: with fewer, a line another flavour runs is only noted).
# Builds in .build-apple (its own scratch folder), never in .build; WHEREABOUTS_APPLE_SCRATCH names another one
# (scripts/check-apple-selftest.sh, which proves that an unguarded CLServiceSession call fails the macos flavour,
# points a copy of the package at this one's).
#
# What it cannot catch: Objective-C selector matching of optional delegate methods (a misspelled delegate method
# compiles and is never called), version-based availability (the compiler on Linux ignores `@available(iOS 17, *)`),
# app-extension availability, Darwin Foundation's own annotations (Foundation here is swift-corelibs-foundation), and
# everything at run time.
#
# WHEREABOUTS_APPLE_UI_ONLY=1 runs only the WhereaboutsUI check (ios, macos, visionos), which also counts the seven
# previews compiled per view (scripts/check-apple-selftest.sh proves a type error in a preview's body fails it).
#
# Usage: bash scripts/check-apple.sh [ios] [macos] [tvos] [visionos] [watchos] [xcode]   (all six when none is given)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${WHEREABOUTS_APPLE_SCRATCH:-.build-apple}
# WHEREABOUTS_APPLE_LIVE=0 type-checks only (no behaviour suite, no coverage).
live=${WHEREABOUTS_APPLE_LIVE:-1}
covered=()
flavours=("$@")
[ ${#flavours[@]} -gt 0 ] || flavours=(ios macos tvos visionos watchos xcode)
failed=()

if ! python3 scripts/standins.py --check; then
    echo "error: check-apple: AppleStandIns/ and AppleStandIns/Declarations.tsv disagree (above); nothing was built." >&2
    exit 1
fi

# Lines of the compiler's output that point into this package's code (not into .build-apple's checkouts). One warning
# is expected and left out: the stand-ins are built with library evolution (so that their enums are non-frozen, as
# imported Objective-C enums are, and a switch needs `@unknown default` as on a device), over a Foundation without it.
own_diagnostics() {
    grep -E "^(/[^:]+/)?(Sources|AppleStandIns|Plugins)/[^:]+:[0-9]+:[0-9]+: (warning|error):" "$1" \
        | grep -vF "/${scratch#/}/" | grep -vF "/${scratch#/}-ui/" \
        | grep -Ev "AppleStandIns/.*warning: module '(Foundation|Whereabouts)' was not compiled with library evolution support" \
        | sort -u || true
}

# One flavour of the Core Location adapter and the dependency's live value.
check_platform() {
    local flavour=$1 log
    log=$(mktemp)
    # A stand-in module left by another flavour would still be found (canImport(UIKit) true in the macOS flavour).
    local application=UIKit other
    [ "$flavour" = macos ] && application=AppKit
    [ "$flavour" = watchos ] && application=WatchKit
    if [ -d "$scratch" ]; then
        for other in UIKit AppKit WatchKit; do
            [ "$other" = "$application" ] && continue
            find "$scratch" -path "*/Modules/$other.*" -not -path "*/checkouts/*" -exec rm -rf {} +
        done
    fi
    echo "== $flavour: WhereaboutsCoreLocation and WhereaboutsDependencies against the $flavour stand-ins"
    local status=0
    # A new WHEREABOUTS_APPLE_RUN recompiles the Apple-only modules, so that their warnings are printed again.
    local run="$flavour$(date +%s)$$"
    WHEREABOUTS_APPLE=$flavour WHEREABOUTS_APPLE_RUN=$run \
        swift build --scratch-path "$scratch" --target WhereaboutsDependencies > "$log" 2>&1 || status=$?
    local own
    own=$(own_diagnostics "$log")
    if [ "$status" -ne 0 ] || [ -n "$own" ]; then
        if [ -n "$own" ]; then echo "$own"; else tail -n 40 "$log"; fi
        echo "error: the $flavour flavour failed (swift build exited $status; its diagnostics above)." >&2
        failed+=("$flavour")
        return
    fi
    # The conditions must have switched the Apple-only code on: its objects define and use what only it has.
    local build
    build=$(find "$scratch" -type d -name WhereaboutsCoreLocation.build -not -path "*/checkouts/*" | head -n 1)
    local dependency
    dependency=$(find "$scratch" -type d -name WhereaboutsDependencies.build -not -path "*/checkouts/*" | head -n 1)
    # (nm's output is read whole: `grep -q` would close the pipe early and make nm fail under pipefail.)
    local manager_symbols live_symbols dependency_symbols
    manager_symbols=$(nm --defined-only "$build/CoreLocationManager.swift.o" 2>/dev/null || true)
    live_symbols=$(nm --defined-only "$build/LocationClient+CoreLocation.swift.o" 2>/dev/null || true)
    dependency_symbols=$(nm -u "$dependency/LocationClient+Dependency.swift.o" 2>/dev/null || true)
    if [ "$flavour" = tvos ]; then
        # tvOS has no adapter: CoreLocationManager.swift compiles to nothing, and the dependency's live value is the
        # tvOS arm (its message, in the object's strings), which never calls live(declarations:).
        local tvos_arm
        tvos_arm=$(LC_ALL=C grep -a -c "Location client on tvOS" "$dependency/LocationClient+Dependency.swift.o" || true)
        if grep -q " [Tt] " <<< "$manager_symbols" || grep -q "4live12declarations" <<< "$dependency_symbols" \
            || [ "${tvos_arm:-0}" -eq 0 ]
        then
            echo "error: the tvos flavour compiled the Core Location adapter, or not the tvOS arm of" \
                "Sources/WhereaboutsDependencies/LocationClient+Dependency.swift: check the os(tvOS) || STANDIN_TVOS" \
                "conditions." >&2
            failed+=("$flavour")
            return
        fi
        echo "ok: $flavour"
        return
    fi
    if ! grep -q " [Tt] " <<< "$manager_symbols" \
        || ! grep -q "4live12declarations" <<< "$live_symbols" \
        || ! grep -q "4live12declarations" <<< "$dependency_symbols"
    then
        echo "error: the $flavour flavour compiled, but without the Apple-only code: check the #if conditions of" \
            "Sources/WhereaboutsCoreLocation and Sources/WhereaboutsDependencies." >&2
        failed+=("$flavour")
        return
    fi
    if [ "$flavour" != watchos ]; then
        check_ui "$flavour" "$run" || return 0
    fi
    echo "ok: $flavour"
    # The behaviour suite runs in the four flavours with a Core Location adapter (tvOS has none, above).
    if [ "$live" = 1 ]; then run_live "$flavour" "$run"; fi
    return 0
}

# WhereaboutsUI against the SwiftUI and MapKit stand-ins (ios, macos, visionos): zero diagnostics in our code, the
# views compiled (each view's object defines its type's symbols: the #if conditions switched the files on), and the
# stand-ins' probes (scripts/check-standins-interface.sh) passing.
check_ui() {
    local flavour=$1 run=$2 log status=0
    log=$(mktemp)
    echo "== $flavour: WhereaboutsUI against the SwiftUI and MapKit stand-ins"
    local ui_scratch="$scratch-ui" application=UIKit other
    [ "$flavour" = macos ] && application=AppKit
    if [ -d "$ui_scratch" ]; then
        for other in UIKit AppKit; do
            [ "$other" = "$application" ] && continue
            find "$ui_scratch" -path "*/Modules/$other.*" -not -path "*/checkouts/*" -exec rm -rf {} +
        done
    fi
    WHEREABOUTS_APPLE=$flavour WHEREABOUTS_APPLE_UI=1 WHEREABOUTS_APPLE_RUN=$run \
        swift build --scratch-path "$ui_scratch" --target WhereaboutsUI > "$log" 2>&1 || status=$?
    local own
    own=$(own_diagnostics "$log")
    if [ "$status" -ne 0 ] || [ -n "$own" ]; then
        if [ -n "$own" ]; then echo "$own"; else tail -n 40 "$log"; fi
        echo "error: WhereaboutsUI failed in the $flavour flavour (swift build exited $status; its diagnostics above)." >&2
        failed+=("$flavour-ui")
        return 1
    fi
    local build view symbols
    build=$(find "$ui_scratch" -type d -name WhereaboutsUI.build -not -path "*/checkouts/*" | head -n 1)
    for view in LocationExplanationView LocationUnavailableView RequestPreciseLocationButton \
        UserLocationIndicatorContent; do
        symbols=$(nm --defined-only "$build/$view.swift.o" 2>/dev/null || true)
        if ! grep -q "$view" <<< "$symbols"; then
            echo "error: the $flavour flavour compiled Sources/WhereaboutsUI/$view.swift to nothing: check its #if" \
                "condition (canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS))." >&2
            failed+=("$flavour-ui")
            return 1
        fi
        # Its seven previews (one per permission state): each #Preview expands into a type whose name holds
        # PreviewRegistry (AppleStandIns/PreviewsMacros), so a #if that leaves them out leaves the object without them.
        local previews
        previews=$(grep -oE 'PreviewfMf[0-9]*_[0-9]+PreviewRegistryfMu[0-9]*_' <<< "$symbols" | sort -u | wc -l)
        if [ "$previews" -lt 7 ]; then
            echo "error: the $flavour flavour compiled $previews of the 7 previews of Sources/WhereaboutsUI/$view.swift" \
                "(one #Preview per PermissionPreviewState): check the #if around them." >&2
            failed+=("$flavour-ui")
            return 1
        fi
    done
    # The stand-ins allow and refuse what Apple's interfaces do, where they used to differ (isolation, Sendable).
    if ! bash scripts/check-standins-interface.sh "$ui_scratch"; then
        echo "error: the SwiftUI and MapKit stand-ins of the $flavour flavour disagree with Apple's interfaces (above)." >&2
        failed+=("$flavour-ui")
        return 1
    fi
    echo "ok: $flavour WhereaboutsUI (four views, seven previews each)"
}

# The one-client behaviour suite with LocationClient.live() as the client under test: the package's Core Location
# bridge, compiled for this flavour, over the runnable stand-ins (their CLLocationManager drives a location manager of
# the simulated OS). Run one test at a time (the stand-ins' device is one per process), with the bridge's line
# coverage recorded for the report at the end.
run_live() {
    local flavour=$1 run=$2 log status=0
    log=$(mktemp)
    echo "== $flavour: the behaviour suite through LocationClient.live()"
    WHEREABOUTS_APPLE=$flavour WHEREABOUTS_APPLE_RUN=$run \
        swift build --scratch-path "$scratch" --build-tests > "$log" 2>&1 || status=$?
    local own
    own=$(own_diagnostics "$log")
    if [ "$status" -ne 0 ] || [ -n "$own" ]; then
        if [ -n "$own" ]; then echo "$own"; else grep -E "^/[^ ]+: error:" "$log" | sort -u | head -n 20 || tail -n 40 "$log"; fi
        echo "error: the $flavour behaviour suite did not build (swift build exited $status; above)." >&2
        failed+=("$flavour-live")
        return
    fi
    local bin
    bin=$(WHEREABOUTS_APPLE=$flavour swift build --scratch-path "$scratch" --show-bin-path)/whereaboutsPackageTests.xctest
    mkdir -p "$scratch/coverage"
    rm -f "$scratch/coverage/$flavour".*
    status=0
    # Tests of what the platform lacks are left out where the suite expects iOS's answer (each with why); the rest run.
    local skip=()
    case "$flavour" in
        macos)
            # A Mac has no When In Use, so no upgrade to Always (the first three ask for one), and a Mac app is not
            # sent to the background.
            skip=(alwaysDeclinedOutlivesARevoke alwaysUpgradeKeptWhileUsing permissionScreenGuide)
            skip+=(allowOnceLapsesWhileStreaming backgroundWhileThePrecisePromptIsUp backgroundWhileThePromptIsUp)
            ;;
        watchos)
            # watchOS has no significant-change, region or visit monitoring, and WatchKit posts no termination notice.
            skip=(significantChanges regions visits terminateWhileThePromptIsUp)
            ;;
        visionos)
            # visionOS has no Always (the first four ask for it), background updates, heading, significant changes,
            # regions or visits.
            skip=(alwaysDeclinedOutlivesARevoke alwaysUpgradeKeptWhileUsing permissionScreenGuide)
            skip+=(requestsWhileThePromptIsUpWaitForTheAnswer backgroundSession backgroundUpdatesFlag heading)
            skip+=(significantChanges regions visits)
            ;;
    esac
    local arguments=(--testing-library swift-testing --no-parallel) name
    for name in "${skip[@]}"; do arguments+=(--skip "\\b$name\\("); done
    [ ${#skip[@]} -gt 0 ] && echo "left out on $flavour: ${skip[*]}"
    LLVM_PROFILE_FILE="$scratch/coverage/$flavour.profraw" timeout 900 "$bin" "${arguments[@]}" > "$log" 2>&1 \
        || status=$?
    grep -E "Test run with" "$log" | sed 's/\x1b\[[0-9;]*m//g' || true
    if [ "$status" -ne 0 ]; then
        grep -E "✘|↳" "$log" | sed 's/\x1b\[[0-9;]*m//g' | grep -v "Testing Library\|Target Platform" | head -n 40
        echo "error: the $flavour behaviour suite through LocationClient.live() failed (exit $status; above)." >&2
        failed+=("$flavour-live")
        return
    fi
    local tools
    tools=$(dirname "$(readlink -f "$(command -v swiftc)")")
    "$tools/llvm-profdata" merge -o "$scratch/coverage/$flavour.profdata" "$scratch/coverage/$flavour.profraw"
    "$tools/llvm-cov" export -format=lcov -instr-profile "$scratch/coverage/$flavour.profdata" "$bin" \
        Sources/WhereaboutsCoreLocation > "$scratch/coverage/$flavour.lcov"
    covered+=("$flavour")
}

# The Xcode variant of the lint plugin, with the toolchain's real PackagePlugin and the XcodeProjectPlugin stand-in.
check_xcode() {
    echo "== xcode: Plugins/WhereaboutsLintPlugin with XcodeProjectPlugin"
    local toolchain plugin_api out log
    toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
    plugin_api="$toolchain/lib/swift/pm/PluginAPI"
    out="$scratch/xcode"
    log=$(mktemp)
    rm -rf "$out"
    mkdir -p "$out"
    local status=0
    # Probe.swift fails to compile unless the plugin's Xcode conformance was compiled in.
    printf 'import XcodeProjectPlugin\n\nfunc probe() -> any XcodeCommandPlugin.Type { WhereaboutsLintPlugin.self }\n' \
        > "$out/Probe.swift"
    {
        swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors \
            -module-name XcodeProjectPlugin -I "$plugin_api" -emit-module-path "$out/XcodeProjectPlugin.swiftmodule" \
            AppleStandIns/XcodeProjectPlugin/*.swift \
            && swiftc -typecheck -parse-as-library -swift-version 6 -warnings-as-errors \
                -package-description-version 6.1 -module-name WhereaboutsLintPlugin -I "$plugin_api" -I "$out" \
                Plugins/WhereaboutsLintPlugin/*.swift "$out/Probe.swift"
    } > "$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        cat "$log"
        echo "error: the Xcode plugin variant failed to type-check, or was not compiled (above)." >&2
        failed+=(xcode)
        return
    fi
    echo "ok: xcode"
}

# WHEREABOUTS_APPLE_UI_ONLY=1 checks only WhereaboutsUI (check_ui) in the ios, macos and visionos flavours.
ui_only=${WHEREABOUTS_APPLE_UI_ONLY:-0}
for flavour in "${flavours[@]}"; do
    if [ "$ui_only" = 1 ]; then
        case "$flavour" in
            ios | macos | visionos) check_ui "$flavour" "$flavour$(date +%s)$$" || true ;;
            *)
                echo "error: WHEREABOUTS_APPLE_UI_ONLY=1 checks WhereaboutsUI in ios, macos and visionos, not $flavour" >&2
                exit 64
                ;;
        esac
        continue
    fi
    case "$flavour" in
        ios | macos | tvos | visionos | watchos) check_platform "$flavour" ;;
        xcode) check_xcode ;;
        *)
            echo "error: unknown flavour $flavour; use ios, macos, tvos, visionos, watchos or xcode" >&2
            exit 64
            ;;
    esac
done

if [ ${#covered[@]} -gt 0 ]; then
    python3 scripts/live-coverage.py "${covered[@]/#/$scratch/coverage/}" || failed+=(coverage)
fi

if [ ${#failed[@]} -gt 0 ]; then
    echo "error: check-apple failed: ${failed[*]}" >&2
    exit 1
fi
echo "check-apple: ${flavours[*]} type-check against the Apple stand-ins, with no warnings"
