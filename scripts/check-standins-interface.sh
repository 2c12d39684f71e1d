#!/usr/bin/env bash
# Checks that the SwiftUI and MapKit stand-ins (AppleStandIns/SwiftUI, AppleStandIns/MapKit) allow and refuse what
# Apple's iOS 18.0 SDK interfaces (SwiftUICore, SwiftUI, CoreTransferable and _MapKit_SwiftUI .swiftinterface; for
# Namespace, the iOS 17.4 SDK's SwiftUI.swiftinterface) allow and refuse, where the two used to differ: each probe below is a few lines of Swift type-checked on its own (swiftc -typecheck, Swift 6
# mode) against the stand-in modules built in a WhereaboutsUI scratch folder. An `accepts` probe must type-check with
# no diagnostic (a call across isolation to a `@preconcurrency` declaration is only a warning, and the package allows
# none); a `rejects` probe must fail with the compiler's message given beside it. A failure names the probe, what
# Apple's interface declares and the stand-in file to fix.
#
# Usage: bash scripts/check-standins-interface.sh [scratch]   (default .build-apple-ui; scripts/check-apple.sh runs it
# after building WhereaboutsUI in the ios, macos and visionos flavours)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${1:-.build-apple-ui}
modules="$scratch/debug/Modules"
if [ ! -f "$modules/SwiftUI.swiftmodule" ] || [ ! -f "$modules/MapKit.swiftmodule" ]; then
    echo "error: no SwiftUI or MapKit stand-in module in $modules; build them first:" \
        "WHEREABOUTS_APPLE=ios WHEREABOUTS_APPLE_UI=1 swift build --scratch-path $scratch --target WhereaboutsUI" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
count=0

# typecheck NAME: type-checks the probe read from standard input; its diagnostics go to $work/NAME.log.
typecheck() {
    local name=$1
    {
        printf 'import CoreLocation\nimport MapKit\nimport SwiftUI\n\n'
        printf 'func requireSendable<T: Sendable>(_: T.Type) {}\n\n'
        cat
    } > "$work/$name.swift"
    swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" "$work/$name.swift" > "$work/$name.log" 2>&1
}

# accepts NAME FILE WHAT: the probe on standard input must type-check, as it does against Apple's interface.
accepts() {
    local name=$1 file=$2 what=$3
    count=$((count + 1))
    if typecheck "$name"; then
        echo "ok: $name"
    else
        grep -E "error:" "$work/$name.log" | sort -u >&2 || true
        echo "error: $name: Apple's interface accepts this ($what); fix $file." >&2
        failures=$((failures + 1))
    fi
}

# rejects NAME FILE EXPECTED WHAT: the probe on standard input must fail with EXPECTED, as against Apple's interface.
rejects() {
    local name=$1 file=$2 expected=$3 what=$4
    count=$((count + 1))
    if typecheck "$name"; then
        echo "error: $name: the probe type-checked, but Apple's interface refuses it ($what); fix $file." >&2
        failures=$((failures + 1))
    elif grep -qF "$expected" "$work/$name.log"; then
        echo "ok: $name"
    else
        grep -E "error:" "$work/$name.log" | sort -u >&2 || true
        echo "error: $name: failed, but not with \"$expected\" (above); fix $file or the probe." >&2
        failures=$((failures + 1))
    fi
}

accepts map-circle-off-the-main-actor AppleStandIns/MapKit/MapCircle.swift \
    "MapCircle conforms to MapContent in an extension, so its initialiser is not isolated" <<'SWIFT'
nonisolated func probe() -> MapCircle {
    MapCircle(center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 1)
}
SWIFT

accepts conditional-map-content-of-any-types AppleStandIns/MapKit/_ConditionalMapContent.swift \
    "_ConditionalMapContent is unconstrained; it is map content when both of its pieces are" <<'SWIFT'
let probe: _ConditionalMapContent<Int, String>.Type? = nil
SWIFT

accepts any-view-off-the-main-actor AppleStandIns/SwiftUI/AnyView.swift \
    "AnyView's init(_:) is nonisolated" <<'SWIFT'
nonisolated func probe() -> AnyView { AnyView(Text(verbatim: "")) }
SWIFT

accepts open-url-read-off-the-main-actor AppleStandIns/SwiftUI/EnvironmentValues.swift \
    "EnvironmentValues.openURL is not isolated to the main actor" <<'SWIFT'
nonisolated func probe(_ values: EnvironmentValues) -> OpenURLAction { values.openURL }
SWIFT

accepts modified-content-body-of-any-content AppleStandIns/SwiftUI/ModifiedContent.swift \
    "ModifiedContent declares Body = Never on the type itself" <<'SWIFT'
let probe: ModifiedContent<Int, Int>.Body.Type = Never.self
SWIFT

accepts never-body-off-the-main-actor AppleStandIns/SwiftUI/View.swift \
    "Never's Body and body are declared in an extension of their own (CoreTransferable's), so body is not isolated" \
    <<'SWIFT'
nonisolated func probe(_ never: Never) -> Never { never.body }
SWIFT

accepts map-interaction-modes-option-set AppleStandIns/MapKit/MapInteractionModes.swift \
    "MapInteractionModes is an OptionSet" <<'SWIFT'
func probe() -> MapInteractionModes { [.all] }
SWIFT

accepts namespace-property-wrapper AppleStandIns/SwiftUI/Namespace.swift \
    "Namespace is a property wrapper whose wrapped value is a Namespace.ID; both are Sendable" <<'SWIFT'
struct Probe { @Namespace var scope }
func probe(_ value: Probe) -> Namespace.ID {
    requireSendable(Namespace.self)
    requireSendable(Namespace.ID.self)
    return value.scope
}
SWIFT

rejects environment-of-a-non-sendable-value AppleStandIns/SwiftUI/Environment.swift \
    "type 'NotSendable' does not conform to the 'Sendable' protocol" \
    "Environment is Sendable only where Value is Sendable" <<'SWIFT'
final class NotSendable {}
func probe() { requireSendable(Environment<NotSendable>.self) }
SWIFT

# Views and modifiers Apple marks as not Sendable (`@available(*, unavailable) extension X: Sendable`), which a stand-in
# frozen or isolated to the main actor would otherwise be: the probe's type, the file, and the type as the compiler
# names it.
for view in "AnyView:AnyView:AnyView" "TupleView<(Text, Text)>:TupleView:TupleView<T>" \
    "VStack<Text>:VStack:VStack<Content>" \
    "_ConditionalContent<Text, Image>:_ConditionalContent:_ConditionalContent<TrueContent, FalseContent>" \
    "ModifiedContent<Text, AccessibilityAttachmentModifier>:ModifiedContent:ModifiedContent<Content, Modifier>" \
    "Button<Text>:Button:Button<Label>" \
    "AccessibilityAttachmentModifier:AccessibilityAttachmentModifier:AccessibilityAttachmentModifier"
do
    type=${view%%:*}
    rest=${view#*:}
    file=${rest%%:*}
    shown=${rest#*:}
    rejects "$file-not-sendable" "AppleStandIns/SwiftUI/$file.swift" \
        "conformance of '$shown' to 'Sendable' is unavailable" "$file's conformance to Sendable is unavailable" \
        <<SWIFT
func probe() { requireSendable($type.self) }
SWIFT
done

if [ "$failures" -ne 0 ]; then
    echo "error: $failures of $count probes of the SwiftUI and MapKit stand-ins disagree with Apple's interfaces." >&2
    exit 1
fi
echo "ok: $count probes of the SwiftUI and MapKit stand-ins agree with Apple's interfaces"
