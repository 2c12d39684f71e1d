#!/usr/bin/env bash
# A new user's package, made from the Getting Started snippet alone, sees a misused test double fail its test.
#
#   scripts/consumer-check.sh
#
# Writes a package whose manifest is the `swift` block under "### Add the package" in
# Sources/Whereabouts/Whereabouts.docc/GettingStarted.md (read from there, never copied here), beside a link named
# `whereabouts` to this checkout (a package's identity is its folder's name, and the snippet depends on
# `../whereabouts`). Each target the snippet names gets a source file; its test target gets tests that misuse
# `LocationClient.unimplemented()`, `ScriptedPerson` and `ManualPerson` (Swift Testing and XCTest) and tests that
# use them properly. It builds the package once, then requires the misuse run to FAIL with each double's message
# and the proper run to pass. Its own folder: .build-consumer, or CONSUMER_SCRATCH=DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
doc=Sources/Whereabouts/Whereabouts.docc/GettingStarted.md
scratch=${CONSUMER_SCRATCH:-$root/.build-consumer}
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)

snippet=$(awk '
    /^### Add the package/ { section = 1; next }
    section && /^```swift$/ { block = 1; next }
    block && /^```$/ { exit }
    block { print }
' "$doc")
if ! grep -q '"WhereaboutsTesting"' <<<"$snippet" || ! grep -q '\.package(path: "\.\./whereabouts")' <<<"$snippet"
then
    echo "error: $doc has no \`\`\`swift block under \"### Add the package\" that depends on" \
        '.package(path: "../whereabouts") and names the WhereaboutsTesting product; this check builds a package' \
        "from that block: restore it, or change this script with it." >&2
    exit 1
fi

# The README's Testing section shows a test target's products; each must be one the snippet's test target names.
readme_products=$(awk '/^## Testing/ { section = 1; next } section && /^## / { exit } section' README.md \
    | grep -oE '\.product\(name: "[^"]+", package: "[^"]+"\)' || true)
if [ -z "$readme_products" ]; then
    echo "error: README.md's \"## Testing\" section names no .product(name:package:) for a test target." >&2
    exit 1
fi
while read -r product; do
    if ! grep -qF "$product" <<<"$snippet"; then
        echo "error: README.md's Testing section names $product, which the snippet in $doc does not; make the" \
            "two say the same." >&2
        exit 1
    fi
done <<<"$readme_products"

# The targets the snippet names, as `kind name` lines (kind: executableTarget, target or testTarget).
targets=$(tr '\n' ' ' <<<"$snippet" | grep -oE '\.(executableTarget|target|testTarget)\( *name: *"[^"]+"' \
    | sed -E 's/^\.([A-Za-z]+)\( *name: *"([^"]+)"$/\1 \2/')
if ! grep -q '^testTarget ' <<<"$targets"; then
    echo "error: the snippet in $doc names no .testTarget(name: …); a new user's test target is what it is for." >&2
    exit 1
fi

ln -sfn "$root" "$scratch/whereabouts"
package="$scratch/wayfinder"
rm -rf "$package/Sources" "$package/Tests" "$package/Package.swift"
mkdir -p "$package"
{
    echo '// swift-tools-version: 6.1'
    echo 'import PackageDescription'
    echo
    echo 'let package = Package('
    echo '    name: "wayfinder",'
    sed 's/^/    /' <<<"$snippet"
    echo ')'
} > "$package/Package.swift"

while read -r kind name; do
    case "$kind" in
    executableTarget)
        mkdir -p "$package/Sources/$name"
        echo 'print("Wayfinder")' > "$package/Sources/$name/main.swift"
        ;;
    target)
        mkdir -p "$package/Sources/$name"
        echo "public let name = \"$name\"" > "$package/Sources/$name/$name.swift"
        ;;
    testTarget)
        tests="$package/Tests/$name"
        mkdir -p "$tests"
        cat > "$tests/MisuseTests.swift" <<'SWIFT'
import Testing
import Whereabouts
import WhereaboutsTesting

// Each test misuses a double and must fail.
@Test func misuseUnimplementedClient() async {
    let client = LocationClient.unimplemented()
    _ = await client.authorization()
}

@Test func misuseScriptedPerson() async {
    let person = ScriptedPerson()
    let prompt = PermissionPrompt(id: 0, kind: .whenInUse, appName: "Wayfinder", message: "Shows the map.")
    _ = await person.answer(prompt)
}

@Test func misuseManualPerson() {
    ManualPerson().reply(.allowWhileUsing(precise: true))
}

// From a task that is not the test's: it fails the run, if not the test.
@Test func misuseUnimplementedClientInADetachedTask() async {
    let client = LocationClient.unimplemented()
    await Task.detached { _ = await client.location() }.value
}
SWIFT
        cat > "$tests/MisuseXCTests.swift" <<'SWIFT'
import Whereabouts
import WhereaboutsTesting
import XCTest

// Misuses the unimplemented client in XCTest: the test must fail.
final class MisuseXCTests: XCTestCase {
    func testMisuseUnimplementedClient() async {
        let client = LocationClient.unimplemented()
        _ = await client.locationServicesEnabled()
    }
}
SWIFT
        cat > "$tests/ProperUseTests.swift" <<'SWIFT'
import Clocks
import Testing
import Whereabouts
import WhereaboutsTesting
import XCTest

// The same doubles used as documented: these must pass.
@Test func properUseUnimplementedClient() async {
    var client = LocationClient.unimplemented()
    client.authorization = { Authorization(status: .denied, accuracy: .fullAccuracy) }
    #expect(await client.authorization().status == .denied)
}

@Test func properUseManualPerson() async throws {
    let person = ManualPerson(clock: TestClock())
    let prompt = PermissionPrompt(id: 0, kind: .whenInUse, appName: "Wayfinder", message: "Shows the map.")
    let answering = Task { await person.answer(prompt) }
    #expect(try await person.nextPrompt() == prompt)
    person.reply(.allowWhileUsing(precise: false))
    #expect(await answering.value == .allowWhileUsing(precise: false))
}

final class ProperUseXCTests: XCTestCase {
    func testProperUseUnimplementedClient() async {
        var client = LocationClient.unimplemented()
        client.locationServicesEnabled = { false }
        let enabled = await client.locationServicesEnabled()
        XCTAssertFalse(enabled)
    }
}
SWIFT
        ;;
    esac
done <<<"$targets"

start=$SECONDS
if ! swift build --package-path "$package" --build-tests; then
    echo "error: the package made from the snippet in $doc did not build (above): the snippet is not what a new" \
        "package needs; fix the snippet (or the product it names)." >&2
    exit 1
fi
echo "consumer-check: built the package from $doc's snippet in $((SECONDS - start)) s."

log="$scratch/misuse.log"
status=0
timeout --kill-after=30 600 swift test --package-path "$package" --skip-build --filter Misuse > "$log" 2>&1 || status=$?
messages=(
    "LocationClient.authorization is unimplemented; override it in this test"
    "LocationClient.location is unimplemented; override it in this test"
    "LocationClient.locationServicesEnabled is unimplemented; override it in this test"
    "unexpected whenInUse prompt “Allow “Wayfinder” to use your location?”: the script has no answer left"
    "no prompt is on screen to answer allowWhileUsing (precise on)"
)
missing=()
for message in "${messages[@]}"; do
    grep -qF "$message" "$log" || missing+=("$message")
done
if [ "$status" -eq 0 ] || [ "$status" -ge 124 ] || [ "${#missing[@]}" -ne 0 ]; then
    cat "$log" >&2
    echo "error: misusing the test doubles in a package made from $doc's snippet must fail its tests with each" \
        "double's message; the run exited $status and did not print: ${missing[*]:-(all printed)}." \
        "A misuse that only prints lets the test pass." >&2
    exit 1
fi
if ! grep -qE "MisuseXCTests.*failed|with [1-9][0-9]* failures?" "$log"; then
    cat "$log" >&2
    echo "error: the XCTest test that misuses LocationClient.unimplemented() did not fail (above)." >&2
    exit 1
fi

if ! timeout --kill-after=30 600 swift test --package-path "$package" --skip-build --filter ProperUse; then
    echo "error: the tests that use the doubles as documented failed (above) in a package made from $doc's" \
        "snippet." >&2
    exit 1
fi
echo "consumer-check: each misuse failed its test, and proper use passed ($((SECONDS - start)) s in all)."
